import { describe, expect, it } from 'vitest';
import { normalizeGameMenus } from './api';

describe('normalizeGameMenus', () => {
  it('accepts an empty or missing list', () => {
    expect(normalizeGameMenus([])).toEqual([]);
    expect(normalizeGameMenus(null)).toEqual([]);
    expect(normalizeGameMenus({ list: [] })).toEqual([]);
  });

  it('reads several field spellings and upper-cases categories', () => {
    const menus = normalizeGameMenus({
      list: [
        {
          gameType: 'rng',
          vendors: [{ vendor: 'PG', name: 'PG Soft', iconUrl: '/pg.svg' }, { vendorCode: 'PP' }],
        },
        { category: 'LIVE', children: [{ code: 'EVO', vendorName: 'Evolution' }] },
        { nothing: true },
      ],
    });
    expect(menus).toEqual([
      {
        category: 'RNG',
        vendors: [
          { code: 'PG', name: 'PG Soft', iconUrl: '/pg.svg' },
          { code: 'PP', name: 'PP', iconUrl: null },
        ],
      },
      { category: 'LIVE', vendors: [{ code: 'EVO', name: 'Evolution', iconUrl: null }] },
    ]);
  });
});
