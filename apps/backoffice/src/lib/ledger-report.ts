/** The ledger module's verify report (GET /bo/ledger/verify). */
export interface VerifyReport {
  ok: boolean;
  checkedAt: string;
  counts: { accounts: number; transfers: number; entries: number; openHolds: number };
  currencies: { currency: string; entries: number; sumMinor: string }[];
  violations: { check: string; detail: Record<string, string | number | null> }[];
}

/** The invariants the ledger checks, in the order they are explained to the operator. */
export const INVARIANTS = [
  'currency_sum_zero',
  'transfer_entries',
  'cached_balance',
  'member_not_negative',
  'cached_pending',
  'hold_resolution',
] as const;

/** Lists every invariant as ok or failed, including any the server reports that this build does not know. */
export function invariantResults(report: VerifyReport): { check: string; violations: number }[] {
  const known: string[] = [...INVARIANTS];
  for (const violation of report.violations)
    if (!known.includes(violation.check)) known.push(violation.check);
  return known.map((check) => ({
    check,
    violations: report.violations.filter((violation) => violation.check === check).length,
  }));
}
