import { CRASH_MAX_CASH_OUT, HUNDREDTHS_SCALE } from '@sorte/fairness';
import { ratioToUnits, unitsToNumber } from '@sorte/money';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { memberKey, type StakeSlip, slipPath } from '../bets/index.ts';
import { memberAccountId } from '../ledger/index.ts';
import { recordBets } from '../records/index.ts';
import * as repo from './crash.repository.ts';
import { CRASH_CATEGORY, CRASH_GAME, cashOut, recordOf, slipRef } from './crash.settle.ts';
import type { CrashTimings } from './crash.timing.ts';

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

/** A crash bet as the bet path carries it: a stake-only slip with a `crash_bets` row. */
interface CrashSlip extends StakeSlip {
  /** The account name, masked. */
  player: string;
  autoCashOut?: number;
  /** The round bet on; the merchant's newest when absent (the route's). */
  roundId?: bigint;
  now: () => Date;
}

/** What a batch holds locked, and the seats (round × member) taken so far. */
interface Locked {
  limits: Awaited<ReturnType<typeof repo.limits>>;
  rounds: Map<bigint, repo.RoundRow>;
  newest: repo.RoundRow | undefined;
  seated: Set<string>;
}

interface Decided {
  round: repo.RoundRow;
  cap: number;
  at: Date;
}

const seatOf = (roundId: bigint, memberId: string) => `${roundId}:${memberId}`;
const roundOf = (slip: CrashSlip, locked: Locked) =>
  slip.roundId === undefined ? locked.newest : locked.rounds.get(slip.roundId);
/** A bet's body as its key compares it: the stake and the auto cash-out. */
const hashOf = (stakeMinor: bigint, autoCashOut: number | undefined) => `${stakeMinor}:${autoCashOut ?? ''}`;

/**
 * Crash bets on the bet path's stake-only skeleton (`slipPath`, modules/bets): per batch the
 * merchant's limits and its rounds (the newest, and any named) share-locked in id order — the
 * leader's start waits, so no bet lands in a running round —, the accounts locked in id order, then
 * the twins by (member, key) and the members' bets in these rounds; each bet decided in order
 * (limits, the betting phase on the server clock, one bet per player and round, funds on the running
 * balance), the stakes as one `transferBatch`, the `crash_bets` rows and their open betting records
 * set-based. A member with an active bonus stakes cash first, then bonus (the bet path's bonus side,
 * after the rounds, before the accounts); the bonus slip stays open under `crash:<member>:<key>` until
 * the bet's cash-out or the bust settles it (crash.settle.ts).
 */
