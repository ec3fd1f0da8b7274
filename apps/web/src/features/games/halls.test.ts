import { describe, expect, it } from 'vitest';
import { gameDestination } from './launch';
import { parseMinBet, selectHall, tileHallCount } from './halls';

const halls = [{ code: 'SORTE' }, { code: 'sorte-ref' }];

describe('selectHall', () => {
  it('takes the query when it names a hall, else none', () => {
    expect(selectHall(halls, 'sorte-ref', 'SORTE')).toBe('sorte-ref');
    expect(selectHall(halls, 'PG', 'SORTE')).toBeNull();
    expect(selectHall(halls, '', 'SORTE')).toBeNull();
  });

  it('falls back to the stored vassalage only without a query value', () => {
    expect(selectHall(halls, null, 'sorte-ref')).toBe('sorte-ref');
    expect(selectHall(halls, null, 'gone')).toBeNull();
    expect(selectHall([], null, 'SORTE')).toBeNull();
  });
});

describe('parseMinBet', () => {
  it('accepts only the offered steps', () => {
    expect(parseMinBet('100')).toBe(100);
    expect(parseMinBet('7')).toBeUndefined();
    expect(parseMinBet(null)).toBeUndefined();
  });
});

describe('gameDestination', () => {
  it('in-house games go to the path the launch answered; vendor games to /game', () => {
    const launched = {
      game_url: '/inhouse/dice',
      game_url2: null,
      gameId: 2,
      nodeId: 'dice',
      vendor: 'SORTE',
      gameCode: 'dice',
      gameName: 'Dice',
      gameType: 'INHOUSE' as const,
      launchKind: 'inhouse' as const,
    };
    expect(gameDestination({ gameId: 2, launchKind: 'inhouse' }, launched)).toBe('/inhouse/dice');
    expect(gameDestination({ gameId: 9, launchKind: 'seamless' })).toBe('/game?gameId=9');
    // An absolute address for an in-house game is not followed in-app.
    expect(
      gameDestination({ gameId: 2, launchKind: 'inhouse' }, { ...launched, game_url: 'https://x.test/' }),
    ).toBe('/game?gameId=2');
  });
});

describe('tileHallCount', () => {
  const menus = [
    { category: 'RNG', vendors: [{ code: 'SORTE' }, { code: 'sorte-ref' }] },
    { category: 'LIVE', vendors: [{ code: 'sorte-ref' }] },
    { category: 'SPORTS', vendors: [] },
  ];
  it('counts /pge as our slots hall, present whenever the RNG menu has our vendor', () => {
    expect(tileHallCount(menus, 'PGE')).toBe(1);
    expect(tileHallCount([{ category: 'RNG', vendors: [{ code: 'sorte-ref' }] }], 'PGE')).toBe(0);
  });
  it('counts a category’s vendors; a category without any (or not listed) is not offered', () => {
    expect(tileHallCount(menus, 'RNG')).toBe(2);
    expect(tileHallCount(menus, 'SPORTS')).toBe(0);
    expect(tileHallCount(menus, 'ESPORTS')).toBe(0);
  });
});
