import { randomBytes } from 'node:crypto';
import type { LoginRequest, SessionResponse } from '@sorte/contracts';
import { playCurrency } from '@sorte/money';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  getNotifier,
  type NotifyLanguage,
  notifyText,
  type PhoneNumber,
} from '../../platform/notify/index.ts';
import {
  createMember,
  findMemberByAccount,
  blankMemberDraft,
  findMemberById,
  findMemberByMobile,
  type MemberRow,
  newGuestAccount,
  recordLogin,
  setMustChangePassword,
} from '../members/index.ts';
import { isDefaultPassword, type MerchantContext } from '../system/index.ts';
import {
  type AttemptCounter,
  clearFailures,
  findIpChallenge,
  insertIpChallenge,
  insertLoginHistory,
  knownIpState,
  lockedUntil,
  NO_LIMIT,
  releaseAttempt,
  rememberIp,
  reserveAttempt,
  reserveIpChallengeTry,
  setIpChallengeCode,
  useIpChallenge,
} from './auth.repository.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { type ClientInfo, openSession } from './sessions.service.ts';
import {
  checkCaptcha,
  codeHash,
  MAX_CODE_ATTEMPTS,
  newNumericCode,
  normalisePhone,
  sameHash,
  throttle,
  verifySmsCode,
} from './verification.service.ts';

/** A failure counter idle this long starts over. */
const FAILURE_MEMORY_MS = 24 * 3_600_000;
const IP_CHALLENGE_TTL_MS = 15 * 60_000;
const FREEPLAY_PER_IP_PER_HOUR = 20;

type UsernameLogin = Extract<LoginRequest, { type: 'username' }>;
type SmsLogin = Extract<LoginRequest, { type: 'sms' }>;

const accountSubject = (account: string) => `a:${account.toLowerCase()}`;
const ipSubject = (ip: string) => `i:${ip}`;

/**
 * Username login (spec §4): lockout and captcha first, then the password — verified against a
 * dummy hash for unknown accounts so neither the answer nor its timing reveals existence. Each
 * attempt takes its place on the account's and the address's failure counts before the password is
 * compared (reserveLoginAttempt), so a burst gets exactly the allowed comparisons; a right password
 * gives its place back.
 */
export async function loginByUsername(
  ctx: AppContext,
  merchant: MerchantContext,
  input: UsernameLogin,
  client: ClientInfo,
) {
  const now = ctx.clock.now();
  const counters = await reserveLoginAttempt(ctx, merchant, input, client, now);
  const member = await findMemberByAccount(ctx.db, merchant.id, input.username);
  const passwordOk =
    member && member.type !== 4
      ? await verifyPassword(member.password_hash, input.password)
      : await verifyAgainstDummy(input.password);
  if (!member || !passwordOk) {
    await history(ctx, merchant, member?.id ?? null, client, false, 'username');
    throw new AppError('AUTH_INVALID_CREDENTIALS', {
      captchaRequired: Math.max(...counters.counts) >= counters.freeTries,
    });
  }
  // The address's count holds failures only; the account's is cleared once the login completes.
  const [account, address] = counters.reserved;
  await releaseAttempt(ctx.db, merchant.id, address!);
  try {
    if (member.status !== 'active') throw new AppError('AUTH_MEMBER_DISABLED');
    await secondVerification(ctx, merchant, member, client, input.ipVerificationCode);
  } catch (error) {
    await releaseAttempt(ctx.db, merchant.id, account!);
    throw error;
  }
  await clearFailures(ctx.db, merchant.id, account!.subject);
  const expired = passwordExpired(merchant, member, now);
  const isDefault = await isDefaultPassword(merchant.security, input.password);
  const mustChange =
    member.must_change_password || isDefault || (expired && merchant.flags.PWDEXPFORCECHANGE3);
  return completeLogin(ctx, merchant, member, client, 'username', {
    passwordExpired: expired,
    mustChangePassword: mustChange,
  });
}

/**
 * Takes the attempt's place on the account's and the address's counts, or refuses it before any
 * password is compared: AUTH_ACCOUNT_LOCKED while the account is locked, AUTH_CAPTCHA_REQUIRED /
 * _INVALID once either count holds `captchaAfterFailedLogins` (or always, with captchaOnLogin) and no
 * solved captcha came with it. A captcha is single use, so each one admits one attempt.
 */
