import type { Game } from '@sorte/contracts';
import { describe, expect, it } from 'vitest';
import { HOME_ROW_SIZE, type HomeRowInput, lobbyRoute, mainLobby, visibleHomeRows } from './home-rows';

const game = (gameId: number, gameType: Game['gameType'] = 'RNG') => ({ gameId, gameType }) as Game;

describe('home rows', () => {
  const rows: HomeRowInput[] = [
    { key: 'lotteries', games: [game(9, 'ELOTT')], to: '/elott' },
    { key: 'favourites', games: [game(1)], to: '/rng' },
    { key: 'popular', games: [game(2), game(3)], to: '/rng' },
    { key: 'inhouse', games: [], to: '/inhouse' },
    { key: 'new', games: undefined, to: null },
    { key: 'recent', games: [game(4, 'INHOUSE')], to: '/inhouse' },
  ];

  it('keeps only rows with games, in the home order', () => {
    expect(visibleHomeRows(rows, true).map((r) => r.key)).toEqual([
      'popular',
      'recent',
      'favourites',
      'lotteries',
    ]);
  });

  it("hides the player's own rows from a visitor", () => {
    expect(visibleHomeRows(rows, false).map((r) => r.key)).toEqual(['popular', 'lotteries']);
  });

  it('cuts a long row to the home row size', () => {
    const many = Array.from({ length: HOME_ROW_SIZE + 5 }, (_, i) => game(i));
    const [row] = visibleHomeRows([{ key: 'popular', games: many, to: null }], false);
    expect(row?.games).toHaveLength(HOME_ROW_SIZE);
  });

  it("sends a mixed row's 'see all' to the lobby most of its games belong to", () => {
    expect(mainLobby([game(1, 'LIVE'), game(2, 'INHOUSE'), game(3, 'INHOUSE')])).toBe('/inhouse');
    expect(mainLobby([game(1, 'LIVE'), game(2, 'RNG')])).toBe('/live');
    expect(mainLobby([])).toBeNull();
    expect(lobbyRoute('LOTT')).toBe('/lottery');
  });
});
