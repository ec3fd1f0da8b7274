import type { VnPayoutConfigView } from '@sorte/contracts';
import { DEFAULT_VN_PAYOUTS, VN_BET_TYPES, VN_REGIONS } from '@sorte/lottery';
import { describe, expect, it } from 'vitest';
import { cellRate, expectedReturnOf, payoutIssuesOf, payoutsDraftOf, payoutsOf } from './vn-payouts-form';

/** The package's defaults as the API sends them (numbers, not bigints). */
const defaults = Object.fromEntries(
  VN_BET_TYPES.map((betType) => [
    betType,
    Object.fromEntries(
      VN_REGIONS.map((region) => {
        const rate = DEFAULT_VN_PAYOUTS[betType][region];
        return [
          region,
          rate.kind === 'perPoint'
            ? {
                kind: 'perPoint',
                pricePerPointMinor: Number(rate.pricePerPointMinor),
                payoutPerPointMinor: Number(rate.payoutPerPointMinor),
              }
            : rate,
        ];
      }),
    ),
  ]),
) as VnPayoutConfigView;

describe('the payouts table', () => {
  it('reads back exactly what it shows, in VND and in the locale', () => {
    const draft = payoutsDraftOf(defaults, 'VND', 'pt-BR');
    expect(draft.lo2.north).toEqual({ kind: 'perPoint', price: '23000', payout: '80000' });
    expect(draft.baoLo2.south).toEqual({ kind: 'perSlot', multiplier: '75,00' });
    expect(payoutsOf(draft, 'VND', 'pt-BR')).toEqual({ ok: true, config: defaults });
  });

  it('reads a slot multiplier with decimals as hundredths', () => {
    expect(cellRate({ kind: 'perSlot', multiplier: '75.5' }, 'VND', 'en')).toEqual({
      kind: 'perSlot',
      payoutHundredths: 7550,
    });
  });

  it('names the cells that are not positive amounts', () => {
    const draft = payoutsDraftOf(defaults, 'VND', 'en');
    draft.de.south = { kind: 'perPoint', price: '0', payout: '80000' };
    draft.baoLo3.north = { kind: 'perSlot', multiplier: 'x' };
    expect(payoutsOf(draft, 'VND', 'en')).toEqual({ ok: false, cells: ['de.south', 'baoLo3.north'] });
  });

  it('computes each cell’s return as the rules do', () => {
    // đề pays 80 for 1 on one number of 100: 80 %.
    expect(expectedReturnOf('de', 'north', defaults.de.north)).toBeCloseTo(0.8, 10);
    expect(
      expectedReturnOf('de', 'north', {
        kind: 'perPoint',
        pricePerPointMinor: 1000,
        payoutPerPointMinor: 100_000,
      }),
    ).toBeCloseTo(1, 10);
  });

  it('places the server refusals on their cells', () => {
    expect(
      payoutIssuesOf({
        issues: [
          { code: 'CONFIG_RETURN_TOO_HIGH', betType: 'de', region: 'south', expectedReturn: 1.05 },
          { code: 'CONFIG_NOT_POSITIVE', betType: 'lo2', region: 'north' },
        ],
      }),
    ).toEqual({
      'de.south': { key: 'lottery.payouts.issues.tooHigh', expectedReturn: 1.05 },
      'lo2.north': { key: 'lottery.payouts.issues.notPositive' },
    });
  });
});
