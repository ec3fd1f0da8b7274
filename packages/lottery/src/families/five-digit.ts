/**
 * 5-digit fast draw (时时彩 / "SSC" family): five digits 0–9, each drawn independently, read as
 * positions 1st…5th (万 千 百 十 个). The draw space is 10^5 equally likely results. The play types
 * are the ones leading SSC sites list under the same names; where a convention varies between sites
 * the choice is stated next to the play type.
 */
import { groupPlay, numberRows, type Option, optionPlay, pickPlay, straightPlay } from '../plays.ts';
import type { Chance, Draw, PlayType } from '../types.ts';

const DIGITS = { min: 0, max: 9 };
const family = 'FIVE_DIGIT' as const;
const SPACE = 100_000;

const sum = (digits: readonly number[]) => digits.reduce((a, b) => a + b, 0);
const sortedKey = (digits: readonly number[]) => [...digits].sort((a, b) => a - b).join('');

/** How many of the 10^5 results have each digit sum 0–45, counted by convolution. */
export const FIVE_DIGIT_SUM_COUNTS: readonly number[] = (() => {
  let counts = [1];
  for (let digit = 0; digit < 5; digit++) {
    const next = new Array<number>(counts.length + 9).fill(0);
    counts.forEach((ways, s) => {
      for (let d = 0; d <= 9; d++) next[s + d]! += ways;
    });
    counts = next;
  }
  return counts;
})();

/** Position digit (定位胆): pick digits for any of the 5 positions; each (position, digit) is a unit. */
const position = pickPlay({
  code: '5D_POSITION',
  family,
  description: 'Position digit: a digit at one of the five positions',
  rows: 5,
  range: DIGITS,
  chance: () => ({ wins: 1, outOf: 10 }),
  wins: (draw, row, digit) => draw[row] === digit,
});

/** The three 3-digit windows of the common SSC menus: front (1–3), middle (2–4), back (3–5). */
const WINDOWS3 = { FRONT3: 0, MIDDLE3: 1, BACK3: 2 } as const;

function threeDigitPlays(name: keyof typeof WINDOWS3): PlayType[] {
  const start = WINDOWS3[name];
  const window = (draw: Draw) => draw.slice(start, start + 3);
  const label = name.toLowerCase().replace('3', ' 3');
  const straight = straightPlay({
    code: `5D_${name}_STRAIGHT`,
    family,
    description: `${label} straight: the three digits in order`,
    rows: 3,
    range: DIGITS,
    distinct: false,
    chance: { wins: 1, outOf: 1000 },
    wins: (draw, picks) => window(draw).join('') === picks.join(''),
  });
  // Group 6 (组六): three different digits in any order; 3! = 6 of the 1000 windows match a set.
  const group6 = groupPlay({
    code: `5D_${name}_GROUP6`,
    family,
    description: `${label} group 6: three different digits in any order`,
    k: 3,
    range: DIGITS,
    chance: { wins: 6, outOf: 1000 },
    wins: (draw, set) => sortedKey(window(draw)) === set.join(''),
  });
  return [straight, group3(name, window, label), group6];
}

/**
 * Group 3 (组三): a pair plus one other digit, in any order (3 arrangements of 1000). From n picked
 * digits each ordered choice of (pair digit, single digit) is a unit: n × (n − 1) units, the usual
 * SSC count (2 digits make 2 units).
 */
function group3(name: string, window: (draw: Draw) => number[], label: string): PlayType {
  const chance: Chance = { wins: 3, outOf: 1000 };
  return {
    code: `5D_${name}_GROUP3`,
    family,
    description: `${label} group 3: a pair and one other digit in any order`,
    expand(selection) {
      const parsed = numberRows(selection, 1, DIGITS);
      if (!parsed.ok) return parsed;
      const digits = parsed.rows[0]!;
      if (digits.length < 2) return { ok: false, reason: 'TOO_FEW_PICKS' };
      const units = digits.flatMap((pair) =>
        digits
          .filter((single) => single !== pair)
          .map((single) => {
            const target = sortedKey([pair, pair, single]);
            return {
              key: `${pair}${pair}${single}`,
              chance,
              wins: (draw: Draw) => sortedKey(window(draw)) === target,
            };
          }),
      );
      return { ok: true, units };
    },
  };
}

