/**
 * What a bench's load wrote, per table, from PostgreSQL's own counters (pg_stat_user_tables): heap
 * rows (every insert and every update writes a new row version) and index entries (an insert or a
 * non-HOT update adds one entry to each of the table's indexes; a HOT update adds none).
 *
 * The counters are flushed lazily: a backend sends its pending counts when it goes idle, at most
 * once a second, and an idle backend with counts still pending sends them within 10 s
 * (PGSTAT_IDLE_INTERVAL) or when it exits. So the snapshot before the load waits out that interval,
 * and the one after it is taken once the server has stopped (its backends gone) and the counts no
 * longer move.
 */
import pg from 'pg';

/** pgstat's longest wait before an idle backend reports its pending counts (PostgreSQL 15). */
const IDLE_FLUSH_MS = 10_000;

interface Counts {
  inserts: number;
  updates: number;
  hotUpdates: number;
  deletes: number;
}

export interface TableWrites extends Counts {
  table: string;
  indexes: number;
  /** Of `indexes`, those with a WHERE clause: counted as if every row had an entry (an upper bound). */
  partialIndexes: number;
}

export type WriteSnapshot = Map<string, Counts & { indexes: number; partialIndexes: number }>;

async function read(url: string): Promise<WriteSnapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Our own backend's counts (none to speak of) go out at once; the rest are the other backends'.
    await client.query('select pg_stat_force_next_flush()');
    const { rows } = await client.query<{
      table: string;
      inserts: string;
      updates: string;
      hot: string;
      deletes: string;
      indexes: string;
      partial: string;
    }>(`
      select t.relname as table, t.n_tup_ins as inserts, t.n_tup_upd as updates, t.n_tup_hot_upd as hot,
             t.n_tup_del as deletes,
             (select count(*) from pg_index i where i.indrelid = t.relid) as indexes,
             (select count(*) from pg_index i where i.indrelid = t.relid and i.indpred is not null) as partial
      from pg_stat_user_tables t`);
    return new Map(
      rows.map((r) => [
        r.table,
        {
          inserts: Number(r.inserts),
          updates: Number(r.updates),
          hotUpdates: Number(r.hot),
          deletes: Number(r.deletes),
          indexes: Number(r.indexes),
          partialIndexes: Number(r.partial),
        },
      ]),
    );
  } finally {
    await client.end();
  }
}

function same(a: WriteSnapshot, b: WriteSnapshot): boolean {
  if (a.size !== b.size) return false;
  for (const [table, x] of a) {
    const y = b.get(table);
    if (!y || x.inserts !== y.inserts || x.updates !== y.updates || x.deletes !== y.deletes) return false;
  }
  return true;
}

/** The counters before a load: waits until every idle backend has had to report (see above). */
export async function writesBeforeLoad(url: string): Promise<WriteSnapshot> {
  await new Promise((resolve) => setTimeout(resolve, IDLE_FLUSH_MS + 500));
  return read(url);
}

/**
 * The counters after a load, once the server's backends have gone: read every half second until two
 * reads agree (an exiting backend reports as it goes), for at most the idle interval.
 */
export async function writesAfterLoad(url: string): Promise<WriteSnapshot> {
  let last = await read(url);
  for (let waited = 0; waited < IDLE_FLUSH_MS; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const next = await read(url);
    if (same(last, next)) return next;
    last = next;
  }
  return last;
}

/** Each table's writes between the two snapshots, tables without any left out, most rows first. */
export function writesBetween(before: WriteSnapshot, after: WriteSnapshot): TableWrites[] {
  const tables: TableWrites[] = [];
  for (const [table, a] of after) {
    const b = before.get(table) ?? { inserts: 0, updates: 0, hotUpdates: 0, deletes: 0 };
    const writes = {
      table,
      inserts: a.inserts - b.inserts,
      updates: a.updates - b.updates,
      hotUpdates: a.hotUpdates - b.hotUpdates,
      deletes: a.deletes - b.deletes,
      indexes: a.indexes,
      partialIndexes: a.partialIndexes,
    };
    if (writes.inserts || writes.updates || writes.deletes) tables.push(writes);
  }
  return tables.sort((x, y) => heapRows(y) - heapRows(x) || x.table.localeCompare(y.table));
}

/** New row versions: every insert and every update (HOT or not) writes one. */
export function heapRows(t: TableWrites): number {
  return t.inserts + t.updates;
}

/** Index entries added: one per index for each insert and each non-HOT update. */
export function indexEntries(t: TableWrites): number {
  return (t.inserts + t.updates - t.hotUpdates) * t.indexes;
}

/**
 * The per-table breakdown and the totals per bet, as printed lines; `bets` is every bet the load
 * had acknowledged over the same span (warm-up included), the divisor.
 */
export function writeLines(tables: TableWrites[], bets: number): { table: string[]; perBet: string } {
  const per = (n: number) => (bets ? n / bets : 0).toFixed(2);
  const header = [
    'table',
    'inserts',
    'updates',
    'HOT',
    'deletes',
    'indexes',
    'rows/bet',
    'index entries/bet',
  ];
  const rows = tables.map((t) => [
    t.table,
    String(t.inserts),
    String(t.updates),
    String(t.hotUpdates),
    String(t.deletes),
    t.partialIndexes ? `${t.indexes} (${t.partialIndexes} partial)` : String(t.indexes),
    per(heapRows(t)),
    per(indexEntries(t)),
  ]);
  const rowsTotal = tables.reduce((n, t) => n + heapRows(t), 0);
  const entriesTotal = tables.reduce((n, t) => n + indexEntries(t), 0);
  rows.push(['total', '', '', '', '', '', per(rowsTotal), per(entriesTotal)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const partial = tables.some((t) => t.partialIndexes) ? ', partial indexes counted as full' : '';
  return {
    table: [
      `writes over the load (pg_stat_user_tables, ${bets} acknowledged bets with the warm-up${partial}):`,
      line(header),
      ...rows.map(line),
    ],
    perBet: `per bet: ${per(rowsTotal)} heap rows, ${per(entriesTotal)} index entries`,
  };
}
