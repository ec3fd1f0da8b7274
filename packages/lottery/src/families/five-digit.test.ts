import { describe, expect, it } from 'vitest';
import { expectExactChances, rejection, settle, tuples, unitCount } from '../test-support.ts';
import { FIVE_DIGIT_SUM_COUNTS } from './five-digit.ts';

// Worked examples: unit stake 200 minor (2.00), multiple 1, series 1950 (RTP 97.5%); a winning unit
// pays floor(200 × outOf × 1950 / (wins × 2000)).
const DRAW = [3, 8, 3, 0, 7]; // sum 21: small, odd; 1st 3 < 5th 7: tiger

describe('5-digit worked examples', () => {
  it('position digit: 1st=3 and 5th=7 win at 1/10 → 1950 each', () => {
    const got = settle('5D_POSITION', [[3, 4], [], [], [], [7]], DRAW);
    expect(got.stake).toBe(600n);
    expect(got.keys).toEqual(['p1:3', 'p5:7']);
    expect(got.payout).toBe(3900n);
  });
  it('front 3 straight 3-8-3 at 1/1000 → 195000; the other 3 units lose', () => {
    const got = settle('5D_FRONT3_STRAIGHT', [[3, 4], [8], [3, 9]], DRAW);
    expect(got.stake).toBe(800n);
    expect(got.keys).toEqual(['3-8-3']);
    expect(got.payout).toBe(195_000n);
  });
  it('front 3 group 3: window 383 is pair 3 + 8, 3/1000 → 65000', () => {
    const got = settle('5D_FRONT3_GROUP3', [[3, 8]], DRAW);
    expect(got.stake).toBe(400n); // 2 digits make 2 units: 338 and 883
    expect(got.keys).toEqual(['338']);
    expect(got.payout).toBe(65_000n);
  });
  it('back 3 group 6: window 3-0-7 as the set {0,3,7}, 6/1000 → 32500', () => {
    const got = settle('5D_BACK3_GROUP6', [[0, 3, 7, 9]], DRAW);
    expect(got.stake).toBe(800n); // C(4,3) = 4 units
    expect(got.keys).toEqual(['0-3-7']);
    expect(got.payout).toBe(32_500n);
  });
  it('group 6 never wins on a window with a pair; middle 3 straight reads positions 2–4', () => {
    expect(settle('5D_FRONT3_GROUP6', [[3, 8, 0]], DRAW).keys).toEqual([]);
    expect(settle('5D_MIDDLE3_STRAIGHT', [[8], [3], [0]], DRAW).payout).toBe(195_000n);
  });
  it('middle window 8-3-0 wins group 6 {0,3,8}; back window 3-0-7 wins back straight, not group 3', () => {
    expect(settle('5D_MIDDLE3_GROUP6', [[0, 3, 8]], DRAW).payout).toBe(32_500n);
    expect(settle('5D_MIDDLE3_GROUP3', [[0, 3, 8]], DRAW).keys).toEqual([]);
    expect(settle('5D_BACK3_STRAIGHT', [[3], [0], [7]], DRAW).payout).toBe(195_000n);
    expect(settle('5D_BACK3_GROUP3', [[0, 3, 7]], DRAW).keys).toEqual([]);
    expect(settle('5D_BACK3_GROUP3', [[0, 7]], [1, 1, 7, 0, 7]).keys).toEqual(['770']);
  });
  it('2-star front 3-8 and back 0-7 at 1/100 → 19500', () => {
    expect(settle('5D_FRONT2_STRAIGHT', [[3], [8]], DRAW).payout).toBe(19_500n);
    expect(settle('5D_BACK2_STRAIGHT', [[0], [7, 8]], DRAW).keys).toEqual(['0-7']);
  });
  it('position big/small/odd/even: 2nd=8 is big and even, at 1/2 → 390', () => {
    const got = settle('5D_POSITION_BSOE', [[], ['BIG', 'SMALL', 'ODD', 'EVEN'], [], [], []], DRAW);
    expect(got.keys).toEqual(['r2:BIG', 'r2:EVEN']);
    expect(got.payout).toBe(780n);
  });
  it('sum big/small: 21 is small (0–22) and odd; 23 is big', () => {
    expect(settle('5D_SUM_BSOE', [['BIG', 'SMALL', 'ODD', 'EVEN']], DRAW).keys).toEqual(['SMALL', 'ODD']);
    expect(settle('5D_SUM_BSOE', [['BIG']], [9, 9, 5, 0, 0]).payout).toBe(390n);
    expect(settle('5D_SUM_BSOE', [['BIG']], [9, 9, 4, 0, 0]).payout).toBe(0n);
  });
  it('dragon/tiger/tie: tiger at 45/100 → floor(433.33) = 433; tie 10/100 → 1950', () => {
    expect(settle('5D_DRAGON_TIGER', [['DRAGON', 'TIGER', 'TIE']], DRAW).keys).toEqual(['TIGER']);
    expect(settle('5D_DRAGON_TIGER', [['TIGER']], DRAW).payout).toBe(433n);
    const tie = settle('5D_DRAGON_TIGER', [['DRAGON', 'TIGER', 'TIE']], [4, 1, 1, 1, 4]);
    expect(tie.keys).toEqual(['TIE']); // a tie loses dragon and tiger
    expect(tie.payout).toBe(1950n);
  });
  it('sum value: 22 is 6000 of 10^5 → floor(3250.0) = 3250; 0 is 1 of 10^5 → 19,500,000', () => {
    expect(FIVE_DIGIT_SUM_COUNTS[22]).toBe(6000);
    expect(settle('5D_SUM_VALUE', [[21, 22]], [9, 9, 4, 0, 0]).payout).toBe(3250n);
    expect(settle('5D_SUM_VALUE', [[0]], [0, 0, 0, 0, 0]).payout).toBe(19_500_000n);
  });
  it('the multiple scales the stake and each unit payout', () => {
    const got = settle('5D_POSITION', [[3], [], [], [], []], DRAW, { multiple: 5, unitStakeMinor: 2n });
    expect(got.stake).toBe(10n);
    expect(got.payout).toBe(97n); // floor(10 × 10 × 0.975) = floor(97.5)
  });
});

