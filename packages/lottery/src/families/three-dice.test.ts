import { describe, expect, it } from 'vitest';
import { expectExactChances, rejection, settle, tuples, unitCount } from '../test-support.ts';
import { DICE_SUM_COUNTS } from './three-dice.ts';

// Worked examples at unit stake 200, multiple 1, series 1950: a win pays floor(200 × 216 × 0.975 / wins).
describe('3-dice worked examples', () => {
  it('sum 10 (27 of 216) → floor(1560) = 1560; sum 4 (3 of 216) → 14040', () => {
    expect(DICE_SUM_COUNTS[10]).toBe(27);
    const got = settle('K3_SUM', [[4, 10, 11]], [2, 3, 5]);
    expect(got.stake).toBe(600n);
    expect(got.keys).toEqual(['10']);
    expect(got.payout).toBe(1560n);
    expect(settle('K3_SUM', [[4]], [1, 1, 2]).payout).toBe(14_040n);
  });
  it('big/small/odd/even: 2-3-5 is small and even, each 105/216 → floor(401.14) = 401', () => {
    const got = settle('K3_BSOE', [['BIG', 'SMALL', 'ODD', 'EVEN']], [2, 3, 5]);
    expect(got.keys).toEqual(['SMALL', 'EVEN']);
    expect(got.payout).toBe(802n);
  });
  it('a triple loses big/small/odd/even: 4-4-4 (sum 12) wins none', () => {
    expect(settle('K3_BSOE', [['BIG', 'SMALL', 'ODD', 'EVEN']], [4, 4, 4]).keys).toEqual([]);
  });
  it('any triple 6/216 → 7020; specific triple 1/216 → 42120', () => {
    expect(settle('K3_ANY_TRIPLE', [['ANY_TRIPLE']], [4, 4, 4]).payout).toBe(7020n);
    const got = settle('K3_TRIPLE', [[4, 5]], [4, 4, 4]);
    expect(got.keys).toEqual(['4']);
    expect(got.payout).toBe(42_120n);
  });
  it('pair (16/216 → 2632) counts a triple; single number (91/216 → 462) pays once however many dice show it', () => {
    expect(settle('K3_PAIR', [[2, 4]], [4, 2, 4]).keys).toEqual(['4']);
    expect(settle('K3_PAIR', [[4]], [4, 4, 4]).payout).toBe(2632n);
    const single = settle('K3_SINGLE', [[1, 4, 6]], [4, 4, 6]);
    expect(single.keys).toEqual(['4', '6']);
    expect(single.payouts).toEqual([462n, 462n]);
  });
});

describe('3-dice counts and validation', () => {
  it('one unit per picked value', () => {
    expect(unitCount('K3_SUM', [[4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]])).toBe(14);
    expect(unitCount('K3_BSOE', [['BIG', 'ODD']])).toBe(2);
  });
  it('refuses bad selections', () => {
    expect(rejection('K3_SUM', [[3]])).toBe('PICK_OUT_OF_RANGE');
    expect(rejection('K3_SUM', [[18]])).toBe('PICK_OUT_OF_RANGE');
    expect(rejection('K3_TRIPLE', [[0]])).toBe('PICK_OUT_OF_RANGE');
    expect(rejection('K3_PAIR', [[]])).toBe('NOTHING_PICKED');
    expect(rejection('K3_BSOE', [['BIG'], ['SMALL']])).toBe('WRONG_ROW_COUNT');
    expect(rejection('K3_ANY_TRIPLE', [['BIG']])).toBe('UNKNOWN_OPTION');
  });
});

describe('3-dice exact RTP over all 216 results', () => {
  const draws = tuples([1, 2, 3, 4, 5, 6], 3);
  const faces = [1, 2, 3, 4, 5, 6];
  it('every unit of every play type', () => {
    expectExactChances('K3_SUM', [[4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]], draws);
    expectExactChances('K3_BSOE', [['BIG', 'SMALL', 'ODD', 'EVEN']], draws);
    expectExactChances('K3_ANY_TRIPLE', [['ANY_TRIPLE']], draws);
    expectExactChances('K3_TRIPLE', [faces], draws);
    expectExactChances('K3_PAIR', [faces], draws, 1800);
    expectExactChances('K3_SINGLE', [faces], draws);
  });
});
