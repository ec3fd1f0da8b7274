/** Every fast-draw play type, looked up by its stable code. */
import type { FamilyCode, PlayType } from '../types.ts';
import { ELEVEN_FIVE_PLAYS } from './eleven-five.ts';
import { FIVE_DIGIT_PLAYS } from './five-digit.ts';
import { RACE_PLAYS } from './race.ts';
import { THREE_DICE_PLAYS } from './three-dice.ts';

export { FIVE_DIGIT_PLAYS, FIVE_DIGIT_SUM_COUNTS } from './five-digit.ts';
export { DICE_SUM_COUNTS, THREE_DICE_PLAYS } from './three-dice.ts';
export { RACE_PLAYS, TOP2_SUM_COUNTS } from './race.ts';
export { ELEVEN_FIVE_PLAYS } from './eleven-five.ts';

export const PLAYS_BY_FAMILY: Readonly<Record<FamilyCode, readonly PlayType[]>> = {
  FIVE_DIGIT: FIVE_DIGIT_PLAYS,
  THREE_DICE: THREE_DICE_PLAYS,
  RACE_10: RACE_PLAYS,
  ELEVEN_FIVE: ELEVEN_FIVE_PLAYS,
};

const BY_CODE = new Map(
  Object.values(PLAYS_BY_FAMILY).flatMap((plays) => plays.map((p) => [p.code, p] as const)),
);

export function playType(code: string): PlayType | undefined {
  return BY_CODE.get(code);
}
