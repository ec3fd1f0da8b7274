import { describe, expect, it } from 'vitest';
import { INVARIANTS, invariantResults, type VerifyReport } from './ledger-report';

const report = (violations: VerifyReport['violations']): VerifyReport => ({
  ok: violations.length === 0,
  checkedAt: '2026-01-01T00:00:00Z',
  counts: { accounts: 1, transfers: 1, entries: 2, openHolds: 0 },
  currencies: [],
  violations,
});

describe('invariantResults', () => {
  it('lists every invariant as passing on a clean ledger', () => {
    const results = invariantResults(report([]));
    expect(results.map((r) => r.check)).toEqual([...INVARIANTS]);
    expect(results.every((r) => r.violations === 0)).toBe(true);
  });

  it('counts violations per invariant and keeps checks this build does not know', () => {
    const results = invariantResults(
      report([
        { check: 'cached_balance', detail: { accountId: '1' } },
        { check: 'cached_balance', detail: { accountId: '2' } },
        { check: 'brand_new_check', detail: {} },
      ]),
    );
    expect(results.find((r) => r.check === 'cached_balance')?.violations).toBe(2);
    expect(results.find((r) => r.check === 'currency_sum_zero')?.violations).toBe(0);
    expect(results.at(-1)).toEqual({ check: 'brand_new_check', violations: 1 });
  });
});
