/** Small exact helpers for expanding selections; the sizes here stay far below 2^53. */

/** Every k-subset of `items`, each in the items' order. */
export function combinations<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  const out: T[][] = [];
  for (let i = 0; i + k <= items.length; i++)
    for (const rest of combinations(items.slice(i + 1), k - 1)) out.push([items[i]!, ...rest]);
  return out;
}

/** Every way to take one item from each row (the straight bets' multi-pick expansion). */
export function cartesian<T>(rows: readonly (readonly T[])[]): T[][] {
  return rows.reduce<T[][]>(
    (acc, row) => acc.flatMap((prefix) => row.map((item) => [...prefix, item])),
    [[]],
  );
}

/** C(n, k). */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}
