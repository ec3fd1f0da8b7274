import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOTTFAV_KEY, readFavourites, writeFavourites } from './favourites';

/** The unit project runs in node: a Map stands in for the browser's localStorage. */
const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
    },
  });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
});

describe('LOTTFAV', () => {
  it('keeps each username its own favourite lotteries', () => {
    writeFavourites('ana', ['FD5_1M', 'K3_1M']);
    writeFavourites('bruno', ['PK10_1M']);
    expect(readFavourites('ana')).toEqual(['FD5_1M', 'K3_1M']);
    expect(readFavourites('bruno')).toEqual(['PK10_1M']);
    expect(readFavourites('carla')).toEqual([]);
    expect(JSON.parse(store.get(LOTTFAV_KEY)!)).toEqual({ ana: ['FD5_1M', 'K3_1M'], bruno: ['PK10_1M'] });
  });

  it('reads a damaged entry as no favourites instead of failing the lobby', () => {
    store.set(LOTTFAV_KEY, '{not json');
    expect(readFavourites('ana')).toEqual([]);
    store.set(LOTTFAV_KEY, JSON.stringify({ ana: 'FD5_1M' }));
    expect(readFavourites('ana')).toEqual([]);
    writeFavourites('ana', ['SD11_3M']);
    expect(readFavourites('ana')).toEqual(['SD11_3M']);
  });
});
