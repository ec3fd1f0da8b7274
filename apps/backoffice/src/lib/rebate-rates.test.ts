import { describe, expect, it } from 'vitest';
import { bpToPercentInput, parseRebateDraft, rebateDraftOf } from './rebate-rates';

const stored = { minClaimMinor: 100, rates: [{ category: 'RNG' as const, rateBp: 50 }] };

describe('the rebate rates form', () => {
  it('shows basis points as the percent in the locale, every category, 0 where none is set', () => {
    expect(bpToPercentInput(50, 'pt-BR')).toBe('0,5');
    expect(bpToPercentInput(1_000, 'en')).toBe('10');
    expect(bpToPercentInput(1, 'en')).toBe('0.01');
    expect(bpToPercentInput(0, 'en')).toBe('0');
    expect(rebateDraftOf(stored, ['RNG', 'LIVE'], 'BRL', 'pt-BR')).toEqual({
      minClaim: '1,00',
      rates: { RNG: '0,5', LIVE: '0' },
    });
  });

  it('sends only what changed, exactly (0,35% is 35 bp, never 34.99…)', () => {
    const draft = rebateDraftOf(stored, ['RNG', 'LIVE'], 'BRL', 'pt-BR');
    expect(parseRebateDraft(draft, stored, 'BRL', 'pt-BR')).toEqual({ update: { rates: [] } });
    expect(
      parseRebateDraft({ minClaim: '2,50', rates: { RNG: '0,5', LIVE: '0,35' } }, stored, 'BRL', 'pt-BR'),
    ).toEqual({ update: { rates: [{ category: 'LIVE', rateBp: 35 }], minClaimMinor: 250 } });
    expect(parseRebateDraft({ minClaim: '1.00', rates: { RNG: '' } }, stored, 'BRL', 'en')).toEqual({
      update: { rates: [{ category: 'RNG', rateBp: 0 }] },
    });
  });

  it('names the field that does not read: three decimals, above 10%, negative, junk, a zero claim', () => {
    const bad = (rates: Record<string, string>, minClaim = '1.00') =>
      parseRebateDraft({ minClaim, rates }, stored, 'BRL', 'en');
    expect(bad({ RNG: '0.355' })).toEqual({ invalid: 'RNG' });
    expect(bad({ LIVE: '10.01' })).toEqual({ invalid: 'LIVE' });
    expect(bad({ LIVE: '-1' })).toEqual({ invalid: 'LIVE' });
    expect(bad({ LIVE: 'abc' })).toEqual({ invalid: 'LIVE' });
    expect(bad({ LIVE: '10' })).toEqual({ update: { rates: [{ category: 'LIVE', rateBp: 1_000 }] } });
    expect(bad({}, '0')).toEqual({ invalid: 'minClaim' });
    expect(bad({}, 'x')).toEqual({ invalid: 'minClaim' });
  });
});
