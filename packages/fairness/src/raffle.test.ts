import { createHmac } from 'node:crypto';
import { fraction } from '@sorte/money';
import { describe, expect, test } from 'vitest';
import { raffleExpectedPrize, raffleSegment, type RafflePrize } from './raffle.ts';
import { floats } from './rng.ts';

const hmac = (key: string, message: string) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());
const SEGMENTS: RafflePrize[] = [
  { weight: 50, prizeMinor: 0 },
  { weight: 30, prizeMinor: 100 },
  { weight: 15, prizeMinor: 500 },
  { weight: 5, prizeMinor: 2_000 },
];

describe('raffle segments', () => {
  test('each ticket of the total weight lands on the segment its running weight covers', () => {
    const counts = [0, 0, 0, 0];
    // Every ticket t of W = 100, through the float that starts it: the enumeration is the distribution.
    for (let t = 0; t < 100; t++) counts[raffleSegment(t / 100, SEGMENTS)]!++;
    expect(counts).toEqual([50, 30, 15, 5]);
    expect(raffleSegment(0, SEGMENTS)).toBe(0);
    expect(raffleSegment(0.4999999, SEGMENTS)).toBe(0);
    expect(raffleSegment(0.5, SEGMENTS)).toBe(1);
    expect(raffleSegment(0.9999999997, SEGMENTS)).toBe(3);
  });

  test('the expected prize is exact: Σ weight × prize / Σ weight', () => {
    // (30×100 + 15×500 + 5×2000) / 100 = 205
    expect(raffleExpectedPrize(SEGMENTS)).toEqual(fraction(205n));
    expect(
      raffleExpectedPrize([
        { weight: 2, prizeMinor: 1 },
        { weight: 1, prizeMinor: 0 },
      ]),
    ).toEqual(fraction(2n, 3n));
  });

  test('a seeded spin is reproducible from its seeds and refuses bad weights', () => {
    const seeds = { serverSeed: 'server', clientSeed: 'client', nonce: 3 };
    const [u] = floats(hmac, seeds, 1);
    expect(raffleSegment(u!, SEGMENTS)).toBe(raffleSegment(floats(hmac, seeds, 1)[0]!, SEGMENTS));
    expect(() =>
      raffleSegment(0.1, [
        { weight: 0, prizeMinor: 1 },
        { weight: 1, prizeMinor: 1 },
      ]),
    ).toThrow(RangeError);
    expect(() => raffleSegment(0.1, [{ weight: 1, prizeMinor: 1 }])).toThrow(RangeError);
    expect(() =>
      raffleSegment(0.1, [
        { weight: 999_999, prizeMinor: 1 },
        { weight: 2, prizeMinor: 1 },
      ]),
    ).toThrow(RangeError);
  });
});
