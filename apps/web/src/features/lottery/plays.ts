/**
 * How each fast-draw play type is picked on screen. The rules package knows how a selection is
 * validated and priced but not how it is drawn as rows of balls or buttons, so this table adds the
 * layout: the tab group a play sits in, its rows (labelled by a translation key) and, per row, a
 * range of numbers or a list of named options. A unit test keeps it in step with the package.
 */
import type { LotteryFamily } from '@sorte/contracts';
import { PLAYS_BY_FAMILY } from '@sorte/lottery';

export interface NumberRow {
  kind: 'numbers';
  /** Key under `lottery:rows.` and its parameters. */
  label: string;
  labelParams?: Record<string, number>;
  min: number;
  max: number;
}

export interface OptionRow {
  kind: 'options';
  label: string;
  labelParams?: Record<string, number>;
  options: readonly string[];
}

export type PickRow = NumberRow | OptionRow;

export interface PlayLayout {
  code: string;
  /** Key under `lottery:groups.`: the first row of tabs. */
  group: string;
  rows: readonly PickRow[];
}

const BSOE = ['BIG', 'SMALL', 'ODD', 'EVEN'] as const;

const numbers = (
  label: string,
  min: number,
  max: number,
  labelParams?: Record<string, number>,
): NumberRow => ({
  kind: 'numbers',
  label,
  min,
  max,
  ...(labelParams ? { labelParams } : {}),
});
const options = (
  label: string,
  list: readonly string[],
  labelParams?: Record<string, number>,
): OptionRow => ({
  kind: 'options',
  label,
  options: list,
  ...(labelParams ? { labelParams } : {}),
});
/** Rows `first…first+count−1` of one kind, labelled "1st", "2nd"… by position. */
const positions = (count: number, make: (n: number) => PickRow, first = 1): PickRow[] =>
  Array.from({ length: count }, (_, i) => make(first + i));

const digitsAt = (n: number) => numbers('position', 0, 9, { n });

function fiveDigit(code: string): PlayLayout | null {
  if (code === '5D_POSITION') return { code, group: 'position', rows: positions(5, digitsAt) };
  const window = /^5D_(FRONT3|MIDDLE3|BACK3)_(STRAIGHT|GROUP3|GROUP6)$/.exec(code);
  if (window) {
    const first = { FRONT3: 1, MIDDLE3: 2, BACK3: 3 }[window[1] as 'FRONT3' | 'MIDDLE3' | 'BACK3'];
    const group = window[1]!.toLowerCase();
    const rows = window[2] === 'STRAIGHT' ? positions(3, digitsAt, first) : [numbers('digits', 0, 9)];
    return { code, group, rows };
  }
  if (code === '5D_FRONT2_STRAIGHT') return { code, group: 'two', rows: positions(2, digitsAt, 1) };
  if (code === '5D_BACK2_STRAIGHT') return { code, group: 'two', rows: positions(2, digitsAt, 4) };
  if (code === '5D_POSITION_BSOE')
    return { code, group: 'bsoe', rows: positions(5, (n) => options('position', BSOE, { n })) };
  if (code === '5D_SUM_BSOE') return { code, group: 'bsoe', rows: [options('sumOfAll', BSOE)] };
  if (code === '5D_DRAGON_TIGER')
    return { code, group: 'bsoe', rows: [options('dragonTiger5', ['DRAGON', 'TIGER', 'TIE'])] };
  if (code === '5D_SUM_VALUE') return { code, group: 'sum', rows: [numbers('sumOfAll', 0, 45)] };
  return null;
}

function threeDice(code: string): PlayLayout | null {
  switch (code) {
    case 'K3_SUM':
      return { code, group: 'sum', rows: [numbers('diceSum', 4, 17)] };
    case 'K3_BSOE':
      return { code, group: 'sum', rows: [options('diceSum', BSOE)] };
    case 'K3_SINGLE':
    case 'K3_PAIR':
    case 'K3_TRIPLE':
      return { code, group: 'faces', rows: [numbers('faces', 1, 6)] };
    case 'K3_ANY_TRIPLE':
      return { code, group: 'faces', rows: [options('anyTriple', ['ANY_TRIPLE'])] };
    default:
      return null;
  }
}

