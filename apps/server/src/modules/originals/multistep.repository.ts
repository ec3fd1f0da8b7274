import { unitsToDecimal } from '@sorte/money';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { advanceNonces, inInputOrder, keyPairs } from '../bets/index.ts';
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

type Keys = { memberId: string; idempotencyKey: string }[];

/** The rounds started under these (member, key) pairs: a start's twins. Lateral, one index probe a key. */
export async function findByKeys(db: Db, keys: Keys): Promise<MultistepRow[]> {
  if (!keys.length) return [];
  const { rows } = await sql<MultistepRow>`
    select r.*, s.server_seed, s.server_seed_hash, s.client_seed
      from ${keyPairs(keys)}
      cross join lateral (
        select * from multistep_rounds o where o.member_id = k.m and o.idempotency_key = k.key
      ) r
      join fairness_seeds s on s.id = r.seed_id`.execute(db);
  return rows;
}

/**
 * The (member, key) pairs of these that a single-round bet already used (a finished multistep round is
 * copied there under its key too, but it is found by `findByKeys` first).
 */
export async function singleRoundKeys(db: Db, keys: Keys): Promise<{ member_id: string; key: string }[]> {
  if (!keys.length) return [];
  const { rows } = await sql<{ member_id: string; key: string }>`
    select k.m as member_id, k.key
      from ${keyPairs(keys)}
     where exists (select 1 from original_rounds o where o.member_id = k.m and o.idempotency_key = k.key)`.execute(
    db,
  );
  return rows;
}

/** The games in which these members have a round open (one at most per member and game). */
export async function openGames(db: Db, memberIds: string[]): Promise<{ member_id: string; game: string }[]> {
  return db
    .selectFrom('multistep_rounds')
    .select(['member_id', 'game'])
    .where('member_id', 'in', memberIds)
    .where('status', '=', 'open')
    .execute();
}

export interface NewStart {
  memberId: string;
  game: string;
  idempotencyKey: string;
  seedId: bigint;
  nonce: bigint;
  houseEdgeBps: number;
  params: string;
  stakeMinor: bigint;
  currency: string;
  balanceBeforeMinor: bigint;
  stakeTransferId: bigint;
}

/**
 * A batch's accepted starts in ONE statement: the seed pairs' new nonces and the open rounds. Answers
 * the rounds' ids and times in the order given.
 */
export async function insertStarts(
  db: Db,
  merchantId: string,
  starts: NewStart[],
  nonces: { seedId: bigint; next: bigint }[],
): Promise<{ id: bigint; created_at: Date }[]> {
  if (!starts.length) return [];
  const column = (pick: (s: NewStart) => string | number | bigint) => starts.map((s) => String(pick(s)));
  const { rows } = await sql<{ id: bigint; created_at: Date; n: string }>`
    with advanced as (${advanceNonces(nonces)}), input as (
      select * from unnest(
        ${column((s) => s.memberId)}::uuid[], ${column((s) => s.game)}::text[],
        ${column((s) => s.idempotencyKey)}::text[], ${column((s) => s.seedId)}::bigint[],
        ${column((s) => s.nonce)}::bigint[], ${column((s) => s.houseEdgeBps)}::int[],
        ${column((s) => s.params)}::jsonb[], ${column((s) => s.stakeMinor)}::bigint[],
        ${column((s) => s.currency)}::text[], ${column((s) => s.balanceBeforeMinor)}::bigint[],
        ${column((s) => s.stakeTransferId)}::bigint[]
      ) with ordinality as x(member_id, game, idempotency_key, seed_id, nonce, house_edge_bps, params, stake_minor,
                             currency, balance_before_minor, stake_transfer_id, n)
    ), inserted as (
      insert into multistep_rounds (merchant_id, member_id, game, status, idempotency_key, seed_id, nonce,
                                    house_edge_bps, params, moves, stake_minor, currency, balance_before_minor,
                                    stake_transfer_id)
      select ${merchantId}::uuid, member_id, game, 'open', idempotency_key, seed_id, nonce, house_edge_bps, params,
             '[]'::jsonb, stake_minor, currency, balance_before_minor, stake_transfer_id
        from input order by n
      returning id, member_id, idempotency_key, created_at
    )
    select r.id, r.created_at, i.n
      from inserted r join input i on i.member_id = r.member_id and i.idempotency_key = r.idempotency_key`.execute(
    db,
  );
  return inInputOrder(rows, starts.length);
}

