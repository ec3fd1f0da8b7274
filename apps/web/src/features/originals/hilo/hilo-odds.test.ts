import { describe, expect, it } from 'vitest';
import { guessOptions } from './hilo-odds';

describe('hilo guess options', () => {
  it('offers higher/same on an Ace, same/lower on a King, the "or same" pair elsewhere', () => {
    expect(guessOptions(1, 0.01).up).toMatchObject({ guess: 'higher', probability: 12 / 13 });
    expect(guessOptions(1, 0.01).down).toMatchObject({ guess: 'same', probability: 1 / 13 });
    expect(guessOptions(13, 0.01).up.guess).toBe('same');
    expect(guessOptions(13, 0.01).down).toMatchObject({ guess: 'lower', probability: 12 / 13 });
    // On a 2: higher or same is 12/13 (Stake's guide: 92.31%), paying 0.99 × 13/12.
    const two = guessOptions(2, 0.01);
    expect(two.up.probability).toBeCloseTo(0.9231, 4);
    expect(two.up.payout).toBeCloseTo((0.99 * 13) / 12, 10);
    expect(two.down).toMatchObject({ guess: 'lowerOrSame', probability: 2 / 13 });
  });
});
