import type { ErrorCode } from '@sorte/contracts';

/** The system module's closed set of refusals; statuses live in @sorte/contracts ERROR_STATUS. */
export const SYSTEM_ERRORS = [
  'MERCHANT_UNKNOWN',
  'SYSTEM_MAINTENANCE',
  'REGION_RESTRICTED',
  'CONFIG_INVALID',
  'OPERATOR_UNAUTHENTICATED',
  'VALIDATION_FAILED',
  'NOT_FOUND',
] as const satisfies readonly ErrorCode[];
export type SystemError = (typeof SYSTEM_ERRORS)[number];