/**
 * The rounds' row locks, in id order (two batches sharing rounds queue, never deadlock): from here to
 * the commit their moves and cash-outs are this batch's alone. Read under the lock.
 */
export async function lockRounds(db: Db, ids: bigint[]): Promise<MultistepRow[]> {
  const { rows } = await sql<MultistepRow>`
    select r.*, s.server_seed, s.server_seed_hash, s.client_seed
      from multistep_rounds r join fairness_seeds s on s.id = r.seed_id
     where r.id = any(${ids.map(String)}::bigint[])
     order by r.id
       for update of r`.execute(db);
  return rows;
}

/** The rounds a batch changed (new moves, or finished), in one statement. */
export async function saveRounds(db: Db, changed: MultistepRow[]): Promise<void> {
  if (!changed.length) return;
  const column = <T>(pick: (r: MultistepRow) => T) => changed.map(pick);
  await sql`
    update multistep_rounds r
       set status = x.status, moves = x.moves, payout_minor = x.payout, payout_transfer_id = x.transfer,
           cashout_key = x.cashout_key, finished_at = x.finished_at
      from unnest(${column((r) => String(r.id))}::bigint[], ${column((r) => r.status)}::text[],
                  ${column((r) => JSON.stringify(r.moves))}::jsonb[], ${column((r) => String(r.payout_minor))}::bigint[],
                  ${column((r) => (r.payout_transfer_id === null ? null : String(r.payout_transfer_id)))}::bigint[],
                  ${column((r) => r.cashout_key)}::text[],
                  ${column((r) => r.finished_at?.toISOString() ?? null)}::timestamptz[])
        as x(id, status, moves, payout, transfer, cashout_key, finished_at)
     where r.id = x.id`.execute(db);
}

export interface Finished {
  row: MultistepRow;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  /** Units of the 8-place grid, stored as the exact decimal. */
  multiplier: bigint;
  balanceAfter: bigint;
}

/**
 * The finished rounds in original_rounds under their multistep ids, for recall and the verifier (the
 * column is an identity, hence OVERRIDING SYSTEM VALUE; the id came from the same sequence, so it
 * never collides). One statement.
 */
export async function copyToRecall(db: Db, finished: Finished[]): Promise<void> {
  if (!finished.length) return;
  const column = <T>(pick: (f: Finished) => T) => finished.map(pick);
  const id = (value: bigint | null) => (value === null ? null : String(value));
  await sql`
    insert into original_rounds (id, merchant_id, member_id, game, idempotency_key, seed_id, nonce, params,
      outcome, stake_minor, payout_minor, multiplier, currency, balance_before_minor, balance_after_minor,
      stake_transfer_id, payout_transfer_id, created_at)
    overriding system value
    select * from unnest(
      ${column((f) => String(f.row.id))}::bigint[], ${column((f) => f.row.merchant_id)}::uuid[],
      ${column((f) => f.row.member_id)}::uuid[], ${column((f) => f.row.game)}::text[],
      ${column((f) => f.row.idempotency_key)}::text[], ${column((f) => String(f.row.seed_id))}::bigint[],
      ${column((f) => String(f.row.nonce))}::bigint[], ${column((f) => JSON.stringify(f.params))}::jsonb[],
      ${column((f) => JSON.stringify(f.outcome))}::jsonb[], ${column((f) => String(f.row.stake_minor))}::bigint[],
      ${column((f) => String(f.row.payout_minor))}::bigint[], ${column((f) => unitsToDecimal(f.multiplier))}::numeric[],
      ${column((f) => f.row.currency)}::text[], ${column((f) => String(f.row.balance_before_minor))}::bigint[],
      ${column((f) => String(f.balanceAfter))}::bigint[], ${column((f) => String(f.row.stake_transfer_id))}::bigint[],
      ${column((f) => id(f.row.payout_transfer_id))}::bigint[], ${column((f) => f.row.created_at.toISOString())}::timestamptz[]
    )`.execute(db);
}
