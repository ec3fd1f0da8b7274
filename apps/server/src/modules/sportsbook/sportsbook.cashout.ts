import type { SportsCashOutRequest } from '@sorte/contracts';
import { type CashOutLeg, cashOutValue, combinedFactor, partialCashOut, returnOf } from '@sorte/money';
import { sql } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { lockDeferred } from '../bonuses/index.ts';
import {
  findTransferByKey,
  houseAccountFor,
  lockAccountsInOrder,
  memberAccountId,
  type TransferRequest,
  transferAll,
  withLedgerTransaction,
} from '../ledger/index.ts';
import { closeRecords } from '../records/index.ts';
import { bonusRefOf, holdIfLive, limitsOf, SPORTSBOOK_SOURCE, type SbBetRow } from './sportsbook.bets.ts';
import { marginsOf, offeredOddsOf, type SportMargins } from './sportsbook.margins.ts';
import { outcomeKey } from './sportsbook.outcome.ts';
import { evaluate } from './sportsbook.settle.ts';

/**
 * Cash-out (issue 16): an open single or multiple sold back to the house at a price from the
 * current odds (`cashOutValue` in @sorte/money: settled legs at their factor, each open leg at
 * accepted ÷ current odds, less the merchant's margin), in full or in part (`partialCashOut`: the
 * bet gives up the smallest part of its stake worth the amount; the rest rides on the same legs).
 *
 * A bet can be cashed out while it is open, no leg has lost, it owes no take-back (a settlement
 * rolled back when the player's balance was short), and every open leg's outcome is on offer now
 * (market active, fixture not started or live). Systems are not offered: a partial system would
 * need per-line stakes the bet does not keep. On a live fixture the cash-out waits for the
 * merchant's bet delay first, like a bet, and is priced when it ends (the delay stops a player who
 * saw a goal before the feed from selling at the old price). Under the bet's row lock (the same
 * lock settlement takes, so the two never cross) the price is read again; below the price the
 * player was shown it is refused with the new price (409 SPORTS_CASHOUT_CHANGED).
 *
 * A bet staked under a bonus (a bonus slip under `bonusRefOf`, modules/bonuses) is cashed out in full
 * only: its slip settles with the price as its return — split by the slip's parts, the remainder to the
 * bonus side, which goes where its bonus went — and counts NOTHING toward the requirement (selling a
 * bet back at the house's price is not wagering; counting it would let a member turn bonus money into
 * wagered turnover at the cash-out margin alone, so the stricter reading, the one operators publish).
 * A partial cash-out of it is refused (422 SPORTS_CASHOUT_PARTIAL_BONUS): the stake left would ride on
 * a slip whose parts, count and bonus money were split once for the whole stake.
 */

export interface CashOutQuote {
  availableMinor: bigint;
  /** The legs priced, for a partial cash-out at this price. */
  legs: CashOutLeg[];
  stakeLeftMinor: bigint;
  marginBps: number;
  /** Whether part of it may be cashed out: not for a bet placed under a bonus (its slip). */
  partial: boolean;
}

/** The current full cash-out price of each bet that can be cashed out now (others absent). */
export async function cashOutQuotes(db: Db, bets: SbBetRow[]): Promise<Map<bigint, CashOutQuote>> {
  const quotes = new Map<bigint, CashOutQuote>();
  const open = bets.filter((b) => b.status === 'open' && b.kind !== 'system' && b.credited_minor === 0n);
  if (!open.length) return quotes;
  const limits = await limitsOf(db, open[0]!.merchant_id);
  if (!limits.cashoutEnabled) return quotes;
  const evaluated = await evaluate(db, open);
  const offered = await currentOdds(
    db,
    evaluated.flatMap((e) => e.legs.filter((l) => !l.settlement).map((l) => l.leg)),
    await marginsOf(db, open[0]!.merchant_id),
  );
  const underBonus = await betsUnderBonus(db, open);
  for (const { bet, outcome, legs } of evaluated) {
    if (outcome.decided) continue;
    const priced: CashOutLeg[] = [];
    for (const { leg, settlement } of legs) {
      if (settlement) {
        priced.push({ odds: leg.odds, settlement });
        continue;
      }
      const current = offered.get(outcomeKey(leg));
      if (current === undefined) break;
      priced.push({ odds: leg.odds, currentOdds: current });
    }
    if (priced.length !== legs.length) continue;
    const stakeLeft = bet.stake_minor - bet.cashout_stake_minor;
    const value = cashOutValue(stakeLeft, priced, limits.cashoutMarginBps);
    if (value > 0n)
      quotes.set(bet.id, {
        availableMinor: value,
        legs: priced,
        stakeLeftMinor: stakeLeft,
        marginBps: limits.cashoutMarginBps,
        partial: !underBonus.has(bonusRefOf(bet)),
      });
  }
  return quotes;
}

