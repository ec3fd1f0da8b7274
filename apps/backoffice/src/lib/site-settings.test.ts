import { FEATURE_FLAGS, type FeatureFlags } from '@sorte/contracts';
import { describe, expect, it } from 'vitest';
import {
  badCountries,
  brandDraftOf,
  brandPatch,
  changedFlags,
  isoToLocalInput,
  localInputToIso,
  parseList,
} from './site-settings';

const allOn = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, true])) as FeatureFlags;

describe('changedFlags', () => {
  it('names only the flags whose value changed', () => {
    expect(changedFlags(allOn, { ...allOn, FREEPLAY3: false, sms: false })).toEqual({
      FREEPLAY3: false,
      sms: false,
    });
  });

  it('is empty when the draft equals what was saved', () => {
    expect(changedFlags(allOn, { ...allOn })).toEqual({});
  });
});

describe('maintenance end time', () => {
  it('round-trips an instant through the datetime-local value (minutes)', () => {
    const iso = '2030-01-01T10:00:00.000Z';
    expect(localInputToIso(isoToLocalInput(iso))).toBe(iso);
  });

  it('is null when empty, undefined when unreadable, and no value without an instant', () => {
    expect(localInputToIso('  ')).toBeNull();
    expect(localInputToIso('tomorrow')).toBeUndefined();
    expect(isoToLocalInput(null)).toBe('');
  });
});

describe('parseList and badCountries', () => {
  it('splits on commas, spaces and new lines, upper-cases countries and drops repeats', () => {
    expect(parseList('br, pt\nBR ;', 'country')).toEqual(['BR', 'PT']);
    expect(parseList('203.0.113.0/24\n\n2001:db8::1', 'ip')).toEqual(['203.0.113.0/24', '2001:db8::1']);
    expect(parseList('', 'ip')).toEqual([]);
  });

  it('flags country codes that are not two letters', () => {
    expect(badCountries(['BR', 'BRA', 'P1'])).toEqual(['BRA', 'P1']);
  });
});

describe('brandPatch', () => {
  const saved = brandDraftOf({
    brandName: 'Sorte',
    theme: { primary: '#16a34a', secondary: '#0f172a', accent: '#f59e0b' },
  });

  it('sends only the name and the colours that changed', () => {
    const draft = { brandName: ' Sorte Bet ', theme: { ...saved.theme, primary: '#FF0000' } };
    expect(brandPatch(saved, draft)).toEqual({
      patch: { brandName: 'Sorte Bet', theme: { primary: '#FF0000' } },
    });
  });

  it('is null when nothing changed (a colour differing only in case counts as unchanged)', () => {
    expect(brandPatch(saved, { ...saved, theme: { ...saved.theme, primary: '#16A34A' } })).toBeNull();
  });

  it('refuses an empty name and a colour that is not #RRGGBB', () => {
    expect(brandPatch(saved, { ...saved, brandName: '  ' })).toEqual({ error: 'settings.brand.nameInvalid' });
    expect(brandPatch(saved, { ...saved, theme: { ...saved.theme, accent: 'red' } })).toEqual({
      error: 'settings.brand.colourInvalid',
    });
  });
});
