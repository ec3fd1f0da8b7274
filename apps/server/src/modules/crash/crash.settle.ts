import { HUNDREDTHS_SCALE } from '@sorte/fairness';
import { multiplierUnits, payoutMinor } from '@sorte/money';
import type { Db } from '../../platform/database/database.ts';
import { houseAccountFor, memberAccountId, transfer } from '../ledger/index.ts';
import { recordBet } from '../records/index.ts';
import type { BetRow } from './crash.repository.ts';

/** How crash rounds appear in the betting records. */
export const CRASH_SOURCE = 'crash';
export const CRASH_VENDOR = 'SORTE';
export const CRASH_GAME = 'crash';

/** A bet's record: '<roundId>:<betId>', so the records' recall opens the shared round (GET /wps/crash/rounds/:id). */
export function recordOf(bet: Pick<BetRow, 'merchant_id' | 'member_id' | 'id' | 'round_id' | 'currency'>) {
  return {
    merchantId: bet.merchant_id,
    memberId: bet.member_id,
    source: CRASH_SOURCE,
    sourceRef: `${bet.round_id}:${bet.id}`,
    category: 'INHOUSE',
    vendor: CRASH_VENDOR,
    gameCode: CRASH_GAME,
    currency: bet.currency,
  };
}

/**
 * Pays a locked, active bet at `multiplier`: the win through the ledger (its key is the bet's, so a
 * manual cash-out racing the server's auto cash-out can never pay twice), the bet and its betting
 * record settled — all in the caller's transaction.
 */
export async function cashOutBet(trx: Db, bet: BetRow, multiplier: number, now: Date): Promise<BetRow> {
  // Crash's grid is the hundredth: stake × hundredths / 100, exact, rounded down once.
  const payout = payoutMinor(
    bet.stake_minor,
    multiplierUnits(multiplier, HUNDREDTHS_SCALE),
    HUNDREDTHS_SCALE,
  );
  const main = await memberAccountId(trx, bet.member_id, bet.merchant_id, 'main', bet.currency);
  const house = await houseAccountFor(trx, bet.merchant_id, bet.currency, bet.member_id);
  const paid = await transfer(trx, {
    merchantId: bet.merchant_id,
    currency: bet.currency,
    idempotencyKey: `crash:${bet.id}:win`,
    code: 'win',
    debitAccountId: house,
    creditAccountId: main,
    amountMinor: payout,
    metadata: { game: CRASH_GAME, roundId: String(bet.round_id), cashOut: multiplier },
  });
  const updated = await trx
    .updateTable('crash_bets')
    .set({
      status: 'cashed',
      cash_out: multiplier.toFixed(2),
      payout_minor: payout,
      payout_transfer_id: paid.id,
      settled_at: now,
    })
    .where('id', '=', bet.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordBet(trx, { ...recordOf(bet), payoutMinor: payout, status: 'settled', at: now });
  return updated;
}

/** Settles a locked, active bet as lost at the bust: nothing moves, the record is closed. */
export async function loseBet(trx: Db, bet: BetRow, now: Date): Promise<void> {
  await trx
    .updateTable('crash_bets')
    .set({ status: 'lost', settled_at: now })
    .where('id', '=', bet.id)
    .execute();
  await recordBet(trx, { ...recordOf(bet), status: 'settled', at: now });
}
