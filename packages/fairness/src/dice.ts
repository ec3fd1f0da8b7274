/**
 * Dice, as Stake publishes it (https://stake.us/provably-fair/game-events): one float gives one of
 * 10,001 rolls 0.00…100.00, roll = floor(float × 10001) / 100. The player wins by rolling under or
 * over a target on the same two-decimal grid.
 *
 * One deliberate difference: Stake prices the bet off the nominal chance (target %) although 10,001
 * rolls exist, so its RTP is 99 × 10000/10001 ≈ 98.990%. We price off the exact chance
 * (winning rolls / 10001). That multiplier, (1 − edge) × 10001 / winning rolls, is rounded DOWN onto
 * the 8-place grid (@sorte/money), so the RTP is 1 − house edge less under one grid step (< 10⁻⁸).
 */
import { unitsToNumber } from '@sorte/money';
import { hundredths, rtpUnits } from './cents.ts';
import { checkHouseEdge, DEFAULT_HOUSE_EDGE } from './edge.ts';
import { pickIndex } from './shuffle.ts';

export const DICE_FLOATS = 1;
/** Rolls 0…10000 in hundredths. */
export const DICE_OUTCOMES = 10_001;
/** The highest win chance offered (98%), so a winning bet always pays more than the stake. */
const MAX_WIN_CHANCE = 0.98;

export type DiceDirection = 'under' | 'over';

export interface DiceBet {
  /** 0.01…99.99, two decimals. */
  target: number;
  direction: DiceDirection;
  houseEdge?: number;
}

export interface DiceOdds {
  /** How many of the 10,001 rolls win. */
  winningRolls: number;
  chance: number;
  /** For display and statistics; the payout uses `multiplierUnits`. */
  multiplier: number;
  /** The multiplier on the 8-place grid, rounded down. */
  multiplierUnits: bigint;
}

export interface DiceOutcome {
  roll: number;
  win: boolean;
  /** What the stake is multiplied by: the bet's multiplier on a win, 0 on a loss. */
  payout: number;
  /** `payout` on the 8-place grid. */
  multiplierUnits: bigint;
}

/** The roll, 0.00…100.00, from one float. */
export function diceRoll(float: number): number {
  return pickIndex(float, DICE_OUTCOMES) / 100;
}

/** Win chance and multiplier of a bet; throws RangeError for a target off the grid or too likely. */
export function diceOdds(bet: DiceBet): DiceOdds {
  const edge = checkHouseEdge(bet.houseEdge ?? DEFAULT_HOUSE_EDGE);
  const target = hundredths(bet.target, 'dice target', 0.01, 99.99);
  if (bet.direction !== 'under' && bet.direction !== 'over')
    throw new RangeError(`dice direction must be 'under' or 'over', got ${String(bet.direction)}`);
  // Under wins on rolls 0…target−0.01, over on target+0.01…100.00 (a roll equal to the target loses).
  const winningRolls = bet.direction === 'under' ? target : DICE_OUTCOMES - 1 - target;
  const chance = winningRolls / DICE_OUTCOMES;
  if (chance > MAX_WIN_CHANCE)
    throw new RangeError(
      `dice win chance must be at most ${MAX_WIN_CHANCE * 100}%, got ${(chance * 100).toFixed(2)}%`,
    );
  const multiplierUnits = (rtpUnits(edge) * BigInt(DICE_OUTCOMES)) / BigInt(winningRolls);
  return { winningRolls, chance, multiplier: unitsToNumber(multiplierUnits), multiplierUnits };
}

function wins(roll: number, bet: DiceBet): boolean {
  return bet.direction === 'under' ? roll < bet.target : roll > bet.target;
}

/** Plays one bet from its floats (the first is used). */
export function playDice(floats: readonly number[], bet: DiceBet): DiceOutcome {
  const { multiplier, multiplierUnits } = diceOdds(bet);
  const roll = diceRoll(floats[0]!);
  const win = wins(roll, bet);
  return { roll, win, payout: win ? multiplier : 0, multiplierUnits: win ? multiplierUnits : 0n };
}

/** Theoretical RTP of a bet, by enumerating all 10,001 rolls. */
export function diceRtp(bet: DiceBet): number {
  const { multiplier } = diceOdds(bet);
  let total = 0;
  for (let n = 0; n < DICE_OUTCOMES; n++) if (wins(n / 100, bet)) total += multiplier;
  return total / DICE_OUTCOMES;
}
