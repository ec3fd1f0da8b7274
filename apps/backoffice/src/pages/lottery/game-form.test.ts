import type { BoLotteryGame } from '@sorte/contracts';
import { describe, expect, it } from 'vitest';
import { gameDraftOf, gameIssuesOfServer, gameUpdateOf } from './game-form';

const game: BoLotteryGame = {
  gameCode: 'K3_1M',
  family: 'THREE_DICE',
  nameEn: 'Dice 1',
  namePt: 'Dados 1',
  intervalMinutes: 1,
  closeSeconds: 10,
  utcOffsetMinutes: -180,
  defaultPlayType: 'K3_SUM',
  maxChaseDraws: 50,
  minUnitStakeMinor: 100,
  maxTicketStakeMinor: 1_000_000,
  playLimits: { K3_TRIPLE: { maxTicketStakeMinor: 50_000 } },
  enabled: true,
  sortOrder: 3,
  playTypes: ['K3_SUM', 'K3_TRIPLE', 'K3_PAIR'],
};

describe('gameDraftOf', () => {
  it('shows money in the locale and leaves play types without an override empty', () => {
    const draft = gameDraftOf(game, 'BRL', 'pt-BR');
    expect(draft.minUnitStake).toBe('1,00');
    expect(draft.maxTicketStake).toBe('10000,00');
    expect(draft.playLimits.K3_TRIPLE).toEqual({ min: '', max: '500,00' });
    expect(draft.playLimits.K3_SUM).toEqual({ min: '', max: '' });
  });
});

describe('gameUpdateOf', () => {
  it('gives back the stored configuration unchanged when nothing was edited', () => {
    const result = gameUpdateOf(game, gameDraftOf(game, 'BRL', 'en'), 'BRL', 'en');
    expect(result).toEqual({
      ok: true,
      body: {
        enabled: true,
        closeSeconds: 10,
        minUnitStakeMinor: 100,
        maxTicketStakeMinor: 1_000_000,
        playLimits: { K3_TRIPLE: { maxTicketStakeMinor: 50_000 } },
        maxChaseDraws: 50,
        sortOrder: 3,
        defaultPlayType: 'K3_SUM',
      },
    });
  });

  it('refuses a close time that reaches the interval (betting must close before the draw)', () => {
    const draft = { ...gameDraftOf(game, 'BRL', 'en'), closeSeconds: '60' };
    const result = gameUpdateOf(game, draft, 'BRL', 'en');
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues).toEqual([
        expect.objectContaining({ field: 'closeSeconds', params: { max: 59 } }),
      ]);
    expect(gameUpdateOf(game, { ...draft, closeSeconds: '59' }, 'BRL', 'en').ok).toBe(true);
  });

  it('caps the close time at 299 s for the longer intervals', () => {
    const five = { ...game, intervalMinutes: 5 };
    const draft = { ...gameDraftOf(five, 'BRL', 'en'), closeSeconds: '300' };
    expect(gameUpdateOf(five, draft, 'BRL', 'en').ok).toBe(false);
    expect(gameUpdateOf(five, { ...draft, closeSeconds: '299' }, 'BRL', 'en').ok).toBe(true);
  });

  it('refuses a minimum above the maximum, for the game and for a play type against the game', () => {
    const base = gameDraftOf(game, 'BRL', 'en');
    const gameWide = gameUpdateOf(game, { ...base, minUnitStake: '20000' }, 'BRL', 'en');
    expect(gameWide.ok || gameWide.issues.map((i) => i.field)).toContain('maxTicketStake');
    // A play type's own minimum above the game's maximum it inherits.
    const play = gameUpdateOf(
      game,
      { ...base, playLimits: { ...base.playLimits, K3_PAIR: { min: '20000', max: '' } } },
      'BRL',
      'en',
    );
    expect(play.ok || play.issues.map((i) => i.field)).toEqual(['play.K3_PAIR.max']);
  });

  it('reads amounts in the locale and refuses zero, junk and out-of-range counts', () => {
    const base = gameDraftOf(game, 'BRL', 'pt-BR');
    const edited = gameUpdateOf(game, { ...base, minUnitStake: '0,50' }, 'BRL', 'pt-BR');
    expect(edited.ok && edited.body.minUnitStakeMinor).toBe(50);
    const bad = gameUpdateOf(
      game,
      { ...base, minUnitStake: '0', maxChaseDraws: '121', sortOrder: '1.5', defaultPlayType: 'NOPE' },
      'BRL',
      'pt-BR',
    );
    expect(bad.ok || bad.issues.map((i) => i.field)).toEqual([
      'minUnitStake',
      'maxChaseDraws',
      'sortOrder',
      'defaultPlayType',
    ]);
  });

  it('drops an override whose fields were emptied', () => {
    const base = gameDraftOf(game, 'BRL', 'en');
    const result = gameUpdateOf(
      game,
      { ...base, playLimits: { ...base.playLimits, K3_TRIPLE: { min: '', max: '' } } },
      'BRL',
      'en',
    );
    expect(result.ok && result.body.playLimits).toEqual({});
  });
});

describe('gameIssuesOfServer', () => {
  it('marks the server’s refusals on the form’s fields', () => {
    expect(
      gameIssuesOfServer({
        fields: [
          { field: 'closeSeconds', key: 'too_big', params: { max: 59 } },
          { field: 'minUnitStakeMinor', key: 'too_big' },
          { field: 'playLimits.K3_PAIR.minUnitStakeMinor', key: 'too_big' },
          { field: 'playLimits.NOPE', key: 'invalid' },
        ],
      }).map((issue) => issue.field),
    ).toEqual(['closeSeconds', 'maxTicketStake', 'play.K3_PAIR.max', 'play.NOPE.max']);
    expect(gameIssuesOfServer({ code: 'x' })).toEqual([]);
  });
});
