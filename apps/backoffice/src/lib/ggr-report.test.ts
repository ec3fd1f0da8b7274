import { describe, expect, it } from 'vitest';
import { type BoGgrReport, CSV_COLUMNS, dailySeries, ggrCsv, plainAmount } from './ggr-report';

const figures = {
  bets: 2,
  stakeMinor: 3_000,
  validStakeMinor: 3_000,
  payoutMinor: 300,
  bonusCostMinor: 0,
  cost: null,
};
const report: BoGgrReport = {
  dateFrom: '2026-07-01',
  dateTo: '2026-07-03',
  timeZone: 'UTC',
  rows: [
    {
      day: '2026-07-01',
      category: 'INHOUSE',
      vendor: 'SORTE',
      currency: 'BRL',
      ...figures,
      ggrMinor: 2_700,
      ngrMinor: 2_700,
    },
    {
      day: '2026-07-03',
      category: 'RNG',
      vendor: 'pg, "x"',
      currency: 'BRL',
      ...figures,
      ggrMinor: -5,
      ngrMinor: -5,
    },
  ],
  totals: [],
};

describe('ggr report', () => {
  it('writes amounts as plain decimals in the currency’s decimals', () => {
    expect(plainAmount(123_456, 'BRL')).toBe('1234.56');
    expect(plainAmount(-5, 'BRL')).toBe('-0.05');
    expect(plainAmount(0, 'BRL')).toBe('0.00');
    expect(plainAmount(1_500, 'VND')).toBe('1500');
  });

  it('exports one CSV line per day, category and vendor, quoting what needs it', () => {
    const titles = Object.fromEntries(CSV_COLUMNS.map((c) => [c, c === 'day' ? 'Dia' : c])) as Parameters<
      typeof ggrCsv
    >[1];
    expect(ggrCsv(report, titles).split('\r\n')).toEqual([
      'Dia,category,vendor,currency,bets,stake,validStake,payout,ggr,bonusCost,ngr',
      '2026-07-01,INHOUSE,SORTE,BRL,2,30.00,30.00,3.00,27.00,0.00,27.00',
      '2026-07-03,RNG,"pg, ""x""",BRL,2,30.00,30.00,3.00,-0.05,0.00,-0.05',
      '',
    ]);
  });

  it('charts every day of the range, a day without bets at 0', () => {
    expect(dailySeries(report, 'BRL')).toEqual([
      { day: '2026-07-01', ggrMinor: 2_700, ngrMinor: 2_700 },
      { day: '2026-07-02', ggrMinor: 0, ngrMinor: 0 },
      { day: '2026-07-03', ggrMinor: -5, ngrMinor: -5 },
    ]);
  });
});
