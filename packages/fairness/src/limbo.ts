/**
 * Limbo, as Stake publishes it (https://stake.us/provably-fair/game-events): one float gives the
 * round's result  floor(100 × (1 − edge) / float) / 100, at least 1.00 (Stake writes it
 * 1e8 / (float × 1e8) × 0.99). The player wins `target ×` the stake when the result reaches the target.
 *
 * P(result ≥ t) = P(float ≤ (1 − edge)/t); floats are multiples of 2⁻³², so exactly
 * (⌊2³²(1 − edge)/t⌋ + 1) / 2³². The RTP is t times that: above 1 − edge by at most t / 2³²
 * (2.3·10⁻⁹ at 10×, 2.3·10⁻⁴ at the 1,000,000× maximum) — the granularity of Stake's own floats.
 */
import { floorToCents, hundredths } from './cents.ts';
import { checkHouseEdge, DEFAULT_HOUSE_EDGE } from './edge.ts';

export const LIMBO_FLOATS = 1;
export const LIMBO_MIN_TARGET = 1.01;
export const LIMBO_MAX_TARGET = 1_000_000;
/** Floats are multiples of 2⁻³² (four bytes). */
const FLOAT_STEPS = 2 ** 32;

export interface LimboBet {
  /** 1.01…1,000,000, two decimals. */
  target: number;
  houseEdge?: number;
}

export interface LimboOutcome {
  result: number;
  win: boolean;
  payout: number;
}

function checkBet(bet: LimboBet): number {
  hundredths(bet.target, 'limbo target', LIMBO_MIN_TARGET, LIMBO_MAX_TARGET);
  return checkHouseEdge(bet.houseEdge ?? DEFAULT_HOUSE_EDGE);
}

/** The round's result from one float; a float of 0 gives Infinity (any target wins). */
export function limboResult(float: number, houseEdge = DEFAULT_HOUSE_EDGE): number {
  return Math.max(1, floorToCents((1 - checkHouseEdge(houseEdge)) / float));
}

export function playLimbo(floats: readonly number[], bet: LimboBet): LimboOutcome {
  const edge = checkBet(bet);
  const result = limboResult(floats[0]!, edge);
  const win = result >= bet.target;
  return { result, win, payout: win ? bet.target : 0 };
}

/** Exact win probability of a target over all 2³² floats. */
export function limboWinChance(bet: LimboBet): number {
  const edge = checkBet(bet);
  return (Math.floor((FLOAT_STEPS * (1 - edge)) / bet.target) + 1) / FLOAT_STEPS;
}

/** Theoretical RTP of a target (closed form above). */
export function limboRtp(bet: LimboBet): number {
  return bet.target * limboWinChance(bet);
}
