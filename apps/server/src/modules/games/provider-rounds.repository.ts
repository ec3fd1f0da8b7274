import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { RoundRow } from './provider-wallet.repository.ts';

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

/** The round locked for this transaction (see lockRounds), or undefined when the vendor never opened it. */
export async function lockRound(db: Db, merchantId: string, vendor: string, roundId: string) {
  return db
    .selectFrom('game_rounds')
    .select(['vendor', 'round_id', 'member_id', 'game_code', 'category', 'currency', 'status'])
    .where('merchant_id', '=', merchantId)
    .where('vendor', '=', vendor)
    .where('round_id', '=', roundId)
    .forUpdate()
    .executeTakeFirst() as Promise<RoundRow | undefined>;
}

export async function findCredit(db: Db, merchantId: string, vendor: string, txnId: string) {
  return db
    .selectFrom('game_credits')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('vendor', '=', vendor)
    .where('txn_id', '=', txnId)
    .executeTakeFirst();
}

export async function insertCredit(
  db: Db,
  credit: {
    merchantId: string;
    memberId: string;
    vendor: string;
    roundId: string;
    txnId: string;
    amountMinor: bigint;
    currency: string;
    transferId: bigint | null;
    balanceAfterMinor: bigint;
  },
) {
  return db
    .insertInto('game_credits')
    .values({
      merchant_id: credit.merchantId,
      member_id: credit.memberId,
      vendor: credit.vendor,
      round_id: credit.roundId,
      txn_id: credit.txnId,
      amount_minor: credit.amountMinor,
      currency: credit.currency,
      transfer_id: credit.transferId,
      balance_after_minor: credit.balanceAfterMinor,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findRollback(db: Db, merchantId: string, vendor: string, txnId: string) {
  return db
    .selectFrom('game_rollbacks')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('vendor', '=', vendor)
    .where('txn_id', '=', txnId)
    .executeTakeFirst();
}

export async function insertRollback(
  db: Db,
  rollback: {
    merchantId: string;
    memberId: string;
    vendor: string;
    roundId: string;
    txnId: string;
    amountMinor: bigint;
    transferId: bigint | null;
    balanceAfterMinor: bigint;
  },
) {
  return db
    .insertInto('game_rollbacks')
    .values({
      merchant_id: rollback.merchantId,
      member_id: rollback.memberId,
      vendor: rollback.vendor,
      round_id: rollback.roundId,
      txn_id: rollback.txnId,
      amount_minor: rollback.amountMinor,
      transfer_id: rollback.transferId,
      balance_after_minor: rollback.balanceAfterMinor,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findBet(db: Db, merchantId: string, vendor: string, txnId: string) {
  return db
    .selectFrom('game_bets')
    .select(['id', 'member_id', 'round_id', 'stake_minor', 'currency', 'status'])
    .where('merchant_id', '=', merchantId)
    .where('vendor', '=', vendor)
    .where('txn_id', '=', txnId)
    .executeTakeFirst();
}

export async function markBetRolledBack(db: Db, betId: bigint): Promise<void> {
  await db.updateTable('game_bets').set({ status: 'rolled_back' }).where('id', '=', betId).execute();
}

/** What the round holds now: stakes not rolled back, wins, and how many debits it ever took. */
export async function roundTotals(db: Db, merchantId: string, vendor: string, roundId: string) {
  const { rows } = await sql<{ stake: string; payout: string; debits: string }>`
    select
      (select coalesce(sum(stake_minor), 0) from game_bets
        where merchant_id = ${merchantId} and vendor = ${vendor} and round_id = ${roundId} and status <> 'rolled_back') as stake,
      (select coalesce(sum(amount_minor), 0) from game_credits
        where merchant_id = ${merchantId} and vendor = ${vendor} and round_id = ${roundId}) as payout,
      (select count(*) from game_bets
        where merchant_id = ${merchantId} and vendor = ${vendor} and round_id = ${roundId}) as debits`.execute(
    db,
  );
  const row = rows[0]!;
  return { stakeMinor: BigInt(row.stake), payoutMinor: BigInt(row.payout), debits: Number(row.debits) };
}

export async function endRound(db: Db, merchantId: string, vendor: string, roundId: string, at: Date) {
  await db
    .updateTable('game_rounds')
    .set({ status: 'ended', ended_at: at })
    .where('merchant_id', '=', merchantId)
    .where('vendor', '=', vendor)
    .where('round_id', '=', roundId)
    .execute();
  await db
    .updateTable('game_bets')
    .set({ status: 'settled' })
    .where('merchant_id', '=', merchantId)
    .where('vendor', '=', vendor)
    .where('round_id', '=', roundId)
    .where('status', '=', 'open')
    .execute();
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
