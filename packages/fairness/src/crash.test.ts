import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crashPoint, crashRtp, hashChain, type Sha256, settleCrash, verifyGameHash } from './crash.ts';
import { nodeHmac, simulate } from './test-support.ts';

const sha256: Sha256 = (message) => new Uint8Array(createHash('sha256').update(message).digest());
const sha256Hex = (message: string) => createHash('sha256').update(message).digest('hex');
const SALT = '0000000000000000000a1b2c3d4e5f60718293a4b5c6d7e8f90112233445566';

/** Stake's published formula, written out independently (bitcointalk seeding event). */
function stakeCrash(gameHash: string, salt: string, edge = 0.01): number {
  const int = Number.parseInt(createHmac('sha256', gameHash).update(salt).digest('hex').slice(0, 8), 16);
  return Math.max(1, Math.floor((2 ** 32 / (int + 1)) * (1 - edge) * 100) / 100);
}

/** An HMAC that always yields the given leading 4-byte integer, to probe the formula's edges. */
const leadingInt = (int: number) => () =>
  new Uint8Array([int >>> 24, (int >>> 16) & 255, (int >>> 8) & 255, int & 255]);

describe('crash hash chain', () => {
  const chain = hashChain(sha256, 'sorte-secret', 50);
  it('makes each game hash the SHA-256 of the next game hash, and the terminating hash that of game #1', () => {
    expect(chain.terminatingHash).toBe(sha256Hex(chain.games[0]!));
    for (let i = 0; i + 1 < chain.games.length; i++)
      expect(chain.games[i]).toBe(sha256Hex(chain.games[i + 1]!));
    expect(chain.games[49]).toBe(sha256Hex('sorte-secret'));
  });
  it('verifies game n by hashing it n times to the terminating hash', () => {
    expect(verifyGameHash(sha256, chain.games[0]!, 1, chain.terminatingHash)).toBe(true);
    expect(verifyGameHash(sha256, chain.games[29]!, 30, chain.terminatingHash)).toBe(true);
    expect(verifyGameHash(sha256, chain.games[29]!, 29, chain.terminatingHash)).toBe(false);
    expect(verifyGameHash(sha256, 'f'.repeat(64), 30, chain.terminatingHash)).toBe(false);
  });
});

describe('crash point', () => {
  it("is Stake's max(1, 2³²/(int + 1) × 0.99) floored to the hundredth for every game of a fixed chain", () => {
    for (const gameHash of hashChain(sha256, 'fixed-secret', 30).games)
      expect(crashPoint(nodeHmac, gameHash, SALT)).toBe(stakeCrash(gameHash, SALT));
    const gameHash = hashChain(sha256, 'fixed-secret', 1).games[0]!;
    expect(crashPoint(nodeHmac, gameHash, SALT, 0.03)).toBe(stakeCrash(gameHash, SALT, 0.03));
  });
  it('busts at 1.00 for the top integers and reaches ~4.25e9× for integer 0', () => {
    expect(crashPoint(leadingInt(2 ** 32 - 1), 'h', 's')).toBe(1);
    expect(crashPoint(leadingInt(0), 'h', 's')).toBe(Math.floor(2 ** 32 * 0.99 * 100) / 100);
  });
  it('reaches a cash-out exactly on the integers the closed form counts', () => {
    for (const cashOut of [1.01, 2, 123.45]) {
      const count = Math.floor((2 ** 32 * 0.99) / cashOut); // integers 0…count − 1 reach the cash-out
      expect(crashPoint(leadingInt(count - 1), 'h', 's')).toBeGreaterThanOrEqual(cashOut);
      expect(crashPoint(leadingInt(count), 'h', 's')).toBeLessThan(cashOut);
    }
  });
  it('settles a bet: paid at its cash-out when the round got there, lost otherwise', () => {
    expect(settleCrash(2.5, { cashOut: 2.5 })).toEqual({ win: true, payout: 2.5 });
    expect(settleCrash(2.49, { cashOut: 2.5 })).toEqual({ win: false, payout: 0 });
    expect(() => settleCrash(2, { cashOut: 1 })).toThrow(RangeError);
    expect(() => settleCrash(2, { cashOut: 2.001 })).toThrow(RangeError);
  });
});

describe('crash RTP', () => {
  it('is 1 − edge less at most c / 2³² (within 1e-9 up to 4×)', () => {
    for (const houseEdge of [0.01, 0.02])
      for (const cashOut of [1.01, 1.5, 2, 4, 10, 1000, 1_000_000]) {
        const rtp = crashRtp({ cashOut, houseEdge });
        expect(rtp).toBeLessThanOrEqual(1 - houseEdge + 1e-15);
        expect(1 - houseEdge - rtp).toBeLessThan(cashOut / 2 ** 32);
        if (cashOut <= 4) expect(Math.abs(rtp - (1 - houseEdge))).toBeLessThan(1e-9);
      }
  });
  it('agrees with 200,000 simulated rounds within the 99% interval', () => {
    const cashOut = 2;
    const { mean, halfWidth } = simulate(
      200_000,
      (round) => settleCrash(crashPoint(nodeHmac, `game-${round}`, SALT), { cashOut }).payout,
    );
    expect(Math.abs(mean - crashRtp({ cashOut }))).toBeLessThan(halfWidth);
  });
});
