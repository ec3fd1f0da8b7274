import { validateVnResult } from '@sorte/lottery';
import { describe, expect, it } from 'vitest';
import { checkDraft, draftOf, emptyDraft, resultInputOf, slotIssuesOf } from './vn-result-form';

const count = (draft: Record<string, string[]>) => Object.values(draft).flat().length;

describe('the result form', () => {
  it('has 27 fields in the North and 18 in the South and Central', () => {
    expect(count(emptyDraft('north'))).toBe(27);
    expect(count(emptyDraft('south'))).toBe(18);
    expect(count(emptyDraft('central'))).toBe(18);
    expect(emptyDraft('south').g8).toEqual(['']);
    expect(emptyDraft('north').g8).toBeUndefined();
  });

  it('marks empty, non-digit and wrong-length fields, and passes what the server would accept', () => {
    const draft = emptyDraft('north');
    draft.db = ['1234a'];
    draft.g7 = ['07', '7', '', '99'];
    const issues = checkDraft('north', draft);
    expect(issues['db:0']?.key).toBe('lottery.vn.issues.notDigits');
    expect(issues['g7:1']).toEqual({ key: 'lottery.vn.issues.length', params: { expected: 2 } });
    expect(issues['g7:2']?.key).toBe('lottery.vn.issues.empty');
    expect(issues['g7:0']).toBeUndefined();

    const shapes = { db: 5, g1: 5, g2: 5, g3: 5, g4: 4, g5: 4, g6: 3, g7: 2 } as Record<string, number>;
    const good = Object.fromEntries(
      Object.entries(emptyDraft('north')).map(([prize, numbers]) => [
        prize,
        numbers.map((_, i) => ` ${String(i).padStart(shapes[prize] ?? 0, '0')} `),
      ]),
    );
    expect(checkDraft('north', good)).toEqual({});
    // Trimmed, the same input passes the rules the server applies.
    expect(validateVnResult('north', resultInputOf(good)).ok).toBe(true);
  });

  it('keeps leading zeros and fills a stored result back into its fields', () => {
    const draft = draftOf('south', { g8: ['07'], db: ['000123'] });
    expect(draft.g8).toEqual(['07']);
    expect(draft.db).toEqual(['000123']);
    expect(draft.g4).toEqual(Array(7).fill(''));
  });

  it('places the server issues and differences on their fields, the rest under the form', () => {
    const marks = slotIssuesOf({
      issues: [
        { code: 'RESULT_WRONG_LENGTH', prize: 'g3', index: 2, expected: 5, actual: 4 },
        { code: 'RESULT_WRONG_COUNT', prize: 'g2', expected: 2, actual: 1 },
        { code: 'RESULT_BEFORE_CLOSE', closesAt: '2026-01-01T11:00:00Z' },
      ],
    });
    expect(marks['g3:2']).toEqual({ key: 'lottery.vn.issues.length', params: { expected: 5 } });
    expect(marks.g2).toEqual({ key: 'lottery.vn.issues.count', params: { expected: 2 } });
    expect(marks['']?.key).toBe('lottery.vn.issues.beforeClose');
    expect(slotIssuesOf({ differences: [{ prize: 'db', index: 0, number: '12345' }] })).toEqual({
      'db:0': { key: 'lottery.vn.issues.differs' },
    });
    expect(slotIssuesOf(undefined)).toEqual({});
  });
});
