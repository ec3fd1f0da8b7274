import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  HILO_GUESSES,
  type HiloAction,
  type HiloGuess,
  hiloCard,
  hiloPayout,
  hiloProbability,
  hiloRtp,
  playHilo,
} from './hilo.ts';
import { floats } from './rng.ts';
import { expectGridRtp, nodeHmac, simulate } from './test-support.ts';

/** Stake's published index, ♦2 to ♣A, written out as published. */
// biome-ignore format: laid out as Stake prints it
const CARDS = [
  '♦2', '♥2', '♠2', '♣2', '♦3', '♥3', '♠3', '♣3', '♦4', '♥4',
  '♠4', '♣4', '♦5', '♥5', '♠5', '♣5', '♦6', '♥6', '♠6', '♣6',
  '♦7', '♥7', '♠7', '♣7', '♦8', '♥8', '♠8', '♣8', '♦9', '♥9',
  '♠9', '♣9', '♦10', '♥10', '♠10', '♣10', '♦J', '♥J', '♠J',
  '♣J', '♦Q', '♥Q', '♠Q', '♣Q', '♦K', '♥K', '♠K', '♣K', '♦A',
  '♥A', '♠A', '♣A',
];
const VALUE: Record<string, number> = { A: 1, J: 11, Q: 12, K: 13 };
const hiloValue = (card: string) => VALUE[card.slice(1)] ?? Number(card.slice(1));

/** The published recipe from the HMAC: the n-th float, times 52, floored, into CARDS. */
function publishedCard(serverSeed: string, clientSeed: string, nonce: number, n: number): string {
  const bytes = createHmac('sha256', serverSeed)
    .update(`${clientSeed}:${nonce}:${Math.floor(n / 8)}`)
    .digest();
  const at = (n % 8) * 4;
  const float =
    bytes[at]! / 256 + bytes[at + 1]! / 256 ** 2 + bytes[at + 2]! / 256 ** 3 + bytes[at + 3]! / 256 ** 4;
  return CARDS[Math.floor(float * 52)]!;
}

/** The likelier of Stake's two buttons on this card. */
function safeGuess(value: number): HiloGuess {
  if (value === 1) return 'higher';
  if (value === 13) return 'lower';
  return value <= 7 ? 'higherOrSame' : 'lowerOrSame';
}

