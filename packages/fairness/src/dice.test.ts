import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DICE_FLOATS, diceOdds, diceRoll, diceRtp, playDice } from './dice.ts';
import { floats } from './rng.ts';
import { expectGridRtp, nodeHmac, simulate } from './test-support.ts';

/** The first float of a bet, read straight from the HMAC's hex (independent of rng.ts). */
function firstFloat(serverSeed: string, clientSeed: string, nonce: number): number {
  const hex = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:0`).digest('hex');
  return Number.parseInt(hex.slice(0, 8), 16) / 2 ** 32;
}

describe('dice roll', () => {
  it('is floor(float × 10001) / 100 for fixed seeds and nonces (Stake formula)', () => {
    for (let nonce = 0; nonce < 20; nonce++) {
      const expected = Math.floor(firstFloat('sorte-server', 'player-seed', nonce) * 10001) / 100;
      const got = playDice(
        floats(nodeHmac, { serverSeed: 'sorte-server', clientSeed: 'player-seed', nonce }, DICE_FLOATS),
        {
          target: 50,
          direction: 'under',
        },
      );
      expect(got.roll).toBe(expected);
      expect(got.win).toBe(expected < 50);
    }
  });
  it('spans 0.00 to 100.00', () => {
    expect(diceRoll(0)).toBe(0);
    expect(diceRoll(1 - 2 ** -32)).toBe(100);
  });
  it('loses on a roll equal to the target, either way', () => {
    const float = 5000.5 / 10001; // roll 50.00
    expect(playDice([float], { target: 50, direction: 'under' }).win).toBe(false);
    expect(playDice([float], { target: 50, direction: 'over' }).win).toBe(false);
    // 0.99 × 10001 / 5001 = 1.97980203959…, floored onto the 8-place grid.
    expect(playDice([float], { target: 49.99, direction: 'over' }).multiplierUnits).toBe(197_980_203n);
    expect(playDice([float], { target: 49.99, direction: 'over' }).payout).toBe(1.97980203);
  });
});

describe('dice odds and RTP', () => {
  it('prices a bet off its exact chance: under 50 wins 5000 of 10001 rolls and pays 1.9802×', () => {
    const odds = diceOdds({ target: 50, direction: 'under' });
    expect(odds.winningRolls).toBe(5000);
    expect(odds.multiplierUnits).toBe(198_019_800n); // 0.99 × 10001 / 5000 = 1.980198 exactly
    expect(odds.multiplier).toBe(1.980198);
  });
  it('returns 1 − edge less under one grid step for every target, counting all 10,001 rolls', () => {
    for (const houseEdge of [0.01, 0.02]) {
      for (let target = 2; target <= 98; target += 0.25) {
        for (const direction of ['under', 'over'] as const) {
          const bet = { target: Math.round(target * 100) / 100, direction, houseEdge };
          expectGridRtp(diceRtp(bet), 1 - houseEdge);
        }
      }
    }
    expectGridRtp(diceRtp({ target: 0.01, direction: 'under' }), 0.99);
    expectGridRtp(diceRtp({ target: 99.99, direction: 'over' }), 0.99);
  });
  it('agrees with a 200,000-round seeded simulation within its 99% interval', () => {
    const bet = { target: 30, direction: 'over' as const };
    const { mean, halfWidth } = simulate(
      200_000,
      (nonce) =>
        playDice(floats(nodeHmac, { serverSeed: 'sim-dice', clientSeed: 'c', nonce }, DICE_FLOATS), bet)
          .payout,
    );
    expect(Math.abs(mean - diceRtp(bet))).toBeLessThan(halfWidth);
  });
});

describe('dice validation', () => {
  it.each([
    [{ target: 0, direction: 'under' }, /within/],
    [{ target: 100, direction: 'over' }, /within/],
    [{ target: 12.345, direction: 'under' }, /two decimals/],
    [{ target: 50, direction: 'sideways' }, /direction/],
    [{ target: 99, direction: 'under' }, /at most 98%/],
    [{ target: 50, direction: 'under', houseEdge: 0.6 }, /house edge/],
  ])('refuses %o with a RangeError', (bet, message) => {
    expect(() => diceOdds(bet as never)).toThrow(RangeError);
    expect(() => diceOdds(bet as never)).toThrow(message);
  });
});
