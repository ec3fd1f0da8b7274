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
import { multiplierUnits, payoutMinor, unitsToDecimal } from '@sorte/money';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { houseAccountFor, memberAccountId, transfer, withLedgerTransaction } from '../ledger/index.ts';
import { recordBet } from '../records/index.ts';
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

/**
 * One round, all in ONE transaction: the member's active seed pair is locked and its nonce claimed
 * (so rounds of one member are ordered and no nonce is used twice), the outcome computed from the
 * seeds, the stake taken and the win paid through the ledger, and the round stored for recall. A
 * retry with the same idempotency key answers the stored round and moves nothing. Bad choices or
 * limits write nothing.
 */
export async function placeBet<P>(
  db: Db,
  owner: SeedOwner & { currency: string },
  gameName: string,
  game: Game<P>,
  input: BetInput<P>,
): Promise<OriginalRound> {
  const earlier = await repo.findRound(db, owner.memberId, input.idempotencyKey);
  if (earlier) return sameBetOrConflict(earlier, gameName, input);
  const settings = await repo.settings(db, owner.merchantId);
  const houseEdge = settings.house_edge_bps / 10_000;
  const stake = BigInt(input.amountMinor);
  refuseOverLimits(settings, stake, () => game.maxMultiplier(input.params, houseEdge));
  await activePair(db, owner);
  // Account ids never change: resolved on the shared handle (where the ledger caches them), not
  // inside the transaction, so a round spends its statements on the round.
  const main = await memberAccountId(db, owner.memberId, owner.merchantId, 'main', owner.currency);
  const house = await houseAccountFor(db, owner.merchantId, owner.currency, owner.memberId);

  const id = await withLedgerTransaction(db, async (trx) => {
    const seed = await repo.lockActiveSeed(trx, owner.memberId);
    if (!seed) throw new Error('originals: no active seed pair');
    const twin = await repo.findRound(trx, owner.memberId, input.idempotencyKey);
    if (twin) return twin.id;
    const nonce = seed.nonce;
    const draw = floats(
      hmac,
      { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: Number(nonce) },
      game.floats,
    );
    const { multiplierUnits: multiplier, outcome } = guard(() => game.play(draw, input.params, houseEdge));
    const payout = payoutMinor(stake, multiplier);
    const before = await repo.spendable(trx, main);
    const key = `original:${owner.memberId}:${input.idempotencyKey}`;
    const base = {
      merchantId: owner.merchantId,
      currency: owner.currency,
      metadata: { game: gameName, nonce: Number(nonce) },
    };
    const staked = await transfer(trx, {
      ...base,
      idempotencyKey: `${key}:stake`,
      code: 'bet',
      debitAccountId: main,
      creditAccountId: house,
      amountMinor: stake,
    });
    const paid =
      payout > 0n
        ? await transfer(trx, {
            ...base,
            idempotencyKey: `${key}:win`,
            code: 'win',
            debitAccountId: house,
            creditAccountId: main,
            amountMinor: payout,
          })
        : null;
    await repo.advanceNonce(trx, seed.id);
    const roundId = await repo.insertRound(trx, {
      merchant_id: owner.merchantId,
      member_id: owner.memberId,
      game: gameName,
      idempotency_key: input.idempotencyKey,
      seed_id: seed.id,
      nonce,
      params: JSON.stringify(input.params),
      outcome: JSON.stringify(outcome),
      stake_minor: stake,
      payout_minor: payout,
      multiplier: unitsToDecimal(multiplier),
      currency: owner.currency,
      balance_before_minor: before,
      balance_after_minor: before - stake + payout,
      stake_transfer_id: staked.id,
      payout_transfer_id: paid?.id ?? null,
    });
    await recordBet(trx, {
      merchantId: owner.merchantId,
      memberId: owner.memberId,
      source: ORIGINALS_SOURCE,
      sourceRef: String(roundId),
      category: game.category ?? 'INHOUSE',
      vendor: ORIGINALS_VENDOR,
      gameCode: gameName,
      currency: owner.currency,
      stakeMinor: stake,
      payoutMinor: payout,
      status: 'settled',
      at: new Date(),
    });
    return roundId;
  });
  return roundView((await repo.findRoundById(db, owner.memberId, id))!);
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

function sameBetOrConflict<P>(row: repo.RoundRow, gameName: string, input: BetInput<P>): OriginalRound {
  const same =
    row.game === gameName &&
    row.stake_minor === BigInt(input.amountMinor) &&
    JSON.stringify(row.params) === JSON.stringify(input.params);
  if (!same) throw new AppError('LEDGER_IDEMPOTENCY_CONFLICT');
  return roundView(row);
}

export function roundView(row: repo.RoundRow): OriginalRound {
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
