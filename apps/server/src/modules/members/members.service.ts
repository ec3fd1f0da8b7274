import { randomInt } from 'node:crypto';
import {
  checkField,
  type FieldErrorDetail,
  type FieldRule,
  type MemberInfo,
  REGISTRATION_FIELDS,
  type RegistrationField,
  TRIAL_TYPE,
} from '@sorte/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Db } from '../../platform/database/database.ts';
import type { MemberContacts } from './members.tables.ts';
import { insertMember, type MemberRow, type NewMember, uniqueViolation } from './members.repository.ts';

/** Checked elsewhere (captcha, SMS code) or by a rule of their own (confirmation must equal). */
const NOT_FIELD_RULES = new Set<RegistrationField>(['captcha', 'verificationCode', 'confirmPassword']);
const MUST: Partial<FieldRule> = { enabled: true, required: true };

export type RegistrationMode = 'username' | 'mobile';
export type FieldValues = Partial<Record<RegistrationField, string | undefined>>;

/**
 * Server-side check of every registration field against the merchant's rules (spec §5). The
 * fields a mode cannot do without are required whatever the config says.
 */
export function validateRegistrationFields(
  rules: Partial<Record<string, FieldRule>>,
  values: FieldValues,
  mode: RegistrationMode,
  passwordAsked: boolean,
): FieldErrorDetail[] {
  const problems: FieldErrorDetail[] = [];
  for (const field of REGISTRATION_FIELDS) {
    if (NOT_FIELD_RULES.has(field)) continue;
    if (mode === 'mobile' && field === 'username') continue;
    if (field === 'password' && !passwordAsked) continue;
    const rule = effectiveRule(rules[field], field, mode);
    if (!rule) continue;
    const problem = checkField(values[field], rule);
    if (problem) problems.push({ field, key: problem.key, params: problem.params });
  }
  if (passwordAsked) {
    const confirm = values.confirmPassword ?? '';
    if (!confirm) problems.push({ field: 'confirmPassword', key: 'required', params: {} });
    else if (confirm !== values.password)
      problems.push({ field: 'confirmPassword', key: 'mismatch', params: {} });
  }
  return problems;
}

function effectiveRule(
  rule: FieldRule | undefined,
  field: RegistrationField,
  mode: RegistrationMode,
): FieldRule | undefined {
  const base: FieldRule = rule ?? {
    enabled: false,
    required: false,
    acceptedPattern: null,
    patternId: null,
    minLength: null,
    maxLength: null,
  };
  const essential =
    field === 'password' || (mode === 'username' ? field === 'username' : field === 'mobileNum');
  return essential ? { ...base, ...MUST } : base;
}

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Collisions are astronomically rare at 8 characters; the bound keeps the retry loop finite. */
const MAX_CODE_ATTEMPTS = 5;

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

/** Mobile sign-up gets an account name of its own: 'u' and nine digits. */
export function newMobileAccount(): string {
  return `u${String(randomInt(1_000_000_000)).padStart(9, '0')}`;
}

/** Trial accounts: 'guest' and random digits. */
export function newGuestAccount(): string {
  return `guest${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

export type MemberDraft = Omit<NewMember, 'referral_code' | 'ancestry' | 'contacts'> & {
  contacts?: MemberContacts;
  parent?: Pick<MemberRow, 'id' | 'ancestry'> | null;
};

/**
 * A member created outside the registration form (demo seeds, trial accounts, test fixtures): every
 * optional profile field empty, confirmations and password time at `now`; callers override the rest.
 */
export function blankMemberDraft(
  base: Pick<MemberDraft, 'merchant_id' | 'account' | 'password_hash' | 'currency' | 'register_method'>,
  now: Date,
): MemberDraft {
  return {
    ...base,
    payment_password_hash: null,
    type: 0,
    status: 'active',
    nickname: null,
    payee_name: null,
    email: null,
    country_dialing_code: null,
    mobile: null,
    id_number: null,
    birthday: null,
    recommender: null,
    referred_by: null,
    affiliate_code: null,
    affiliate_code_used: null,
    age_confirmed_at: now,
    terms_accepted_at: now,
    register_ip: null,
    register_domain: null,
    register_url: null,
    password_changed_at: now,
    first_login_done_at: null,
    last_login_at: null,
    last_login_ip: null,
    created_at: now,
  };
}

/**
 * Inserts a member, mapping the unique rules onto their refusals. A taken account name is
 * AUTH_USER_EXISTS even under a race: the unique index decides, not an earlier read.
 * `regenerateAccount` lets generated names (mobile, guest) retry on collision.
 */
export async function createMember(
  db: Db,
  draft: MemberDraft,
  regenerateAccount?: () => string,
): Promise<MemberRow> {
  const { parent, contacts, ...rest } = draft;
  let account = rest.account;
  for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++) {
    try {
      return await insertMember(db, {
        ...rest,
        account,
        parent_id: parent?.id ?? null,
        ancestry: parent ? `${parent.ancestry}${parent.id}/` : '/',
        contacts: JSON.stringify(contacts ?? {}),
        referral_code: newReferralCode(),
      });
    } catch (error) {
      const violated = uniqueViolation(error);
      if (violated === 'referral_code') continue;
      if (violated === 'account' && regenerateAccount) {
        account = regenerateAccount();
        continue;
      }
      if (violated === 'account') throw new AppError('AUTH_USER_EXISTS');
      if (violated === 'mobile') throw new AppError('AUTH_MOBILE_EXISTS');
      throw error;
    }
  }
  throw new Error('could not allocate a unique member code');
}

export function isAgentType(type: number): boolean {
  return type === 1 || type === 2 || type === 41 || type === 42;
}

export function isTrial(member: Pick<MemberRow, 'type'>): boolean {
  return member.type === TRIAL_TYPE;
}

/** GET /wps/member/info shape (contracts memberInfoResponse). */
export function toMemberInfo(member: MemberRow): MemberInfo {
  return {
    id: member.id,
    account: member.account,
    nickname: member.nickname,
    type: member.type,
    isAgent: member.type,
    toUpline: member.parent_id !== null,
    clubLabel: {
      labelName: member.vip_label_name,
      color: member.vip_color,
      color2: member.vip_color2,
      rankLevel: member.vip_rank_level,
    },
    avatarUrl: null,
    email: member.email,
    mobileNum: member.mobile,
    countryDialingCode: member.country_dialing_code,
    currency: member.currency,
    firstTimeLogin: member.first_login_done_at === null,
    mustChangePassword: member.must_change_password,
    createdAt: new Date(member.created_at).toISOString(),
    lastLoginAt: member.last_login_at ? new Date(member.last_login_at).toISOString() : null,
  };
}
