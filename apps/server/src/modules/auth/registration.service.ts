import { randomBytes } from 'node:crypto';
import { type RegisterRequest, registrationNeedsSms } from '@sorte/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldErrors } from '../../platform/http/app-error.ts';
import type { PhoneNumber } from '../../platform/notify/index.ts';
import {
  createMember,
  findInviter,
  findMemberByReferralCode,
  type MemberDraft,
  newMobileAccount,
  type RegistrationMode,
  validateRegistrationFields,
} from '../members/index.ts';
import type { MerchantContext } from '../system/index.ts';
import { completeLogin } from './login.service.ts';
import { hashPassword } from './passwords.ts';
import type { ClientInfo } from './sessions.service.ts';
import { checkCaptcha, normalisePhone, verifySmsCode } from './verification.service.ts';

/**
 * Registration (spec §4, §5): every field against the merchant's rules, then age and terms, the
 * captcha, the SMS code, the affiliate and referral codes; the unique index settles races on the
 * account name. The member is logged in when the request asks for it.
 */
export async function register(
  ctx: AppContext,
  merchant: MerchantContext,
  input: RegisterRequest,
  mode: RegistrationMode,
  client: ClientInfo,
) {
  const { flags } = merchant;
  if (mode === 'username' && !flags.USERNAMEREG3) throw new AppError('AUTH_REGISTRATION_DISABLED');
  if (mode === 'mobile' && !flags.MOBILENUMREG3) throw new AppError('AUTH_REGISTRATION_DISABLED');
  const passwordAsked = mode === 'username' || flags.MOBILENUMPASSREG3;
  const problems = validateRegistrationFields(merchant.registration.fields, input, mode, passwordAsked);
  const phone = input.mobileNum ? normalisePhone(input.countryDialingCode ?? '', input.mobileNum) : null;
  if (phone && phone.countryDialingCode === '+')
    problems.push({ field: 'countryDialingCode', key: 'required', params: {} });
  const smsRequired = registrationNeedsSms(mode, flags);
  if (smsRequired && !input.verificationCode)
    problems.push({ field: 'verificationCode', key: 'required', params: {} });
  if (problems.length) throw fieldErrors(problems);
  if (!input.ageConfirmed) throw new AppError('AUTH_AGE_NOT_CONFIRMED');
  if (!input.termsAccepted) throw new AppError('AUTH_TERMS_NOT_ACCEPTED');
  // With an SMS code the captcha was solved (and burnt) to send it, and the code proves the same
  // person came back: asking a second captcha would refuse the burnt one (issue 13). Without a code
  // the captcha guards the registration itself.
  if (flags.captchaOnRegister && !smsRequired) await checkCaptcha(ctx, merchant, input.verification);

  const inviter = input.affiliateCode
    ? await findInviter(ctx.db, merchant.id, input.affiliateCode)
    : undefined;
  if (input.affiliateCode && !inviter) throw new AppError('AUTH_AFFILIATE_INVALID');
  const parent = inviter?.agent ?? null;
  const referrer = input.referralCode
    ? await findMemberByReferralCode(ctx.db, merchant.id, input.referralCode)
    : null;
  if (input.referralCode && !referrer) throw new AppError('AUTH_REFERRAL_INVALID');
  if (
    smsRequired &&
    phone &&
    !(await verifySmsCode(ctx, merchant, { purpose: 'register', phone, code: input.verificationCode }))
  ) {
    throw new AppError('AUTH_SMS_CODE_INVALID');
  }

  const password = passwordAsked ? (input.password ?? '') : randomBytes(32).toString('base64url');
  const draft = await memberDraft(ctx, merchant, input, mode, phone, password, client);
  const member = await createMember(
    ctx.db,
    // An agent invitation link makes a downline agent of the inviting agent's own type.
    {
      ...draft,
      parent,
      referred_by: referrer?.id ?? null,
      type: inviter?.kind === 'agent' ? inviter.agent.type : 0,
    },
    mode === 'mobile' ? newMobileAccount : undefined,
  );
  if (!input.login) return { account: member.account, session: null };
  const session = await completeLogin(ctx, merchant, member, client, `register-${mode}`, {
    passwordExpired: false,
    mustChangePassword: false,
  });
  return { account: member.account, session };
}

async function memberDraft(
  ctx: AppContext,
  merchant: MerchantContext,
  input: RegisterRequest,
  mode: RegistrationMode,
  phone: PhoneNumber | null,
  password: string,
  client: ClientInfo,
): Promise<MemberDraft> {
  const now = ctx.clock.now();
  const blank = (v: string | undefined) => (v?.trim() ? v.trim() : null);
  return {
    merchant_id: merchant.id,
    account: mode === 'mobile' ? newMobileAccount() : (input.username ?? '').trim(),
    password_hash: await hashPassword(password),
    payment_password_hash: input.paymentPassword ? await hashPassword(input.paymentPassword) : null,
    type: 0,
    status: 'active',
    currency: merchant.currency,
    nickname: blank(input.nickname),
    payee_name: blank(input.payeeName),
    email: blank(input.email),
    country_dialing_code: phone?.countryDialingCode ?? null,
    mobile: phone?.mobile ?? null,
    contacts: contactsOf(input),
    id_number: blank(input.idNumber),
    birthday: blank(input.birthday),
    recommender: blank(input.recommenderId),
    referred_by: null,
    affiliate_code: null,
    affiliate_code_used: blank(input.affiliateCode),
    age_confirmed_at: now,
    terms_accepted_at: now,
    register_ip: client.ip,
    register_domain: blank(input.domain),
    register_url: blank(input.registerUrl),
    register_method: input.registerMethod,
    password_changed_at: now,
    first_login_done_at: null,
    last_login_at: null,
    last_login_ip: null,
    created_at: now,
  };
}

function contactsOf(input: RegisterRequest) {
  const pairs = [
    ['qq', input.qqNum],
    ['line', input.line],
    ['whatsapp', input.whatsapp],
    ['zalo', input.zalo],
    ['facebook', input.facebook],
    ['wechat', input.wechat],
    ['telegram', input.telegram],
  ] as const;
  return Object.fromEntries(pairs.filter(([, v]) => v?.trim()).map(([k, v]) => [k, v!.trim()]));
}
