import { MINES_TILES, minesMultiplier, minesMultiplierUnits } from '@sorte/fairness';
import { maxStakeForProfit } from '@sorte/money';

/** Mine counts the picker offers, with the common ones as quick buttons. */
export const MINE_COUNTS = Array.from({ length: 24 }, (_, i) => i + 1);
export const QUICK_MINES = [1, 3, 5, 10, 24] as const;

/**
 * The highest multiplier a round with this many mines can reach (every safe tile found). The server
 * refuses a start whose win at that point would pass the merchant's max win; the screen shows it.
 */
export function topMultiplier(mines: number, houseEdge: number): number {
  return minesMultiplier(mines, MINES_TILES - mines, houseEdge);
}

/** The largest stake the server lets start with this many mines under the merchant's max win (null: any). */
export function maxStakeFor(mines: number, houseEdge: number, maxWinMinor: bigint): bigint | null {
  return maxStakeForProfit(maxWinMinor, minesMultiplierUnits(mines, MINES_TILES - mines, houseEdge));
}

/** The chance the next tile is safe with `safePicks` safe tiles already found. */
export function nextSafeChance(mines: number, safePicks: number): number {
  const left = MINES_TILES - safePicks;
  return (left - mines) / left;
}