async function reserveLoginAttempt(
  ctx: AppContext,
  merchant: MerchantContext,
  input: UsernameLogin,
  client: ClientInfo,
  now: Date,
) {
  const { captchaAfterFailedLogins, lockoutAfterFailedLogins: lockAt, lockoutMinutes } = merchant.security;
  // 0 switches the failure-triggered captcha off.
  const freeTries = merchant.flags.captchaOnLogin
    ? 0
    : captchaAfterFailedLogins > 0
      ? captchaAfterFailedLogins
      : NO_LIMIT;
  const account = accountSubject(input.username);
  const window = {
    merchantId: merchant.id,
    now,
    staleBefore: new Date(now.getTime() - FAILURE_MEMORY_MS),
    lockUntil: new Date(now.getTime() + lockoutMinutes * 60_000),
  };
  const withCaptcha: AttemptCounter[] = [
    { subject: account, below: lockAt, lockAt },
    { subject: ipSubject(client.ip), below: NO_LIMIT, lockAt: null },
  ];
  const withoutCaptcha: AttemptCounter[] = [
    { subject: account, below: Math.min(freeTries, lockAt), lockAt },
    { subject: ipSubject(client.ip), below: freeTries, lockAt: null },
  ];
  const free = await reserveAttempt(ctx.db, { ...window, counters: withoutCaptcha });
  if (free) return { counts: free, reserved: withoutCaptcha, freeTries };
  await refuseWhileLocked(ctx, merchant.id, account, now);
  await checkCaptcha(ctx, merchant, input.verification);
  const counts = await reserveAttempt(ctx.db, { ...window, counters: withCaptcha });
  if (counts) return { counts, reserved: withCaptcha, freeTries };
  // Locked by a concurrent attempt since the first look.
  await refuseWhileLocked(ctx, merchant.id, account, now);
  throw new AppError('AUTH_ACCOUNT_LOCKED', { retryAfterSeconds: lockoutMinutes * 60 });
}

async function refuseWhileLocked(ctx: AppContext, merchantId: string, subject: string, now: Date) {
  const until = await lockedUntil(ctx.db, merchantId, subject, now);
  if (!until) return;
  const retryAfterSeconds = Math.ceil((until.getTime() - now.getTime()) / 1000);
  throw new AppError('AUTH_ACCOUNT_LOCKED', { retryAfterSeconds });
}

export async function loginBySms(
  ctx: AppContext,
  merchant: MerchantContext,
  input: SmsLogin,
  client: ClientInfo,
) {
  if (!merchant.flags.MOBILEVERCODELOGIN3) throw new AppError('AUTH_LOGIN_METHOD_DISABLED');
  const phone = normalisePhone(input.countryDialingCode, input.mobileNum);
  const ok = await verifySmsCode(ctx, merchant, { purpose: 'login', phone, code: input.smsCode });
  const member = ok
    ? await findMemberByMobile(ctx.db, merchant.id, phone.countryDialingCode, phone.mobile)
    : undefined;
  if (!member) {
    await history(ctx, merchant, null, client, false, 'sms');
    throw new AppError('AUTH_SMS_CODE_INVALID');
  }
  if (member.status !== 'active') throw new AppError('AUTH_MEMBER_DISABLED');
  // The SMS code already proves the phone; spec §4 opens no forced change after SMS login.
  return completeLogin(ctx, merchant, member, client, 'sms', {
    passwordExpired: false,
    mustChangePassword: false,
  });
}

function passwordExpired(merchant: MerchantContext, member: MemberRow, now: Date): boolean {
  const days = merchant.security.passwordExpiryDays;
  if (!merchant.flags.PWDEXPFORCECHANGE3 || !days) return false;
  return now.getTime() - new Date(member.password_changed_at).getTime() > days * 86_400_000;
}

/** Records the login and opens the session; `firstTimeLogin` is true until the first-login action runs. */
export async function completeLogin(
  ctx: AppContext,
  merchant: MerchantContext,
  member: MemberRow,
  client: ClientInfo,
  method: string,
  state: { passwordExpired: boolean; mustChangePassword: boolean },
): Promise<SessionResponse> {
  const now = ctx.clock.now();
  if (state.mustChangePassword !== member.must_change_password && method === 'username') {
    await setMustChangePassword(ctx.db, member.id, state.mustChangePassword);
  }
  await recordLogin(ctx.db, member.id, now, client.ip);
  await rememberIp(ctx.db, member.id, client.ip, now);
  await history(ctx, merchant, member.id, client, true, method);
  const token = await openSession(ctx, merchant, member.id, client);
  return { token, account: member.account, firstTimeLogin: member.first_login_done_at === null, ...state };
}

async function history(
  ctx: AppContext,
  merchant: MerchantContext,
  memberId: string | null,
  client: ClientInfo,
  success: boolean,
  method: string,
) {
  await insertLoginHistory(ctx.db, {
    merchant_id: merchant.id,
    member_id: memberId,
    at: ctx.clock.now(),
    ip: client.ip,
    user_agent: client.userAgent,
    success,
    method,
  });
}

// ---- second verification from an unknown IP -------------------------------------------------

function ipVerificationOn(merchant: MerchantContext): boolean {
  return merchant.flags.ipVerification || merchant.security.ipVerification;
}

function channels(member: MemberRow): ('sms' | 'email')[] {
  const list: ('sms' | 'email')[] = [];
  if (member.mobile && member.country_dialing_code) list.push('sms');
  if (member.email) list.push('email');
  return list;
}

/**
 * Spec §4: a login from an IP the member never used needs a code sent by SMS or e-mail. A first
 * login has no known IP to compare with and just records it; a member with no channel to reach
 * cannot be challenged and passes (the operator sees the new IP in the login history).
 */
