import { type HiloGuess, hiloPayout, hiloProbability } from '@sorte/fairness';

export interface GuessOption {
  guess: HiloGuess;
  probability: number;
  /** What the round's multiplier is multiplied by when it is right. */
  payout: number;
}

/**
 * The two guesses the screen offers on a card, as at Stake: "higher or same" / "lower or same", except
 * on an Ace (higher / same) and a King (same / lower), where "or same" could not lose.
 */
export function guessOptions(value: number, houseEdge: number): { up: GuessOption; down: GuessOption } {
  const up: HiloGuess = value === 1 ? 'higher' : value === 13 ? 'same' : 'higherOrSame';
  const down: HiloGuess = value === 13 ? 'lower' : value === 1 ? 'same' : 'lowerOrSame';
  const option = (guess: HiloGuess): GuessOption => ({
    guess,
    probability: hiloProbability(value, guess),
    payout: hiloPayout(value, guess, houseEdge),
  });
  return { up: option(up), down: option(down) };
}
