import type { VnPayoutConfigView, VnRateView } from '@sorte/contracts';
import {
  VN_BET_TYPES,
  VN_REGIONS,
  type VnBetType,
  type VnPayoutConfig,
  type VnRate,
  type VnRegion,
  vnExpectedReturn,
} from '@sorte/lottery';
import { minorToInput, parseAmountInput } from '../../lib/money-input';

/** Slot payouts are ×multipliers kept in hundredths; a two-decimal currency reads and writes them. */
const HUNDREDTHS = 'BRL';

/** One cell of the table as typed: a price and a payout per point, or a multiplier per slot. */
export type RateDraft =
  | { kind: 'perPoint'; price: string; payout: string }
  | { kind: 'perSlot'; multiplier: string };
export type PayoutsDraft = Record<VnBetType, Record<VnRegion, RateDraft>>;

export const cellKey = (betType: string, region: string) => `${betType}.${region}`;

export function payoutsDraftOf(config: VnPayoutConfigView, currency: string, locale: string): PayoutsDraft {
  const cell = (rate: VnRateView): RateDraft =>
    rate.kind === 'perPoint'
      ? {
          kind: 'perPoint',
          price: minorToInput(rate.pricePerPointMinor, currency, locale),
          payout: minorToInput(rate.payoutPerPointMinor, currency, locale),
        }
      : { kind: 'perSlot', multiplier: minorToInput(rate.payoutHundredths, HUNDREDTHS, locale) };
  return Object.fromEntries(
    VN_BET_TYPES.map((betType) => [
      betType,
      Object.fromEntries(VN_REGIONS.map((region) => [region, cell(config[betType][region])])),
    ]),
  ) as PayoutsDraft;
}

/**
 * The PUT body for the draft, or the cells that are not positive amounts. Whether a rate returns too
 * much is the server's call (CONFIG_INVALID); the table shows each cell's return as it is typed.
 */
export function payoutsOf(
  draft: PayoutsDraft,
  currency: string,
  locale: string,
): { ok: true; config: VnPayoutConfigView } | { ok: false; cells: string[] } {
  const bad: string[] = [];
  const config = {} as Record<VnBetType, Record<VnRegion, VnRateView>>;
  for (const betType of VN_BET_TYPES) {
    config[betType] = {} as Record<VnRegion, VnRateView>;
    for (const region of VN_REGIONS) {
      const rate = cellRate(draft[betType][region], currency, locale);
      if (rate) config[betType][region] = rate;
      else bad.push(cellKey(betType, region));
    }
  }
  return bad.length ? { ok: false, cells: bad } : { ok: true, config: config as VnPayoutConfigView };
}

function ruleRate(rate: VnRateView): VnRate {
  return rate.kind === 'perPoint'
    ? {
        kind: 'perPoint',
        pricePerPointMinor: BigInt(rate.pricePerPointMinor),
        payoutPerPointMinor: BigInt(rate.payoutPerPointMinor),
      }
    : rate;
}

/** One typed cell as a rate, or null while it does not read as positive amounts. */
export function cellRate(cell: RateDraft, currency: string, locale: string): VnRateView | null {
  if (cell.kind === 'perSlot') {
    const multiplier = parseAmountInput(cell.multiplier, HUNDREDTHS, locale);
    return multiplier.ok && multiplier.minor <= 100_000_000
      ? { kind: 'perSlot', payoutHundredths: multiplier.minor }
      : null;
  }
  const price = parseAmountInput(cell.price, currency, locale);
  const payout = parseAmountInput(cell.payout, currency, locale);
  return price.ok && payout.ok
    ? { kind: 'perPoint', pricePerPointMinor: price.minor, payoutPerPointMinor: payout.minor }
    : null;
}

/** The theoretical return of one rate (1 = everything staked comes back on average). */
export function expectedReturnOf(betType: VnBetType, region: VnRegion, rate: VnRateView): number {
  // The return of a cell depends on that cell alone.
  const config = { [betType]: { [region]: ruleRate(rate) } } as unknown as VnPayoutConfig;
  return vnExpectedReturn(betType, region, config);
}

/** The server's CONFIG_INVALID issues, by cell, as message keys (with the return it computed, 1 = 100 %). */
export function payoutIssuesOf(details: unknown): Record<string, { key: string; expectedReturn?: number }> {
  const issues = (details as { issues?: unknown } | null)?.issues;
  const out: Record<string, { key: string; expectedReturn?: number }> = {};
  if (!Array.isArray(issues)) return out;
  for (const issue of issues as {
    code?: string;
    betType?: string;
    region?: string;
    expectedReturn?: number;
  }[]) {
    const at = cellKey(issue.betType ?? '', issue.region ?? '');
    if (issue.code === 'CONFIG_RETURN_TOO_HIGH')
      out[at] = { key: 'lottery.payouts.issues.tooHigh', expectedReturn: issue.expectedReturn ?? 0 };
    else if (issue.code === 'CONFIG_NOT_POSITIVE') out[at] = { key: 'lottery.payouts.issues.notPositive' };
    else out[at] = { key: 'lottery.payouts.issues.wrongKind' };
  }
  return out;
}
