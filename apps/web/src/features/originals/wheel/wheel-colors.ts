/** Segment colours by multiplier: losing segments dark, then cool → hot as the multiplier grows. */
const PALETTE = ['#d7e0ff', '#22e07a', '#ffd23f', '#8b5cf6', '#ff8a3d', '#ff3d71', '#00c2ff'];
export const LOSS_COLOUR = '#2a3654';

/** One colour per distinct winning multiplier, in ascending order of the multiplier. */
export function colourMap(table: readonly number[]): Map<number, string> {
  const values = [...new Set(table.map(key))].filter((v) => v > 0).sort((a, b) => a - b);
  const map = new Map<number, string>([[0, LOSS_COLOUR]]);
  for (const [i, v] of values.entries()) map.set(v, PALETTE[Math.min(i, PALETTE.length - 1)]!);
  return map;
}

/** Multipliers compared at two decimals (the tables are scaled by the house edge). */
export function key(multiplier: number): number {
  return Math.round(multiplier * 100) / 100;
}