/** The refs of these bets that carry a bonus slip (the slips' settle-ref index; none for most). */
async function betsUnderBonus(db: Db, bets: SbBetRow[]): Promise<Set<string>> {
  const { rows } = await sql<{ settle_ref: string }>`
    select distinct settle_ref from bonus_bet_slips
     where settle_ref = any(${bets.map(bonusRefOf)}::text[]) and status <> 'void'`.execute(db);
  return new Set(rows.map((r) => r.settle_ref));
}

/**
 * The odds on offer now for these outcomes, at the merchant's prices (the feed's less its margin,
 * as the bets were taken): only those whose outcome, market and fixture take bets.
 */
async function currentOdds(
  db: Db,
  legs: Array<{ fixture_id: string; market_key: string; specifiers: string; outcome_id: string }>,
  margins: SportMargins,
): Promise<Map<string, number>> {
  if (!legs.length) return new Map();
  const { rows } = await sql<{
    fixture_id: string;
    market_key: string;
    specifiers: string;
    outcome_id: string;
    odds: number;
    sport: string;
  }>`
    select o.fixture_id, o.market_key, o.specifiers, o.outcome_id, o.odds, f.sport
      from sb_outcomes o
      join sb_markets m on m.fixture_id = o.fixture_id and m.market_key = o.market_key and m.specifiers = o.specifiers
      join sb_fixtures f on f.id = o.fixture_id
     where (o.fixture_id, o.market_key, o.specifiers, o.outcome_id) in (${sql.join(
       legs.map((l) => sql`(${l.fixture_id}, ${l.market_key}, ${l.specifiers}, ${l.outcome_id})`),
     )})
       and o.active and o.odds is not null and m.status = 'active' and f.status in ('not_started', 'live')`.execute(
    db,
  );
  return new Map(rows.map((r) => [outcomeKey(r), offeredOddsOf(r.odds, r.sport, margins)]));
}

export interface CashOutResult {
  bet: SbBetRow;
  paidMinor: bigint;
}

/**
 * Cashes out one of the member's bets, in full or in part, exactly once per key: a repeated key
 * answers the bet as it is now and moves nothing; the same key for another amount is
 * LEDGER_IDEMPOTENCY_CONFLICT.
 */
