import { createHmac } from 'node:crypto';
import type { OriginalRound } from '@sorte/contracts';
import {
  type DiceBet,
  diceOdds,
  floats,
  type HmacSha256,
  KENO_FLOATS,
  type KenoBet,
  kenoPaytableUnits,
  LIMBO_FLOATS,
  type LimboBet,
  type PlinkoRisk,
  playDice,
  playKeno,
  playLimbo,
  playWheel,
  plinkoOutcome,
  plinkoTableUnits,
  WHEEL_FLOATS,
  type WheelBet,
  wheelTableUnits,
} from '@sorte/fairness';
import { multiplierUnits, payoutMinor } from '@sorte/money';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { placeSingleRound } from '../bets/index.ts';
import { memberAccountId } from '../ledger/index.ts';
import { INHOUSE_CATEGORY } from '../records/index.ts';
import * as repo from './originals.bets.repository.ts';
import { activePair, type SeedOwner } from './originals.service.ts';

/** node:crypto's HMAC for the fairness package (the browser's verifier uses Web Crypto). */
export const hmac: HmacSha256 = (key, message) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());

/**
 * An in-house game as the bet path sees it: how many floats a round takes, and the round's outcome
 * and payout multiplier for the player's choices (packages/fairness does the math). Multipliers are
 * integer units of the 8-place grid (@sorte/money multiplier.ts), never floats: the payout is
 * payoutMinor(stake, units), exact and rounded down once.
 */
export interface Game<P> {
  floats: number;
  /** Throws RangeError for choices the game does not offer. */
  play(
    floats: number[],
    params: P,
    houseEdge: number,
  ): { multiplierUnits: bigint; outcome: Record<string, unknown> };
  /** The highest multiplier these choices can pay, to hold the merchant's max win before the round. */
  maxMultiplier(params: P, houseEdge: number): bigint;
  /** The lobby category its records are filed under; in-house games by default, slots under RNG. */
  category?: string;
}

/** The largest of a table's multipliers. */
export function maxUnits(table: readonly bigint[]): bigint {
  return table.reduce((top, units) => (units > top ? units : top), 0n);
}

/** How in-house rounds appear in the betting records (source and vendor code). */
export const ORIGINALS_SOURCE = 'originals';
export const ORIGINALS_VENDOR = 'SORTE';

export const DICE: Game<Omit<DiceBet, 'houseEdge'>> = {
  floats: 1,
  play(draw, params, houseEdge) {
    const { roll, win, multiplierUnits } = playDice(draw, { ...params, houseEdge });
    return { multiplierUnits, outcome: { roll, win, target: params.target, direction: params.direction } };
  },
  // A dice win always pays the bet's one multiplier.
  maxMultiplier: (params, houseEdge) => diceOdds({ ...params, houseEdge }).multiplierUnits,
};

export const LIMBO: Game<Omit<LimboBet, 'houseEdge'>> = {
  floats: LIMBO_FLOATS,
  play(draw, params, houseEdge) {
    const { result, win, multiplierUnits } = playLimbo(draw, { ...params, houseEdge });
    return { multiplierUnits, outcome: { result, win, target: params.target } };
  },
  maxMultiplier: (params) => multiplierUnits(params.target),
};

export const WHEEL: Game<Omit<WheelBet, 'houseEdge'>> = {
  floats: WHEEL_FLOATS,
  play(draw, params, houseEdge) {
    const { segment, multiplierUnits } = playWheel(draw, { ...params, houseEdge });
    return { multiplierUnits, outcome: { segment, ...params } };
  },
  maxMultiplier: (params, houseEdge) => maxUnits(wheelTableUnits({ ...params, houseEdge })),
};

export const PLINKO: Game<{ rows: number; risk: PlinkoRisk }> = {
  floats: 16,
  play(draw, params, houseEdge) {
    const { path, bucket, multiplierUnits } = plinkoOutcome(draw, params.rows, params.risk, houseEdge);
    return { multiplierUnits, outcome: { path, bucket, ...params } };
  },
  maxMultiplier: (params, houseEdge) => maxUnits(plinkoTableUnits(params.rows, params.risk, houseEdge)),
};

export const KENO: Game<Omit<KenoBet, 'houseEdge'>> = {
  floats: KENO_FLOATS,
  play(draw, params, houseEdge) {
    const { drawn, hits, multiplierUnits } = playKeno(draw, { ...params, houseEdge });
    return { multiplierUnits, outcome: { drawn, hits, picks: params.picks, risk: params.risk } };
  },
  maxMultiplier: (params, houseEdge) =>
    maxUnits(kenoPaytableUnits(params.picks.length, params.risk, houseEdge)),
};

export interface BetInput<P> {
  amountMinor: number;
  idempotencyKey: string;
  params: P;
}

