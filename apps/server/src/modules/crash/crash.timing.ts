/** How a crash round is paced; tests shorten it, production keeps the defaults. */
export interface CrashTimings {
  /** Betting phase before a round starts. */
  bettingMs: number;
  /** Pause between a bust and the next round's betting phase. */
  pauseMs: number;
  /** k of m(t) = e^(k·t), t in ms since the start: 0.00006 doubles in ~11.6 s, 10× in ~38 s. */
  growthPerMs: number;
  /** Rounds per hash chain; a new chain (and terminating hash) is published when one runs out. */
  chainLength: number;
  /** How often the leader looks at its rounds (auto cash-outs land within one tick of their time). */
  tickMs: number;
  /** How long a leader's lease lasts without renewal before another instance takes the loop over. */
  leaseMs: number;
}

export const DEFAULT_TIMINGS: CrashTimings = {
  bettingMs: 5_000,
  pauseMs: 3_000,
  growthPerMs: 0.00006,
  chainLength: 10_000,
  tickMs: 100,
  leaseMs: 5_000,
};

/** The multiplier `ms` after the start (unrounded). */
export function multiplierAfter(ms: number, growthPerMs: number): number {
  return Math.exp(growthPerMs * Math.max(0, ms));
}

/** Milliseconds after the start at which the multiplier reaches `multiplier`. */
export function msToReach(multiplier: number, growthPerMs: number): number {
  return Math.log(multiplier) / growthPerMs;
}
