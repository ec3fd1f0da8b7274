/**
 * 11 choose 5 (11选5): five distinct numbers from 1–11 drawn in order; C(11,5) = 462 equally likely
 * sets (55,440 ordered draws). "Any k" reads the set; "front" plays read the first numbers drawn.
 */
import { binomial } from '../combinatorics.ts';
import { groupPlay, pickPlay, straightPlay } from '../plays.ts';
import type { Chance, Draw, PlayType } from '../types.ts';

const family = 'ELEVEN_FIVE' as const;
const BALLS = { min: 1, max: 11 };
const SETS = binomial(11, 5);

/**
 * Any k (任选k): each k-subset of the picks is a unit. For k ≤ 5 it wins when all k were drawn
 * (C(11 − k, 5 − k) of the 462 sets); for k ≥ 6 when all 5 drawn numbers are among the k
 * (C(k, 5) sets) — the standard 11选5 rule for 任选六/七/八.
 */
function anyK(k: number): PlayType {
  const chance: Chance = { wins: k <= 5 ? binomial(11 - k, 5 - k) : binomial(k, 5), outOf: SETS };
  return groupPlay({
    code: `11X5_ANY_${k}`,
    family,
    description:
      k <= 5 ? `Any ${k}: all ${k} numbers are drawn` : `Any ${k}: all five drawn numbers are among the ${k}`,
    k,
    range: BALLS,
    chance,
    wins: (draw: Draw, set: number[]) =>
      k <= 5 ? set.every((n) => draw.includes(n)) : draw.every((n) => set.includes(n)),
  });
}

function frontStraight(k: 2 | 3): PlayType {
  return straightPlay({
    code: `11X5_FRONT${k}_STRAIGHT`,
    family,
    description: `Front ${k} straight: the first ${k} numbers in order`,
    rows: k,
    range: BALLS,
    distinct: true,
    chance: { wins: 1, outOf: k === 2 ? 11 * 10 : 11 * 10 * 9 },
    wins: (draw, picks) => picks.every((n, i) => draw[i] === n),
  });
}

function frontGroup(k: 2 | 3): PlayType {
  return groupPlay({
    code: `11X5_FRONT${k}_GROUP`,
    family,
    description: `Front ${k} group: the first ${k} numbers in any order`,
    k,
    range: BALLS,
    chance: { wins: 1, outOf: binomial(11, k) },
    wins: (draw, set) => draw.slice(0, k).every((n) => set.includes(n)),
  });
}

const position = pickPlay({
  code: '11X5_POSITION',
  family,
  description: 'Position: the number drawn at one of the places 1–5',
  rows: 5,
  range: BALLS,
  chance: () => ({ wins: 1, outOf: 11 }),
  wins: (draw, row, n) => draw[row] === n,
});

export const ELEVEN_FIVE_PLAYS: readonly PlayType[] = [
  ...[1, 2, 3, 4, 5, 6, 7, 8].map(anyK),
  frontStraight(2),
  frontStraight(3),
  frontGroup(2),
  frontGroup(3),
  position,
];
