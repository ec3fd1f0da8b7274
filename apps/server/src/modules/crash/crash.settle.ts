import { floorToCents, HUNDREDTHS_SCALE } from '@sorte/fairness';
import { multiplierUnits, payoutMinor } from '@sorte/money';
import type { Settled } from '../../platform/batching/group-commit.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  type Answers,
  type Batch,
  answerRepeats,
  betPath,
  lockSpendable,
  postDecided,
} from '../bets/index.ts';
import { lockDeferred } from '../bonuses/index.ts';
import type { TransferRequest } from '../ledger/index.ts';
import { closeRecords, INHOUSE_CATEGORY } from '../records/index.ts';
import * as repo from './crash.repository.ts';
import type { BetRow } from './crash.repository.ts';
import { multiplierAfter } from './crash.timing.ts';

/** How crash rounds appear in the betting records. */
export const CRASH_SOURCE = 'crash';
export const CRASH_VENDOR = 'SORTE';
export const CRASH_GAME = 'crash';
/** The betting records' category of crash bets, and the bonus contribution rate they take. */
export const CRASH_CATEGORY = INHOUSE_CATEGORY;

/**
 * A bet's bonus slip (modules/bonuses): placed with the bet, open until its cash-out or the bust, found
 * then by this ref — the bet's member and key, its identity before it has an id (its stake's key too).
 */
export const slipRef = (memberId: string, idempotencyKey: string) => `crash:${memberId}:${idempotencyKey}`;
const refOf = (bet: Pick<BetRow, 'member_id' | 'idempotency_key'>) =>
  slipRef(bet.member_id, bet.idempotency_key);

/** A bet's record: '<roundId>:<betId>', so the records' recall opens the shared round (GET /wps/crash/rounds/:id). */
export function recordOf(bet: Pick<BetRow, 'merchant_id' | 'member_id' | 'id' | 'round_id' | 'currency'>) {
  return {
    merchantId: bet.merchant_id,
    memberId: bet.member_id,
    source: CRASH_SOURCE,
    sourceRef: `${bet.round_id}:${bet.id}`,
    category: CRASH_CATEGORY,
    vendor: CRASH_VENDOR,
    gameCode: CRASH_GAME,
    currency: bet.currency,
  };
}

/**
 * A cash-out as the bet path carries it: a win-only item keyed per bet. `manual` is the player's, at
 * the multiplier of the server clock when its batch handles it; `auto` is the leader's, at the bet's
 * target (its auto cash-out or the max-win cap) and the time the round reached it.
 */
export interface CashOutItem {
  merchantId: string;
  /** The bet's currency and its member's main account in it (resolved by the caller). */
  currency: string;
  mainAccountId: bigint;
  roundId: bigint;
  betId: bigint;
  how:
    | { kind: 'manual'; now: () => Date; growthPerMs: number }
    | { kind: 'auto'; multiplier: number; at: Date };
}

/** One win transfer a cash-out: a batch is up to the ledger's batch. */
const cashOuts = betPath<CashOutItem, BetRow>(settleCashOuts, { currencies: (item) => [item.currency] });

/**
 * Cashes a bet out through the bet path: concurrent cash-outs of one merchant (players' and the
 * leader's alike) share one transaction per batch. Idempotent: a cashed bet answers itself, and the
 * win's ledger key is the bet's (`crash:<betId>:win`), so no bet is ever paid twice.
 */
export function cashOut(db: Db, item: CashOutItem): Promise<BetRow> {
  return cashOuts.submit(db, item);
}

/** Waits for every cash-out batch taken so far (tests). */
export function flushCashOuts(db: Db): Promise<void> {
  return cashOuts.flush(db);
}

interface Decided {
  i: number;
  bet: BetRow;
  multiplier: number;
  at: Date;
  payout: bigint;
}

