import { MAX_ODDS, MIN_ODDS, ODDS_SCALE, type OddsMarket, type OddsOutcome } from './contract.ts';

/**
 * Fair probabilities → prices with the merchant's margin → the integer odds grid.
 *
 * The simulator plays an outside provider, so it computes in floating point; what leaves it is on
 * the integer grid, and `toOddsGrid` is the one place that rounds (down: a price is never more
 * generous than the model's, so the book's overround is the margin plus at most one grid step per
 * outcome).
 */

/** One market before pricing: each outcome's fair probability (summing to 1 over a partition). */
export interface FairMarket {
  key: string;
  specifiers: string;
  outcomes: Array<{ id: string; probability: number }>;
  /** Set when the market is already decided or cannot be priced (then it is offered as deactivated). */
  decided?: boolean;
}

/** A fair market from its outcomes' probabilities by id. */
export function fairMarket(key: string, spec: string, outcomes: Record<string, number>): FairMarket {
  return {
    key,
    specifiers: spec,
    outcomes: Object.entries(outcomes).map(([id, probability]) => ({ id, probability })),
  };
}

/** Below this fair probability an outcome is not offered (its odds would be off the grid). */
const UNOFFERED = 1e-6;

/** The single rounding point: an offered probability → decimal odds × ODDS_SCALE, floored, clamped. */
export function toOddsGrid(offeredProbability: number): number {
  const odds = Math.floor(ODDS_SCALE / offeredProbability);
  return Math.min(MAX_ODDS, Math.max(MIN_ODDS, odds));
}

/**
 * The margin by the power method: offered probabilities q_i = p_i^k with k chosen so that Σ q_i =
 * (1 + margin) · Σ p_i (Σ p_i is 1 for a partition, 2 for double chance). Unlike adding the margin in proportion, no q_i can reach 1 (odds stay above 1) and long
 * shots carry more of the margin than favourites, as bookmakers price them.
 */
export function withMargin(probabilities: number[], margin: number): number[] {
  const offered = probabilities.filter((p) => p > UNOFFERED);
  if (offered.length < 2 || margin <= 0) return probabilities.map((p) => p);
  const logs = offered.map(Math.log);
  const sum = (k: number) => logs.reduce((s, log) => s + Math.exp(k * log), 0);
  let low = 0;
  let high = 1;
  const target = offered.reduce((s, p) => s + p, 0) * (1 + margin);
  // Unreachable margins (two outcomes and 100 % or more) offer every outcome at the lowest odds.
  if (sum(low) <= target) return probabilities.map((p) => (p > UNOFFERED ? 1 : 0));
  for (let i = 0; i < 45; i++) {
    const mid = (low + high) / 2;
    if (sum(mid) > target) low = mid;
    else high = mid;
  }
  const k = (low + high) / 2;
  return probabilities.map((p) => (p > UNOFFERED ? p ** k : 0));
}

/** A fair market priced for the feed: margin applied, rounded once onto the grid. */
export function priceMarket(market: FairMarket, margin: number, suspended = false): OddsMarket {
  const fair = market.outcomes.map((o) => o.probability);
  const offered = withMargin(fair, margin);
  const outcomes: OddsOutcome[] = market.outcomes.map((o, i) => {
    const q = offered[i] ?? 0;
    const open = !market.decided && fair[i]! > UNOFFERED && fair[i]! < 1 - UNOFFERED;
    return { id: o.id, odds: open ? toOddsGrid(q) : null, active: open };
  });
  const status =
    market.decided || !outcomes.some((o) => o.active) ? 'deactivated' : suspended ? 'suspended' : 'active';
  return { key: market.key, specifiers: market.specifiers, status, outcomes };
}

/** The book's overround of a priced market: Σ 1/odds − 1 over the offered outcomes. */
export function overround(market: OddsMarket): number {
  return market.outcomes.reduce((s, o) => s + (o.active && o.odds ? ODDS_SCALE / o.odds : 0), 0) - 1;
}

/** Poisson probabilities P(0..max), the tail folded into the last cell so they sum to 1. */
export function poisson(mean: number, max: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-mean);
  let sum = 0;
  for (let k = 0; k < max; k++) {
    out.push(p);
    sum += p;
    p = (p * mean) / (k + 1);
  }
  out.push(Math.max(0, 1 - sum));
  return out;
}

/** The standard normal distribution function (Abramowitz–Stegun 7.1.26, error < 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}
