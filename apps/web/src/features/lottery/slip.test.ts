import { describe, expect, it } from 'vitest';
import { chaseBody, chaseFactors, priceSelection, type SlipLine, slipTotalMinor } from './slip';
import { positionTrends } from './trends';

const line = (stakeMinor: number): SlipLine => ({
  id: String(stakeMinor),
  playType: '5D_POSITION',
  selection: [[1], [], [], [], []],
  unitStakeMinor: stakeMinor,
  multiple: 1,
  units: 1,
  stakeMinor,
});

describe('slip', () => {
  it('prices a selection as units × unit stake × multiple, or says why not', () => {
    expect(priceSelection('K3_SUM', [[4, 10, 17]], 200, 3)).toEqual({ ok: true, units: 3, stakeMinor: 1800 });
    expect(priceSelection('5D_FRONT3_GROUP6', [[1, 2]], 100, 1)).toEqual({
      ok: false,
      reason: 'TOO_FEW_PICKS',
    });
    expect(priceSelection('K3_SUM', [[4]], 0, 1)).toEqual({ ok: false, reason: 'BAD_UNIT_STAKE' });
  });

  it('a chase costs every draw at its factor; doubling goes 1, 2, 4… up to 1000', () => {
    expect(chaseFactors({ draws: 4, mode: 'constant' })).toEqual([1, 1, 1, 1]);
    expect(chaseFactors({ draws: 4, mode: 'double' })).toEqual([1, 2, 4, 8]);
    expect(chaseFactors({ draws: 12, mode: 'double' }).at(-1)).toBe(1000);
    const lines = [line(100), line(250)];
    expect(slipTotalMinor(lines, null)).toBe(350);
    expect(slipTotalMinor(lines, { draws: 3, stopOnWin: true, mode: 'constant' })).toBe(1050);
    expect(slipTotalMinor(lines, { draws: 3, stopOnWin: true, mode: 'double' })).toBe(350 * 7);
  });

  it('sends factors only when they are not all 1', () => {
    expect(chaseBody(null)).toBeUndefined();
    expect(chaseBody({ draws: 3, stopOnWin: false, mode: 'constant' })).toEqual({
      draws: 3,
      stopOnWin: false,
    });
    expect(chaseBody({ draws: 3, stopOnWin: true, mode: 'double' })).toEqual({
      draws: 3,
      stopOnWin: true,
      multiples: [1, 2, 4],
    });
  });
});

describe('trends', () => {
  it('counts hits, draws missing and the big/small, odd/even split per position (newest first)', () => {
    const shape = { length: 2, min: 0, max: 9 };
    const [first, second] = positionTrends(shape, [
      [7, 0],
      [3, 0],
      [7, 9],
    ]);
    expect(first!.frequency[7]).toBe(2);
    expect(first!.missing[7]).toBe(0);
    expect(first!.missing[3]).toBe(1);
    expect(first!.missing[5]).toBe(3);
    expect([first!.big, first!.small, first!.odd, first!.even]).toEqual([2, 1, 3, 0]);
    expect(second!.missing[9]).toBe(2);
    expect([second!.big, second!.small]).toEqual([1, 2]);
  });
});
