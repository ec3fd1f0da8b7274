import { describe, expect, it } from 'vitest';
import { gameDestination } from './launch';
import { parseMinBet, selectHall } from './halls';

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
