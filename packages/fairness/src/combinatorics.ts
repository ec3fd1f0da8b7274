/**
 * C(n, k), shared by the games whose exact RTP counts outcomes (plinko's binomial rows, mines' boards,
 * keno's hypergeometric hits). Computed as a running product so every intermediate stays an exact
 * integer for the sizes used here (n ≤ 40), far below 2^53.
 */
export function binomial(n: number, k: number): number {
  if (!Number.isInteger(n) || !Number.isInteger(k) || n < 0)
    throw new RangeError(`C(${n}, ${k}) is not defined here`);
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}
