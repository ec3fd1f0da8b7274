/**
 * Mines as Stake publishes it: the 25 tiles of the 5×5 board are numbered 0…24 left to right, top to
 * bottom; the mines are drawn without replacement, float i choosing floor(float × (25 − i)) among the
 * tiles still free, and the first `mines` draws are the mines. Every safe pick raises the cash-out
 * multiplier to (1 − edge) × C(25, k) / C(25 − mines, k) after k safe picks — the fair odds of k safe
 * picks in a row less the house edge — rounded DOWN onto the 8-place grid (@sorte/money), so cashing
 * out after any number of picks returns 1 − edge less under one grid step (< 10⁻⁸).
 *
 * Sources: https://stake.com/provably-fair/game-events ("Mines": each float times the tiles still
 * remaining, positions left to right, top to bottom), restated with code at
 * https://opduel.com/fairness/mines.
 */
import { unitsToNumber } from '@sorte/money';
import { rtpUnits } from './cents.ts';
import { binomial } from './combinatorics.ts';
import { checkHouseEdge, DEFAULT_HOUSE_EDGE } from './edge.ts';
import { drawDistinct } from './shuffle.ts';

export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;
const TILES = Array.from({ length: MINES_TILES }, (_, tile) => tile);

function checkMines(mines: number): void {
  if (!Number.isInteger(mines) || mines < MINES_MIN || mines > MINES_MAX)
    throw new RangeError(`mines must be an integer from ${MINES_MIN} to ${MINES_MAX}, got ${mines}`);
}

/** Where the mines lie, in draw order, from the bet's first `mines` floats. */
export function minePositions(floats: readonly number[], mines: number): number[] {
  checkMines(mines);
  if (floats.length < mines) throw new RangeError(`mines needs ${mines} floats, got ${floats.length}`);
  return drawDistinct(TILES, floats.slice(0, mines));
}

/** The cash-out multiplier after `safePicks` safe picks (1 … 25 − mines), for display and statistics. */
export function minesMultiplier(mines: number, safePicks: number, edge = DEFAULT_HOUSE_EDGE): number {
  return unitsToNumber(minesMultiplierUnits(mines, safePicks, edge));
}

/** The cash-out multiplier on the 8-place grid: (1 − edge) × C(25, k) / C(25 − mines, k), rounded down. */
export function minesMultiplierUnits(mines: number, safePicks: number, edge = DEFAULT_HOUSE_EDGE): bigint {
  checkMines(mines);
  const maxPicks = MINES_TILES - mines;
  if (!Number.isInteger(safePicks) || safePicks < 1 || safePicks > maxPicks)
    throw new RangeError(`with ${mines} mines, safe picks must be 1 to ${maxPicks}, got ${safePicks}`);
  return (
    (rtpUnits(checkHouseEdge(edge)) * BigInt(binomial(MINES_TILES, safePicks))) /
    BigInt(binomial(maxPicks, safePicks))
  );
}

/** Refuses picks that are not distinct tiles 0…24, or more picks than there are safe tiles. */
export function checkMinesPicks(picks: readonly number[], mines: number): void {
  checkMines(mines);
  if (picks.length > MINES_TILES - mines)
    throw new RangeError(`with ${mines} mines, at most ${MINES_TILES - mines} picks are possible`);
  const seen = new Set<number>();
  for (const tile of picks) {
    if (!Number.isInteger(tile) || tile < 0 || tile >= MINES_TILES)
      throw new RangeError(`a tile must be an integer from 0 to ${MINES_TILES - 1}, got ${tile}`);
    if (seen.has(tile)) throw new RangeError(`tile ${tile} is picked twice`);
    seen.add(tile);
  }
}

export interface MinesRound {
  mines: number[];
  /** The picks played, up to and including the first mine hit. */
  revealed: { tile: number; safe: boolean }[];
  busted: boolean;
  safePicks: number;
  /** What a cash-out pays per unit staked now: 0 once busted or before the first safe pick. */
  multiplier: number;
  /** `multiplier` on the 8-place grid. */
  multiplierUnits: bigint;
}

/** Plays the picks in order; the round ends at the first mine (later picks are never revealed). */
export function playMines(
  floats: readonly number[],
  mines: number,
  picks: readonly number[],
  edge = DEFAULT_HOUSE_EDGE,
): MinesRound {
  checkMinesPicks(picks, mines);
  checkHouseEdge(edge);
  const positions = minePositions(floats, mines);
  const mined = new Set(positions);
  const round: MinesRound = {
    mines: positions,
    revealed: [],
    busted: false,
    safePicks: 0,
    multiplier: 0,
    multiplierUnits: 0n,
  };
  for (const tile of picks) {
    const safe = !mined.has(tile);
    round.revealed.push({ tile, safe });
    if (!safe) {
      round.busted = true;
      round.multiplier = 0;
      round.multiplierUnits = 0n;
      return round;
    }
    round.safePicks++;
    round.multiplierUnits = minesMultiplierUnits(mines, round.safePicks, edge);
    round.multiplier = unitsToNumber(round.multiplierUnits);
  }
  return round;
}

/**
 * The exact return of cashing out after `safePicks` picks, counting boards: the k picked tiles are all
 * safe on C(25 − k, mines) of the C(25, mines) equally likely boards. Equals 1 − edge for every setting.
 */
export function minesRtp(mines: number, safePicks: number, edge = DEFAULT_HOUSE_EDGE): number {
  const multiplier = minesMultiplier(mines, safePicks, edge);
  return (binomial(MINES_TILES - safePicks, mines) / binomial(MINES_TILES, mines)) * multiplier;
}