/**
 * One batch of cash-outs in ONE transaction:
 *  1. the rounds share-locked in id order (the leader's bust waits; it locks the round, then the bets);
 *  2. the bets locked for update in id order (a cash-out of the same bet in another batch waits, then
 *     sees it cashed);
 *  3. the bonus slips of the active bets and their bonuses locked (`lockDeferred`: one indexed read,
 *     nothing more for a batch without any);
 *  4. the accounts (the members' main accounts, the batch's house shard, the bonus side's) locked in id
 *     order;
 *  then each decided in JS on the locked rows (a copy of a bet already in the batch answers with the
 *  first), 5. the wins as ONE `transferBatch`, a bet with a bonus slip settling it right after its win
 *  (its contribution counted, the payout shared by stake — the bonus share main → bonus, or where an
 *  ended bonus went —, then completion or loss), 6. the bonus slips and rows, the bets and their
 *  betting records closed, set-based.
 */
async function settleCashOuts(trx: Db, items: CashOutItem[], batch: Batch): Promise<Settled<BetRow>[]> {
  const answers: Answers<BetRow> = items.map(() => null);
  const rounds = new Map(
    (await repo.lockRounds(trx, batch.merchantId, [...new Set(items.map((c) => c.roundId))])).map((r) => [
      r.id,
      r,
    ]),
  );
  const bets = new Map(
    (await repo.lockBets(trx, [...new Set(items.map((c) => c.betId))])).map((b) => [b.id, b]),
  );
  const active = [...bets.values()].filter((b) => b.status === 'active');
  // The bonus side after the rounds and bets, before the accounts (the documented lock order).
  const bonuses = active.length ? await lockDeferred(trx, batch.merchantId, active.map(refOf)) : null;
  const spendable = await lockSpendable(trx, [
    ...new Set([
      ...items.map((c) => c.mainAccountId),
      ...items.map((c) => batch.house(c.currency)),
      ...(bonuses?.accountIds() ?? []),
    ]),
  ]);
  const firstOfBet = new Map<bigint, number>();
  const repeats = new Map<number, number>();
  const decided: Decided[] = [];
  items.forEach((item, i) => {
    const first = firstOfBet.get(item.betId);
    if (first !== undefined) {
      repeats.set(i, first);
      return;
    }
    firstOfBet.set(item.betId, i);
    try {
      const bet = bets.get(item.betId);
      const round = rounds.get(item.roundId);
      if (!bet || !round || bet.round_id !== round.id || bet.currency !== item.currency)
        throw new AppError('CRASH_NO_BET');
      if (bet.status === 'cashed') {
        answers[i] = { ok: true, value: bet };
        return;
      }
      const { multiplier, at } = decide(item, bet, round);
      // Crash's grid is the hundredth: stake × hundredths / 100, exact, rounded down once.
      const payout = payoutMinor(
        bet.stake_minor,
        multiplierUnits(multiplier, HUNDREDTHS_SCALE),
        HUNDREDTHS_SCALE,
      );
      decided.push({ i, bet, multiplier, at, payout });
    } catch (error) {
      answers[i] = { ok: false, error };
    }
  });

  // In decision order: each win, then its bet's bonus moves (the running balances follow them).
  const requests: TransferRequest[] = [];
  const winSlots = decided.map(({ i, bet, multiplier, payout }) => {
    const mainAccountId = items[i]!.mainAccountId;
    requests.push({
      merchantId: bet.merchant_id,
      currency: bet.currency,
      idempotencyKey: `crash:${bet.id}:win`,
      code: 'win',
      debitAccountId: batch.house(bet.currency),
      creditAccountId: mainAccountId,
      amountMinor: payout,
      metadata: { game: CRASH_GAME, roundId: String(bet.round_id), cashOut: multiplier },
    });
    const slot = requests.length - 1;
    spendable.set(mainAccountId, spendable.get(mainAccountId)! + payout);
    const ref = refOf(bet);
    if (bonuses?.has(ref))
      requests.push(...bonuses.payout(ref, bet.stake_minor, payout, `crash:${bet.id}`, spendable));
    return slot;
  });
  const posted = await postDecided(trx, requests);
  const transfers = winSlots.map((slot) => posted[slot]!);
  await bonuses?.write(trx);
  const updated = await repo.settleCashOuts(
    trx,
    decided.map((d, n) => ({
      id: d.bet.id,
      cashOut: d.multiplier.toFixed(2),
      payoutMinor: d.payout,
      payoutTransferId: transfers[n]!,
      at: d.at,
    })),
  );
  if (decided.length)
    await closeRecords(
      trx,
      batch.merchantId,
      CRASH_SOURCE,
      decided.map((d) => ({
        sourceRef: recordOf(d.bet).sourceRef,
        payoutMinor: d.payout,
        status: 'settled' as const,
        at: d.at,
      })),
      decided[0]!.at,
    );
  decided.forEach((d, n) => {
    answers[d.i] = { ok: true, value: updated[n]! };
  });
  answerRepeats(items, answers, repeats, () => true);
  return answers as Settled<BetRow>[];
}

