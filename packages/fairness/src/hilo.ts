/**
 * Hilo as Stake publishes it: every card is drawn from an unlimited deck, card = CARDS[floor(float × 52)]
 * in Stake's index order ♦2 ♥2 ♠2 ♣2 ♦3 … ♣K ♦A ♥A ♠A ♣A. For the game, Ace is the lowest rank and King
 * the highest (Stake's own guide: on a 2, "higher or same" is 92.31% = 12/13). The first float is the
 * start card; each later action (a guess or a skip) draws the next card from the next float. A correct
 * guess multiplies the round's multiplier by (1 − edge) / probability, a wrong one loses the round, a
 * skip changes nothing; the player may cash out after any correct guess.
 *
 * Grid: a guess's multiplier (1 − edge) × 13 / winning ranks is rounded DOWN onto the 8-place grid
 * (@sorte/money), and so is the round's multiplier after every correct guess (the product of two grid
 * values has 16 places): the house never rounds up, each guess returns 1 − edge less under 10⁻⁸.
 *
 * Sources: https://stake.com/provably-fair/game-events ("Blackjack, Hilo & Baccarat": the index and
 * floor(float × 52)); https://stake.com/blog/how-to-play-hilo-on-stake (rank order, probabilities).
 */
import { unitsToNumber } from '@sorte/money';
import { MULTIPLIER_ONE, rtpUnits } from './cents.ts';
import { checkHouseEdge, DEFAULT_HOUSE_EDGE } from './edge.ts';
import { MAX_FLOATS } from './rng.ts';
import { pickIndex } from './shuffle.ts';

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
const SUITS = ['♦', '♥', '♠', '♣'] as const;
export type HiloRank = (typeof RANKS)[number];
export type HiloSuit = (typeof SUITS)[number];

export interface HiloCard {
  /** Position in Stake's 52-card index, 0…51. */
  index: number;
  rank: HiloRank;
  suit: HiloSuit;
  /** Hilo order: A = 1, 2…10, J = 11, Q = 12, K = 13. */
  value: number;
}

/** The card a float draws. */
export function hiloCard(float: number): HiloCard {
  if (!(float >= 0 && float < 1)) throw new RangeError(`a float must be in [0, 1), got ${float}`);
  const index = pickIndex(float, 52);
  const rankIndex = Math.floor(index / 4);
  return {
    index,
    rank: RANKS[rankIndex]!,
    suit: SUITS[index % 4]!,
    value: rankIndex === 12 ? 1 : rankIndex + 2,
  };
}

export type HiloGuess = 'higher' | 'lower' | 'same' | 'higherOrSame' | 'lowerOrSame';
export const HILO_GUESSES: readonly HiloGuess[] = ['higher', 'lower', 'same', 'higherOrSame', 'lowerOrSame'];

/** Whether the next card's value makes the guess right. */
function wins(guess: HiloGuess, current: number, next: number): boolean {
  switch (guess) {
    case 'higher':
      return next > current;
    case 'lower':
      return next < current;
    case 'same':
      return next === current;
    case 'higherOrSame':
      return next >= current;
    case 'lowerOrSame':
      return next <= current;
  }
}

/** Ranks (of 13, each equally likely) that make the guess right. */
function winningRanks(guess: HiloGuess, value: number): number {
  let count = 0;
  for (let next = 1; next <= 13; next++) if (wins(guess, value, next)) count++;
  return count;
}

/**
 * Ranks that make the guess right on a card of this value. A guess that cannot lose or cannot win
 * (higher or same on an Ace, higher on a King…) is refused: it would only move money for nothing.
 */
function legalWinningRanks(value: number, guess: HiloGuess): number {
  if (!Number.isInteger(value) || value < 1 || value > 13)
    throw new RangeError(`a hilo card value must be 1 (A) to 13 (K), got ${value}`);
  if (!HILO_GUESSES.includes(guess))
    throw new RangeError(`a hilo guess must be one of ${HILO_GUESSES.join(', ')}, got ${guess}`);
  const count = winningRanks(guess, value);
  if (count === 0 || count === 13)
    throw new RangeError(`the guess ${guess} on ${value} is always ${count ? 'right' : 'wrong'}`);
  return count;
}

