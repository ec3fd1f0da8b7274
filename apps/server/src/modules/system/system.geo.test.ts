import { describe, expect, it } from 'vitest';
import { countryOf, isIpOrCidr, regionAllows } from './system.geo.ts';

const lists = (p: Partial<Parameters<typeof regionAllows>[0]>) => ({
  allowCountries: [],
  denyCountries: [],
  allowIps: [],
  denyIps: [],
  ...p,
});

describe('region rules', () => {
  it('accepts addresses and CIDR ranges only', () => {
    for (const ok of ['1.2.3.4', '10.0.0.0/8', '2001:db8::1', '2001:db8::/32', '0.0.0.0/0'])
      expect(isIpOrCidr(ok), ok).toBe(true);
    for (const bad of [
      '',
      'x',
      '1.2.3',
      '1.2.3.4/33',
      '2001:db8::/129',
      '1.2.3.4/8/1',
      '1.2.3.4/-1',
      'localhost',
    ])
      expect(isIpOrCidr(bad), bad).toBe(false);
  });

  it('applies IP deny, IP allow, country deny, country allow in that order', () => {
    expect(regionAllows(lists({ denyIps: ['1.2.3.0/24'], allowIps: ['1.2.3.4'] }), '1.2.3.4', 'BR')).toBe(
      false,
    );
    expect(regionAllows(lists({ allowIps: ['1.2.3.4'], denyCountries: ['US'] }), '1.2.3.4', 'US')).toBe(true);
    expect(regionAllows(lists({ denyCountries: ['US'] }), '9.9.9.9', 'US')).toBe(false);
    expect(regionAllows(lists({ allowCountries: ['BR'] }), '9.9.9.9', 'US')).toBe(false);
    expect(regionAllows(lists({ allowCountries: ['BR'] }), '9.9.9.9', 'BR')).toBe(true);
    expect(regionAllows(lists({ allowCountries: ['BR'] }), '192.168.0.1', null)).toBe(true);
    expect(regionAllows(lists({ denyIps: ['192.168.0.0/16'] }), '::ffff:192.168.0.1', null)).toBe(false);
  });

  it('finds countries offline and none for private addresses', async () => {
    expect(await countryOf('8.8.8.8')).toBe('US');
    expect(await countryOf('::ffff:8.8.8.8')).toBe('US');
    expect(await countryOf('127.0.0.1')).toBeNull();
    expect(await countryOf('10.1.2.3')).toBeNull();
  });
});