/**
 * Where a locked, active bet is cashed out. A manual cash-out is refused before the start and from
 * the bust time on, whether or not the leader has written the bust yet (the crash point is fixed, so
 * the time of the bust is known); if the multiplier already passed the bet's target, it is paid at
 * that target, as the leader would.
 */
function decide(item: CashOutItem, bet: BetRow, round: repo.RoundRow): { multiplier: number; at: Date } {
  if (bet.status === 'lost' || round.status === 'busted') throw new AppError('CRASH_ROUND_BUSTED');
  if (round.status !== 'running') throw new AppError('CRASH_NOT_RUNNING');
  const crash = Number(round.crash_point);
  const limit = Number(bet.limit_cash_out);
  if (item.how.kind === 'auto') {
    if (item.how.multiplier > crash) throw new AppError('CRASH_ROUND_BUSTED');
    return { multiplier: item.how.multiplier, at: item.how.at };
  }
  const at = item.how.now();
  const reached = multiplierAfter(at.getTime() - round.started_at!.getTime(), item.how.growthPerMs);
  if (reached >= crash) {
    // Past the bust: only a target the round reached is still owed (the leader pays the same).
    if (limit > crash) throw new AppError('CRASH_ROUND_BUSTED');
    return { multiplier: limit, at };
  }
  return { multiplier: Math.min(floorToCents(reached), limit), at };
}

/**
 * Settles the round's remaining active bets as lost at the bust, set-based: one update of the bets,
 * one of their betting records (nothing moves: the stakes are the house's already). Refuses (throws,
 * so the bust waits for the next step) while a bet's target at or under the crash point is unpaid.
 * The bonus slips among them (one indexed read for the whole round, `lockDeferred`, after the round
 * and bets, before the accounts) settle as lost: their contributions counted, then completion (the
 * conversion posted) or loss; only their members' accounts are locked.
 */
export async function loseRest(trx: Db, round: repo.RoundRow, at: Date): Promise<void> {
  const rest = await repo.activeBets(trx, round.id);
  if (rest.some((bet) => Number(bet.limit_cash_out) <= Number(round.crash_point)))
    throw new Error('crash: an automatic cash-out is still due at the bust');
  const bonuses = rest.length ? await lockDeferred(trx, round.merchant_id, rest.map(refOf)) : null;
  if (bonuses) {
    const spendable = await lockSpendable(trx, [...new Set(bonuses.accountIds())]);
    const refs = [...new Set(rest.map(refOf))].filter((ref) => bonuses.has(ref));
    await postDecided(
      trx,
      refs.flatMap((ref) => bonuses.settle(ref, spendable)),
    );
    await bonuses.write(trx);
  }
  await repo.loseBets(
    trx,
    rest.map((bet) => bet.id),
    at,
  );
  await closeRecords(
    trx,
    round.merchant_id,
    CRASH_SOURCE,
    rest.map((bet) => ({ sourceRef: recordOf(bet).sourceRef, payoutMinor: 0n, status: 'settled' as const })),
    at,
  );
}
