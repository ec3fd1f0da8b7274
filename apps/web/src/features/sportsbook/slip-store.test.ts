import { beforeEach, describe, expect, it } from 'vitest';
import { legKey } from './slip-math';
import { type SlipSelection, useSlip } from './slip-store';

const pick = (eventId: string, outcome = 'home', odds = 2000): SlipSelection => ({
  eventId,
  sport: 'football',
  home: 'Santos',
  away: 'Bahia',
  market: '1x2',
  specifiers: '',
  outcome,
  odds,
});
const slip = () => useSlip.getState();

describe('the bet slip', () => {
  beforeEach(() => slip().clear());

  it('adds and removes a selection with one tap; a second one makes a fresh slip a multiple', () => {
    slip().toggle(pick('a'));
    expect(slip().type).toBe('single');
    slip().toggle(pick('b'));
    expect(slip().type).toBe('multiple');
    slip().toggle(pick('b'));
    expect(slip().selections.map((s) => s.eventId)).toEqual(['a']);
    expect(slip().type).toBe('single');
  });

  it('falls back to singles when two selections share an event', () => {
    slip().toggle(pick('a'));
    slip().toggle(pick('b'));
    slip().toggle(pick('b', 'away'));
    expect(slip().type).toBe('single');
  });

  it('keeps a chosen system while it fits the count of selections', () => {
    for (const id of ['a', 'b', 'c']) slip().toggle(pick(id));
    slip().setType('system');
    slip().setSystem('trixie');
    slip().setType('system');
    expect(slip().system).toBe('trixie');
    slip().toggle(pick('d'));
    expect(slip().system).toBeNull();
  });

  it('reprices with the old price kept until the player accepts', () => {
    slip().toggle(pick('a', 'home', 1850));
    slip().reprice(new Map([[legKey(pick('a')), 1800]]), true);
    expect(slip().selections[0]).toMatchObject({ odds: 1800, previousOdds: 1850 });
    slip().reprice(new Map([[legKey(pick('a')), 1750]]), true);
    expect(slip().selections[0]).toMatchObject({ odds: 1750, previousOdds: 1850 });
    slip().acceptPrices();
    expect(slip().selections[0]!.previousOdds).toBeUndefined();
    expect(slip().selections[0]!.odds).toBe(1750);
  });
});
