import { describe, expect, it } from 'vitest';
import { arrangements, expectExactChances, rejection, settle, unitCount } from '../test-support.ts';
import { TOP2_SUM_COUNTS } from './race.ts';

const CARS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
// Champion 7, runner-up 3, …, last 1.
const DRAW = [7, 3, 10, 2, 9, 5, 8, 4, 6, 1];

describe('10-car race worked examples (unit stake 200, series 1950)', () => {
  it('position: champion 7 and 10th place 1 win at 1/10 → 1950 each', () => {
    const sel = [[7, 8], [], [], [], [], [], [], [], [], [1]];
    const got = settle('PK10_POSITION', sel, DRAW);
    expect(got.stake).toBe(600n);
    expect(got.keys).toEqual(['p1:7', 'p10:1']);
    expect(got.payout).toBe(3900n);
  });
  it('top-2 sum 10 (8 of 90 ordered pairs) → floor(2193.75) = 2193', () => {
    expect(TOP2_SUM_COUNTS[10]).toBe(8);
    const got = settle('PK10_TOP2_SUM', [[3, 10, 19]], DRAW);
    expect(got.keys).toEqual(['10']);
    expect(got.payout).toBe(2193n);
  });
  it('dragon/tiger: 7 vs 1 dragon, 3 vs 6 tiger, 10 vs 4 dragon, 2 vs 8 tiger, 9 vs 5 dragon; 1/2 → 390', () => {
    const both = ['DRAGON', 'TIGER'];
    const got = settle('PK10_DRAGON_TIGER', [both, both, both, both, both], DRAW);
    expect(got.keys).toEqual(['r1:DRAGON', 'r2:TIGER', 'r3:DRAGON', 'r4:TIGER', 'r5:DRAGON']);
    expect(got.payout).toBe(5n * 390n);
  });
  it('champion 7 is big and odd', () => {
    expect(settle('PK10_CHAMPION_BSOE', [['BIG', 'SMALL', 'ODD', 'EVEN']], DRAW).keys).toEqual([
      'BIG',
      'ODD',
    ]);
  });
});

describe('10-car race counts and validation', () => {
  it('counts and refusals', () => {
    expect(
      unitCount(
        'PK10_POSITION',
        Array.from({ length: 10 }, () => CARS),
      ),
    ).toBe(100);
    expect(rejection('PK10_POSITION', [[11], [], [], [], [], [], [], [], [], []])).toBe('PICK_OUT_OF_RANGE');
    expect(rejection('PK10_TOP2_SUM', [[2]])).toBe('PICK_OUT_OF_RANGE');
    expect(rejection('PK10_DRAGON_TIGER', [['DRAGON']])).toBe('WRONG_ROW_COUNT');
    expect(rejection('PK10_DRAGON_TIGER', [['TIE'], [], [], [], []])).toBe('UNKNOWN_OPTION');
  });
});

/**
 * A uniform finishing order is uniform on any set of places (every injective filling of them is
 * equally likely), so each play is checked exactly over all fillings of the places it reads, the
 * other cars finishing in any fixed order.
 */
function fillings(places: number[]): number[][] {
  return arrangements(CARS, places.length).map((chosen) => {
    const rest = CARS.filter((car) => !chosen.includes(car));
    return Array.from({ length: 10 }, (_, place) => {
      const at = places.indexOf(place);
      return at >= 0 ? chosen[at]! : rest.shift()!;
    });
  });
}

describe('10-car race exact RTP by symmetry', () => {
  it('position row by row, top-2 sum, champion big/small/odd/even, dragon/tiger row by row', () => {
    for (let place = 0; place < 10; place++) {
      const sel = Array.from({ length: 10 }, (_, row) => (row === place ? CARS : []));
      expectExactChances('PK10_POSITION', sel, fillings([place]));
    }
    const top2 = fillings([0, 1]);
    expectExactChances('PK10_TOP2_SUM', [Array.from({ length: 17 }, (_, i) => i + 3)], top2);
    expectExactChances('PK10_CHAMPION_BSOE', [['BIG', 'SMALL', 'ODD', 'EVEN']], top2);
    for (let row = 0; row < 5; row++) {
      const sel = Array.from({ length: 5 }, (_, r) => (r === row ? ['DRAGON', 'TIGER'] : []));
      expectExactChances('PK10_DRAGON_TIGER', sel, fillings([row, 9 - row]));
    }
  });
});
