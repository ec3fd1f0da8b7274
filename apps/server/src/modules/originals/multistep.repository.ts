import { unitsToDecimal } from '@sorte/money';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { MultistepRoundsTable } from './multistep.tables.ts';

export type MultistepRow = Selectable<MultistepRoundsTable> & {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
};

function rounds(db: Db) {
  return db
    .selectFrom('multistep_rounds as r')
    .innerJoin('fairness_seeds as s', 's.id', 'r.seed_id')
    .selectAll('r')
    .select(['s.server_seed', 's.server_seed_hash', 's.client_seed']);
}

export function findByKey(db: Db, memberId: string, key: string): Promise<MultistepRow | undefined> {
  return rounds(db)
    .where('r.member_id', '=', memberId)
    .where('r.idempotency_key', '=', key)
    .executeTakeFirst();
}

export function findById(db: Db, memberId: string, id: bigint): Promise<MultistepRow | undefined> {
  return rounds(db).where('r.member_id', '=', memberId).where('r.id', '=', id).executeTakeFirst();
}

export function findOpen(db: Db, memberId: string, game: string): Promise<MultistepRow | undefined> {
  return rounds(db)
    .where('r.member_id', '=', memberId)
    .where('r.game', '=', game as 'mines')
    .where('r.status', '=', 'open')
    .executeTakeFirst();
}

/** Whether the member has any round open (seed rotation waits for none). */
export async function hasOpen(db: Db, memberId: string): Promise<boolean> {
  const row = await db
    .selectFrom('multistep_rounds')
    .select('id')
    .where('member_id', '=', memberId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Boolean(row);
}

/** The round's row lock: its moves and cash-out are applied one at a time. */
export async function lockRound(
  db: Db,
  memberId: string,
  id: bigint,
  game: string,
): Promise<MultistepRow | undefined> {
  const locked = await db
    .selectFrom('multistep_rounds')
    .select('id')
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .where('game', '=', game as 'mines')
    .forUpdate()
    .executeTakeFirst();
  return locked ? findById(db, memberId, id) : undefined;
}

/** Whether a single-round bet already used this key (the finished round is copied there under it). */
export async function singleRoundKeyTaken(db: Db, memberId: string, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('original_rounds')
    .select('id')
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insert(db: Db, row: Insertable<MultistepRoundsTable>): Promise<bigint> {
  const inserted = await db
    .insertInto('multistep_rounds')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function saveMoves(db: Db, id: bigint, moves: unknown[]): Promise<void> {
  await db
    .updateTable('multistep_rounds')
    .set({ moves: JSON.stringify(moves) })
    .where('id', '=', id)
    .execute();
}

export async function finish(
  db: Db,
  id: bigint,
  change: {
    status: 'won' | 'lost';
    moves: unknown[];
    payout_minor: bigint;
    payout_transfer_id: bigint | null;
    cashout_key: string | null;
    finished_at: Date;
  },
): Promise<void> {
  await db
    .updateTable('multistep_rounds')
    .set({ ...change, moves: JSON.stringify(change.moves) })
    .where('id', '=', id)
    .execute();
}

/**
 * The finished round in original_rounds under the multistep id (the column is an identity, hence
 * OVERRIDING SYSTEM VALUE; the id came from the same sequence, so it never collides).
 */
export async function copyToRecall(
  db: Db,
  row: MultistepRow,
  finished: {
    params: Record<string, unknown>;
    outcome: Record<string, unknown>;
    payout: bigint;
    /** Units of the 8-place grid, stored as the exact decimal. */
    multiplier: bigint;
    balanceAfter: bigint;
    payoutTransferId: bigint | null;
  },
): Promise<void> {
  await sql`
    insert into original_rounds (id, merchant_id, member_id, game, idempotency_key, seed_id, nonce, params,
      outcome, stake_minor, payout_minor, multiplier, currency, balance_before_minor, balance_after_minor,
      stake_transfer_id, payout_transfer_id, created_at)
    overriding system value
    values (${row.id}, ${row.merchant_id}, ${row.member_id}, ${row.game}, ${row.idempotency_key}, ${row.seed_id},
      ${row.nonce}, ${JSON.stringify(finished.params)}::jsonb, ${JSON.stringify(finished.outcome)}::jsonb,
      ${row.stake_minor}, ${finished.payout}, ${unitsToDecimal(finished.multiplier)}, ${row.currency},
      ${row.balance_before_minor}, ${finished.balanceAfter}, ${row.stake_transfer_id},
      ${finished.payoutTransferId}, ${row.created_at})`.execute(db);
}
