import { describe, expect, it } from 'vitest';
import { resultDifferences, resultSlots, slotCount, validateVnResult } from './result.ts';
import { NORTH_RESULT, SOUTH_RESULT } from './test-results.ts';

const withPrize = (prize: string, value: unknown) => ({ prizes: { ...NORTH_RESULT.prizes, [prize]: value } });

describe('VN result structures', () => {
  it('has 27 prizes in the North and 18 in the Central and South', () => {
    expect(slotCount('north')).toBe(27);
    expect(slotCount('southCentral')).toBe(18);
    expect(resultSlots(NORTH_RESULT)).toHaveLength(27);
    expect(resultSlots(SOUTH_RESULT)).toHaveLength(18);
  });

  it('lists slots in printed order', () => {
    expect(resultSlots(SOUTH_RESULT)[0]).toEqual({ prize: 'g8', index: 0, number: '47' });
    expect(resultSlots(SOUTH_RESULT)[17]).toEqual({ prize: 'db', index: 0, number: '620935' });
    expect(resultSlots(NORTH_RESULT)[26]).toEqual({ prize: 'g7', index: 3, number: '48' });
  });
});

describe('validateVnResult', () => {
  it('accepts the full North and South results and returns a copy', () => {
    const north = validateVnResult('north', NORTH_RESULT);
    expect(north).toEqual({ ok: true, result: NORTH_RESULT });
    if (north.ok) expect(north.result.prizes.g3).not.toBe(NORTH_RESULT.prizes.g3);
    expect(validateVnResult('southCentral', SOUTH_RESULT).ok).toBe(true);
  });

  it('refuses input without a prizes object', () => {
    for (const input of [null, 'x', {}, { prizes: [] }])
      expect(validateVnResult('north', input)).toEqual({
        ok: false,
        issues: [{ code: 'RESULT_NOT_AN_OBJECT' }],
      });
  });

  it('names a missing prize and a prize the structure does not have', () => {
    const { db: _db, ...rest } = NORTH_RESULT.prizes;
    expect(validateVnResult('north', { prizes: { ...rest, g8: ['12'] } })).toEqual({
      ok: false,
      issues: [
        { code: 'RESULT_UNKNOWN_PRIZE', prize: 'g8' },
        { code: 'RESULT_MISSING_PRIZE', prize: 'db' },
      ],
    });
  });

  it('refuses a North result entered as a South one', () => {
    const check = validateVnResult('southCentral', NORTH_RESULT);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.issues).toContainEqual({ code: 'RESULT_MISSING_PRIZE', prize: 'g8' });
  });

  it('counts the numbers of each prize', () => {
    expect(validateVnResult('north', withPrize('g3', ['06781', '52940', '71355', '24608', '83129']))).toEqual(
      {
        ok: false,
        issues: [{ code: 'RESULT_WRONG_COUNT', prize: 'g3', expected: 6, actual: 5 }],
      },
    );
    expect(validateVnResult('north', withPrize('db', '38517'))).toEqual({
      ok: false,
      issues: [{ code: 'RESULT_WRONG_COUNT', prize: 'db', expected: 1, actual: 0 }],
    });
  });

  it('checks every number is a digit string of its prize length, reporting each at once', () => {
    const g4 = ['4581', '936', 936, ' 721'];
    expect(validateVnResult('north', withPrize('g4', g4))).toEqual({
      ok: false,
      issues: [
        { code: 'RESULT_WRONG_LENGTH', prize: 'g4', index: 1, expected: 4, actual: 3 },
        { code: 'RESULT_NOT_DIGITS', prize: 'g4', index: 2 },
        { code: 'RESULT_NOT_DIGITS', prize: 'g4', index: 3 },
      ],
    });
    const check = validateVnResult('southCentral', {
      prizes: { ...SOUTH_RESULT.prizes, db: ['20935'], g8: ['4a'] },
    });
    expect(check).toEqual({
      ok: false,
      issues: [
        { code: 'RESULT_NOT_DIGITS', prize: 'g8', index: 0 },
        { code: 'RESULT_WRONG_LENGTH', prize: 'db', index: 0, expected: 6, actual: 5 },
      ],
    });
  });
});

describe('resultDifferences', () => {
  it('finds the slots where a second entry disagrees', () => {
    const second = {
      ...NORTH_RESULT,
      prizes: { ...NORTH_RESULT.prizes, g4: ['4581', '0936', '7214', '3391'] },
    };
    expect(resultDifferences(NORTH_RESULT, second)).toEqual([{ prize: 'g4', index: 3, number: '3390' }]);
    expect(resultDifferences(SOUTH_RESULT, SOUTH_RESULT)).toEqual([]);
    expect(() => resultDifferences(NORTH_RESULT, SOUTH_RESULT)).toThrow(RangeError);
  });
});
