import type { Banner } from '@sorte/contracts';
import { describe, expect, it } from 'vitest';
import { bannerGroupKey, bannersForGroup } from './banner-groups';

const banner = (bannerId: string, groupName: string): Banner => ({
  bannerId,
  groupName,
  url: '',
  linkageType: 'none',
  link: null,
});

describe('banner groups', () => {
  it('treats "/", "home" and "/index.html" as the home group and /register as w_reg', () => {
    expect(bannerGroupKey('/')).toBe('home');
    expect(bannerGroupKey('home')).toBe('home');
    expect(bannerGroupKey('/index.html')).toBe('home');
    expect(bannerGroupKey('/register')).toBe('w_reg');
    expect(bannerGroupKey('/pointMall')).toBe('pointmall');
  });

  it('picks only the banners of the page group', () => {
    const all = [banner('1', '/'), banner('2', '/rng'), banner('3', 'w_reg'), banner('4', '/')];
    expect(bannersForGroup(all, 'home').map((b) => b.bannerId)).toEqual(['1', '4']);
    expect(bannersForGroup(all, '/rng').map((b) => b.bannerId)).toEqual(['2']);
    expect(bannersForGroup(all, 'w_reg').map((b) => b.bannerId)).toEqual(['3']);
    expect(bannersForGroup(all, '/live')).toEqual([]);
  });
});
