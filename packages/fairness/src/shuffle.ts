/**
 * Turning floats into discrete picks, shared by every game so the rule is written once.
 *
 * Stake's published translation: an outcome among `n` equally likely ones is `floor(float × n)`.
 * For draws without repeats (Keno's hits, Mines' mines, a dealt deck) each float picks among the
 * outcomes still left, so the pool shrinks by one per pick — the "Fisher–Yates" step its
 * game-events page describes (https://stake.us/provably-fair/game-events).
 */

/** Index in [0, n) chosen by one float in [0, 1). */
export function pickIndex(float: number, n: number): number {
  return Math.floor(float * n);
}

/**
 * The first `floats.length` items drawn from `pool` without replacement: float i picks index
 * floor(float × remaining) of the items not yet drawn, kept in their original order.
 */
export function drawDistinct<T>(pool: readonly T[], floats: readonly number[]): T[] {
  if (floats.length > pool.length)
    throw new RangeError(`cannot draw ${floats.length} distinct items from ${pool.length}`);
  const remaining = [...pool];
  return floats.map((float) => remaining.splice(pickIndex(float, remaining.length), 1)[0]!);
}
