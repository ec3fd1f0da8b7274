import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { ErrorCode } from '@sorte/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  getNotifier,
  type NotifyLanguage,
  notifyText,
  outboxAddress,
  type PhoneNumber,
} from '../../platform/notify/index.ts';
import type { MerchantContext } from '../system/index.ts';
import {
  consumeCaptcha,
  hitThrottle,
  releaseThrottle,
  reserveThrottle,
  insertCaptcha,
  insertSmsCode,
  reserveSmsTry,
  useSmsCode,
} from './auth.repository.ts';
import type { SmsPurpose } from './auth.tables.ts';
import { drawCaptcha, randomCaptchaText } from './captcha-image.ts';

const CAPTCHA_TTL_MS = 5 * 60_000;
const CAPTCHAS_PER_IP_PER_MINUTE = 30;
/** Wrong guesses a single SMS or e-mail code survives before it is void. */
export const MAX_CODE_ATTEMPTS = 5;
const HOUR_MS = 3_600_000;

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Raises `code` when the fixed-window counter at `key` passes `limit`. */
export async function throttle(
  ctx: AppContext,
  key: string,
  limit: number,
  windowMs: number,
  code: ErrorCode,
): Promise<void> {
  const hits = await hitThrottle(ctx.db, key, ctx.clock.now(), windowMs);
  if (hits > limit) throw new AppError(code, { retryAfterSeconds: Math.ceil(windowMs / 1000) });
}

/**
 * For counters of failures only: takes a place for an attempt before it is checked, or refuses with
 * `code` once the window holds `limit`. The caller gives the place back (releaseFailure) when the
 * attempt succeeds, so only failures stay counted and N concurrent attempts never pass N places.
 */
export async function reserveFailure(
  ctx: AppContext,
  key: string,
  limit: number,
  windowMs: number,
  code: ErrorCode,
): Promise<void> {
  if (!(await reserveThrottle(ctx.db, { key, now: ctx.clock.now(), windowMs, limit })))
    throw new AppError(code, { retryAfterSeconds: Math.ceil(windowMs / 1000) });
}

export async function releaseFailure(ctx: AppContext, key: string): Promise<void> {
  await releaseThrottle(ctx.db, key);
}

// ---- captcha --------------------------------------------------------------------------------

/**
 * Answers of issued captchas, kept only under NODE_ENV=test so tests can solve the image
 * (see peekCaptchaAnswer); production keeps nothing but the hash.
 */
const testAnswers = new Map<string, string>();
const MAX_TEST_ANSWERS = 1_000;

function captchaHash(merchantId: string, text: string): string {
  return sha256(`${merchantId}:${text.trim().toUpperCase()}`);
}

export async function issueCaptcha(ctx: AppContext, merchant: MerchantContext, ip: string) {
  await throttle(ctx, `captcha:ip:${ip}`, CAPTCHAS_PER_IP_PER_MINUTE, 60_000, 'AUTH_THROTTLED');
  const text = randomCaptchaText();
  const id = randomBytes(16).toString('base64url');
  const now = ctx.clock.now();
  await insertCaptcha(ctx.db, {
    id,
    merchant_id: merchant.id,
    answer_hash: captchaHash(merchant.id, text),
    expires_at: new Date(now.getTime() + CAPTCHA_TTL_MS),
    created_at: now,
  });
  if (ctx.config.NODE_ENV === 'test') {
    if (testAnswers.size >= MAX_TEST_ANSWERS) testAnswers.clear();
    testAnswers.set(id, text);
  }
  return { captchaId: id, image: drawCaptcha(text) };
}

/** Test-only: the answer of an issued captcha (undefined outside NODE_ENV=test). */
export function peekCaptchaAnswer(captchaId: string): string | undefined {
  return testAnswers.get(captchaId);
}

