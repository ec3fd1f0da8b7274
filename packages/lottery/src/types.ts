/**
 * The shapes every fast-draw family shares. A ticket names one play type and a selection; the play
 * type expands the selection into bet units (one unit = one combination, priced at the unit stake)
 * and each unit knows its fair chance and whether a draw wins it. Settlement then only counts units.
 */

/** The fast-draw families; the Vietnamese lottery has its own rules under vn/. */
export type FamilyCode = 'FIVE_DIGIT' | 'THREE_DICE' | 'RACE_10' | 'ELEVEN_FIVE';

/**
 * A draw's result, in the order it was drawn:
 * FIVE_DIGIT 5 digits 0–9 (positions 1st…5th, the 万千百十个 of 时时彩); THREE_DICE 3 faces 1–6;
 * RACE_10 the cars 1–10 by finishing place (index 0 = champion); ELEVEN_FIVE 5 distinct numbers 1–11
 * in drawing order (the "front" plays read the first ones).
 */
export type Draw = readonly number[];

/** One pick in a selection: a number (digit, face, car, ball, sum) or a named option (BIG, DRAGON…). */
export type Pick = number | string;

/** Rows of picks, one row per position/part of the play type (a one-row play has one row). */
export type Selection = readonly (readonly Pick[])[];

/** Why a selection (or a ticket) is refused; stable codes the server maps to its error codes. */
export type SelectionRejection =
  | 'WRONG_ROW_COUNT'
  | 'NOTHING_PICKED'
  | 'PICK_OUT_OF_RANGE'
  | 'UNKNOWN_OPTION'
  | 'DUPLICATE_PICK'
  | 'TOO_FEW_PICKS'
  | 'NO_VALID_COMBINATION'
  | 'UNKNOWN_PLAY_TYPE';

/** A fair probability as a ratio of whole counts over the draw space, so odds stay exact. */
export interface Chance {
  wins: number;
  outOf: number;
}

/** One combination of a ticket; `key` is stable and readable (e.g. `p1:7`, `3-5-9`, `r2:DRAGON`). */
export interface BetUnit {
  key: string;
  chance: Chance;
  wins(draw: Draw): boolean;
}

export type Expansion = { ok: true; units: BetUnit[] } | { ok: false; reason: SelectionRejection };

export interface PlayType {
  /** Stable code stored on tickets, e.g. `5D_FRONT3_GROUP6`. */
  code: string;
  family: FamilyCode;
  /** One English line for operators and docs; the web app translates its own labels by code. */
  description: string;
  /** Validates the selection and expands it into its bet units. */
  expand(selection: Selection): Expansion;
}
