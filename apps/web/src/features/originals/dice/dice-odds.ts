import { DEFAULT_HOUSE_EDGE, type DiceDirection, diceOdds } from '@sorte/fairness';

/**
 * The dice panel's three linked numbers. The target is the truth (what the server takes); the
 * multiplier and the win chance a player types are turned back into the nearest target on the
 * 0.01 grid, so all three always agree with packages/fairness.
 */

/** Rolls 0.00…100.00 are 10,001 outcomes. */
const OUTCOMES = 10_001;
/** Bounds that keep the win chance within 1/10001 … 98%. */
const MIN_WINNING = 1;
const MAX_WINNING = 9801;

export function targetFromWinning(winning: number, direction: DiceDirection): number {
  const w = Math.min(MAX_WINNING, Math.max(MIN_WINNING, Math.round(winning)));
  return direction === 'under' ? w / 100 : (OUTCOMES - 1 - w) / 100;
}

/** The target whose win chance is nearest `percent` (0–100). */
export function targetFromChance(percent: number, direction: DiceDirection): number {
  return targetFromWinning((percent / 100) * OUTCOMES, direction);
}

/** The target whose multiplier is nearest `multiplier`. */
export function targetFromMultiplier(
  multiplier: number,
  direction: DiceDirection,
  edge = DEFAULT_HOUSE_EDGE,
): number {
  return targetFromChance(((1 - edge) / multiplier) * 100, direction);
}

/** Same win chance the other way round: under 49.50 ⇄ over 50.50. */
export function flipTarget(target: number, direction: DiceDirection): number {
  const winning = direction === 'under' ? Math.round(target * 100) : OUTCOMES - 1 - Math.round(target * 100);
  return targetFromWinning(winning, direction === 'under' ? 'over' : 'under');
}

/** Clamps a slider/typed target to the grid and the allowed chances. */
export function clampTarget(target: number, direction: DiceDirection): number {
  const hundredths = Math.round(target * 100);
  const winning = direction === 'under' ? hundredths : OUTCOMES - 1 - hundredths;
  return targetFromWinning(winning, direction);
}

export function oddsOf(target: number, direction: DiceDirection, edge = DEFAULT_HOUSE_EDGE) {
  return diceOdds({ target, direction, houseEdge: edge });
}