export async function cashOut(
  db: Db,
  who: { memberId: string; merchantId: string },
  betId: bigint,
  input: SportsCashOutRequest,
  clock: Clock,
): Promise<CashOutResult> {
  const found = await db
    .selectFrom('sb_bets')
    .selectAll()
    .where('id', '=', betId)
    .where('member_id', '=', who.memberId)
    .where('merchant_id', '=', who.merchantId)
    .executeTakeFirst();
  if (!found) throw new AppError('SPORTS_BET_NOT_FOUND');
  const key = `sportsbook:bet:${betId}:cashout:${input.idempotencyKey}`;
  const twin = await findTransferByKey(db, who.merchantId, key);
  if (twin) return answerTwin(found, twin.amountMinor, input);
  const fixtures = await db
    .selectFrom('sb_bet_legs')
    .select('fixture_id')
    .where('bet_id', '=', betId)
    .where('status', '=', 'open')
    .execute();
  await holdIfLive(
    db,
    who.merchantId,
    fixtures.map((l) => l.fixture_id),
    clock,
  );
  return withLedgerTransaction(db, async (trx) => {
    const bet = await trx
      .selectFrom('sb_bets')
      .selectAll()
      .where('id', '=', betId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const again = await findTransferByKey(trx, who.merchantId, key);
    if (again) return answerTwin(bet, again.amountMinor, input);
    // The fixtures are share-locked like a bet batch does: the feed's changes to their odds wait
    // until this price is paid, so the price read is the price paid.
    await sql`select id from sb_fixtures where id = any(${[...new Set(fixtures.map((f) => f.fixture_id))].sort()}::text[])
       order by id for share`.execute(trx);
    const quote = (await cashOutQuotes(trx, [bet])).get(bet.id);
    if (!quote) throw new AppError('SPORTS_CASHOUT_UNAVAILABLE');
    if (quote.availableMinor < BigInt(input.expectedMinor))
      throw new AppError('SPORTS_CASHOUT_CHANGED', { availableMinor: Number(quote.availableMinor) });
    const asked = input.amountMinor === undefined ? quote.availableMinor : BigInt(input.amountMinor);
    if (asked > quote.availableMinor)
      throw new AppError('SPORTS_CASHOUT_CHANGED', { availableMinor: Number(quote.availableMinor) });
    const part =
      asked === quote.availableMinor
        ? { paidMinor: asked, stakeCashedOutMinor: quote.stakeLeftMinor, remainingStakeMinor: 0n }
        : partialCashOut(quote.stakeLeftMinor, quote.legs, quote.marginBps, asked);
    const full = part.remainingStakeMinor === 0n;
    const now = clock.now();
    // The bonus side after the bet and its fixtures, before the accounts (the lock order of every bonus path).
    const ref = bonusRefOf(bet);
    const bonuses = await lockDeferred(trx, bet.merchant_id, [ref]);
    const withBonus = bonuses?.has(ref) ?? false;
    if (withBonus && !full) throw new AppError('SPORTS_CASHOUT_PARTIAL_BONUS');
    const win: TransferRequest = {
      merchantId: bet.merchant_id,
      idempotencyKey: key,
      code: 'win',
      debitAccountId: await houseAccountFor(trx, bet.merchant_id, bet.currency, bet.member_id),
      creditAccountId: await memberAccountId(trx, bet.member_id, bet.merchant_id, 'main', bet.currency),
      amountMinor: part.paidMinor,
      currency: bet.currency,
      metadata: {
        game: SPORTSBOOK_SOURCE,
        betId: String(bet.id),
        reason: full ? 'cashout' : 'partial_cashout',
      },
    };
    const requests = [win];
    if (bonuses && withBonus) {
      const spendable = await lockAccountsInOrder(trx, [
        win,
        ...bonuses.accountIds().map((id) => ({ debitAccountId: id, creditAccountId: id })),
      ]);
      spendable.set(win.creditAccountId, spendable.get(win.creditAccountId)! + part.paidMinor);
      requests.push(
        ...bonuses.payout(
          ref,
          bet.stake_minor,
          part.paidMinor,
          `sportsbook:cashout:${bet.id}`,
          spendable,
          false,
        ),
      );
    }
    await transferAll(trx, requests, 'sportsbook cash-out');
    await bonuses?.write(trx);
    const paid = bet.cashout_paid_minor + part.paidMinor;
    const legs = quote.legs.map((l) => ({ odds: l.odds, settlement: l.settlement }));
    const updated = await trx
      .updateTable('sb_bets')
      .set({
        cashout_stake_minor: bet.cashout_stake_minor + part.stakeCashedOutMinor,
        cashout_paid_minor: paid,
        cashouts: bet.cashouts + 1,
        // What the bet can still return: nothing more once cashed out in full, else the stake left
        // at the odds taken (settled legs at their factor).
        potential_return_minor: full ? paid : returnOf(part.remainingStakeMinor, combinedFactor(legs)),
        ...(full ? { status: 'cashed_out' as const, payout_minor: paid, settled_at: now } : {}),
      })
      .where('id', '=', bet.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (full)
      await closeRecords(
        trx,
        bet.merchant_id,
        SPORTSBOOK_SOURCE,
        [{ sourceRef: String(bet.id), payoutMinor: paid - bet.payout_minor, status: 'settled' }],
        now,
      );
    return { bet: updated, paidMinor: part.paidMinor };
  });
}

/** A repeated key: the same request answers the bet as it is; another amount is a conflict. */
function answerTwin(bet: SbBetRow, paidMinor: bigint, input: SportsCashOutRequest): CashOutResult {
  if (input.amountMinor !== undefined && BigInt(input.amountMinor) !== paidMinor)
    throw new AppError('LEDGER_IDEMPOTENCY_CONFLICT');
  return { bet, paidMinor };
}
