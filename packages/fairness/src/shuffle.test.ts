import { describe, expect, it } from 'vitest';
import { drawDistinct, pickIndex } from './shuffle.ts';

describe('pickIndex', () => {
  it('maps [0, 1) onto n equal cells', () => {
    expect(pickIndex(0, 10)).toBe(0);
    expect(pickIndex(0.0999, 10)).toBe(0);
    expect(pickIndex(0.1, 10)).toBe(1);
    expect(pickIndex(1 - 2 ** -32, 10)).toBe(9);
  });
});

describe('drawDistinct', () => {
  it('takes each pick from what is left, so nothing repeats', () => {
    // 0.5 of [1..4] → index 2 → 3; 0.5 of [1,2,4] → index 1 → 2; 0.99 of [1,4] → 4; 0 of [1] → 1.
    expect(drawDistinct([1, 2, 3, 4], [0.5, 0.5, 0.99, 0])).toEqual([3, 2, 4, 1]);
  });
  it('refuses more picks than items', () => {
    expect(() => drawDistinct([1, 2], [0.1, 0.2, 0.3])).toThrow(RangeError);
  });
});
