import { describe, expect, it } from 'vitest';
import { binomial } from './combinatorics.ts';

describe('binomial', () => {
  it('counts exactly, including the largest values the games use', () => {
    expect(binomial(5, 2)).toBe(10);
    expect(binomial(16, 8)).toBe(12870);
    expect(binomial(25, 12)).toBe(5200300);
    expect(binomial(40, 10)).toBe(847660528);
    expect(binomial(40, 20)).toBe(137846528820);
    expect([binomial(7, 0), binomial(7, 7), binomial(7, 8), binomial(7, -1)]).toEqual([1, 1, 0, 0]);
  });
  it('refuses non-integers', () => {
    expect(() => binomial(2.5, 1)).toThrow(RangeError);
  });
});
