import { expect, it } from 'vitest';
import { grantDraftOf, hasBonusTerms, parseGrantDraft, parseTermsDraft, termsDraftOf } from './bonus-terms';

const stored = {
  percentBps: 10_000,
  maxBonusMinor: 50_000,
  minDepositMinor: 2_000,
  basis: 'deposit_plus_bonus' as const,
  times: 25,
  maxBetMinor: 1_000,
  validDays: 14,
  contributionBps: { RNG: 10_000, LIVE: 1_250 },
};

it('only deposit-bonus and reload promotions have terms', () => {
  expect(['deposit_bonus', 'reload', 'cashback', 'raffle'].map(hasBonusTerms)).toEqual([
    true,
    true,
    false,
    false,
  ]);
});

it('terms: stored terms show in the locale and read back exactly', () => {
  const draft = termsDraftOf(stored, 'BRL', 'pt-BR');
  expect(draft).toMatchObject({
    percent: '100',
    maxBonus: '500,00',
    minDeposit: '20,00',
    times: '25',
    maxBet: '10,00',
    validDays: '14',
  });
  expect(draft.contribution).toMatchObject({ RNG: '100', LIVE: '12,5', SPORTS: '0' });
  expect(parseTermsDraft(draft, 'BRL', 'pt-BR')).toEqual({ terms: stored });
  expect(parseTermsDraft(termsDraftOf(stored, 'BRL', 'en'), 'BRL', 'en')).toEqual({ terms: stored });
});

it('terms: a new form needs its largest bonus and max bet; no minimum deposit reads as 0', () => {
  const draft = termsDraftOf(null, 'BRL', 'en');
  expect(parseTermsDraft(draft, 'BRL', 'en')).toEqual({ invalid: 'maxBonus' });
  const filled = { ...draft, maxBonus: '1,000', maxBet: '5', percent: '150.5' };
  expect(parseTermsDraft(filled, 'BRL', 'en')).toEqual({
    terms: {
      percentBps: 15_050,
      maxBonusMinor: 100_000,
      minDepositMinor: 0,
      basis: 'bonus',
      times: 30,
      maxBetMinor: 500,
      validDays: 30,
      contributionBps: { FISH: 10_000, RNG: 10_000, INHOUSE: 10_000 },
    },
  });
  expect(
    parseTermsDraft(
      { ...filled, maxBonus: '1.000', maxBet: '5', percent: '150,5', minDeposit: '0,00' },
      'BRL',
      'pt-BR',
    ),
  ).toMatchObject({
    terms: { minDepositMinor: 0, maxBonusMinor: 100_000, percentBps: 15_050 },
  });
});

it('terms: each field out of range is named', () => {
  const good = termsDraftOf(stored, 'BRL', 'en');
  const cases: [Partial<typeof good>, string][] = [
    [{ percent: '0' }, 'percent'],
    [{ percent: '1000.01' }, 'percent'],
    [{ percent: '10.005' }, 'percent'],
    [{ maxBonus: '-5' }, 'maxBonus'],
    [{ minDeposit: '1.234' }, 'minDeposit'],
    [{ times: '201' }, 'times'],
    [{ times: '2.5' }, 'times'],
    [{ maxBet: '0' }, 'maxBet'],
    [{ validDays: '0' }, 'validDays'],
    [{ validDays: '366' }, 'validDays'],
    [{ contribution: { ...good.contribution, LIVE: '100.01' } }, 'LIVE'],
    [{ contribution: { ...good.contribution, ELOTT: 'x' } }, 'ELOTT'],
  ];
  for (const [change, field] of cases)
    expect(parseTermsDraft({ ...good, ...change }, 'BRL', 'en')).toEqual({ invalid: field });
  expect(parseTermsDraft({ ...good, percent: '1000' }, 'BRL', 'en')).toMatchObject({
    terms: { percentBps: 100_000 },
  });
});

it('grant: the form reads with the dialog key; amount and reason are checked', () => {
  const draft = { ...grantDraftOf(), amount: '1.234,56', maxBet: '5', reason: '  VIP goodwill  ' };
  expect(parseGrantDraft(draft, 'BRL', 'pt-BR', 'bo-key-1')).toEqual({
    grant: {
      amountMinor: 123_456,
      basis: 'bonus',
      times: 30,
      maxBetMinor: 500,
      validDays: 30,
      contributionBps: { FISH: 10_000, RNG: 10_000, INHOUSE: 10_000 },
      reason: 'VIP goodwill',
      idempotencyKey: 'bo-key-1',
    },
  });
  expect(parseGrantDraft({ ...draft, amount: '' }, 'BRL', 'pt-BR', 'k')).toEqual({ invalid: 'amount' });
  expect(parseGrantDraft({ ...draft, reason: ' abc ' }, 'BRL', 'pt-BR', 'k')).toEqual({ invalid: 'reason' });
  expect(parseGrantDraft({ ...draft, times: '' }, 'BRL', 'pt-BR', 'k')).toEqual({ invalid: 'times' });
  // Đồng has no decimals: "15.000" is fifteen thousand.
  expect(parseGrantDraft({ ...draft, amount: '15.000', maxBet: '500' }, 'VND', 'pt-BR', 'k')).toMatchObject({
    grant: { amountMinor: 15_000, maxBetMinor: 500 },
  });
});