function race(code: string): PlayLayout | null {
  switch (code) {
    case 'PK10_POSITION':
      return { code, group: 'position', rows: positions(10, (n) => numbers('place', 1, 10, { n })) };
    case 'PK10_TOP2_SUM':
      return { code, group: 'sum', rows: [numbers('top2Sum', 3, 19)] };
    case 'PK10_DRAGON_TIGER':
      return {
        code,
        group: 'bsoe',
        rows: positions(5, (n) => options('placeVs', ['DRAGON', 'TIGER'], { n, m: 11 - n })),
      };
    case 'PK10_CHAMPION_BSOE':
      return { code, group: 'bsoe', rows: [options('champion', BSOE)] };
    default:
      return null;
  }
}

function elevenFive(code: string): PlayLayout | null {
  if (/^11X5_ANY_[1-8]$/.test(code)) return { code, group: 'any', rows: [numbers('balls', 1, 11)] };
  const front = /^11X5_FRONT([23])_(STRAIGHT|GROUP)$/.exec(code);
  if (front) {
    const k = Number(front[1]);
    const rows =
      front[2] === 'STRAIGHT'
        ? positions(k, (n) => numbers('drawn', 1, 11, { n }))
        : [numbers('balls', 1, 11)];
    return { code, group: 'front', rows };
  }
  if (code === '11X5_POSITION')
    return { code, group: 'position', rows: positions(5, (n) => numbers('drawn', 1, 11, { n })) };
  return null;
}

const BY_FAMILY: Record<LotteryFamily, (code: string) => PlayLayout | null> = {
  FIVE_DIGIT: fiveDigit,
  THREE_DICE: threeDice,
  RACE_10: race,
  ELEVEN_FIVE: elevenFive,
};

/** The layout of a play type of a family, or null for a code this screen does not know (yet). */
export function playLayout(family: LotteryFamily, code: string): PlayLayout | null {
  return BY_FAMILY[family](code);
}

/**
 * The family's play types in the package's order, limited to the codes the server offers, grouped
 * into tabs (first group first).
 */
export function playGroups(
  family: LotteryFamily,
  offered: readonly string[],
): { group: string; plays: PlayLayout[] }[] {
  const groups: { group: string; plays: PlayLayout[] }[] = [];
  for (const play of PLAYS_BY_FAMILY[family]) {
    if (!offered.includes(play.code)) continue;
    const layout = playLayout(family, play.code);
    if (!layout) continue;
    const existing = groups.find((g) => g.group === layout.group);
    if (existing) existing.plays.push(layout);
    else groups.push({ group: layout.group, plays: [layout] });
  }
  return groups;
}

export type QuickPick = 'all' | 'big' | 'small' | 'odd' | 'even' | 'clear';
export const QUICK_PICKS: readonly QuickPick[] = ['all', 'big', 'small', 'odd', 'even', 'clear'];

/**
 * The numbers a quick picker selects in a row: big is the upper half of the row's range and small
 * the lower (0–4 / 5–9 for digits, 1–5 / 6–10 for cars; an odd count gives the extra one to big).
 */
export function quickPick(row: NumberRow, pick: QuickPick): number[] {
  const all = Array.from({ length: row.max - row.min + 1 }, (_, i) => row.min + i);
  const smallCount = Math.floor(all.length / 2);
  switch (pick) {
    case 'all':
      return all;
    case 'big':
      return all.slice(smallCount);
    case 'small':
      return all.slice(0, smallCount);
    case 'odd':
      return all.filter((n) => n % 2 === 1);
    case 'even':
      return all.filter((n) => n % 2 === 0);
    case 'clear':
      return [];
  }
}

/** An empty selection with one row per row of the layout. */
export function emptySelection(layout: PlayLayout): (number | string)[][] {
  return layout.rows.map(() => []);
}

/** Toggles one pick in one row, keeping numbers sorted and options in their declared order. */
export function togglePick(
  layout: PlayLayout,
  selection: readonly (readonly (number | string)[])[],
  rowIndex: number,
  pick: number | string,
): (number | string)[][] {
  return selection.map((row, i) => {
    if (i !== rowIndex) return [...row];
    const next = row.includes(pick) ? row.filter((p) => p !== pick) : [...row, pick];
    const def = layout.rows[i]!;
    return def.kind === 'options'
      ? def.options.filter((o) => next.includes(o))
      : (next as number[]).sort((a, b) => a - b);
  });
}
