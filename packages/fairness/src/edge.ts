/**
 * The house edge every game takes, as a fraction of the stake (0.01 = 1%, RTP 99%). Each merchant
 * may configure its own; the games take it as a parameter so the same math serves all of them.
 */
export const DEFAULT_HOUSE_EDGE = 0.01;

/** Refuses an edge outside [0, 0.5): a negative edge pays more than fair, half the stake is absurd. */
export function checkHouseEdge(edge: number): number {
  if (!Number.isFinite(edge) || edge < 0 || edge >= 0.5)
    throw new RangeError(`house edge must be a fraction in [0, 0.5), got ${edge}`);
  return edge;
}
