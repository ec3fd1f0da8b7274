/**
 * Interval math for seeded simulations: the mean return of many rounds with a normal-approximation
 * confidence interval. Shared by every game's test and by the RTP report (rtp-report.ts), so the two
 * judge a simulation the same way.
 */

/** z for a two-sided 99% interval. */
export const Z99 = 2.5758293035489;

export interface SimulationEstimate {
  rounds: number;
  mean: number;
  /** Standard error of the mean (sample standard deviation / √rounds). */
  standardError: number;
  /** Half-width of the 99% interval: Z99 × standardError. */
  halfWidth: number;
}

/** Mean return of `rounds` simulated rounds with its 99% half-width (normal approximation). */
export function simulate(rounds: number, play: (round: number) => number): SimulationEstimate {
  let sum = 0;
  let sumSquares = 0;
  for (let round = 0; round < rounds; round++) {
    const payout = play(round);
    sum += payout;
    sumSquares += payout * payout;
  }
  const mean = sum / rounds;
  // Clamped at 0: with every payout equal, rounding could make the difference slightly negative.
  const variance = Math.max(0, (sumSquares - rounds * mean * mean) / (rounds - 1));
  const standardError = Math.sqrt(variance) / Math.sqrt(rounds);
  return { rounds, mean, standardError, halfWidth: Z99 * standardError };
}

/**
 * The z of a two-sided interval with total miss probability `alpha` (normal quantile at 1 − alpha/2),
 * by Acklam's rational approximation (relative error below 1.2·10⁻⁹). Used to widen the report's
 * interval for many settings at once (Bonferroni: alpha / number of settings).
 */
export function twoSidedZ(alpha: number): number {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`);
  const q = alpha / 2; // upper tail; by symmetry z = −quantile(q)
  const c = [
    -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  if (q < 0.02425) {
    const t = Math.sqrt(-2 * Math.log(q));
    return -(
      (((((c[0]! * t + c[1]!) * t + c[2]!) * t + c[3]!) * t + c[4]!) * t + c[5]!) /
      ((((d[0]! * t + d[1]!) * t + d[2]!) * t + d[3]!) * t + 1)
    );
  }
  const a = [
    -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1,
    2.506628277459239,
  ];
  const b = [
    -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1,
    -1.328068155288572e1,
  ];
  const u = q - 0.5;
  const r = u * u;
  return -(
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * u) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}
