import type { VnLimitsView } from '@sorte/contracts';
import { DEFAULT_VN_LIMITS, VN_BET_TYPES } from '@sorte/lottery';
import { describe, expect, it } from 'vitest';
import { limitIssuesOf, limitOf, limitsDraftOf, limitsOf } from './vn-limits-form';

/** The package's defaults as the API sends them (numbers, not bigints). */
const defaults = Object.fromEntries(
  VN_BET_TYPES.map((betType) => {
    const l = DEFAULT_VN_LIMITS[betType];
    return [
      betType,
      {
        minStakeMinor: Number(l.minStakeMinor),
        maxStakeMinor: Number(l.maxStakeMinor),
        perNumberMaxMinor: Number(l.perNumberMaxMinor),
      },
    ];
  }),
) as VnLimitsView;

describe('the limits form', () => {
  it('reads back exactly what it shows, in VND and in BRL', () => {
    const draft = limitsDraftOf(defaults, 'VND', 'pt-BR');
    expect(draft.de).toEqual({ min: '1000', max: '10000000', perNumber: '20000000' });
    expect(limitsOf(draft, 'VND', 'pt-BR')).toEqual({ ok: true, limits: defaults });
    const brl = limitsDraftOf(defaults, 'BRL', 'pt-BR');
    expect(brl.de.min).toBe('10,00');
    expect(limitsOf(brl, 'BRL', 'pt-BR')).toEqual({ ok: true, limits: defaults });
  });

  it('says what is wrong with a row: unreadable, min above max, or max above the per-number cap', () => {
    expect(limitOf({ min: '0', max: '10', perNumber: '10' }, 'VND', 'en')).toEqual({
      ok: false,
      issue: 'unreadable',
    });
    expect(limitOf({ min: 'x', max: '10', perNumber: '10' }, 'VND', 'en')).toMatchObject({ ok: false });
    expect(limitOf({ min: '11', max: '10', perNumber: '10' }, 'VND', 'en')).toEqual({
      ok: false,
      issue: 'minAboveMax',
    });
    expect(limitOf({ min: '1', max: '11', perNumber: '10' }, 'VND', 'en')).toEqual({
      ok: false,
      issue: 'maxAbovePerNumber',
    });
    expect(limitOf({ min: '10', max: '10', perNumber: '10' }, 'VND', 'en')).toEqual({
      ok: true,
      limit: { minStakeMinor: 10, maxStakeMinor: 10, perNumberMaxMinor: 10 },
    });
    const draft = limitsDraftOf(defaults, 'VND', 'en');
    draft.xien3 = { min: '5', max: '4', perNumber: '9' };
    expect(limitsOf(draft, 'VND', 'en')).toEqual({ ok: false, issues: { xien3: 'minAboveMax' } });
  });

  it('places the server’s issues on their bet types', () => {
    expect(
      limitIssuesOf({
        issues: [
          { code: 'LIMIT_MAX_ABOVE_PER_NUMBER', betType: 'de' },
          { code: 'LIMIT_NOT_POSITIVE', betType: 'lo2' },
        ],
      }),
    ).toEqual({ de: 'maxAbovePerNumber', lo2: 'unreadable' });
    expect(limitIssuesOf(null)).toEqual({});
  });
});
