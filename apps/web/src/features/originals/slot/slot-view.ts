import {
  CARNAVAL_STRIPS,
  SLOT_LINE_COUNT,
  SLOT_ROWS,
  SLOT_SYMBOLS,
  type SlotCode,
  type SlotLineWin,
  type SlotSymbol,
} from '@sorte/fairness';

/** One spin as the server stores it (the grid is rebuilt from the public strips and the stops). */
export interface StoredSpin {
  kind: 'base' | 'free';
  stops: number[];
  lines: SlotLineWin[];
  scatters: number;
  freeSpinsAwarded: number;
  units: number;
}
export interface StoredRound {
  units: number;
  freeSpins: number;
  spins: StoredSpin[];
}

const stripsOf = (kind: 'base' | 'free') => (kind === 'base' ? CARNAVAL_STRIPS.base : CARNAVAL_STRIPS.free);
const symbolOf = (strip: string, index: number): SlotSymbol =>
  SLOT_SYMBOLS[strip[((index % strip.length) + strip.length) % strip.length] as SlotCode];

/** grid[reel][row] of a spin: strip[stop], strip[stop + 1], strip[stop + 2] on each reel. */
export function gridOf(kind: 'base' | 'free', stops: readonly number[]): SlotSymbol[][] {
  return stripsOf(kind).map((strip, reel) =>
    Array.from({ length: SLOT_ROWS }, (_, row) => symbolOf(strip, stops[reel]! + row)),
  );
}

/**
 * The column a reel scrolls through while it spins, top to bottom: the landing window first, then
 * the strip's following stops (the ones that pass by before it lands, as on a real strip moving
 * down), then the window shown before the spin, where the animation starts.
 */
export function reelTape(
  kind: 'base' | 'free',
  reel: number,
  stop: number,
  passing: number,
  previous: readonly SlotSymbol[],
): SlotSymbol[] {
  const strip = stripsOf(kind)[reel]!;
  return [...Array.from({ length: SLOT_ROWS + passing }, (_, i) => symbolOf(strip, stop + i)), ...previous];
}

/** A spin's win in minor units, exact: stake × units / 20 rounded down (as the server pays). */
export function unitsToMinor(stakeMinor: bigint, units: number): bigint {
  return (stakeMinor * BigInt(units)) / BigInt(SLOT_LINE_COUNT);
}

/** Cells (reel, row) that a line win covers: its first `count` reels on the line's rows. */
export function winCells(
  lines: readonly SlotLineWin[],
  paylines: readonly (readonly number[])[],
): Set<string> {
  const cells = new Set<string>();
  for (const win of lines)
    for (let reel = 0; reel < win.count; reel++) cells.add(`${reel}:${paylines[win.line]![reel]}`);
  return cells;
}

/** Stops that show a given window on every reel, for the idle screen before the first spin. */
export const IDLE_STOPS = [3, 8, 14, 20, 26];
