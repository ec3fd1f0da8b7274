/**
 * Exact non-negative fractions of bigint (num / den, den > 0, kept reduced): the settlement factors
 * of sportsbook bets (bet-settlement.ts) multiply and add without ever leaving the integers.
 */
export interface Fraction {
  num: bigint;
  den: bigint;
}

export function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x;
}

/** num / den reduced; refuses a negative fraction or a zero denominator. */
export function fraction(num: bigint | number, den: bigint | number = 1n): Fraction {
  const n = BigInt(num);
  const d = BigInt(den);
  if (d <= 0n || n < 0n) throw new RangeError(`fraction ${n}/${d}`);
  const divisor = gcd(n, d) || 1n;
  return { num: n / divisor, den: d / divisor };
}

export const FRACTION_ZERO: Fraction = { num: 0n, den: 1n };
export const FRACTION_ONE: Fraction = { num: 1n, den: 1n };

export function multiplyFractions(...factors: Fraction[]): Fraction {
  return factors.reduce((a, b) => fraction(a.num * b.num, a.den * b.den), FRACTION_ONE);
}

export function addFractions(...terms: Fraction[]): Fraction {
  return terms.reduce((a, b) => fraction(a.num * b.den + b.num * a.den, a.den * b.den), FRACTION_ZERO);
}

export function compareFractions(a: Fraction, b: Fraction): -1 | 0 | 1 {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** amount × f, exact, rounded DOWN to the integer once (amount ≥ 0). */
export function floorTimes(amount: bigint, f: Fraction): bigint {
  if (amount < 0n) throw new RangeError(`negative amount ${amount}`);
  return (amount * f.num) / f.den;
}
