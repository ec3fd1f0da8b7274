import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { floatFromBytes, floats, floatsAsync, type HmacSha256 } from './rng.ts';

const hmac: HmacSha256 = (key, message) => new Uint8Array(createHmac('sha256', key).update(message).digest());
const seeds = { serverSeed: 'server-seed', clientSeed: 'client-seed', nonce: 7 };

describe('floats', () => {
  it('reads four bytes per float, most significant first', () => {
    expect(floatFromBytes(new Uint8Array([128, 0, 0, 0]), 0)).toBe(0.5);
    expect(floatFromBytes(new Uint8Array([0, 0, 0, 0, 255, 255, 255, 255]), 4)).toBe(1 - 2 ** -32);
  });
  it('takes round 0 for the first eight floats and round 1 after, from clientSeed:nonce:round', () => {
    const round0 = createHmac('sha256', 'server-seed').update('client-seed:7:0').digest();
    const round1 = createHmac('sha256', 'server-seed').update('client-seed:7:1').digest();
    const got = floats(hmac, seeds, 9);
    expect(got[0]).toBe(floatFromBytes(round0, 0));
    expect(got[7]).toBe(floatFromBytes(round0, 28));
    expect(got[8]).toBe(floatFromBytes(round1, 0));
    for (const f of got) expect(f >= 0 && f < 1).toBe(true);
  });
  it('gives the same floats with an asynchronous HMAC', async () => {
    expect(await floatsAsync(async (k, m) => hmac(k, m), seeds, 12)).toEqual(floats(hmac, seeds, 12));
  });
  it('refuses a count outside 1…1024', () => {
    expect(() => floats(hmac, seeds, 0)).toThrow(RangeError);
    expect(() => floats(hmac, seeds, 1025)).toThrow(RangeError);
  });
});
