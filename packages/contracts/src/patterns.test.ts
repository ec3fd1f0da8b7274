import { describe, expect, it } from 'vitest';
import { checkField, fillBounds } from './patterns.ts';
import type { FieldRule } from './system.ts';

const rule = (over: Partial<FieldRule>): FieldRule => ({
  enabled: true,
  required: true,
  acceptedPattern: null,
  patternId: null,
  minLength: null,
  maxLength: null,
  ...over,
});

describe('field rules', () => {
  it('requires only required, enabled fields', () => {
    expect(checkField('', rule({}))?.key).toBe('required');
    expect(checkField('', rule({ required: false }))).toBeUndefined();
    expect(checkField('', rule({ enabled: false }))).toBeUndefined();
  });
  it('reports the pattern key with bounds', () => {
    const r = rule({ patternId: 2, minLength: 6, maxLength: 16 });
    expect(checkField('1abcdef', r)).toEqual({ key: 'reg_pattern_2', params: { min: 6, max: 16 } });
    expect(checkField('abc', r)?.key).toBe('reg_pattern_2');
    expect(checkField('abc123', r)).toBeUndefined();
  });
  it('applies a custom accepted pattern', () => {
    expect(checkField('abc', rule({ acceptedPattern: '^a' }))).toBeUndefined();
    expect(checkField('xbc', rule({ acceptedPattern: '^a' }))?.key).toBe('length');
  });
  it('checks the pattern kinds of spec §5', () => {
    expect(checkField('Abc123', rule({ patternId: 8 }))).toBeUndefined();
    expect(checkField('abc123', rule({ patternId: 8 }))).toBeDefined();
    expect(checkField('2000-01-31', rule({ patternId: 12 }))).toBeUndefined();
    expect(checkField('01-31-2000', rule({ patternId: 12 }))).toBeUndefined();
    expect(checkField('a@b.co', rule({ patternId: 4 }))).toBeUndefined();
    expect(checkField('a@b', rule({ patternId: 4 }))).toBeDefined();
  });
  it('fills bounds, collapsing equal ones', () => {
    expect(fillBounds('(min) - (max) characters', 6, 16)).toBe('6 - 16 characters');
    expect(fillBounds('(min) - (max) digits', 6, 6)).toBe('6 digits');
  });
});
