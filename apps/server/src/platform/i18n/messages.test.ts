import { describe, expect, it } from 'vitest';
import { pickLanguage, requestLanguage } from './messages.ts';

describe('the language a request wants', () => {
  it('headers: an explicit lang header first, then Accept-Language; pt-BR by default', () => {
    expect(pickLanguage({ lang: 'en', 'accept-language': 'pt-BR' })).toBe('en');
    expect(pickLanguage({ 'accept-language': 'en-US,en;q=0.9' })).toBe('en');
    expect(pickLanguage({})).toBe('pt-BR');
  });

  it('an explicit value the site speaks wins over the headers; anything else falls back to them', () => {
    const english = { headers: { 'accept-language': 'en-GB' } };
    expect(requestLanguage(english, 'pt-BR')).toBe('pt-BR');
    expect(requestLanguage(english, 'fr')).toBe('en');
    expect(requestLanguage(english)).toBe('en');
    expect(requestLanguage({ headers: {} }, undefined)).toBe('pt-BR');
  });
});