async function secondVerification(
  ctx: AppContext,
  merchant: MerchantContext,
  member: MemberRow,
  client: ClientInfo,
  code?: string,
) {
  if (!ipVerificationOn(merchant)) return;
  const state = await knownIpState(ctx.db, member.id, client.ip);
  if (!state.any || state.known) return;
  const methods = channels(member);
  if (methods.length === 0) return;
  const now = ctx.clock.now();
  if (code) {
    // Counted before it is compared, like an SMS login code (reserveSmsTry).
    const tried = await reserveIpChallengeTry(ctx.db, {
      memberId: member.id,
      ip: client.ip,
      now,
      max: MAX_CODE_ATTEMPTS,
    });
    const right = tried && sameHash(tried.code_hash ?? '', codeHash(member.id, code));
    if (right && (await useIpChallenge(ctx.db, tried.id, now))) return;
    throw new AppError('AUTH_SMS_CODE_INVALID');
  }
  const challengeId = randomBytes(16).toString('base64url');
  await insertIpChallenge(ctx.db, {
    id: challengeId,
    member_id: member.id,
    ip: client.ip,
    code_hash: null,
    expires_at: new Date(now.getTime() + IP_CHALLENGE_TTL_MS),
    created_at: now,
  });
  throw new AppError('AUTH_IP_VERIFICATION_REQUIRED', {
    challengeId,
    methods,
    maskedMobile: member.mobile ? maskMobile(member.mobile) : null,
    maskedEmail: member.email ? maskEmail(member.email) : null,
  });
}

export function maskMobile(mobile: string): string {
  return mobile.length <= 4 ? '****' : `${'*'.repeat(mobile.length - 4)}${mobile.slice(-4)}`;
}

export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}***@${domain}`;
}

/** POST /wps/session/login/verification: sends the code of a pending challenge by the chosen channel. */
export async function sendIpVerificationCode(
  ctx: AppContext,
  merchant: MerchantContext,
  p: { challengeId: string; method: 'sms' | 'email'; ip: string; language: NotifyLanguage },
) {
  const now = ctx.clock.now();
  const challenge = await findIpChallenge(ctx.db, p.challengeId, now);
  const member =
    challenge && challenge.ip === p.ip ? await findMemberById(ctx.db, challenge.member_id) : undefined;
  if (!challenge || !member || member.merchant_id !== merchant.id || !channels(member).includes(p.method)) {
    throw new AppError('AUTH_EMAIL_CODE_INVALID');
  }
  await throttle(ctx, `ipv:1s:${member.id}`, 1, 1_000, 'AUTH_SMS_THROTTLED');
  await throttle(
    ctx,
    `ipv:h:${member.id}`,
    merchant.security.smsPerNumberPerHour,
    3_600_000,
    'AUTH_SMS_THROTTLED',
  );
  const code = newNumericCode();
  const minutes = merchant.security.smsExpiryMinutes;
  const expiresAt = new Date(now.getTime() + minutes * 60_000);
  await setIpChallengeCode(ctx.db, challenge.id, codeHash(member.id, code), expiresAt);
  const words = { brand: merchant.brandName, code, minutes };
  const text = notifyText('loginCode', p.language, words);
  const notifier = getNotifier(ctx);
  if (p.method === 'sms') {
    const phone: PhoneNumber = {
      countryDialingCode: member.country_dialing_code ?? '',
      mobile: member.mobile ?? '',
    };
    await notifier.sms.send(phone, text, code);
  } else {
    const subject = notifyText('loginSubject', p.language, words);
    await notifier.mail.send({ to: member.email ?? '', subject, text, secret: code });
  }
  return { expiredMinutes: minutes, expirationTime: expiresAt.toISOString() };
}

// ---- free play ------------------------------------------------------------------------------

/**
 * FREEPLAY3: a trial (type 4) account with an unusable password, logged in at once. Its wallet is
 * play money (the ledger grants the starting play balance when the wallet is first resolved).
 */
export async function loginFreeplay(
  ctx: AppContext,
  merchant: MerchantContext,
  client: ClientInfo,
): Promise<SessionResponse> {
  if (!merchant.flags.FREEPLAY3) throw new AppError('AUTH_FREEPLAY_DISABLED');
  await throttle(
    ctx,
    `freeplay:${merchant.id}:${client.ip}`,
    FREEPLAY_PER_IP_PER_HOUR,
    3_600_000,
    'AUTH_THROTTLED',
  );
  const now = ctx.clock.now();
  const base = {
    merchant_id: merchant.id,
    account: newGuestAccount(),
    password_hash: await hashPassword(randomBytes(32).toString('base64url')),
    // Its wallet holds play money (walletCurrencyOf), never the merchant's real currency.
    currency: playCurrency(merchant.currency),
    register_method: 'FREEPLAY',
  };
  // A trial account confirms nothing and never chose a password; it cannot log in again.
  const draft = {
    ...blankMemberDraft(base, now),
    type: 4,
    age_confirmed_at: null,
    terms_accepted_at: null,
    register_ip: client.ip,
  };
  const member = await createMember(ctx.db, draft, newGuestAccount);
  return completeLogin(ctx, merchant, member, client, 'freeplay', {
    passwordExpired: false,
    mustChangePassword: false,
  });
}