type Limits = Pick<Awaited<ReturnType<typeof repo.settings>>, 'max_bet_minor' | 'max_win_minor'>;

/** Refuses a round that could pay this multiplier when its profit would pass the merchant's max win. */
export function refuseOverMaxWin(limits: Limits, stakeMinor: bigint, multiplierUnits: bigint): void {
  if (payoutMinor(stakeMinor, multiplierUnits) - stakeMinor > limits.max_win_minor)
    throw new AppError('ORIGINALS_WIN_TOO_LARGE', { maxWinMinor: Number(limits.max_win_minor) });
}

/**
 * The merchant's limits, checked before anything is written: the stake against the max bet, then
 * the best multiplier the choices can reach (null: none known yet) against the max win. Choices the
 * game refuses are the player's 400.
 */
export function refuseOverLimits(
  limits: Limits,
  stakeMinor: bigint,
  topMultiplier: () => bigint | null,
): void {
  if (stakeMinor > limits.max_bet_minor)
    throw new AppError('ORIGINALS_BET_TOO_LARGE', { maxBetMinor: Number(limits.max_bet_minor) });
  const top = guard(topMultiplier);
  if (top !== null) refuseOverMaxWin(limits, stakeMinor, top);
}

/** Members known to hold an active seed pair: a pair once made is only ever replaced, never removed. */
const seeded = new Set<string>();
const MAX_SEEDED = 100_000;

/**
 * Makes the member's active seed pair on first use, asking the database once per member and process:
 * the bet path's batches lock the pair, so it must exist before a bet or a start is submitted.
 */
export async function ensureSeeded(db: Db, owner: SeedOwner): Promise<void> {
  if (seeded.has(owner.memberId)) return;
  await activePair(db, owner);
  if (seeded.size >= MAX_SEEDED) seeded.clear();
  seeded.add(owner.memberId);
}

/**
 * One round through the bet path (modules/bets): the bet joins a group-committed batch of the
 * merchant's bets, where the member's active seed pair is locked and its next nonce claimed (rounds
 * of one member are ordered and no nonce is used twice), the limits checked, the outcome computed
 * from the seeds, the stake taken and the win paid through the ledger, and the round and its betting
 * record stored. A retry with the same idempotency key answers the stored round and moves nothing.
 * Bad choices, limits or funds write nothing and claim no nonce.
 */
export async function placeBet<P>(
  db: Db,
  owner: SeedOwner & { currency: string },
  gameName: string,
  game: Game<P>,
  input: BetInput<P>,
): Promise<OriginalRound> {
  await ensureSeeded(db, owner);
  const stake = BigInt(input.amountMinor);
  // Account ids never change: resolved on the shared handle, where the ledger caches them.
  const main = await memberAccountId(db, owner.memberId, owner.merchantId, 'main', owner.currency);
  const round = await placeSingleRound(db, {
    merchantId: owner.merchantId,
    memberId: owner.memberId,
    currency: owner.currency,
    mainAccountId: main,
    game: gameName,
    idempotencyKey: input.idempotencyKey,
    stakeMinor: stake,
    params: input.params as Record<string, unknown>,
    record: {
      source: ORIGINALS_SOURCE,
      vendor: ORIGINALS_VENDOR,
      category: game.category ?? INHOUSE_CATEGORY,
    },
    limits: async (trx) => {
      const row = await repo.settings(trx, owner.merchantId);
      return {
        houseEdgeBps: row.house_edge_bps,
        maxBetMinor: row.max_bet_minor,
        maxWinMinor: row.max_win_minor,
      };
    },
    check: (limits) =>
      refuseOverLimits({ max_bet_minor: limits.maxBetMinor, max_win_minor: limits.maxWinMinor }, stake, () =>
        game.maxMultiplier(input.params, limits.houseEdgeBps / 10_000),
      ),
    play: (seeds, houseEdge) =>
      guard(() => game.play(floats(hmac, seeds, game.floats), input.params, houseEdge)),
  });
  return roundView(round);
}

/** The game's RangeError (choices or moves it does not allow) as the player's 400. */
export function guard<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof RangeError) throw new AppError('ORIGINALS_BET_INVALID', { reason: error.message });
    throw error;
  }
}

export function roundView(
  row: Omit<repo.RoundRow, 'merchant_id' | 'seed_id' | 'stake_transfer_id' | 'payout_transfer_id'>,
): OriginalRound {
  return {
    id: String(row.id),
    game: row.game,
    stakeMinor: Number(row.stake_minor),
    payoutMinor: Number(row.payout_minor),
    multiplier: Number(row.multiplier),
    currency: row.currency,
    outcome: row.outcome,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: Number(row.nonce),
    balanceBeforeMinor: Number(row.balance_before_minor),
    balanceAfterMinor: Number(row.balance_after_minor),
    createdAt: row.created_at.toISOString(),
  };
}
