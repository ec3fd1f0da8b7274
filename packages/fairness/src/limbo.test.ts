import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LIMBO_FLOATS, limboResult, limboRtp, limboWinChance, playLimbo } from './limbo.ts';
import { floats } from './rng.ts';
import { nodeHmac, simulate } from './test-support.ts';

function firstFloat(serverSeed: string, clientSeed: string, nonce: number): number {
  const hex = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:0`).digest('hex');
  return Number.parseInt(hex.slice(0, 8), 16) / 2 ** 32;
}

describe('limbo result', () => {
  it("matches a published worked example's bytes and float (opduel.com/en/fairness/limbo)", () => {
    const seeds = {
      serverSeed: 'c5e7146c5863d7d647c93ffe7d4ec13fffbb7311108fab0c067d97bcc2b32d55',
      clientSeed: 'LuckyClientSeed777',
      nonce: 2,
    };
    const hex = createHmac('sha256', seeds.serverSeed).update('LuckyClientSeed777:2:0').digest('hex');
    expect(hex.slice(0, 8)).toBe('895acab6'); // bytes [137, 90, 202, 182] as published
    const [float] = floats(nodeHmac, seeds, LIMBO_FLOATS);
    expect(float).toBeCloseTo(0.5365416235, 10);
    // Their 96% RTP: 0.96 / 0.53654… = 1.789… → 1.78; ours at 1%: 0.99 / 0.53654… = 1.845… → 1.84.
    expect(limboResult(float!, 0.04)).toBe(1.78);
    expect(limboResult(float!)).toBe(1.84);
  });
  it('is max(1, floor(100 × 0.99 / float) / 100) for fixed seeds and nonces (Stake formula)', () => {
    for (let nonce = 0; nonce < 20; nonce++) {
      const f = firstFloat('sorte-server', 'player-seed', nonce);
      const expected = Math.max(1, Math.floor((1e8 / (f * 1e8)) * 0.99 * 100) / 100);
      const got = playLimbo(
        floats(nodeHmac, { serverSeed: 'sorte-server', clientSeed: 'player-seed', nonce }, 1),
        {
          target: 2,
        },
      );
      expect(got.result).toBe(expected);
      expect(got.payout).toBe(expected >= 2 ? 2 : 0);
    }
  });
  it('never goes below 1.00 and is unbounded at float 0', () => {
    expect(limboResult(0.999)).toBe(1);
    expect(limboResult(0)).toBe(Number.POSITIVE_INFINITY);
  });
  it('wins exactly on the floats the closed form counts', () => {
    for (const target of [1.01, 2, 37.5, 1000]) {
      const lastWinning = (limboWinChance({ target }) * 2 ** 32 - 1) / 2 ** 32;
      expect(playLimbo([lastWinning], { target }).win).toBe(true);
      expect(playLimbo([lastWinning + 2 ** -32], { target }).win).toBe(false);
    }
  });
});

describe('limbo RTP', () => {
  it('is 1 − edge up to the 2⁻³² float granularity (t / 2³²), within 1e-9 up to 4×', () => {
    for (const houseEdge of [0.01, 0.03])
      for (const target of [1.01, 1.5, 2, 3.33, 4, 10, 100, 1000, 1_000_000]) {
        const rtp = limboRtp({ target, houseEdge });
        expect(rtp).toBeGreaterThanOrEqual(1 - houseEdge - 1e-15);
        expect(rtp - (1 - houseEdge)).toBeLessThanOrEqual(target / 2 ** 32);
        if (target <= 4) expect(Math.abs(rtp - (1 - houseEdge))).toBeLessThan(1e-9);
      }
  });
  it('agrees with a 200,000-round seeded simulation within its 99% interval', () => {
    for (const target of [2, 10]) {
      const { mean, halfWidth } = simulate(
        200_000,
        (nonce) =>
          playLimbo(floats(nodeHmac, { serverSeed: `sim-limbo-${target}`, clientSeed: 'c', nonce }, 1), {
            target,
          }).payout,
      );
      expect(Math.abs(mean - limboRtp({ target }))).toBeLessThan(halfWidth);
    }
  });
  it.each([[1], [1.005], [1_000_000.01], [Number.NaN]])('refuses target %s', (target) => {
    expect(() => playLimbo([0.5], { target })).toThrow(RangeError);
  });
});
