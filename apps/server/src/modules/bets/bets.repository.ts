import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';

/** A member's active seed pair, locked for the batch: its nonce is the next one to claim. */
export interface LockedSeed {
  id: bigint;
  member_id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: bigint;
}

/** A stored in-house round with the seed pair it was played on (the round's recall answer). */
export interface StoredRound {
  id: bigint;
  member_id: string;
  game: string;
  idempotency_key: string;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  stake_minor: bigint;
  payout_minor: bigint;
  multiplier: string;
  currency: string;
  nonce: bigint;
  balance_before_minor: bigint;
  balance_after_minor: bigint;
  created_at: Date;
  server_seed_hash: string;
  client_seed: string;
}

/**
 * Locks the members' active seed pairs in id order (two batches sharing members wait, never
 * deadlock) and reads their nonces under the lock: from here to the commit no other bet, start or
 * rotation of these members can claim a nonce.
 */
export async function lockActiveSeeds(db: Db, memberIds: string[]): Promise<LockedSeed[]> {
  const { rows } = await sql<LockedSeed>`
    select id, member_id, server_seed, server_seed_hash, client_seed, nonce
      from fairness_seeds
     where member_id = any(${memberIds}::uuid[]) and status = 'active'
     order by id
       for update`.execute(db);
  return rows;
}

/**
 * The rounds already stored under these (member, idempotency key) pairs, and the mines or hilo rounds
 * open under them. Run after the seed locks:
 * its snapshot then sees a twin committed by a batch that held them. Lateral, one index probe a key.
 */
export async function findRounds(
  db: Db,
  keys: { memberId: string; idempotencyKey: string }[],
): Promise<StoredRound[]> {
  if (!keys.length) return [];
  const { rows } = await sql<StoredRound>`
    select r.id, r.member_id, r.game, r.idempotency_key, r.params, r.outcome, r.stake_minor, r.payout_minor,
           r.multiplier, r.currency, r.nonce, r.balance_before_minor, r.balance_after_minor, r.created_at,
           s.server_seed_hash, s.client_seed
      from ${keyPairs(keys)}
      cross join lateral (
        select o.id, o.member_id, o.game, o.idempotency_key, o.params, o.outcome, o.stake_minor, o.payout_minor,
               o.multiplier, o.currency, o.nonce, o.balance_before_minor, o.balance_after_minor, o.created_at, o.seed_id
          from original_rounds o where o.member_id = k.m and o.idempotency_key = k.key
        union all
        -- A mines or hilo round still open under the key (a finished one is in original_rounds): its game
        -- is never the bet's, so the bet is LEDGER_IDEMPOTENCY_CONFLICT — were it placed, the round's copy
        -- for recall could not take the key when it ends.
        select m.id, m.member_id, m.game, m.idempotency_key, m.params, '{}'::jsonb, m.stake_minor, 0::bigint,
               0::numeric, m.currency, m.nonce, m.balance_before_minor, m.balance_before_minor, m.created_at, m.seed_id
          from multistep_rounds m where m.member_id = k.m and m.idempotency_key = k.key and m.status = 'open'
      ) r
      join fairness_seeds s on s.id = r.seed_id`.execute(db);
  return rows;
}

/** (member, idempotency key) pairs as a row source `k(m, key)`, for per-key lookups of a batch's twins. */
export function keyPairs(keys: { memberId: string; idempotencyKey: string }[]) {
  return sql`unnest(${keys.map((k) => k.memberId)}::uuid[], ${keys.map((k) => k.idempotencyKey)}::text[]) as k(m, key)`;
}

/** Locks ledger accounts in id order with their spendable balances (the ledger's; see there). */
export { lockSpendable } from '../ledger/index.ts';

export interface NewRound {
  memberId: string;
  game: string;
  idempotencyKey: string;
  seedId: bigint;
  nonce: bigint;
  params: string;
  outcome: string;
  stakeMinor: bigint;
  payoutMinor: bigint;
  multiplier: string;
  currency: string;
  balanceBeforeMinor: bigint;
  balanceAfterMinor: bigint;
  stakeTransferId: bigint;
  payoutTransferId: bigint | null;
  /** The betting record's filing (records module): category, source and vendor code. */
  category: string;
  source: string;
  vendor: string;
}

