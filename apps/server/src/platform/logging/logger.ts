import pino, { type Logger } from 'pino';

/** Paths whose values never reach a log line, wherever they appear in a request or an object. */
export const REDACTED_PATHS = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers["x-operator-key"]',
  'password',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.confirmNewPassword',
  '*.confirmPassword',
  '*.paymentPassword',
  '*.token',
  '*.smsCode',
  '*.verificationCode',
  '*.resetToken',
  '*.ipVerificationCode',
  '*.captchaCode',
  '*.wrappedKey',
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
}
export type { Logger };
