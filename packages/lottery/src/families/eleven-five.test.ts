import { describe, expect, it } from 'vitest';
import { arrangements, expectExactChances, rejection, settle, unitCount } from '../test-support.ts';

const BALLS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const DRAW = [3, 7, 1, 11, 5];

// Unit stake 200, series 1950: a win pays floor(200 × outOf × 0.975 / wins).
describe('11-choose-5 worked examples', () => {
  it('any 1: 3 and 5 drawn, 5/11 → floor(429) = 429 each', () => {
    const got = settle('11X5_ANY_1', [[2, 3, 5]], DRAW);
    expect(got.keys).toEqual(['3', '5']);
    expect(got.payout).toBe(858n);
  });
  it('any 2: picks 3,7,9 make 3 units, only 3-7 wins at 10/55 → 1072', () => {
    const got = settle('11X5_ANY_2', [[3, 7, 9]], DRAW);
    expect(got.stake).toBe(600n);
    expect(got.keys).toEqual(['3-7']);
    expect(got.payout).toBe(1072n);
  });
  it('any 3 (3217), any 4 (12870), any 5 (90090)', () => {
    expect(settle('11X5_ANY_3', [[1, 3, 7]], DRAW).payout).toBe(3217n);
    expect(settle('11X5_ANY_4', [[1, 3, 7, 11]], DRAW).payout).toBe(12_870n);
    expect(settle('11X5_ANY_5', [[1, 3, 5, 7, 11]], DRAW).payout).toBe(90_090n);
  });
  it('any 6/7/8 win when all five drawn are inside: 6 of 462 → 15015, 21 → 4290, 56 → 1608', () => {
    expect(settle('11X5_ANY_6', [[1, 2, 3, 5, 7, 11]], DRAW).payout).toBe(15_015n);
    expect(settle('11X5_ANY_7', [[1, 2, 3, 4, 5, 7, 11]], DRAW).payout).toBe(4290n);
    expect(settle('11X5_ANY_8', [[1, 2, 3, 4, 5, 6, 7, 11]], DRAW).payout).toBe(1608n);
    // 9 picks for any 8: C(9,8) = 9 units; those dropping a drawn number lose.
    const got = settle('11X5_ANY_8', [[1, 2, 3, 4, 5, 6, 7, 8, 11]], DRAW);
    expect(got.stake).toBe(1800n);
    expect(got.keys).toEqual([
      '1-2-3-4-5-6-7-11',
      '1-2-3-4-5-7-8-11',
      '1-2-3-5-6-7-8-11',
      '1-3-4-5-6-7-8-11',
    ]);
  });
  it('front 2 straight 3-7 (1/110 → 21450), front 3 straight (1/990 → 193050)', () => {
    expect(
      settle(
        '11X5_FRONT2_STRAIGHT',
        [
          [3, 7],
          [7, 3],
        ],
        DRAW,
      ).keys,
    ).toEqual(['3-7']);
    expect(settle('11X5_FRONT2_STRAIGHT', [[3], [7]], DRAW).payout).toBe(21_450n);
    expect(settle('11X5_FRONT3_STRAIGHT', [[3], [7], [1]], DRAW).payout).toBe(193_050n);
  });
  it('front 2 group {3,7} (1/55 → 10725), front 3 group {1,3,7} (1/165 → 32175)', () => {
    expect(settle('11X5_FRONT2_GROUP', [[7, 3]], DRAW).payout).toBe(10_725n);
    expect(settle('11X5_FRONT3_GROUP', [[1, 3, 7, 11]], DRAW).keys).toEqual(['1-3-7']);
    expect(settle('11X5_FRONT3_GROUP', [[1, 3, 7]], DRAW).payout).toBe(32_175n);
  });
  it('position: 4th = 11 at 1/11 → 2145', () => {
    expect(settle('11X5_POSITION', [[], [], [], [11], []], DRAW).payout).toBe(2145n);
  });
});

describe('11-choose-5 counts and validation', () => {
  it('counts', () => {
    expect(unitCount('11X5_ANY_5', [BALLS])).toBe(462);
    expect(unitCount('11X5_ANY_8', [BALLS])).toBe(165);
    // Straight picks repeating a ball are dropped: 3 × 3 − 2 shared = 7.
    expect(
      unitCount('11X5_FRONT2_STRAIGHT', [
        [1, 2, 3],
        [2, 3, 4],
      ]),
    ).toBe(7);
    expect(unitCount('11X5_FRONT3_STRAIGHT', [BALLS, BALLS, BALLS])).toBe(990);
  });
  it('refusals', () => {
    expect(rejection('11X5_ANY_5', [[1, 2, 3, 4]])).toBe('TOO_FEW_PICKS');
    expect(rejection('11X5_ANY_1', [[0]])).toBe('PICK_OUT_OF_RANGE');
    expect(rejection('11X5_ANY_1', [[12]])).toBe('PICK_OUT_OF_RANGE');
    expect(rejection('11X5_FRONT2_STRAIGHT', [[4], [4]])).toBe('NO_VALID_COMBINATION');
    expect(rejection('11X5_FRONT2_STRAIGHT', [[4], []])).toBe('TOO_FEW_PICKS');
  });
});

describe('11-choose-5 exact RTP over all 55,440 ordered draws', () => {
  const draws = arrangements(BALLS, 5);
  it('any 1…8 and position: full or wide selections', () => {
    for (let k = 1; k <= 8; k++)
      expectExactChances(`11X5_ANY_${k}`, [k <= 3 ? BALLS : BALLS.slice(0, k + 1)], draws);
    expectExactChances('11X5_POSITION', [BALLS, BALLS, BALLS, BALLS, BALLS], draws);
  });
  it('front straight and group', () => {
    expectExactChances(
      '11X5_FRONT2_STRAIGHT',
      [
        [1, 2, 3],
        [2, 3, 4],
      ],
      draws,
    );
    expectExactChances('11X5_FRONT3_STRAIGHT', [[1, 11], [2], [3, 4]], draws);
    expectExactChances('11X5_FRONT2_GROUP', [[1, 6, 11]], draws);
    expectExactChances('11X5_FRONT3_GROUP', [[2, 5, 8, 10]], draws);
  });
});