/**
 * Everything a batch's accepted rounds write besides their money, in ONE statement: the seed pairs'
 * new nonces, the rounds, and each round's settled betting record (the row `recordBet` of the records
 * module would write for it, whose insert trigger appends the fact to the bet stream). Answers the
 * rounds' ids and times in the order given.
 */
export async function writeRounds(
  db: Db,
  merchantId: string,
  rounds: NewRound[],
  nonces: { seedId: bigint; next: bigint }[],
): Promise<{ id: bigint; created_at: Date }[]> {
  if (!rounds.length) return [];
  const column = (pick: (r: NewRound) => string | null) => rounds.map(pick);
  const { rows } = await sql<{ id: bigint; created_at: Date; n: string }>`
    with advanced as (${advanceNonces(nonces)}), input as (
      select * from unnest(
        ${column((r) => r.memberId)}::uuid[], ${column((r) => r.game)}::text[],
        ${column((r) => r.idempotencyKey)}::text[], ${column((r) => String(r.seedId))}::bigint[],
        ${column((r) => String(r.nonce))}::bigint[], ${column((r) => r.params)}::jsonb[],
        ${column((r) => r.outcome)}::jsonb[], ${column((r) => String(r.stakeMinor))}::bigint[],
        ${column((r) => String(r.payoutMinor))}::bigint[], ${column((r) => r.multiplier)}::numeric[],
        ${column((r) => r.currency)}::text[], ${column((r) => String(r.balanceBeforeMinor))}::bigint[],
        ${column((r) => String(r.balanceAfterMinor))}::bigint[], ${column((r) => String(r.stakeTransferId))}::bigint[],
        ${column((r) => (r.payoutTransferId === null ? null : String(r.payoutTransferId)))}::bigint[],
        ${column((r) => r.category)}::text[], ${column((r) => r.source)}::text[], ${column((r) => r.vendor)}::text[]
      ) with ordinality as x(member_id, game, idempotency_key, seed_id, nonce, params, outcome, stake_minor,
                             payout_minor, multiplier, currency, balance_before_minor, balance_after_minor,
                             stake_transfer_id, payout_transfer_id, category, source, vendor, n)
    ), rounds as (
      insert into original_rounds (merchant_id, member_id, game, idempotency_key, seed_id, nonce, params, outcome,
                                   stake_minor, payout_minor, multiplier, currency, balance_before_minor,
                                   balance_after_minor, stake_transfer_id, payout_transfer_id)
      select ${merchantId}::uuid, member_id, game, idempotency_key, seed_id, nonce, params, outcome, stake_minor,
             payout_minor, multiplier, currency, balance_before_minor, balance_after_minor, stake_transfer_id,
             payout_transfer_id
        from input order by n
      returning id, member_id, idempotency_key, created_at
    ), records as (
      insert into bet_records (merchant_id, member_id, source, source_ref, category, vendor, game_code, currency,
                               stake_minor, payout_minor, status, placed_at, settled_at)
      select ${merchantId}::uuid, i.member_id, i.source, r.id::text, i.category, i.vendor, i.game, i.currency,
             i.stake_minor, i.payout_minor, 'settled', r.created_at, r.created_at
        from rounds r join input i on i.member_id = r.member_id and i.idempotency_key = r.idempotency_key
    )
    select r.id, r.created_at, i.n
      from rounds r join input i on i.member_id = r.member_id and i.idempotency_key = r.idempotency_key`.execute(
    db,
  );
  return inInputOrder(rows, rounds.length);
}

/**
 * The seed pairs' new nonces, as a data-modifying CTE for a batch's set-based write (single rounds,
 * multistep starts): `with advanced as (${advanceNonces(nonces)}), …`.
 */
export function advanceNonces(nonces: { seedId: bigint; next: bigint }[]) {
  return sql`
      update fairness_seeds s set nonce = x.next
        from unnest(${nonces.map((n) => String(n.seedId))}::bigint[], ${nonces.map((n) => String(n.next))}::bigint[])
          as x(id, next)
       where s.id = x.id`;
}

/** Inserted rows (id, time) put back in the order of the input, by its ordinality `n` (1-based). */
export function inInputOrder(
  rows: { id: bigint; created_at: Date; n: string }[],
  count: number,
): { id: bigint; created_at: Date }[] {
  const ordered = new Array<{ id: bigint; created_at: Date }>(count);
  for (const row of rows) ordered[Number(row.n) - 1] = { id: row.id, created_at: row.created_at };
  return ordered;
}
