/**
 * 3-dice fast draw (快三 / sic bo): three fair dice 1–6, 216 equally likely results. Big/small and
 * odd/even follow sic bo: any triple loses them, which is where those bets' fair chance of 105/216
 * (not 1/2) comes from. The sum bet covers 4–17 as on sic bo tables; 3 and 18 are only reachable
 * as the triples 111 and 666, which the specific-triple bet already covers.
 */
import { optionPlay, pickPlay } from '../plays.ts';
import type { Chance, Draw, PlayType } from '../types.ts';

const family = 'THREE_DICE' as const;
const FACES = { min: 1, max: 6 };
const SPACE = 216;

const total = (draw: Draw) => draw[0]! + draw[1]! + draw[2]!;
const isTriple = (draw: Draw) => draw[0] === draw[1] && draw[1] === draw[2];
const countOf = (draw: Draw, face: number) => draw.filter((die) => die === face).length;

/** How many of the 216 results have each sum 3–18 (index = sum). */
export const DICE_SUM_COUNTS: readonly number[] = (() => {
  const counts = new Array<number>(19).fill(0);
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) counts[a + b + c]! += 1;
  return counts;
})();

const sumPlay = pickPlay({
  code: 'K3_SUM',
  family,
  description: 'Sum of the three dice, 4–17, each sum with its own odds',
  rows: 1,
  range: { min: 4, max: 17 },
  chance: (_row, value) => ({ wins: DICE_SUM_COUNTS[value]!, outOf: SPACE }),
  wins: (draw, _row, value) => total(draw) === value,
});

/** Sums 11–17 (big) or 4–10 (small) without a triple: 108 − 3 triples (444, 555, 666) = 105. */
const notTriple: Chance = { wins: 105, outOf: SPACE };
const bigSmall = optionPlay({
  code: 'K3_BSOE',
  family,
  description: 'Big (11–17), small (4–10), odd or even of the sum; any triple loses',
  rows: 1,
  options: {
    BIG: { chance: notTriple, wins: (draw) => !isTriple(draw) && total(draw) >= 11 },
    SMALL: { chance: notTriple, wins: (draw) => !isTriple(draw) && total(draw) <= 10 },
    ODD: { chance: notTriple, wins: (draw) => !isTriple(draw) && total(draw) % 2 === 1 },
    EVEN: { chance: notTriple, wins: (draw) => !isTriple(draw) && total(draw) % 2 === 0 },
  },
});

const anyTriple = optionPlay({
  code: 'K3_ANY_TRIPLE',
  family,
  description: 'Any triple (三同号通选)',
  rows: 1,
  options: { ANY_TRIPLE: { chance: { wins: 6, outOf: SPACE }, wins: isTriple } },
});

const specificTriple = pickPlay({
  code: 'K3_TRIPLE',
  family,
  description: 'A specific triple (三同号单选): pick faces',
  rows: 1,
  range: FACES,
  chance: () => ({ wins: 1, outOf: SPACE }),
  wins: (draw, _row, face) => countOf(draw, face) === 3,
});

/** Specific pair: at least two dice show the face (a triple counts): 3 × 5 + 1 = 16 results. */
const pair = pickPlay({
  code: 'K3_PAIR',
  family,
  description: 'A specific pair: at least two dice show the face',
  rows: 1,
  range: FACES,
  chance: () => ({ wins: 16, outOf: SPACE }),
  wins: (draw, _row, face) => countOf(draw, face) >= 2,
});

/**
 * Single number (单挑一骰): at least one die shows the face, 216 − 125 = 91 results, paid once.
 * Sic bo's 1:1/2:1/3:1 by count is not offered: one fixed odds per unit keeps the series rule simple.
 */
const single = pickPlay({
  code: 'K3_SINGLE',
  family,
  description: 'A single number: at least one die shows the face',
  rows: 1,
  range: FACES,
  chance: () => ({ wins: 91, outOf: SPACE }),
  wins: (draw, _row, face) => countOf(draw, face) >= 1,
});

export const THREE_DICE_PLAYS: readonly PlayType[] = [
  sumPlay,
  bigSmall,
  anyTriple,
  specificTriple,
  pair,
  single,
];
