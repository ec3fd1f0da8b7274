import { CRASH_MAX_CASH_OUT, floorToCents, HUNDREDTHS_SCALE } from '@sorte/fairness';
import { ratioToUnits, unitsToNumber } from '@sorte/money';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { houseAccountFor, memberAccountId, transfer, withLedgerTransaction } from '../ledger/index.ts';
import { recordBet } from '../records/index.ts';
import * as repo from './crash.repository.ts';
import { CRASH_GAME, cashOutBet, recordOf } from './crash.settle.ts';
import { type CrashTimings, multiplierAfter } from './crash.timing.ts';

export interface CrashPlayer {
  memberId: string;
  merchantId: string;
  currency: string;
  /** The account name, masked before anyone else sees it. */
  account: string;
}

export interface CrashBetInput {
  amountMinor: number;
  autoCashOut?: number;
  idempotencyKey: string;
}

/** "jo***9": enough for a player to spot their own line, not enough to name anyone. */
export function maskAccount(account: string): string {
  if (account.length <= 3) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-1)}`;
}

/**
 * The highest multiplier a stake may be paid at under the merchant's max win: the server cashes a
 * bet out there by itself, like an auto cash-out, so no cash-out can ever exceed the limit.
 */
function maxWinCashOut(stake: bigint, maxWinMinor: bigint): number {
  // (stake + max win) / stake floored to the hundredth in integers: a float quotient could round up.
  const cap = ratioToUnits(stake + maxWinMinor, stake, HUNDREDTHS_SCALE);
  return Math.min(CRASH_MAX_CASH_OUT, unitsToNumber(cap, HUNDREDTHS_SCALE));
}

/**
 * A bet on the round in its betting phase, in one transaction with the round row shared-locked (the
 * leader's start of the round waits for it, so no bet lands in a running round): the stake moves to
 * the house through the ledger and the betting record opens. A retry with the same key answers the
 * same bet and moves nothing; one bet per player and round.
 */
export async function placeCrashBet(
  db: Db,
  player: CrashPlayer,
  input: CrashBetInput,
  now: () => Date,
): Promise<repo.BetRow> {
  const earlier = await repo.betByKey(db, player.memberId, input.idempotencyKey);
  if (earlier) return sameBetOrConflict(earlier, input);
  const stake = BigInt(input.amountMinor);
  const limits = await repo.limits(db, player.merchantId);
  if (stake > limits.maxBetMinor)
    throw new AppError('ORIGINALS_BET_TOO_LARGE', { maxBetMinor: Number(limits.maxBetMinor) });
  const cap = maxWinCashOut(stake, limits.maxWinMinor);
  if (cap < 1.01 || (input.autoCashOut !== undefined && input.autoCashOut > cap))
    throw new AppError('ORIGINALS_WIN_TOO_LARGE', { maxWinMinor: Number(limits.maxWinMinor) });
  const main = await memberAccountId(db, player.memberId, player.merchantId, 'main', player.currency);
  const house = await houseAccountFor(db, player.merchantId, player.currency, player.memberId);

  return withLedgerTransaction(db, async (trx) => {
    const round = await repo.latestRound(trx, player.merchantId, 'share');
    const twin = await repo.betByKey(trx, player.memberId, input.idempotencyKey);
    if (twin) return sameBetOrConflict(twin, input);
    const at = now();
    if (round?.status !== 'betting' || at >= round.betting_ends_at)
      throw new AppError('CRASH_BETTING_CLOSED');
    if (await repo.memberBet(trx, round.id, player.memberId)) return twinOrSecondBet(trx, player, input);
    const staked = await transfer(trx, {
      merchantId: player.merchantId,
      currency: player.currency,
      idempotencyKey: `crash:${player.memberId}:${input.idempotencyKey}:stake`,
      code: 'bet',
      debitAccountId: main,
      creditAccountId: house,
      amountMinor: stake,
      metadata: { game: CRASH_GAME, roundId: String(round.id) },
    });
    const bet = await repo.insertBet(trx, {
      round_id: round.id,
      merchant_id: player.merchantId,
      member_id: player.memberId,
      player: maskAccount(player.account),
      currency: player.currency,
      idempotency_key: input.idempotencyKey,
      stake_minor: stake,
      auto_cash_out: input.autoCashOut?.toFixed(2) ?? null,
      limit_cash_out: Math.min(input.autoCashOut ?? cap, cap).toFixed(2),
      status: 'active',
      stake_transfer_id: staked.id,
    });
    // Nothing written: a concurrent request committed first (the stake transfer above waited for it;
    // with the same key it answered that transfer and moved nothing, with another this one rolls back).
    if (!bet) return twinOrSecondBet(trx, player, input);
    await recordBet(trx, { ...recordOf(bet), stakeMinor: stake, at });
    return bet;
  });
}

/**
 * The player already has a bet in this round. It is this same request when its key matches (a twin
 * that committed after this one's key lookup), answered like any retry; otherwise a second bet.
 */
async function twinOrSecondBet(trx: Db, player: CrashPlayer, input: CrashBetInput): Promise<repo.BetRow> {
  const twin = await repo.betByKey(trx, player.memberId, input.idempotencyKey);
  if (twin) return sameBetOrConflict(twin, input);
  throw new AppError('CRASH_ALREADY_BET');
}

function sameBetOrConflict(row: repo.BetRow, input: CrashBetInput): repo.BetRow {
  const auto = row.auto_cash_out === null ? undefined : Number(row.auto_cash_out);
  if (row.stake_minor !== BigInt(input.amountMinor) || auto !== input.autoCashOut)
    throw new AppError('LEDGER_IDEMPOTENCY_CONFLICT');
  return row;
}

/**
 * Cashes the player's bet out at the multiplier of the server's clock when the request is handled,
 * floored to the hundredth. Refused before the start and from the bust time on, whether or not the
 * leader has written the bust yet: the crash point is fixed, so the time of the bust is known. If
 * the multiplier already passed the bet's auto cash-out, it is paid at that target, as the leader
 * would. Idempotent: cashing out a cashed bet answers it again; concurrent requests serialise on
 * the bet row and the second one sees the first one's result.
 */
export async function cashOutCrashBet(
  db: Db,
  player: Pick<CrashPlayer, 'memberId' | 'merchantId'>,
  roundId: bigint,
  now: () => Date,
  timings: CrashTimings,
): Promise<repo.BetRow> {
  return withLedgerTransaction(db, async (trx) => {
    // Round first, then bet: the leader's step locks in the same order, so the two never deadlock.
    const round = await repo.roundById(trx, player.merchantId, roundId, 'share');
    const bet = round ? await repo.memberBet(trx, round.id, player.memberId, true) : undefined;
    if (!round || !bet) throw new AppError('CRASH_NO_BET');
    if (bet.status === 'cashed') return bet;
    if (bet.status === 'lost' || round.status === 'busted') throw new AppError('CRASH_ROUND_BUSTED');
    if (round.status !== 'running') throw new AppError('CRASH_NOT_RUNNING');
    const at = now();
    const reached = multiplierAfter(at.getTime() - round.started_at!.getTime(), timings.growthPerMs);
    const crash = Number(round.crash_point);
    const limit = Number(bet.limit_cash_out);
    if (reached >= crash) {
      // Past the bust: only an auto cash-out the round reached is still owed (the leader pays the same).
      if (limit > crash) throw new AppError('CRASH_ROUND_BUSTED');
      return cashOutBet(trx, bet, limit, at);
    }
    const multiplier = Math.min(floorToCents(reached), limit);
    return cashOutBet(trx, bet, multiplier, at);
  });
}