/** Checks and burns a captcha; a missing answer is AUTH_CAPTCHA_REQUIRED, a wrong one AUTH_CAPTCHA_INVALID. */
export async function checkCaptcha(
  ctx: AppContext,
  merchant: MerchantContext,
  answer: { captchaId?: string; captchaCode?: string } | undefined,
): Promise<void> {
  if (!answer?.captchaId || !answer.captchaCode)
    throw new AppError('AUTH_CAPTCHA_REQUIRED', { captchaRequired: true });
  const stored = await consumeCaptcha(ctx.db, answer.captchaId, merchant.id, ctx.clock.now());
  if (!stored || !sameHash(stored, captchaHash(merchant.id, answer.captchaCode))) {
    throw new AppError('AUTH_CAPTCHA_INVALID', { captchaRequired: true });
  }
}

// ---- SMS codes ------------------------------------------------------------------------------

export function normalisePhone(countryDialingCode: string, mobile: string): PhoneNumber {
  return {
    countryDialingCode: `+${countryDialingCode.replace(/\D/g, '')}`,
    mobile: mobile.replace(/\D/g, ''),
  };
}

/**
 * The throttles every SMS request passes, whether or not a message is then sent, so the answer
 * never tells whether the number belongs to a member: 1 per second and N per hour per number,
 * M per hour per IP.
 */
async function smsThrottles(
  ctx: AppContext,
  merchant: MerchantContext,
  address: string,
  ip: string,
): Promise<void> {
  const { smsPerNumberPerHour, smsPerIpPerHour } = merchant.security;
  await throttle(ctx, `sms:1s:${merchant.id}:${address}`, 1, 1_000, 'AUTH_SMS_THROTTLED');
  await throttle(
    ctx,
    `sms:num:${merchant.id}:${address}`,
    smsPerNumberPerHour,
    HOUR_MS,
    'AUTH_SMS_THROTTLED',
  );
  await throttle(ctx, `sms:ip:${merchant.id}:${ip}`, smsPerIpPerHour, HOUR_MS, 'AUTH_SMS_THROTTLED');
}

function codeHash(address: string, code: string): string {
  return sha256(`${address}:${code.trim()}`);
}

export function newNumericCode(): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}

/**
 * Throttles, then (when `deliver`) stores and sends a 6-digit code. The answer is the same either
 * way: callers pass deliver=false for numbers that must not receive a code.
 */
export async function sendSmsCode(
  ctx: AppContext,
  merchant: MerchantContext,
  p: { purpose: SmsPurpose; phone: PhoneNumber; ip: string; deliver: boolean; language: NotifyLanguage },
): Promise<{ expiredMinutes: number; expirationTime: string }> {
  const address = outboxAddress(p.phone);
  await smsThrottles(ctx, merchant, address, p.ip);
  const minutes = merchant.security.smsExpiryMinutes;
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + minutes * 60_000);
  if (p.deliver) {
    const code = newNumericCode();
    await insertSmsCode(ctx.db, {
      merchant_id: merchant.id,
      purpose: p.purpose,
      address,
      code_hash: codeHash(address, code),
      expires_at: expiresAt,
      created_at: now,
    });
    const text = notifyText('smsCode', p.language, { brand: merchant.brandName, code, minutes });
    await getNotifier(ctx).sms.send(p.phone, text, code);
  }
  return { expiredMinutes: minutes, expirationTime: expiresAt.toISOString() };
}

/** Checks and uses the newest live code for the number; every try is counted before it is compared. */
export async function verifySmsCode(
  ctx: AppContext,
  merchant: MerchantContext,
  p: { purpose: SmsPurpose; phone: PhoneNumber; code: string | undefined },
): Promise<boolean> {
  if (!p.code) return false;
  const address = outboxAddress(p.phone);
  const now = ctx.clock.now();
  const tried = await reserveSmsTry(ctx.db, {
    merchantId: merchant.id,
    purpose: p.purpose,
    address,
    now,
    max: MAX_CODE_ATTEMPTS,
  });
  if (!tried || !sameHash(tried.code_hash, codeHash(address, p.code))) return false;
  return useSmsCode(ctx.db, tried.id, now);
}

export { codeHash };
