import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { BetRecordStatus, BetRecordsTable } from './records.tables.ts';

/**
 * What one records query reads: always one member of one merchant first, then the filters. The
 * days are calendar days in `timeZone`, both inclusive.
 */
export interface RecordsScope {
  memberId: string;
  merchantId: string;
  timeZone: string;
  dateFrom: string;
  dateTo: string;
  category?: string;
  vendor?: string;
  gameCode?: string;
  status?: BetRecordStatus;
}

/**
 * A record as a page lists it: the table's row without its owner (the scope already names it), and
 * its game's catalog name in the page's language (null for a game the catalog does not list).
 */
export type BetRecordRow = Omit<Selectable<BetRecordsTable>, 'merchant_id' | 'member_id'> & {
  game_name: string | null;
};

export interface TotalsRow {
  /** Every record matched (for paging). */
  rows: bigint;
  /** The settled ones and their sums (for the totals). */
  settled: bigint;
  stake: bigint;
  payout: bigint;
}

/**
 * The scope as a WHERE clause. A day's bounds are its local midnights turned into instants by the
 * database (`timestamp at time zone`), so days of 23 or 25 hours in zones with summer time are
 * still whole days, and the (member, placed_at) index serves the range; the other filters keep the
 * matching rows of it (migration 0072: no filtered view reads more than the unfiltered one).
 */
function where(s: RecordsScope): RawBuilder<unknown> {
  const filters = [
    s.category ? sql`and category = ${s.category}::text` : sql``,
    s.vendor ? sql`and vendor = ${s.vendor}::text` : sql``,
    s.gameCode ? sql`and game_code = ${s.gameCode}::text` : sql``,
    s.status ? sql`and status = ${s.status}::text` : sql``,
  ];
  return sql`member_id = ${s.memberId}::uuid and merchant_id = ${s.merchantId}::uuid
    and placed_at >= (${s.dateFrom}::date::timestamp at time zone ${s.timeZone}::text)
    and placed_at < ((${s.dateTo}::date + 1)::timestamp at time zone ${s.timeZone}::text)
    ${sql.join(filters, sql` `)}`;
}

const SETTLED = sql`where status = 'settled'`;

/** How many records match, and the settled ones' count and sums, in one pass. */
export async function totals(db: Db, s: RecordsScope): Promise<TotalsRow> {
  const { rows } = await sql<TotalsRow>`
    select count(*)::bigint as rows,
      count(*) filter (${SETTLED})::bigint as settled,
      coalesce(sum(stake_minor) filter (${SETTLED}), 0)::bigint as stake,
      coalesce(sum(payout_minor) filter (${SETTLED}), 0)::bigint as payout
    from bet_records where ${where(s)}`.execute(db);
  return rows[0] ?? { rows: 0n, settled: 0n, stake: 0n, payout: 0n };
}

/**
 * One page, newest first; the id breaks ties between rounds placed in the same instant. The page is
 * cut first and only its rows are joined to the game catalog (games is unique by vendor and code),
 * for each game's name in `language`, else English — the catalog's own fallback (games' nameIn).
 * A game the merchant has since switched off keeps its name: the record is history, not the lobby.
 */
export async function page(
  db: Db,
  s: RecordsScope,
  language: string,
  limit: number,
  offset: number,
): Promise<BetRecordRow[]> {
  const { rows } = await sql<BetRecordRow>`
    select r.*, coalesce(g.names->>${language}::text, g.names->>'en') as game_name
    from (
      select id, source, source_ref, category, vendor, game_code, currency, stake_minor, payout_minor,
        status, placed_at, settled_at
      from bet_records where ${where(s)}
      order by placed_at desc, id desc
      limit ${limit} offset ${offset}
    ) r
    left join games g on g.vendor = r.vendor and g.code = r.game_code
    order by r.placed_at desc, r.id desc`.execute(db);
  return rows;
}

export type ProfitGroup = 'day' | 'category' | 'vendor';

export interface ProfitGroupRow {
  key: string;
  settled: bigint;
  stake: bigint;
  payout: bigint;
}

const GROUP_KEY: Record<ProfitGroup, (s: RecordsScope) => RawBuilder<string>> = {
  // The local calendar day the round was placed on.
  day: (s) => sql`to_char(placed_at at time zone ${s.timeZone}::text, 'YYYY-MM-DD')`,
  category: () => sql`category`,
  vendor: () => sql`vendor`,
};

/** The settled rounds' sums per group: days ascending, categories and vendors by stake, largest first. */
export async function profitByGroup(db: Db, s: RecordsScope, group: ProfitGroup): Promise<ProfitGroupRow[]> {
  const key = GROUP_KEY[group](s);
  const order = group === 'day' ? sql`key asc` : sql`stake desc, key asc`;
  const { rows } = await sql<ProfitGroupRow>`
    select ${key} as key, count(*)::bigint as settled,
      sum(stake_minor)::bigint as stake, sum(payout_minor)::bigint as payout
    from bet_records where ${where(s)} and status = 'settled'
    group by 1 order by ${order}`.execute(db);
  return rows;
}

const ROLLUP_KEY: Record<ProfitGroup, RawBuilder<string>> = {
  day: sql`to_char(day, 'YYYY-MM-DD')`,
  category: sql`category`,
  vendor: sql`vendor`,
};

/**
 * profitByGroup read from the member's daily rollups (records.rollups.ts) instead of the rounds:
 * at most one row per day, category and vendor in range, reached through the rollups' key. The
 * scope's days must be the rollups' days (same zone) and it may not filter by game or status, which
 * the rollups do not keep.
 */
export async function profitFromRollups(
  db: Db,
  s: RecordsScope,
  group: ProfitGroup,
): Promise<ProfitGroupRow[]> {
  const key = ROLLUP_KEY[group];
  const order = group === 'day' ? sql`key asc` : sql`stake desc, key asc`;
  const { rows } = await sql<ProfitGroupRow>`
    select ${key} as key, sum(bets)::bigint as settled,
      sum(stake_minor)::bigint as stake, sum(payout_minor)::bigint as payout
    from bet_rollups_daily
    where merchant_id = ${s.merchantId}::uuid and member_id = ${s.memberId}::uuid
      and day between ${s.dateFrom}::date and ${s.dateTo}::date
      ${s.category ? sql`and category = ${s.category}::text` : sql``}
      ${s.vendor ? sql`and vendor = ${s.vendor}::text` : sql``}
    group by 1
    having sum(bets) <> 0 or sum(stake_minor) <> 0 or sum(payout_minor) <> 0
    order by ${order}`.execute(db);
  return rows;
}
