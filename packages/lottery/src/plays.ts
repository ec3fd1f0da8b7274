/**
 * Builders for the four shapes every family's play types take, so validation and expansion are
 * written once: picks per position (each pick one unit), straight (one pick per row, multi-picks
 * multiply out), group (one row, every k-subset a unit) and named options per row.
 */
import { cartesian, combinations } from './combinatorics.ts';
import type {
  BetUnit,
  Chance,
  Draw,
  Expansion,
  FamilyCode,
  PlayType,
  Selection,
  SelectionRejection,
} from './types.ts';

interface Range {
  min: number;
  max: number;
}

type Rows<T> = { ok: true; rows: T[][] } | { ok: false; reason: SelectionRejection };

/**
 * The selection as sorted rows of whole numbers in range, or why not. Empty rows are allowed (a
 * position bet may skip positions) but the selection as a whole must pick something.
 */
export function numberRows(selection: Selection, rowCount: number, range: Range): Rows<number> {
  if (!Array.isArray(selection) || selection.length !== rowCount)
    return { ok: false, reason: 'WRONG_ROW_COUNT' };
  const rows: number[][] = [];
  for (const row of selection) {
    if (!Array.isArray(row)) return { ok: false, reason: 'WRONG_ROW_COUNT' };
    for (const pick of row)
      if (typeof pick !== 'number' || !Number.isInteger(pick) || pick < range.min || pick > range.max)
        return { ok: false, reason: 'PICK_OUT_OF_RANGE' };
    if (new Set(row).size !== row.length) return { ok: false, reason: 'DUPLICATE_PICK' };
    rows.push([...(row as number[])].sort((a, b) => a - b));
  }
  if (rows.every((row) => row.length === 0)) return { ok: false, reason: 'NOTHING_PICKED' };
  return { ok: true, rows };
}

/** The selection as rows of known option names, or why not. */
export function optionRows(selection: Selection, rowCount: number, options: readonly string[]): Rows<string> {
  if (!Array.isArray(selection) || selection.length !== rowCount)
    return { ok: false, reason: 'WRONG_ROW_COUNT' };
  const rows: string[][] = [];
  for (const row of selection) {
    if (!Array.isArray(row)) return { ok: false, reason: 'WRONG_ROW_COUNT' };
    for (const pick of row)
      if (typeof pick !== 'string' || !options.includes(pick)) return { ok: false, reason: 'UNKNOWN_OPTION' };
    if (new Set(row).size !== row.length) return { ok: false, reason: 'DUPLICATE_PICK' };
    // Keep the options' declared order so unit keys do not depend on how the client sent them.
    rows.push(options.filter((option) => row.includes(option)));
  }
  if (rows.every((row) => row.length === 0)) return { ok: false, reason: 'NOTHING_PICKED' };
  return { ok: true, rows };
}

interface Base {
  code: string;
  family: FamilyCode;
  description: string;
}

function play(base: Base, expand: (selection: Selection) => Expansion): PlayType {
  return { ...base, expand };
}

function units(list: BetUnit[]): Expansion {
  return list.length === 0 ? { ok: false, reason: 'NO_VALID_COMBINATION' } : { ok: true, units: list };
}

/** Each picked number in each row is one unit (position bets, sum values, specific triples). */
export function pickPlay(
  base: Base & {
    rows: number;
    range: Range;
    chance: (row: number, value: number) => Chance;
    wins: (draw: Draw, row: number, value: number) => boolean;
  },
): PlayType {
  return play(base, (selection) => {
    const parsed = numberRows(selection, base.rows, base.range);
    if (!parsed.ok) return parsed;
    return units(
      parsed.rows.flatMap((values, row) =>
        values.map((value) => ({
          key: base.rows === 1 ? `${value}` : `p${row + 1}:${value}`,
          chance: base.chance(row, value),
          wins: (draw: Draw) => base.wins(draw, row, value),
        })),
      ),
    );
  });
}

/**
 * One pick per row in order (straight bets); several picks in a row multiply out. `distinct` drops
 * combinations repeating a number, which can never be drawn (11-choose-5 draws without repeats).
 */
export function straightPlay(
  base: Base & {
    rows: number;
    range: Range;
    distinct: boolean;
    chance: Chance;
    wins: (draw: Draw, picks: number[]) => boolean;
  },
): PlayType {
  return play(base, (selection) => {
    const parsed = numberRows(selection, base.rows, base.range);
    if (!parsed.ok) return parsed;
    if (parsed.rows.some((row) => row.length === 0)) return { ok: false, reason: 'TOO_FEW_PICKS' };
    const combos = cartesian(parsed.rows).filter(
      (picks) => !base.distinct || new Set(picks).size === picks.length,
    );
    return units(
      combos.map((picks) => ({
        key: picks.join('-'),
        chance: base.chance,
        wins: (draw) => base.wins(draw, picks),
      })),
    );
  });
}

/** One row of numbers; every k-subset of the picks is one unit (group and "any k" bets). */
export function groupPlay(
  base: Base & { k: number; range: Range; chance: Chance; wins: (draw: Draw, set: number[]) => boolean },
): PlayType {
  return play(base, (selection) => {
    const parsed = numberRows(selection, 1, base.range);
    if (!parsed.ok) return parsed;
    const [picks] = parsed.rows;
    if (picks!.length < base.k) return { ok: false, reason: 'TOO_FEW_PICKS' };
    return units(
      combinations(picks!, base.k).map((set) => ({
        key: set.join('-'),
        chance: base.chance,
        wins: (draw) => base.wins(draw, set),
      })),
    );
  });
}

/** A named outcome of a row, with its fair chance and test. */
export interface Option {
  chance: Chance;
  wins: (draw: Draw, row: number) => boolean;
}

/** Rows of named options (big/small/odd/even, dragon/tiger); each picked option is one unit. */
export function optionPlay(
  base: Base & { rows: number; options: Readonly<Record<string, Option>> },
): PlayType {
  const names = Object.keys(base.options);
  return play(base, (selection) => {
    const parsed = optionRows(selection, base.rows, names);
    if (!parsed.ok) return parsed;
    return units(
      parsed.rows.flatMap((picked, row) =>
        picked.map((name) => {
          const option = base.options[name]!;
          return {
            key: base.rows === 1 ? name : `r${row + 1}:${name}`,
            chance: option.chance,
            wins: (draw: Draw) => option.wins(draw, row),
          };
        }),
      ),
    );
  });
}
