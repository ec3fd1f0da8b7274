import { type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { GameCreditsTable } from './games.tables.ts';
import { findByTxn, type RollbackRow, type TxnKey } from './provider-wallet.repository.ts';

/**
 * Records a signed call's nonce outside any transaction, for every call but the debit (which records
 * its nonces with its batch): a refused call's nonce stays used, so the same signed bytes cannot be
 * replayed later when the refusal no longer holds. False when the nonce was seen before.
 */
export async function claimNonce(
  db: Db,
  merchantId: string,
  vendor: string,
  nonce: string,
): Promise<boolean> {
  const row = await db
    .insertInto('provider_nonces')
    .values({ merchant_id: merchantId, vendor, nonce })
    .onConflict((oc) => oc.doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Serializes the batches that claim the same vendor txn ids (credits `c:`, rollbacks `r:`): taken
 * after the round locks and in order, so a txn id reused on another round (a vendor's mistake) is
 * seen stored by the second batch instead of colliding with it. Transaction-scoped.
 */
export async function lockTxnIds(db: Db, merchantId: string, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await sql`
    select pg_advisory_xact_lock(h)
      from (select distinct hashtextextended(${merchantId}::text || k, 0) as h from unnest(${keys}::text[]) as k
             order by h) s`.execute(db);
}

/** A column value as `unnest` takes it (bigint as its decimal text). */
const text = (v: string | bigint | null) => (typeof v === 'bigint' ? String(v) : v);

export type CreditRow = Omit<Selectable<GameCreditsTable>, 'merchant_id' | 'created_at'>;

export const findCredits = (db: Db, merchantId: string, keys: TxnKey[]) =>
  findByTxn<CreditRow>(db, 'game_credits', merchantId, keys);

/** Inserts the batch's credits; answers their ids in the order given. */
export async function insertCredits(
  db: Db,
  merchantId: string,
  credits: Omit<CreditRow, 'id'>[],
): Promise<bigint[]> {
  if (!credits.length) return [];
  const column = (pick: (c: Omit<CreditRow, 'id'>) => string | bigint | null) =>
    credits.map((c) => text(pick(c)));
  const { rows } = await sql<{ id: bigint; n: string }>`
    with x as (
      select * from unnest(${column((c) => c.member_id)}::uuid[], ${column((c) => c.vendor)}::text[],
                           ${column((c) => c.round_id)}::text[], ${column((c) => c.txn_id)}::text[],
                           ${column((c) => c.amount_minor)}::bigint[], ${column((c) => c.currency)}::text[],
                           ${column((c) => c.transfer_id)}::bigint[], ${column((c) => c.balance_after_minor)}::bigint[])
        with ordinality as x(m, v, r, t, a, c, tr, b, n)
    ), written as (
      insert into game_credits (merchant_id, member_id, vendor, round_id, txn_id, amount_minor, currency, transfer_id,
                                balance_after_minor)
      select ${merchantId}::uuid, m, v, r, t, a, c, tr, b from x order by n
      returning id, vendor, txn_id
    )
    select w.id, x.n from written w join x on x.v = w.vendor and x.t = w.txn_id`.execute(db);
  const ids = new Array<bigint>(credits.length);
  for (const row of rows) ids[Number(row.n) - 1] = row.id;
  return ids;
}

export async function insertRollbacks(db: Db, merchantId: string, rollbacks: RollbackRow[]): Promise<void> {
  if (!rollbacks.length) return;
  const column = (pick: (r: (typeof rollbacks)[number]) => string | bigint | null) =>
    rollbacks.map((r) => text(pick(r)));
  await sql`
    insert into game_rollbacks (merchant_id, member_id, vendor, round_id, txn_id, amount_minor, transfer_id,
                                balance_after_minor)
    select ${merchantId}::uuid, m, v, r, t, a, tr, b
      from unnest(${column((r) => r.member_id)}::uuid[], ${column((r) => r.vendor)}::text[],
                  ${column((r) => r.round_id)}::text[], ${column((r) => r.txn_id)}::text[],
                  ${column((r) => r.amount_minor)}::bigint[], ${column((r) => r.transfer_id)}::bigint[],
                  ${column((r) => r.balance_after_minor)}::bigint[]) with ordinality as x(m, v, r, t, a, tr, b, n)
     order by n`.execute(db);
}

export async function markBetsRolledBack(db: Db, betIds: bigint[]): Promise<void> {
  if (!betIds.length) return;
  await sql`update game_bets set status = 'rolled_back' where id = any(${betIds.map(String)}::bigint[])`.execute(
    db,
  );
}

export interface RoundTotals {
  vendor: string;
  round_id: string;
  stake_minor: bigint;
  payout_minor: bigint;
  debits: number;
}

/** What each round holds now: stakes not rolled back, wins, and how many debits it ever took. */
export async function roundTotals(
  db: Db,
  merchantId: string,
  rounds: { vendor: string; roundId: string }[],
): Promise<RoundTotals[]> {
  if (!rounds.length) return [];
  const { rows } = await sql<{
    vendor: string;
    round_id: string;
    stake: string;
    payout: string;
    debits: string;
  }>`
    select k.v as vendor, k.r as round_id,
      (select coalesce(sum(stake_minor), 0) from game_bets
        where merchant_id = ${merchantId}::uuid and vendor = k.v and round_id = k.r and status <> 'rolled_back') as stake,
      (select coalesce(sum(amount_minor), 0) from game_credits
        where merchant_id = ${merchantId}::uuid and vendor = k.v and round_id = k.r) as payout,
      (select count(*) from game_bets
        where merchant_id = ${merchantId}::uuid and vendor = k.v and round_id = k.r) as debits
    from unnest(${rounds.map((r) => r.vendor)}::text[], ${rounds.map((r) => r.roundId)}::text[]) as k(v, r)`.execute(
    db,
  );
  return rows.map((r) => ({
    vendor: r.vendor,
    round_id: r.round_id,
    stake_minor: BigInt(r.stake),
    payout_minor: BigInt(r.payout),
    debits: Number(r.debits),
  }));
}

/** Ends the rounds (locked by the batch, each listed once) at their times and settles their open debits. */
export async function endRounds(
  db: Db,
  merchantId: string,
  rounds: { vendor: string; roundId: string; at: Date }[],
): Promise<void> {
  if (!rounds.length) return;
  const vendors = rounds.map((r) => r.vendor);
  const ids = rounds.map((r) => r.roundId);
  await sql`
    update game_rounds g set status = 'ended', ended_at = k.at
      from unnest(${vendors}::text[], ${ids}::text[], ${rounds.map((r) => r.at.toISOString())}::timestamptz[])
        as k(v, r, at)
     where g.merchant_id = ${merchantId}::uuid and g.vendor = k.v and g.round_id = k.r`.execute(db);
  await sql`
    update game_bets b set status = 'settled'
      from unnest(${vendors}::text[], ${ids}::text[]) as k(v, r)
     where b.merchant_id = ${merchantId}::uuid and b.vendor = k.v and b.round_id = k.r and b.status = 'open'`.execute(
    db,
  );
}

export async function findNickname(db: Db, memberId: string): Promise<string> {
  const row = await db
    .selectFrom('members')
    .select(['nickname', 'account'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.nickname ?? row.account;
}

/** A member's own round with every money call in it, for recall. */
export async function findMemberRound(db: Db, memberId: string, vendor: string, roundId: string) {
  const round = await db
    .selectFrom('game_rounds')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('vendor', '=', vendor)
    .where('round_id', '=', roundId)
    .executeTakeFirst();
  if (!round) return undefined;
  const where = { merchant: round.merchant_id, vendor, roundId };
  const [bets, credits, rollbacks] = await Promise.all([
    db
      .selectFrom('game_bets')
      .select(['txn_id', 'stake_minor', 'status', 'balance_after_minor', 'created_at'])
      .where('merchant_id', '=', where.merchant)
      .where('vendor', '=', vendor)
      .where('round_id', '=', roundId)
      .execute(),
    db
      .selectFrom('game_credits')
      .select(['txn_id', 'amount_minor', 'balance_after_minor', 'created_at'])
      .where('merchant_id', '=', where.merchant)
      .where('vendor', '=', vendor)
      .where('round_id', '=', roundId)
      .execute(),
    db
      .selectFrom('game_rollbacks')
      .select(['txn_id', 'amount_minor', 'balance_after_minor', 'created_at'])
      .where('merchant_id', '=', where.merchant)
      .where('vendor', '=', vendor)
      .where('round_id', '=', roundId)
      .execute(),
  ]);
  return { round, bets, credits, rollbacks };
}
