/**
 * Trend figures over the last draws (newest first, as the API answers): how often each number came
 * at each position, how many draws since it last came ("missing", the 遗漏 of lottery sites), and
 * how the big/small and odd/even sides split per position.
 */
import type { LotteryFamily } from '@sorte/contracts';

export interface FamilyShape {
  /** How many numbers a result has. */
  length: number;
  min: number;
  max: number;
}

export const FAMILY_SHAPES: Record<LotteryFamily, FamilyShape> = {
  FIVE_DIGIT: { length: 5, min: 0, max: 9 },
  THREE_DICE: { length: 3, min: 1, max: 6 },
  RACE_10: { length: 10, min: 1, max: 10 },
  ELEVEN_FIVE: { length: 5, min: 1, max: 11 },
};

export interface PositionTrend {
  /** Count of each value min…max at this position. */
  frequency: number[];
  /** Draws since each value last came at this position (the whole window when it never did). */
  missing: number[];
  big: number;
  small: number;
  odd: number;
  even: number;
}

/** Big is the upper half of the range (an odd count gives the middle value to big), as the pickers. */
export function isBig(shape: FamilyShape, value: number): boolean {
  const count = shape.max - shape.min + 1;
  return value >= shape.min + Math.floor(count / 2);
}

export function positionTrends(shape: FamilyShape, results: readonly (readonly number[])[]): PositionTrend[] {
  const size = shape.max - shape.min + 1;
  return Array.from({ length: shape.length }, (_, position) => {
    const frequency = new Array<number>(size).fill(0);
    const missing = new Array<number>(size).fill(results.length);
    const trend = { frequency, missing, big: 0, small: 0, odd: 0, even: 0 };
    results.forEach((result, age) => {
      const value = result[position];
      if (value === undefined || value < shape.min || value > shape.max) return;
      const index = value - shape.min;
      frequency[index]! += 1;
      // Newest first: the first time a value is met is its age.
      if (missing[index] === results.length) missing[index] = age;
      if (isBig(shape, value)) trend.big += 1;
      else trend.small += 1;
      if (value % 2 === 1) trend.odd += 1;
      else trend.even += 1;
    });
    return trend;
  });
}

/** Sum of a result: the figure sums, dice totals and big/small of the whole draw read. */
export const resultSum = (result: readonly number[]) => result.reduce((a, b) => a + b, 0);
