import type { BoSportsLimits } from '@sorte/contracts';
import { describe, expect, it } from 'vitest';
import { limitsDraftOf, oddsText, parseLimitsDraft } from './sportsbook';

const stored: BoSportsLimits = {
  minStakeMinor: 100,
  maxStakeMinor: 1_000_000,
  maxPayoutMinor: 10_000_000,
  betDelayMs: 5_000,
  sports: [{ sport: 'football', maxStakeMinor: 500_000, maxPayoutMinor: null }],
  players: [{ account: 'ana', maxStakeMinor: 10_000 }],
  markets: [{ market: 'correct_score', maxStakeMinor: 5_000, maxPayoutMinor: 200_000 }],
  liabilityCaps: [
    { sport: null, market: null, maxLiabilityMinor: 5_000_000 },
    { sport: 'football', market: 'correct_score', maxLiabilityMinor: 500_000 },
  ],
  margins: [
    { sport: 'football', marginBps: 500 },
    { sport: 'tennis', marginBps: 275 },
  ],
  bigStakeMinor: 100_000,
  bigReturnMinor: 1_000_000,
};

describe('limits form', () => {
  it('reads back what is stored unchanged, in both notations', () => {
    for (const locale of ['pt-BR', 'en']) {
      const draft = limitsDraftOf(stored, 'BRL', locale);
      expect(parseLimitsDraft(draft, stored, 'BRL', locale)).toEqual({ update: {} });
    }
    expect(limitsDraftOf(stored, 'BRL', 'pt-BR').maxStake).toBe('10000,00');
  });

  it('sends only the changes, exactly, with removed sports and players', () => {
    const draft = limitsDraftOf(stored, 'BRL', 'pt-BR');
    draft.maxPayout = '123.456,78';
    draft.delaySeconds = '2,5';
    draft.sports.football = { maxStake: '', maxPayout: '' };
    draft.sports.tennis = { maxStake: '', maxPayout: '900,00' };
    draft.players = [{ row: 5, account: 'bia', maxStake: '50' }];
    expect(parseLimitsDraft(draft, stored, 'BRL', 'pt-BR')).toEqual({
      update: {
        maxPayoutMinor: 12_345_678,
        betDelayMs: 2_500,
        sports: [
          { sport: 'football', maxStakeMinor: null, maxPayoutMinor: null },
          { sport: 'tennis', maxStakeMinor: null, maxPayoutMinor: 90_000 },
        ],
        players: [
          { account: 'bia', maxStakeMinor: 5_000 },
          { account: 'ana', maxStakeMinor: null },
        ],
      },
    });
  });

  it('sends changed market limits and liability caps, with the removed ones', () => {
    const draft = limitsDraftOf(stored, 'BRL', 'pt-BR');
    expect(draft.markets.correct_score).toEqual({ maxStake: '50,00', maxPayout: '2000,00' });
    expect(draft.caps.map((c) => [c.sport, c.market, c.maxLiability])).toEqual([
      ['', '', '50000,00'],
      ['football', 'correct_score', '5000,00'],
    ]);
    draft.markets.correct_score = { maxStake: '', maxPayout: '' };
    draft.markets.ht_ft = { maxStake: '20', maxPayout: '' };
    draft.caps = [
      { row: 0, sport: '', market: '', maxLiability: '40.000' },
      { row: 7, sport: 'tennis', market: '', maxLiability: '100' },
    ];
    expect(parseLimitsDraft(draft, stored, 'BRL', 'pt-BR')).toEqual({
      update: {
        markets: [
          { market: 'correct_score', maxStakeMinor: null, maxPayoutMinor: null },
          { market: 'ht_ft', maxStakeMinor: 2_000, maxPayoutMinor: null },
        ],
        liabilityCaps: [
          { sport: null, market: null, maxLiabilityMinor: 4_000_000 },
          { sport: 'tennis', market: null, maxLiabilityMinor: 10_000 },
          { sport: 'football', market: 'correct_score', maxLiabilityMinor: null },
        ],
      },
    });
    const twice = limitsDraftOf(stored, 'BRL', 'en');
    twice.caps.push({ row: 9, sport: '', market: '', maxLiability: '1' });
    expect(parseLimitsDraft(twice, stored, 'BRL', 'en')).toEqual({ invalid: 'caps.2.sport' });
    const empty = limitsDraftOf(stored, 'BRL', 'en');
    empty.caps[0]!.maxLiability = '';
    expect(parseLimitsDraft(empty, stored, 'BRL', 'en')).toEqual({ invalid: 'caps.0.maxLiability' });
    empty.caps[0]!.maxLiability = '1';
    empty.markets.btts.maxPayout = 'x';
    expect(parseLimitsDraft(empty, stored, 'BRL', 'en')).toEqual({ invalid: 'markets.btts.maxPayout' });
  });

  it('names the field that does not read', () => {
    const draft = () => limitsDraftOf(stored, 'BRL', 'en');
    expect(parseLimitsDraft({ ...draft(), minStake: '0' }, stored, 'BRL', 'en')).toEqual({
      invalid: 'minStake',
    });
    expect(parseLimitsDraft({ ...draft(), minStake: '20,000.00' }, stored, 'BRL', 'en')).toEqual({
      invalid: 'minStake',
    });
    expect(parseLimitsDraft({ ...draft(), maxPayout: '1.234' }, stored, 'BRL', 'en')).toEqual({
      invalid: 'maxPayout',
    });
    expect(parseLimitsDraft({ ...draft(), delaySeconds: '61' }, stored, 'BRL', 'en')).toEqual({
      invalid: 'delaySeconds',
    });
    expect(parseLimitsDraft({ ...draft(), delaySeconds: '1.25' }, stored, 'BRL', 'en')).toEqual({
      invalid: 'delaySeconds',
    });
    const sport = draft();
    sport.sports.lol = { maxStake: 'abc', maxPayout: '' };
    expect(parseLimitsDraft(sport, stored, 'BRL', 'en')).toEqual({ invalid: 'sports.lol.maxStake' });
    expect(
      parseLimitsDraft(
        { ...draft(), players: [{ row: 0, account: '', maxStake: '5' }] },
        stored,
        'BRL',
        'en',
      ),
    ).toEqual({
      invalid: 'players.0.account',
    });
  });

  it('reads margins as percents and sends the changed ones in basis points (empty or 0: none)', () => {
    const pt = limitsDraftOf(stored, 'BRL', 'pt-BR');
    expect([pt.margins.football, pt.margins.tennis, pt.margins.basketball]).toEqual(['5', '2,75', '']);
    expect(limitsDraftOf(stored, 'BRL', 'en').margins.tennis).toBe('2.75');
    pt.margins.football = '4,5';
    pt.margins.tennis = '';
    pt.margins.cs2 = '50';
    pt.margins.lol = '0';
    expect(parseLimitsDraft(pt, stored, 'BRL', 'pt-BR')).toEqual({
      update: {
        margins: [
          { sport: 'football', marginBps: 450 },
          { sport: 'tennis', marginBps: 0 },
          { sport: 'cs2', marginBps: 5_000 },
        ],
      },
    });
    for (const typed of ['50,01', '-1', '1,234', 'x']) {
      const bad = limitsDraftOf(stored, 'BRL', 'pt-BR');
      bad.margins.valorant = typed;
      expect(parseLimitsDraft(bad, stored, 'BRL', 'pt-BR'), typed).toEqual({ invalid: 'margins.valorant' });
    }
  });

  it('shows odds in decimal', () => {
    expect([oddsText(1850), oddsText(10_000), oddsText(null)]).toEqual(['1.85', '10.00', '—']);
  });
});
