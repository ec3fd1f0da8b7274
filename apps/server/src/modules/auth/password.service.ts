import { createHash, randomBytes } from 'node:crypto';
import { checkField, type FieldErrorDetail, type FieldRule } from '@sorte/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldErrors } from '../../platform/http/app-error.ts';
import { getNotifier, type NotifyLanguage, notifyText } from '../../platform/notify/index.ts';
import {
  findMemberByAccountAndEmail,
  findMemberById,
  findMemberByMobile,
  updatePassword,
} from '../members/index.ts';
import { isDefaultPassword, type MerchantContext } from '../system/index.ts';
import { consumePasswordReset, insertPasswordReset, revokeMemberSessions } from './auth.repository.ts';
import { completeLogin } from './login.service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { ClientInfo, MemberAuth } from './sessions.service.ts';
import { normalisePhone, throttle, verifySmsCode } from './verification.service.ts';

const RESET_TTL_MS = 30 * 60_000;
const EMAIL_RESETS_PER_IP_PER_HOUR = 10;

/** A new password obeys the merchant's password field rule, whatever the flow. */
function checkNewPassword(merchant: MerchantContext, password: string, field: string): FieldErrorDetail[] {
  const base: FieldRule = merchant.registration.fields.password ?? {
    enabled: true,
    required: true,
    acceptedPattern: null,
    patternId: null,
    minLength: 6,
    maxLength: 20,
  };
  const problem = checkField(password, { ...base, enabled: true, required: true });
  return problem ? [{ field, key: problem.key, params: problem.params }] : [];
}

async function setPassword(ctx: AppContext, memberId: string, password: string): Promise<void> {
  await updatePassword(ctx.db, memberId, await hashPassword(password), ctx.clock.now(), false);
}

/** POST /wps/member/password: the current password is always asked; other sessions end. */
export async function changePassword(
  ctx: AppContext,
  merchant: MerchantContext,
  auth: MemberAuth,
  input: { oldPassword?: string; newPassword: string; confirmNewPassword: string },
): Promise<void> {
  const problems = checkNewPassword(merchant, input.newPassword, 'newPassword');
  if (!input.oldPassword) problems.push({ field: 'oldPassword', key: 'required', params: {} });
  if (input.confirmNewPassword !== input.newPassword)
    problems.push({ field: 'confirmNewPassword', key: 'mismatch', params: {} });
  if (problems.length) throw fieldErrors(problems);
  const member = await findMemberById(ctx.db, auth.memberId);
  if (!member || !(await verifyPassword(member.password_hash, input.oldPassword ?? '')))
    throw new AppError('AUTH_OLD_PASSWORD_WRONG');
  if (
    input.newPassword === input.oldPassword ||
    (await isDefaultPassword(merchant.security, input.newPassword))
  ) {
    throw new AppError('AUTH_PASSWORD_REUSED');
  }
  await setPassword(ctx, member.id, input.newPassword);
  await revokeMemberSessions(ctx.db, member.id, auth.sessionId, ctx.clock.now());
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * POST /wps/member/password/email: mails a 30-minute reset link when username and e-mail match.
 * The caller answers success either way, so the endpoint tells nothing about who exists.
 */
export async function forgotByEmail(
  ctx: AppContext,
  merchant: MerchantContext,
  input: { username: string; email: string },
  { ip, origin, language }: { ip: string; origin: string; language: NotifyLanguage },
) {
  try {
    await throttle(
      ctx,
      `reset-mail:${merchant.id}:${ip}`,
      EMAIL_RESETS_PER_IP_PER_HOUR,
      3_600_000,
      'AUTH_THROTTLED',
    );
  } catch {
    return; // Silently: a throttled caller must get the same answer as everyone else.
  }
  const member = await findMemberByAccountAndEmail(ctx.db, merchant.id, input.username, input.email);
  if (!member?.email || member.status !== 'active') return;
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await insertPasswordReset(ctx.db, tokenHash(token), member.id, now, new Date(now.getTime() + RESET_TTL_MS));
  const link = `${origin}/?modal=resetPassword&resetToken=${token}`;
  const words = { brand: merchant.brandName, link };
  await getNotifier(ctx).mail.send({
    to: member.email,
    subject: notifyText('resetSubject', language, words),
    text: notifyText('resetText', language, words),
    secret: token,
  });
}

/** POST /wps/member/password/reset: the link works once; every session of the member ends. */
export async function resetByToken(
  ctx: AppContext,
  merchant: MerchantContext,
  input: { resetToken: string; newPassword: string },
) {
  const problems = checkNewPassword(merchant, input.newPassword, 'newPassword');
  if (problems.length) throw fieldErrors(problems);
  const memberId = await consumePasswordReset(ctx.db, tokenHash(input.resetToken), ctx.clock.now());
  const member = memberId ? await findMemberById(ctx.db, memberId) : undefined;
  if (!member || member.merchant_id !== merchant.id) throw new AppError('AUTH_RESET_INVALID');
  await setPassword(ctx, member.id, input.newPassword);
  await revokeMemberSessions(ctx.db, member.id, null, ctx.clock.now());
}

/** POST /wps/member/password/verification (CHNGPASSVERIF3): phone + SMS code, then logged in. */
export async function resetByPhone(
  ctx: AppContext,
  merchant: MerchantContext,
  input: { countryDialingCode: string; mobileNum: string; verificationCode: string; newPassword: string },
  client: ClientInfo,
) {
  if (!merchant.flags.CHNGPASSVERIF3) throw new AppError('AUTH_LOGIN_METHOD_DISABLED');
  const problems = checkNewPassword(merchant, input.newPassword, 'newPassword');
  if (problems.length) throw fieldErrors(problems);
  const phone = normalisePhone(input.countryDialingCode, input.mobileNum);
  const ok = await verifySmsCode(ctx, merchant, { purpose: 'password', phone, code: input.verificationCode });
  const member = ok
    ? await findMemberByMobile(ctx.db, merchant.id, phone.countryDialingCode, phone.mobile)
    : undefined;
  if (!member || member.type === 4) throw new AppError('AUTH_SMS_CODE_INVALID');
  if (member.status !== 'active') throw new AppError('AUTH_MEMBER_DISABLED');
  await setPassword(ctx, member.id, input.newPassword);
  await revokeMemberSessions(ctx.db, member.id, null, ctx.clock.now());
  const fresh = (await findMemberById(ctx.db, member.id)) ?? member;
  return completeLogin(ctx, merchant, fresh, client, 'password-sms', {
    passwordExpired: false,
    mustChangePassword: false,
  });
}