function twoStar(code: string, start: number, label: string): PlayType {
  return straightPlay({
    code,
    family,
    description: `${label} 2-star straight: two digits in order`,
    rows: 2,
    range: DIGITS,
    distinct: false,
    chance: { wins: 1, outOf: 100 },
    wins: (draw, picks) => draw[start] === picks[0] && draw[start + 1] === picks[1],
  });
}

const half: Chance = { wins: 1, outOf: 2 };

/** Per-position big/small/odd/even: big 5–9, small 0–4 (the SSC convention); each exactly 1/2. */
const positionBigSmall = optionPlay({
  code: '5D_POSITION_BSOE',
  family,
  description: 'Big (5–9), small (0–4), odd or even of one of the five positions',
  rows: 5,
  options: {
    BIG: { chance: half, wins: (draw, row) => draw[row]! >= 5 },
    SMALL: { chance: half, wins: (draw, row) => draw[row]! <= 4 },
    ODD: { chance: half, wins: (draw, row) => draw[row]! % 2 === 1 },
    EVEN: { chance: half, wins: (draw, row) => draw[row]! % 2 === 0 },
  },
});

/**
 * Total-sum big/small/odd/even (总和大小单双): the five digits' sum 0–45, big 23–45 and small 0–22
 * as on the Chongqing SSC "总和" market most sites copy; the sum is symmetric about 22.5 so each
 * side is exactly 1/2; odd/even are 1/2 because the 5th digit, uniform and independent of the
 * others, makes the sum's parity uniform.
 */
const sumBigSmall = optionPlay({
  code: '5D_SUM_BSOE',
  family,
  description: 'Big (23–45), small (0–22), odd or even of the sum of all five digits',
  rows: 1,
  options: {
    BIG: { chance: half, wins: (draw) => sum(draw) >= 23 },
    SMALL: { chance: half, wins: (draw) => sum(draw) <= 22 },
    ODD: { chance: half, wins: (draw) => sum(draw) % 2 === 1 },
    EVEN: { chance: half, wins: (draw) => sum(draw) % 2 === 0 },
  },
});

/**
 * Dragon/tiger/tie (龙虎和), 1st position against 5th: dragon when the 1st is higher, tiger when
 * lower, tie when equal. A tie loses dragon and tiger bets (no refund) — the fair chance of each
 * already counts that, so the odds stay fair at series 2000.
 */
const dragonTiger: Readonly<Record<string, Option>> = {
  DRAGON: { chance: { wins: 45, outOf: 100 }, wins: (draw) => draw[0]! > draw[4]! },
  TIGER: { chance: { wins: 45, outOf: 100 }, wins: (draw) => draw[0]! < draw[4]! },
  TIE: { chance: { wins: 10, outOf: 100 }, wins: (draw) => draw[0] === draw[4] },
};
const dragonTigerPlay = optionPlay({
  code: '5D_DRAGON_TIGER',
  family,
  description: 'Dragon (1st > 5th), tiger (1st < 5th) or tie',
  rows: 1,
  options: dragonTiger,
});

/** Sum value (五星和值): pick sums 0–45; each sum is a unit with its own odds. */
const sumValue = pickPlay({
  code: '5D_SUM_VALUE',
  family,
  description: 'Sum value: the exact sum 0–45 of all five digits',
  rows: 1,
  range: { min: 0, max: 45 },
  chance: (_row, value) => ({ wins: FIVE_DIGIT_SUM_COUNTS[value]!, outOf: SPACE }),
  wins: (draw, _row, value) => sum(draw) === value,
});

export const FIVE_DIGIT_PLAYS: readonly PlayType[] = [
  position,
  ...threeDigitPlays('FRONT3'),
  ...threeDigitPlays('MIDDLE3'),
  ...threeDigitPlays('BACK3'),
  twoStar('5D_FRONT2_STRAIGHT', 0, 'front'),
  twoStar('5D_BACK2_STRAIGHT', 3, 'back'),
  positionBigSmall,
  sumBigSmall,
  dragonTigerPlay,
  sumValue,
];
