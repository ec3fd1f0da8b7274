/**
 * Limbo, as Stake publishes it (https://stake.us/provably-fair/game-events): one float gives the
 * round's result  floor(100 × (1 − edge) / float) / 100, at least 1.00 (Stake writes it
 * 1e8 / (float × 1e8) × 0.99). The player wins `target ×` the stake when the result reaches the target.
 *
 * P(result ≥ t) = P(float ≤ (1 − edge)/t); floats are multiples of 2⁻³², so exactly
 * (⌊2³²(1 − edge)/t⌋ + 1) / 2³². The RTP is t times that: above 1 − edge by at most t / 2³²
 * (2.3·10⁻⁹ at 10×, 2.3·10⁻⁴ at the 1,000,000× maximum) — the granularity of Stake's own floats.
 */
import { multiplierUnits, unitsToNumber } from '@sorte/money';
import { HUNDREDTHS_SCALE, hundredths, rtpUnits, UNITS_PER_HUNDREDTH } from './cents.ts';
import { checkHouseEdge, DEFAULT_HOUSE_EDGE } from './edge.ts';

export const LIMBO_FLOATS = 1;
export const LIMBO_MIN_TARGET = 1.01;
export const LIMBO_MAX_TARGET = 1_000_000;
/** Floats are multiples of 2⁻³² (four bytes). */
const FLOAT_STEPS = 2 ** 32;
const FLOAT_STEPS_N = 2n ** 32n;

export interface LimboBet {
  /** 1.01…1,000,000, two decimals. */
  target: number;
  houseEdge?: number;
}

export interface LimboOutcome {
  result: number;
  win: boolean;
  payout: number;
  /** The target on the 8-place grid on a win (a target is on hundredths, so exactly), 0 on a loss. */
  multiplierUnits: bigint;
}

function checkBet(bet: LimboBet): number {
  hundredths(bet.target, 'limbo target', LIMBO_MIN_TARGET, LIMBO_MAX_TARGET);
  return checkHouseEdge(bet.houseEdge ?? DEFAULT_HOUSE_EDGE);
}

/**
 * The result in hundredths, computed exactly: the float is k / 2³², so (1 − edge) / float floored to
 * the hundredth is ⌊(1 − edge) · 2³² · 100 / k⌋ in integers (no float product can drop a 1.15 to
 * 1.14). Null for a float of 0 (an unbounded result).
 */
function resultHundredths(float: number, edge: number): bigint | null {
  const k = BigInt(Math.round(float * FLOAT_STEPS));
  if (k === 0n) return null;
  const result = (rtpUnits(edge) * FLOAT_STEPS_N) / (k * UNITS_PER_HUNDREDTH);
  return result < 100n ? 100n : result;
}

/** The round's result from one float; a float of 0 gives Infinity (any target wins). */
export function limboResult(float: number, houseEdge = DEFAULT_HOUSE_EDGE): number {
  const result = resultHundredths(float, checkHouseEdge(houseEdge));
  return result === null ? Number.POSITIVE_INFINITY : unitsToNumber(result, HUNDREDTHS_SCALE);
}

export function playLimbo(floats: readonly number[], bet: LimboBet): LimboOutcome {
  const edge = checkBet(bet);
  const result = resultHundredths(floats[0]!, edge);
  const target = multiplierUnits(bet.target, HUNDREDTHS_SCALE);
  const win = result === null || result >= target;
  return {
    result: result === null ? Number.POSITIVE_INFINITY : unitsToNumber(result, HUNDREDTHS_SCALE),
    win,
    payout: win ? bet.target : 0,
    multiplierUnits: win ? target * UNITS_PER_HUNDREDTH : 0n,
  };
}

/** Exact win probability of a target over all 2³² floats: k ≤ (1 − edge) · 2³² / target. */
export function limboWinChance(bet: LimboBet): number {
  const edge = checkBet(bet);
  const target = multiplierUnits(bet.target, HUNDREDTHS_SCALE) * UNITS_PER_HUNDREDTH;
  return Number((rtpUnits(edge) * FLOAT_STEPS_N) / target + 1n) / FLOAT_STEPS;
}

/** Theoretical RTP of a target (closed form above). */
export function limboRtp(bet: LimboBet): number {
  return bet.target * limboWinChance(bet);
}
