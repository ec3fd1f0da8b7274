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

  it('shows odds in decimal', () => {
    expect([oddsText(1850), oddsText(10_000), oddsText(null)]).toEqual(['1.85', '10.00', '—']);
  });
});
