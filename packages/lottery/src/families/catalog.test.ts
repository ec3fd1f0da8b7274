import { describe, expect, it } from 'vitest';
import { PLAYS_BY_FAMILY, playType } from './index.ts';

describe('play type catalogue', () => {
  it('has unique codes, each found by lookup and belonging to its family', () => {
    const all = Object.entries(PLAYS_BY_FAMILY).flatMap(([family, plays]) =>
      plays.map((p) => ({ family, p })),
    );
    expect(new Set(all.map(({ p }) => p.code)).size).toBe(all.length);
    for (const { family, p } of all) {
      expect(playType(p.code)).toBe(p);
      expect(p.family).toBe(family);
    }
    expect(
      Object.fromEntries(Object.entries(PLAYS_BY_FAMILY).map(([f, plays]) => [f, plays.length])),
    ).toEqual({
      FIVE_DIGIT: 16,
      THREE_DICE: 6,
      RACE_10: 4,
      ELEVEN_FIVE: 13,
    });
    expect(playType('NOPE')).toBe(undefined);
  });
});
