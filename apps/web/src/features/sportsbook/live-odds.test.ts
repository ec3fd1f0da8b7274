import type { SportsEvent } from '@sorte/contracts';
import { describe, expect, it } from 'vitest';
import { applyOddsMessage } from './live-odds';

const event: SportsEvent = {
  id: 'fx-1',
  sport: 'football',
  tournament: { id: 't', name: 'T', category: 'football' },
  home: { id: 'h', name: 'Santos' },
  away: { id: 'a', name: 'Bahia' },
  startTime: '2026-11-27T18:00:00.000Z',
  status: 'not_started',
  bestOf: null,
  score: null,
  markets: [
    {
      key: '1x2',
      specifiers: '',
      status: 'active',
      outcomes: [
        { id: 'home', odds: 2000, open: true, version: 1 },
        { id: 'draw', odds: 3200, open: true, version: 1 },
        { id: 'away', odds: 3500, open: true, version: 1 },
      ],
    },
    {
      key: 'total',
      specifiers: 'total=2.5',
      status: 'active',
      outcomes: [
        { id: 'over', odds: 1900, open: true, version: 1 },
        { id: 'under', odds: 1900, open: true, version: 1 },
      ],
    },
  ],
};

describe('live odds patches', () => {
  it('moves the changed prices only, raising their version', () => {
    const next = applyOddsMessage(event, {
      type: 'sports.odds',
      fixtureId: 'fx-1',
      markets: [
        {
          key: '1x2',
          specifiers: '',
          status: 'active',
          outcomes: [{ id: 'home', odds: 2100, active: true }],
        },
      ],
    });
    expect(next.markets[0]!.outcomes.map((o) => [o.odds, o.version])).toEqual([
      [2100, 2],
      [3200, 1],
      [3500, 1],
    ]);
    expect(next.markets[1]).toBe(event.markets[1]);
  });

  it('closes a suspended market, drops a deactivated one and takes the live score', () => {
    const next = applyOddsMessage(event, {
      type: 'sports.odds',
      fixtureId: 'fx-1',
      status: 'live',
      score: { home: 1, away: 0, period: '1st_half', minute: 12 },
      markets: [
        { key: '1x2', specifiers: '', status: 'suspended', outcomes: [] },
        { key: 'total', specifiers: 'total=2.5', status: 'deactivated', outcomes: [] },
      ],
    });
    expect(next.status).toBe('live');
    expect(next.score).toEqual({ home: 1, away: 0, period: '1st_half', minute: 12 });
    expect(next.markets).toHaveLength(1);
    expect(next.markets[0]!.status).toBe('suspended');
    expect(next.markets[0]!.outcomes.every((o) => !o.open)).toBe(true);
  });

  it('ignores another fixture and unknown markets', () => {
    expect(applyOddsMessage(event, { type: 'sports.odds', fixtureId: 'fx-2', status: 'live' })).toBe(event);
    const next = applyOddsMessage(event, {
      type: 'sports.odds',
      fixtureId: 'fx-1',
      markets: [
        {
          key: 'btts',
          specifiers: '',
          status: 'active',
          outcomes: [{ id: 'yes', odds: 1800, active: true }],
        },
      ],
    });
    expect(next.markets).toEqual(event.markets);
  });
});
