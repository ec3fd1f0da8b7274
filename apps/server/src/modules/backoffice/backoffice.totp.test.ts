import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, totpCode, totpStep } from './backoffice.totp.ts';

// RFC 6238 appendix B uses the ASCII key "12345678901234567890" for SHA-1.
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_SECRET = base32Encode(RFC_KEY);

describe('TOTP', () => {
  it('matches the RFC 6238 SHA-1 test vectors (8 digits)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors)
      expect(totpCode(RFC_SECRET, new Date(seconds * 1000), 8)).toBe(code);
  });

  it('matches the RFC 4226 HOTP vectors with 6 digits', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    for (const [counter, code] of expected.entries()) expect(hotp(RFC_KEY, counter)).toBe(code);
  });

  it('round-trips base32, ignoring case, spaces and padding', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
    expect(() => base32Decode('MZX1')).toThrow();
  });

  it('accepts one step either side, never a step at or before the last accepted one', () => {
    const at = new Date(1_700_000_000_000);
    const step = totpStep(at);
    const previous = totpCode(RFC_SECRET, new Date(at.getTime() - 30_000));
    const next = totpCode(RFC_SECRET, new Date(at.getTime() + 30_000));
    const tooOld = totpCode(RFC_SECRET, new Date(at.getTime() - 60_000));
    expect(matchTotp(RFC_SECRET, previous, at, null)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, next, at, null)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, tooOld, at, null)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, at), at, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, previous, at, step - 1)).toBeNull();
  });
});
