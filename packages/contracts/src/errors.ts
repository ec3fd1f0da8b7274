/**
 * The closed set of error codes and their HTTP statuses (ARCHITECTURE §5, §7). Each domain owns a
 * block; the server maps a code to its status here and nowhere else, and the web translates codes
 * through `locales/{en,pt-BR}/errors.json` (a test fails when a code lacks a message).
 */
export const ERROR_STATUS = {
  // platform
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  // system
  MERCHANT_UNKNOWN: 400,
  SYSTEM_MAINTENANCE: 503,
  REGION_RESTRICTED: 403,
  CONFIG_INVALID: 422,
  OPERATOR_UNAUTHENTICATED: 401,
  // auth and members
  AUTH_INVALID_CREDENTIALS: 401,
  AUTH_CAPTCHA_REQUIRED: 401,
  AUTH_CAPTCHA_INVALID: 400,
  AUTH_ACCOUNT_LOCKED: 429,
  AUTH_THROTTLED: 429,
  AUTH_USER_EXISTS: 409,
  AUTH_MOBILE_EXISTS: 409,
  AUTH_SMS_CODE_INVALID: 400,
  AUTH_SMS_THROTTLED: 429,
  AUTH_EMAIL_CODE_INVALID: 400,
  AUTH_PASSWORD_CHANGE_REQUIRED: 403,
  AUTH_OLD_PASSWORD_WRONG: 400,
  AUTH_PASSWORD_REUSED: 400,
  AUTH_TRIAL_ACCOUNT: 403,
  AUTH_SESSION_EXPIRED: 401,
  AUTH_IP_VERIFICATION_REQUIRED: 403,
  AUTH_AFFILIATE_INVALID: 400,
  AUTH_REFERRAL_INVALID: 400,
  AUTH_REGISTRATION_DISABLED: 403,
  AUTH_LOGIN_METHOD_DISABLED: 403,
  AUTH_FREEPLAY_DISABLED: 403,
  AUTH_NOT_AGENT: 403,
  AUTH_MEMBER_DISABLED: 403,
  AUTH_AGE_NOT_CONFIRMED: 400,
  AUTH_TERMS_NOT_ACCEPTED: 400,
  AUTH_RESET_INVALID: 400,
  AUTH_DECRYPTION_FAILED: 400,
  AUTH_ENCRYPTION_REQUIRED: 400,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** Field-level problems travel in `details.fields` as message keys with their parameters. */
export interface FieldErrorDetail {
  field: string;
  key: string;
  params?: Record<string, string | number>;
}
