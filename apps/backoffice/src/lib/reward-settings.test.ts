import { expect, it } from 'vitest';
import { parseRaffleDraft, parseVipDraft, raffleDraftOf, vipDraftOf } from './reward-settings';

it('VIP rates: one level shown as percents, only changes sent, a bad percent named', () => {
  const stored = { rates: [{ vipLevel: 2, category: 'RNG' as const, rateBp: 50 }] };
  const draft = vipDraftOf(stored, 2, ['RNG', 'LIVE'], 'pt-BR');
  expect(draft).toEqual({ RNG: '0,5', LIVE: '0' });
  expect(parseVipDraft(draft, stored, 2)).toEqual({ rates: [] });
  expect(parseVipDraft({ ...draft, LIVE: '0,25' }, stored, 2)).toEqual({
    rates: [{ vipLevel: 2, category: 'LIVE', rateBp: 25 }],
  });
  expect(parseVipDraft({ ...draft, LIVE: '0,255' }, stored, 2)).toEqual({ invalid: 'LIVE' });
});

it('raffles: the typed form reads into exact minor units, or names the bad field', () => {
  const draft = {
    ...raffleDraftOf(null, 'BRL', 'pt-BR', new Date('2026-03-01T10:00:00Z')),
    nameEn: 'Wheel',
    namePt: 'Roleta',
  };
  const parsed = parseRaffleDraft(
    { ...draft, segments: [...draft.segments, { weight: '5', prize: '12,34' }] },
    'BRL',
    'pt-BR',
  );
  expect(parsed).toMatchObject({
    input: {
      startsAt: '2026-03-01T10:00:00.000Z',
      endsAt: null,
      segments: [
        { weight: 60, prizeMinor: 0 },
        { weight: 30, prizeMinor: 100 },
        { weight: 10, prizeMinor: 500 },
        { weight: 5, prizeMinor: 1_234 },
      ],
    },
  });
  expect(parseRaffleDraft({ ...draft, spinsPerDay: '11' }, 'BRL', 'pt-BR')).toEqual({
    invalid: 'spinsPerDay',
  });
  // Deposit spins: 0–10 per deposit of at least an amount.
  expect(
    parseRaffleDraft({ ...draft, spinsPerDeposit: '1', minDeposit: '50,00' }, 'BRL', 'pt-BR'),
  ).toMatchObject({ input: { spinsPerDeposit: 1, minDepositMinor: 5_000 } });
  expect(parseRaffleDraft({ ...draft, spinsPerDeposit: '11' }, 'BRL', 'pt-BR')).toEqual({
    invalid: 'spinsPerDeposit',
  });
  expect(parseRaffleDraft({ ...draft, minDeposit: '5,001' }, 'BRL', 'pt-BR')).toEqual({
    invalid: 'minDeposit',
  });
  expect(parseRaffleDraft({ ...draft, endsAt: '2026-02-01T00:00' }, 'BRL', 'pt-BR')).toEqual({
    invalid: 'endsAt',
  });
  expect(
    parseRaffleDraft(
      { ...draft, segments: [{ weight: '0', prize: '1' }, ...draft.segments] },
      'BRL',
      'pt-BR',
    ),
  ).toEqual({ invalid: 'segment0' });
});
