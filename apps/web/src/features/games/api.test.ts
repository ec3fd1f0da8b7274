import { describe, expect, it } from 'vitest';
import { toGameMenus } from './api';

describe('toGameMenus', () => {
  it('reads the game_menus contract into category → vendors, keeping the order', () => {
    const card = {
      vendor: 'SORTE',
      name: 'Sorte',
      iconUrl: '/lgw/games/vendor-art/SORTE.svg',
      category: 'INHOUSE' as const,
      popupList: false,
      freePlay: false,
      launchKind: 'inhouse' as const,
      gameCount: 8,
    };
    const menus = toGameMenus({
      list: [
        {
          title: 'RNG',
          cards: [
            { ...card, gameCount: 1 },
            { ...card, vendor: 'sorte-ref', name: 'Ref', popupList: true },
          ],
          gameClassify: ['slot'],
        },
        { title: 'INHOUSE', cards: [card], gameClassify: ['instant'] },
      ],
    });
    expect(menus.map((m) => m.category)).toEqual(['RNG', 'INHOUSE']);
    expect(menus[0]?.vendors.map((v) => [v.code, v.popupList, v.gameCount])).toEqual([
      ['SORTE', false, 1],
      ['sorte-ref', true, 8],
    ]);
    expect(menus[0]?.classify).toEqual(['slot']);
    expect(toGameMenus({ list: [] })).toEqual([]);
  });
});
