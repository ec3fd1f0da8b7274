import { PLAY_MONEY_REASON } from '@sorte/contracts';
import { currencyScale, isPlayCurrency, playMoneyStartMinor } from '@sorte/money';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import * as repo from './ledger.repository.ts';
import {
  houseShardFor,
  memberAccountId,
  systemAccountId,
  transfer,
  withLedgerTransaction,
} from './ledger.service.ts';

/**
 * Play money (free play). A trial account's wallet is a 'main' account in the merchant's play
 * currency ('XBRL', @sorte/money play-money.ts); its games' house is a 'house' account in that
 * currency, and its money comes from a 'play_bank' account in it (sharded like the house). The
 * ledger refuses every transfer across currencies, so play money cannot reach a real account, and
 * every real-money sum (per currency) leaves it out by construction.
 */
export interface PlayTopUp {
  /** What the top-up added (0 when the balance was already at the starting amount). */
  toppedUpMinor: bigint;
  /** Spendable play balance after it. */
  balanceMinor: bigint;
}

/**
 * Brings a trial's spendable play balance back up to the starting amount (playMoneyStartMinor),
 * never above. The member's play account is locked first, so concurrent top-ups add the difference
 * once; the transfer's key (`play:<member>:<key>`) makes a retried request answer the earlier
 * top-up and move nothing. A top-up that finds the balance full moves and keeps nothing.
 */
export async function topUpPlayMoney(
  db: Db,
  input: { merchantId: string; memberId: string; currency: string; idempotencyKey: string },
): Promise<PlayTopUp> {
  if (!isPlayCurrency(input.currency)) throw new AppError('PLAY_MONEY_ONLY');
  const start = playMoneyStartMinor(currencyScale(input.currency));
  const key = `play:${input.memberId}:${input.idempotencyKey}`;
  const main = await memberAccountId(db, input.memberId, input.merchantId, 'main', input.currency);
  const bank = await systemAccountId(
    db,
    input.merchantId,
    'play_bank',
    input.currency,
    houseShardFor(input.memberId),
  );
  return withLedgerTransaction(db, async (trx) => {
    await repo.lockAccounts(trx, [main]);
    const spendable = await spendableOf(trx, main);
    const earlier = await repo.findTransferByKey(trx, input.merchantId, key);
    if (earlier) {
      if (earlier.credit_account_id !== main) throw new AppError('LEDGER_IDEMPOTENCY_CONFLICT');
      return { toppedUpMinor: earlier.amount_minor, balanceMinor: spendable };
    }
    if (spendable >= start) return { toppedUpMinor: 0n, balanceMinor: spendable };
    const amount = start - spendable;
    await transfer(trx, {
      merchantId: input.merchantId,
      idempotencyKey: key,
      code: 'adjustment',
      debitAccountId: bank,
      creditAccountId: main,
      amountMinor: amount,
      currency: input.currency,
      metadata: { reason: PLAY_MONEY_REASON },
    });
    return { toppedUpMinor: amount, balanceMinor: start };
  });
}

async function spendableOf(db: Db, accountId: bigint): Promise<bigint> {
  const { rows } = await sql<{ spendable: string }>`
    select (balance_minor - pending_minor)::text as spendable from ledger_accounts where id = ${String(accountId)}::bigint`.execute(
    db,
  );
  return BigInt(rows[0]?.spendable ?? '0');
}
