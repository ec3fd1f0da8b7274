import type { ErrorCode } from '@sorte/contracts';

/** The refusals the ledger raises (closed set, ARCHITECTURE §7); statuses live in @sorte/contracts. */
export const LEDGER_ERRORS = [
  'WALLET_INSUFFICIENT_FUNDS',
  'LEDGER_IDEMPOTENCY_CONFLICT',
  'LEDGER_CURRENCY_MISMATCH',
  'LEDGER_ACCOUNT_NOT_FOUND',
  'LEDGER_HOLD_NOT_FOUND',
  'LEDGER_HOLD_RESOLVED',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
] as const satisfies readonly ErrorCode[];
export type LedgerError = (typeof LEDGER_ERRORS)[number];