describe('hilo', () => {
  it('draws the cards the published index gives, for fixed seeds and nonces, past the first HMAC round', () => {
    for (let nonce = 0; nonce < 5; nonce++) {
      const seeds = { serverSeed: 'hilo-server', clientSeed: 'player-seed', nonce };
      const drawn = floats(nodeHmac, seeds, 12).map(hiloCard);
      drawn.forEach((card, n) => {
        const published = publishedCard('hilo-server', 'player-seed', nonce, n);
        expect(`${card.suit}${card.rank}`).toBe(published);
        expect(card.value).toBe(hiloValue(published));
      });
    }
  });

  it('pins a round: ♦10, skip to ♦Q, two right guesses, then a wrong one', () => {
    const seeds = { serverSeed: 'hilo-server', clientSeed: 'player-seed', nonce: 0 };
    const actions: HiloAction[] = [
      { kind: 'skip' },
      { kind: 'guess', guess: 'lowerOrSame' }, // on ♦Q: 12/13 → ♣9
      { kind: 'guess', guess: 'lowerOrSame' }, // on ♣9: 9/13 → ♥8
    ];
    const round = playHilo(floats(nodeHmac, seeds, 4), actions);
    expect(`${round.start.suit}${round.start.rank}`).toBe('♦10');
    expect(round.steps.map((s) => `${s.card.suit}${s.card.rank}`)).toEqual(['♦Q', '♣9', '♥8']);
    expect(round.steps[0]!.multiplier).toBe(1);
    // Each guess floored onto the 8-place grid (1.0725 and 1.43), then their product: 1.533675.
    expect(round.steps[1]!.multiplierUnits).toBe(107_250_000n);
    expect(round.multiplierUnits).toBe(153_367_500n);
    expect(round.multiplier).toBe(1.533675);
    expect(round.canCashOut).toBe(true);
    const lost = playHilo(floats(nodeHmac, seeds, 5), [...actions, { kind: 'guess', guess: 'higher' }]);
    expect(lost.steps[3]!.card.rank).toBe('6');
    expect([lost.lost, lost.multiplier, lost.canCashOut]).toEqual([true, 0, false]);
  });

  it("orders Ace lowest and King highest, with Stake's guide's probabilities", () => {
    expect(hiloCard(0).rank).toBe('2');
    expect(hiloCard(0.999).rank).toBe('A');
    expect(hiloCard(0.999).value).toBe(1);
    // Stake's guide: on a 2, "higher or same" is 92.31%, "lower or same" 15.38%.
    expect(hiloProbability(2, 'higherOrSame') * 100).toBeCloseTo(92.31, 2);
    expect(hiloProbability(2, 'lowerOrSame') * 100).toBeCloseTo(15.38, 2);
    expect(hiloProbability(7, 'higherOrSame')).toBe(7 / 13);
    expect(hiloPayout(1, 'same')).toBe(12.87);
    expect(hiloPayout(13, 'lower')).toBe(1.0725);
    expect(hiloPayout(6, 'higher')).toBe(1.83857142); // 0.99 × 13 / 7 = 1.838571428…, floored
  });

  it('returns 1 − edge less under one grid step on every legal guess of every rank, enumerating the 52 cards', () => {
    let legal = 0;
    for (let value = 1; value <= 13; value++)
      for (const guess of HILO_GUESSES) {
        try {
          hiloProbability(value, guess);
        } catch {
          continue;
        }
        legal++;
        expectGridRtp(hiloRtp(value, guess), 0.99);
        expectGridRtp(hiloRtp(value, guess, 0.025), 0.975);
      }
    // Of the 65 rank × guess pairs, 4 are refused as certain or impossible: higher on K, lower on A,
    // higher-or-same on A, lower-or-same on K.
    expect(legal).toBe(61);
  });

  it('simulates two guesses and a cash-out within the 99% interval of 0.99²', () => {
    const { mean, halfWidth } = simulate(100_000, (nonce) => {
      const fs = floats(nodeHmac, { serverSeed: 'simulation', clientSeed: 'hilo', nonce }, 4);
      const actions: HiloAction[] = [];
      let current = hiloCard(fs[0]!);
      for (const next of [fs[1]!, fs[2]!]) {
        actions.push({ kind: 'guess', guess: safeGuess(current.value) });
        current = hiloCard(next);
        if (playHilo(fs, actions).lost) return 0;
      }
      return playHilo(fs, actions).multiplier;
    });
    expect(Math.abs(mean - 0.99 ** 2)).toBeLessThan(halfWidth);
  });

  it('loses the round on a wrong guess and refuses anything after it', () => {
    // 2 then A: "higher or same" on a 2 loses.
    const round = playHilo([0, 0.999], [{ kind: 'guess', guess: 'higherOrSame' }]);
    expect(round.lost).toBe(true);
    expect(round.multiplier).toBe(0);
    expect(() =>
      playHilo([0, 0.999, 0.5], [{ kind: 'guess', guess: 'higherOrSame' }, { kind: 'skip' }]),
    ).toThrow(/after the round was lost/);
  });

  it('refuses certain or impossible guesses, unknown guesses and too few floats', () => {
    expect(() => hiloProbability(13, 'higher')).toThrow(/always wrong/);
    expect(() => hiloProbability(1, 'higherOrSame')).toThrow(/always right/);
    expect(() => hiloProbability(14, 'same')).toThrow(/1 \(A\) to 13 \(K\)/);
    expect(() => hiloProbability(5, 'middle' as HiloGuess)).toThrow(/must be one of/);
    expect(() => playHilo([0.5], [{ kind: 'skip' }])).toThrow(/needs 2 floats/);
    expect(() => playHilo([0.5, 0.5], [{ kind: 'fold' } as never])).toThrow(/guess or a skip/);
    expect(() => hiloCard(1)).toThrow(RangeError);
    expect(() => playHilo([0.5], [], 0.5)).toThrow(/house edge/);
  });
});
