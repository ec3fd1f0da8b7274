import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkMinesPicks,
  MINES_MAX,
  MINES_MIN,
  minePositions,
  minesMultiplier,
  minesRtp,
  playMines,
} from './mines.ts';
import { floats } from './rng.ts';
import { expectGridRtp, nodeHmac, simulate } from './test-support.ts';

/** The published recipe from the HMAC: float i takes floor(float × (25 − i)) of the tiles left. */
function publishedMines(serverSeed: string, clientSeed: string, nonce: number, mines: number): number[] {
  const pool = Array.from({ length: 25 }, (_, tile) => tile);
  const placed: number[] = [];
  for (let i = 0; i < mines; i++) {
    const bytes = createHmac('sha256', serverSeed)
      .update(`${clientSeed}:${nonce}:${Math.floor(i / 8)}`)
      .digest();
    const at = (i % 8) * 4;
    const float =
      bytes[at]! / 256 + bytes[at + 1]! / 256 ** 2 + bytes[at + 2]! / 256 ** 3 + bytes[at + 3]! / 256 ** 4;
    placed.push(pool.splice(Math.floor(float * (25 - i)), 1)[0]!);
  }
  return placed;
}

/** Pinned: the mines of nonce 0 with three mines, so a change to the derivation cannot pass unnoticed. */
const MINES_AT_NONCE_0 = [23, 11, 20];

const C = (n: number, k: number): number => (k === 0 ? 1 : (C(n, k - 1) * (n - k + 1)) / k);

/** Every board of `mines` mines, by brute force (small counts only). */
function* boards(mines: number, from = 0, chosen: number[] = []): Generator<number[]> {
  if (chosen.length === mines) yield chosen;
  else for (let tile = from; tile < 25; tile++) yield* boards(mines, tile + 1, [...chosen, tile]);
}

describe('mines', () => {
  it('places the mines the published recipe places, for fixed seeds and nonces, past the first HMAC round', () => {
    for (const mines of [1, 3, 8, 9, 24])
      for (let nonce = 0; nonce < 5; nonce++) {
        const seeds = { serverSeed: 'mines-server', clientSeed: 'player-seed', nonce };
        const got = minePositions(floats(nodeHmac, seeds, mines), mines);
        expect(got).toEqual(publishedMines('mines-server', 'player-seed', nonce, mines));
        expect(new Set(got).size).toBe(mines);
      }
  });

  it('pins a round with three mines: two safe picks cash out at 0.99 × C(25,2)/C(22,2)', () => {
    const seeds = { serverSeed: 'mines-server', clientSeed: 'player-seed', nonce: 0 };
    const fs = floats(nodeHmac, seeds, 3);
    expect(minePositions(fs, 3)).toEqual(MINES_AT_NONCE_0);
    const safe = [...Array(25).keys()].filter((tile) => !MINES_AT_NONCE_0.includes(tile));
    const round = playMines(fs, 3, safe.slice(0, 2));
    expect(round.busted).toBe(false);
    // 0.99 × 300 / 231 = 1.285714285…, floored onto the 8-place grid.
    expect(round.multiplierUnits).toBe(128_571_428n);
    expect(round.multiplier).toBe(1.28571428);
    const busted = playMines(fs, 3, [safe[0]!, MINES_AT_NONCE_0[1]!, safe[1]!]);
    expect(busted.revealed).toEqual([
      { tile: safe[0], safe: true },
      { tile: MINES_AT_NONCE_0[1], safe: false },
    ]);
    expect([busted.busted, busted.multiplier, busted.safePicks]).toEqual([true, 0, 1]);
  });

  it("shows the multipliers Stake's board shows", () => {
    expect(minesMultiplier(1, 1)).toBeCloseTo(1.03125, 12); // 1.03×
    expect(minesMultiplier(3, 1)).toBeCloseTo(1.125, 12); // 1.13×
    expect(minesMultiplier(24, 1)).toBeCloseTo(24.75, 12);
    expect(minesMultiplier(1, 24)).toBeCloseTo(24.75, 12);
    expect(minesMultiplier(5, 20, 0.02)).toBe(52_067.4); // 0.98 × C(25, 20), on the grid
  });

  it('returns 1 − edge less under one grid step for every mine count and pick count, by counting boards', () => {
    for (let mines = MINES_MIN; mines <= MINES_MAX; mines++)
      for (let picks = 1; picks <= 25 - mines; picks++) {
        expectGridRtp(minesRtp(mines, picks), 0.99);
        expectGridRtp(minesRtp(mines, picks, 0.04), 0.96);
      }
  });

  it('agrees with brute force over every board for up to three mines', () => {
    for (let mines = 1; mines <= 3; mines++)
      for (const picks of [1, 5, 25 - mines]) {
        let total = 0;
        let count = 0;
        for (const board of boards(mines)) {
          count++;
          // Picks are tiles 0…picks−1; every board is equally likely, so the tiles picked do not matter.
          if (board.every((tile) => tile >= picks)) total += minesMultiplier(mines, picks);
        }
        expect(count).toBe(C(25, mines));
        expect(Math.abs(total / count - minesRtp(mines, picks))).toBeLessThan(1e-12);
        expectGridRtp(total / count, 0.99);
      }
  });

  it('simulates five picks and a cash-out within the 99% interval of 0.99', () => {
    const picks = [12, 0, 24, 6, 18];
    const { mean, halfWidth } = simulate(100_000, (nonce) => {
      const fs = floats(nodeHmac, { serverSeed: 'simulation', clientSeed: 'mines', nonce }, 3);
      return playMines(fs, 3, picks).multiplier;
    });
    expect(Math.abs(mean - 0.99)).toBeLessThan(halfWidth);
  });

  it('refuses bad mine counts, picks and pick counts', () => {
    expect(() => minePositions([0.5], 0)).toThrow(/mines must be an integer from 1 to 24/);
    expect(() => minePositions([0.5], 25)).toThrow(RangeError);
    expect(() => minePositions([0.5, 0.5], 3)).toThrow(/needs 3 floats/);
    expect(() => checkMinesPicks([3, 3], 1)).toThrow(/tile 3 is picked twice/);
    expect(() => checkMinesPicks([25], 1)).toThrow(/tile must be an integer from 0 to 24/);
    expect(() => checkMinesPicks([1.5], 1)).toThrow(RangeError);
    expect(() => checkMinesPicks([0, 1], 24)).toThrow(/at most 1 picks/);
    expect(() => minesMultiplier(3, 0)).toThrow(/safe picks must be 1 to 22/);
    expect(() => minesMultiplier(3, 23)).toThrow(RangeError);
    expect(() => playMines([0.1], 1, [0], 0.6)).toThrow(/house edge/);
  });
});