const crashBets = slipPath<CrashSlip, Locked, Decided, repo.BetRow>({
  async lock(trx, slips, batch) {
    const named = slips.flatMap((slip) => (slip.roundId === undefined ? [] : [slip.roundId]));
    const rows = await repo.lockRoundsForBets(trx, batch.merchantId, [...new Set(named)]);
    return {
      limits: await repo.limits(trx, batch.merchantId),
      rounds: new Map(rows.map((r) => [r.id, r])),
      newest: rows.at(-1),
      seated: new Set(),
    };
  },
  async twins(trx, slips, locked) {
    const stored = await repo.storedBets(
      trx,
      slips,
      slips.flatMap((slip) => {
        const round = roundOf(slip, locked);
        return round ? [{ roundId: round.id, memberId: slip.memberId }] : [];
      }),
    );
    for (const bet of stored) locked.seated.add(seatOf(bet.round_id, bet.member_id));
    return new Map(stored.map((bet) => [memberKey(bet.member_id, bet.idempotency_key), bet]));
  },
  hashOf: (bet) =>
    hashOf(bet.stake_minor, bet.auto_cash_out === null ? undefined : Number(bet.auto_cash_out)),
  check(slip, locked) {
    const { limits } = locked;
    if (slip.stakeMinor > limits.maxBetMinor)
      throw new AppError('ORIGINALS_BET_TOO_LARGE', { maxBetMinor: Number(limits.maxBetMinor) });
    const cap = maxWinCashOut(slip.stakeMinor, limits.maxWinMinor);
    if (cap < 1.01 || (slip.autoCashOut !== undefined && slip.autoCashOut > cap))
      throw new AppError('ORIGINALS_WIN_TOO_LARGE', { maxWinMinor: Number(limits.maxWinMinor) });
    const at = slip.now();
    const round = roundOf(slip, locked);
    if (round?.status !== 'betting' || at >= round.betting_ends_at)
      throw new AppError('CRASH_BETTING_CLOSED');
    if (locked.seated.has(seatOf(round.id, slip.memberId))) throw new AppError('CRASH_ALREADY_BET');
    return { round, cap, at };
  },
  take:
    (slip, locked, { round }) =>
    () =>
      locked.seated.add(seatOf(round.id, slip.memberId)),
  metadata: (_, { round }) => ({ game: CRASH_GAME, roundId: String(round.id) }),
  bonus: { category: () => CRASH_CATEGORY, settleRef: (slip) => slipRef(slip.memberId, slip.idempotencyKey) },
  async write(trx, accepted, _, batch) {
    const written = await repo.insertBets(
      trx,
      batch.merchantId,
      accepted.map(({ slip, decided, stakeTransferId }) => ({
        round_id: decided.round.id,
        member_id: slip.memberId,
        player: slip.player,
        currency: slip.currency,
        idempotency_key: slip.idempotencyKey,
        stake_minor: slip.stakeMinor,
        auto_cash_out: slip.autoCashOut?.toFixed(2) ?? null,
        limit_cash_out: Math.min(slip.autoCashOut ?? decided.cap, decided.cap).toFixed(2),
        stake_transfer_id: stakeTransferId,
      })),
    );
    await recordBets(
      trx,
      written.map((bet, n) => ({
        ...recordOf(bet),
        stakeMinor: bet.stake_minor,
        at: accepted[n]!.decided.at,
      })),
    );
    return written;
  },
});

/**
 * A bet on a round in its betting phase, through the bet path (modules/bets): concurrent bets of one
 * merchant share one transaction per batch, a refused bet is answered alone. A retry with the same
 * key answers the same bet and moves nothing; the key with another body is
 * LEDGER_IDEMPOTENCY_CONFLICT; one bet per player and round.
 */
export async function placeCrashBet(
  db: Db,
  player: CrashPlayer,
  input: CrashBetInput,
  now: () => Date,
  roundId?: bigint,
): Promise<repo.BetRow> {
  const stakeMinor = BigInt(input.amountMinor);
  return crashBets.submit(db, {
    merchantId: player.merchantId,
    memberId: player.memberId,
    currency: player.currency,
    mainAccountId: await memberAccountId(db, player.memberId, player.merchantId, 'main', player.currency),
    idempotencyKey: input.idempotencyKey,
    requestHash: hashOf(stakeMinor, input.autoCashOut),
    stakeMinor,
    transfer: { idempotencyKey: `${slipRef(player.memberId, input.idempotencyKey)}:stake`, metadata: {} },
    player: maskAccount(player.account),
    autoCashOut: input.autoCashOut,
    roundId,
    now,
  });
}

/**
 * Cashes the player's bet out at the multiplier of the server's clock when its batch handles it,
 * floored to the hundredth (crash.settle.ts). Idempotent: cashing out a cashed bet answers it again;
 * concurrent requests serialise on the bet row and only the first pays.
 */
export async function cashOutCrashBet(
  db: Db,
  player: Pick<CrashPlayer, 'memberId' | 'merchantId'>,
  roundId: bigint,
  now: () => Date,
  timings: CrashTimings,
): Promise<repo.BetRow> {
  const bet = await repo.memberBet(db, roundId, player.memberId);
  if (!bet || bet.merchant_id !== player.merchantId) throw new AppError('CRASH_NO_BET');
  if (bet.status === 'cashed') return bet;
  return cashOut(db, {
    merchantId: player.merchantId,
    currency: bet.currency,
    mainAccountId: await memberAccountId(db, bet.member_id, bet.merchant_id, 'main', bet.currency),
    roundId,
    betId: bet.id,
    how: { kind: 'manual', now, growthPerMs: timings.growthPerMs },
  });
}