/** The chance the guess is right on a card of this value (refused like `legalWinningRanks`). */
export function hiloProbability(value: number, guess: HiloGuess): number {
  return legalWinningRanks(value, guess) / 13;
}

/** What a correct guess multiplies the round's multiplier by, for display and statistics. */
export function hiloPayout(value: number, guess: HiloGuess, edge = DEFAULT_HOUSE_EDGE): number {
  return unitsToNumber(hiloPayoutUnits(value, guess, edge));
}

/** A correct guess's multiplier on the 8-place grid: (1 − edge) × 13 / winning ranks, rounded down. */
export function hiloPayoutUnits(value: number, guess: HiloGuess, edge = DEFAULT_HOUSE_EDGE): bigint {
  return (rtpUnits(checkHouseEdge(edge)) * 13n) / BigInt(legalWinningRanks(value, guess));
}

/** The round's multiplier after a correct guess: the product floored back onto the grid. */
export function chainMultiplierUnits(roundUnits: bigint, guessUnits: bigint): bigint {
  return (roundUnits * guessUnits) / MULTIPLIER_ONE;
}

export type HiloAction = { kind: 'skip' } | { kind: 'guess'; guess: HiloGuess };

export interface HiloStep {
  action: HiloAction;
  card: HiloCard;
  /** Whether a guess was right; a skip is never wrong. */
  correct: boolean;
  /** The round's multiplier after this step (0 once lost). */
  multiplier: number;
  /** `multiplier` on the 8-place grid. */
  multiplierUnits: bigint;
}

export interface HiloRound {
  start: HiloCard;
  steps: HiloStep[];
  lost: boolean;
  /** The multiplier a cash-out now pays per unit staked: 0 once lost, 1 before any correct guess. */
  multiplier: number;
  /** `multiplier` on the 8-place grid. */
  multiplierUnits: bigint;
  /** Cashing out needs a correct guess first, as at Stake: otherwise skips would be a free refund. */
  canCashOut: boolean;
}

/** Plays a round: floats[0] is the start card, floats[i + 1] the card of actions[i]. */
export function playHilo(
  floats: readonly number[],
  actions: readonly HiloAction[],
  edge = DEFAULT_HOUSE_EDGE,
): HiloRound {
  checkHouseEdge(edge);
  if (actions.length > MAX_FLOATS - 1)
    throw new RangeError(`a hilo round takes at most ${MAX_FLOATS - 1} actions, got ${actions.length}`);
  if (floats.length < actions.length + 1)
    throw new RangeError(`hilo needs ${actions.length + 1} floats, got ${floats.length}`);
  const start = hiloCard(floats[0]!);
  const round: HiloRound = {
    start,
    steps: [],
    lost: false,
    multiplier: 1,
    multiplierUnits: MULTIPLIER_ONE,
    canCashOut: false,
  };
  let current = start;
  for (const [i, action] of actions.entries()) {
    if (round.lost) throw new RangeError(`action ${i + 1} comes after the round was lost`);
    const card = hiloCard(floats[i + 1]!);
    let correct = true;
    if (action.kind === 'guess') {
      const payout = hiloPayoutUnits(current.value, action.guess, edge);
      correct = wins(action.guess, current.value, card.value);
      round.multiplierUnits = correct ? chainMultiplierUnits(round.multiplierUnits, payout) : 0n;
      round.multiplier = unitsToNumber(round.multiplierUnits);
      round.lost = !correct;
      round.canCashOut = correct;
    } else if (action.kind !== 'skip') throw new RangeError(`a hilo action is a guess or a skip`);
    round.steps.push({
      action,
      card,
      correct,
      multiplier: round.multiplier,
      multiplierUnits: round.multiplierUnits,
    });
    current = card;
  }
  return round;
}

/**
 * The exact return of one guess, by enumerating the 52 cards the next float can draw; every legal
 * guess returns 1 − edge, so a round cashed out after n correct guesses returns (1 − edge)^n, as at Stake.
 */
export function hiloRtp(value: number, guess: HiloGuess, edge = DEFAULT_HOUSE_EDGE): number {
  const payout = hiloPayout(value, guess, edge);
  let total = 0;
  for (let index = 0; index < 52; index++)
    if (wins(guess, value, hiloCard((index + 0.5) / 52).value)) total += payout;
  return total / 52;
}
