import type { ErrorCode } from '@sorte/contracts';

/** The refusals the members module raises (closed set, ARCHITECTURE §7). */
export const MEMBERS_ERRORS = [
  'AUTH_USER_EXISTS',
  'AUTH_MOBILE_EXISTS',
  'AUTH_AFFILIATE_INVALID',
  'AUTH_REFERRAL_INVALID',
  'VALIDATION_FAILED',
] as const satisfies readonly ErrorCode[];
