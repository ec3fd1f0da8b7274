import { describe, expect, test } from 'vitest';
import { timeLeft } from './countdown';

describe('the promotion countdown', () => {
  test('days and the clock; the last day only the clock; nothing once ended', () => {
    expect(timeLeft(3 * 86_400 + 4 * 3600 + 12 * 60 + 9)).toEqual({ days: 3, clock: '4:12:09' });
    expect(timeLeft(86_400 + 75)).toEqual({ days: 1, clock: '0:01:15' });
    expect(timeLeft(75)).toEqual({ days: 0, clock: '01:15' });
    expect(timeLeft(0)).toBeNull();
    expect(timeLeft(-5)).toBeNull();
  });
});
