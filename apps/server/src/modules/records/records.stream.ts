import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';

/**
 * The stream of settled bets (migration 0059): one fact per settlement, void or resettlement of a
 * round of any game, written by the trigger on `bet_records` in the settling transaction. A fact is
 * the change of the round's settled contribution, so consumers only add.
 *
 * Reading order is (tx, position): `position` grows with each fact, `tx` is the writing
 * transaction's id. A consumer only reads facts of transactions older than every transaction still
 * running (`pg_snapshot_xmin`): those are all decided, and no fact can appear later before the
 * cursor — a transaction that took a lower position and commits after a higher one is waited for,
 * never skipped. Each consumer keeps its cursor in `stream_checkpoints` and moves it in the
 * transaction that applies the batch: a crash anywhere loses the whole batch or none of it.
 */

export interface StreamCursor {
  /** The transaction id (xid8) as text; '0' before the first fact. */
  tx: string;
  position: bigint;
}

/** One fact as the stream holds it (amounts are deltas of the round's settled contribution). */
export interface BetFact {
  position: bigint;
  tx: string;
  kind: 'settle' | 'resettle' | 'void' | 'reopen';
  record_id: bigint;
  merchant_id: string;
  member_id: string;
  /** The member's upline when the fact was written ('/rootId/…/parentId/', '' for none). */
  agent_chain: string;
  category: string;
  vendor: string;
  game_code: string;
  currency: string;
  bets: number;
  stake_minor: bigint;
  valid_stake_minor: bigint;
  payout_minor: bigint;
  placed_at: Date;
  settled_at: Date | null;
}

const HORIZON = sql`pg_snapshot_xmin(pg_current_snapshot())`;

function after(c: StreamCursor) {
  return sql`(tx, position) > (${c.tx}::xid8, ${c.position}::bigint) and tx < ${HORIZON}`;
}

/** The facts in (from, to], in stream order: what a consumer's batch covers. */
export function inRange(from: StreamCursor, to: StreamCursor) {
  return sql`(tx, position) > (${from.tx}::xid8, ${from.position}::bigint)
    and (tx, position) <= (${to.tx}::xid8, ${to.position}::bigint)`;
}

/** Up to `limit` facts after `cursor`, in stream order. */
export async function readFacts(db: Db, cursor: StreamCursor, limit: number): Promise<BetFact[]> {
  const { rows } = await sql<BetFact>`
    select position, tx::text as tx, kind, record_id, merchant_id, member_id, agent_chain, category, vendor,
      game_code, currency, bets, stake_minor, valid_stake_minor, payout_minor, placed_at, settled_at
    from bet_stream where ${after(cursor)} order by tx, position limit ${limit}`.execute(db);
  return rows;
}

/** The facts of a batch, (from, to], in stream order (a consumer that works in JavaScript). */
export async function readRange(db: Db, from: StreamCursor, to: StreamCursor): Promise<BetFact[]> {
  const { rows } = await sql<BetFact>`
    select position, tx::text as tx, kind, record_id, merchant_id, member_id, agent_chain, category, vendor,
      game_code, currency, bets, stake_minor, valid_stake_minor, payout_minor, placed_at, settled_at
    from bet_stream where ${inRange(from, to)} order by tx, position`.execute(db);
  return rows;
}

/** Whether `consumer` has facts waiting (one index probe: what an idle poll costs). */
export async function hasPending(db: Db, consumer: string): Promise<boolean> {
  const { rows } = await sql<{ pending: boolean }>`
    select exists (
      select 1 from stream_checkpoints c, bet_stream s
       where c.consumer = ${consumer} and (s.tx, s.position) > (c.tx, c.position) and s.tx < ${HORIZON}
    ) as pending`.execute(db);
  return rows[0]?.pending ?? false;
}

export interface ConsumeHooks {
  /** Called inside the batch's transaction after `apply`, before the checkpoint moves (tests). */
  inBatch?: (count: number) => Promise<void> | void;
}

/**
 * One batch for `consumer`: locks its checkpoint (a second instance waits, then reads on from
 * where the first stopped), finds the next `limit` facts, lets `apply` fold the facts in (from, to]
 * into its own tables, and moves the checkpoint to `to` — all in one transaction. Returns how many
 * facts the batch held (0: caught up).
 */
export async function consumeBatch(
  db: Db,
  consumer: string,
  limit: number,
  apply: (trx: Db, from: StreamCursor, to: StreamCursor, count: number) => Promise<void>,
  hooks: ConsumeHooks = {},
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`insert into stream_checkpoints (consumer) values (${consumer}) on conflict do nothing`.execute(
      trx,
    );
    const { rows: cps } = await sql<{ tx: string; position: bigint }>`
      select tx::text as tx, position from stream_checkpoints where consumer = ${consumer} for update`.execute(
      trx,
    );
    const from = cps[0]!;
    const { rows: ends } = await sql<{ tx: string; position: bigint; count: bigint }>`
      select tx::text as tx, position, count(*) over ()::bigint as count
        from (select tx, position from bet_stream where ${after(from)} order by tx, position limit ${limit}) s
       order by s.tx desc, s.position desc limit 1`.execute(trx);
    const to = ends[0];
    if (!to) return 0;
    const count = Number(to.count);
    await apply(trx, from, to, count);
    await hooks.inBatch?.(count);
    await sql`update stream_checkpoints set tx = ${to.tx}::xid8, position = ${to.position}, updated_at = now()
      where consumer = ${consumer}`.execute(trx);
    return count;
  });
}

/**
 * Runs a consumer's `catchUp` until its checkpoint holds every fact committed before the call — also
 * the facts that a transaction still running elsewhere holds behind the horizon (on a shared
 * PostgreSQL server, any database's) — so a test reads its own writes. Fails after `timeoutMs`.
 */
export async function consumerHoldsCommitted(
  db: Db,
  consumer: string,
  catchUp: (db: Db) => Promise<unknown>,
  timeoutMs = 30_000,
): Promise<void> {
  const { rows } = await sql<{ tx: string; position: bigint }>`
    select tx::text as tx, position from bet_stream order by tx desc, position desc limit 1`.execute(db);
  const last = rows[0];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await catchUp(db);
    if (!last) return;
    const { rows: done } = await sql<{ reached: boolean }>`
      select (tx, position) >= (${last.tx}::xid8, ${last.position}::bigint) as reached
        from stream_checkpoints where consumer = ${consumer}`.execute(db);
    if (done[0]?.reached) return;
    if (Date.now() > deadline)
      throw new Error(`${consumer}: a transaction still running holds the stream back`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A consumer's `apply`, as `consumeBatch` takes it. */
export type ApplyBatch = (trx: Db, from: StreamCursor, to: StreamCursor, count: number) => Promise<void>;

/** Batches of `limit` until `consumer` holds every decided fact; the facts folded in. */
export async function catchUpConsumer(
  db: Db,
  consumer: string,
  limit: number,
  apply: ApplyBatch,
): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await consumeBatch(db, consumer, limit, apply);
    total += n;
    if (n < limit) return total;
  }
}

/** A consumer job's step: an index probe when idle, else catch up. */
export async function pollConsumer(
  db: Db,
  consumer: string,
  limit: number,
  apply: ApplyBatch,
): Promise<number> {
  if (!(await hasPending(db, consumer))) return 0;
  return catchUpConsumer(db, consumer, limit, apply);
}
