import type { Banner } from '@sorte/contracts';

const ALIASES: Record<string, string> = {
  '': 'home',
  index: 'home',
  'index.html': 'home',
  register: 'w_reg',
  'register.html': 'w_reg',
  download: 'down',
};

/** Normalises '/rng', 'rng', '/' and 'home' style group names to one spelling. */
export function bannerGroupKey(name: string): string {
  const key = name.trim().replace(/^\//, '').toLowerCase();
  return ALIASES[key] ?? key;
}

export function bannersForGroup(banners: readonly Banner[], group: string): Banner[] {
  const key = bannerGroupKey(group);
  return banners.filter((banner) => bannerGroupKey(banner.groupName) === key);
}
