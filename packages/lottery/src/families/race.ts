/**
 * 10-car race (北京赛车 / PK10): the cars 1–10 finish in a uniformly random order, 10! results.
 * By symmetry every car is equally likely at every place, which makes each play's chance a small
 * count over the ordered places it reads.
 */
import { optionPlay, pickPlay } from '../plays.ts';
import type { Chance, PlayType } from '../types.ts';

const family = 'RACE_10' as const;
const CARS = { min: 1, max: 10 };

/** Ordered (champion, runner-up) pairs of distinct cars with each sum 3–19, out of 90. */
export const TOP2_SUM_COUNTS: readonly number[] = (() => {
  const counts = new Array<number>(20).fill(0);
  for (let a = 1; a <= 10; a++) for (let b = 1; b <= 10; b++) if (a !== b) counts[a + b]! += 1;
  return counts;
})();

const position = pickPlay({
  code: 'PK10_POSITION',
  family,
  description: 'Position: the car finishing at one of the places 1–10',
  rows: 10,
  range: CARS,
  chance: () => ({ wins: 1, outOf: 10 }),
  wins: (draw, row, car) => draw[row] === car,
});

const top2Sum = pickPlay({
  code: 'PK10_TOP2_SUM',
  family,
  description: 'Sum of the champion and the runner-up, 3–19, each sum with its own odds',
  rows: 1,
  range: { min: 3, max: 19 },
  chance: (_row, value) => ({ wins: TOP2_SUM_COUNTS[value]!, outOf: 90 }),
  wins: (draw, _row, value) => draw[0]! + draw[1]! === value,
});

/** Row k (1–5) compares place k with place 11 − k; two distinct cars, so never a tie. */
const half: Chance = { wins: 1, outOf: 2 };
const dragonTiger = optionPlay({
  code: 'PK10_DRAGON_TIGER',
  family,
  description: 'Dragon/tiger: place k (1–5) against place 11 − k; dragon when place k has the higher car',
  rows: 5,
  options: {
    DRAGON: { chance: half, wins: (draw, row) => draw[row]! > draw[9 - row]! },
    TIGER: { chance: half, wins: (draw, row) => draw[row]! < draw[9 - row]! },
  },
});

/** The champion's car: big 6–10, small 1–5, odd, even — five cars each side. */
const championBigSmall = optionPlay({
  code: 'PK10_CHAMPION_BSOE',
  family,
  description: "Big (6–10), small (1–5), odd or even of the champion's car",
  rows: 1,
  options: {
    BIG: { chance: half, wins: (draw) => draw[0]! >= 6 },
    SMALL: { chance: half, wins: (draw) => draw[0]! <= 5 },
    ODD: { chance: half, wins: (draw) => draw[0]! % 2 === 1 },
    EVEN: { chance: half, wins: (draw) => draw[0]! % 2 === 0 },
  },
});

export const RACE_PLAYS: readonly PlayType[] = [position, top2Sum, dragonTiger, championBigSmall];