describe('5-digit unit counts and validation', () => {
  it('counts combinations', () => {
    expect(unitCount('5D_POSITION', [[0, 1, 2], [5], [], [], [9]])).toBe(5);
    expect(
      unitCount('5D_BACK3_STRAIGHT', [
        [0, 1],
        [2, 3, 4],
        [5, 6],
      ]),
    ).toBe(12);
    expect(unitCount('5D_FRONT3_GROUP3', [[0, 1, 2, 3, 4]])).toBe(20);
    expect(unitCount('5D_FRONT3_GROUP6', [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]])).toBe(120);
    expect(unitCount('5D_SUM_VALUE', [[0, 45]])).toBe(2);
  });
  it('refuses bad selections with a reason', () => {
    expect(rejection('5D_POSITION', [[1]])).toBe('WRONG_ROW_COUNT');
    expect(rejection('5D_POSITION', [[], [], [], [], []])).toBe('NOTHING_PICKED');
    expect(rejection('5D_POSITION', [[10], [], [], [], []])).toBe('PICK_OUT_OF_RANGE');
    expect(rejection('5D_POSITION', [[1.5], [], [], [], []])).toBe('PICK_OUT_OF_RANGE');
    expect(rejection('5D_POSITION', [['1'], [], [], [], []])).toBe('PICK_OUT_OF_RANGE');
    expect(rejection('5D_POSITION', [[1, 1], [], [], [], []])).toBe('DUPLICATE_PICK');
    expect(rejection('5D_FRONT3_STRAIGHT', [[1], [2], []])).toBe('TOO_FEW_PICKS');
    expect(rejection('5D_FRONT3_GROUP6', [[1, 2]])).toBe('TOO_FEW_PICKS');
    expect(rejection('5D_FRONT3_GROUP3', [[1]])).toBe('TOO_FEW_PICKS');
    expect(rejection('5D_SUM_BSOE', [['HUGE']])).toBe('UNKNOWN_OPTION');
    expect(rejection('5D_SUM_VALUE', [[46]])).toBe('PICK_OUT_OF_RANGE');
  });
});

describe('5-digit exact RTP over all 10^5 draws', () => {
  const draws = tuples([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 5);
  const all = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  it('position, big/small/odd/even, dragon/tiger and sum value: every unit', () => {
    expectExactChances('5D_POSITION', [all, all, all, all, all], draws);
    const bsoe = ['BIG', 'SMALL', 'ODD', 'EVEN'];
    expectExactChances('5D_POSITION_BSOE', [bsoe, bsoe, bsoe, bsoe, bsoe], draws);
    expectExactChances('5D_SUM_BSOE', [bsoe], draws, 1800);
    expectExactChances('5D_DRAGON_TIGER', [['DRAGON', 'TIGER', 'TIE']], draws);
    expectExactChances('5D_SUM_VALUE', [Array.from({ length: 46 }, (_, s) => s)], draws, 1998);
  });
  it('3-digit windows and 2-star: representative units of each shape', () => {
    for (const window of ['FRONT3', 'MIDDLE3', 'BACK3']) {
      expectExactChances(`5D_${window}_STRAIGHT`, [[0, 7], [7], [3, 9]], draws);
      expectExactChances(`5D_${window}_GROUP3`, [[0, 5, 9]], draws);
      expectExactChances(`5D_${window}_GROUP6`, [[1, 4, 6, 8]], draws);
    }
    expectExactChances(
      '5D_FRONT2_STRAIGHT',
      [
        [0, 9],
        [1, 9],
      ],
      draws,
    );
    expectExactChances('5D_BACK2_STRAIGHT', [[5], [5, 6]], draws);
  });
});
