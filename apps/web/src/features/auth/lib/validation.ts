import type { FieldProblem, FieldRule, RegistrationField } from '@sorte/contracts';
import { checkField, fillBounds } from './contracts';

/** Minimal translate signature, so the message logic stays testable without i18next. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A field problem from either the client check or the server's VALIDATION_FAILED details. */
export interface FieldIssue {
  key: string;
  params?: { min?: number; max?: number };
}

/** Rule used when the server's config omits a field we still have to render. */
export const DEFAULT_RULE: FieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: null,
  patternId: null,
  minLength: null,
  maxLength: 255,
};

/**
 * Turns a problem into display text: '{field} not empty' for required, `reg_pattern_{id}` with the
 * bounds filled, 'inconsistent twice' for a confirmation mismatch, and a length line otherwise.
 */
export function issueMessage(t: Translate, fieldLabel: string, issue: FieldIssue): string {
  const min = issue.params?.min ?? 0;
  const max = issue.params?.max ?? 255;
  if (issue.key === 'required') return t('validation.required', { field: fieldLabel });
  if (issue.key === 'mismatch') return t('validation.mismatch');
  if (issue.key === 'length') {
    return min === max ? t('validation.lengthExact', { count: min }) : t('validation.length', { min, max });
  }
  if (/^reg_pattern_\d+$/.test(issue.key)) {
    const text = t(`patterns.${issue.key}`, { defaultValue: '' });
    return text ? fillBounds(text, min, max) : t('validation.invalid', { field: fieldLabel });
  }
  return t(`validation.${issue.key}`, {
    field: fieldLabel,
    defaultValue: t('validation.invalid', { field: fieldLabel }),
  });
}

/** Client check of one value against its server rule (same code the server runs). */
export function checkValue(value: string | undefined, rule: FieldRule): FieldIssue | undefined {
  const problem: FieldProblem | undefined = checkField(value, rule);
  return problem ? { key: problem.key, params: problem.params } : undefined;
}

/** Confirmation fields: required, then equal to the original. */
export function checkConfirmation(
  value: string | undefined,
  original: string | undefined,
): FieldIssue | undefined {
  if (!value) return { key: 'required' };
  return value === original ? undefined : { key: 'mismatch' };
}

const KNOWN_KEYS = /^(required|length|mismatch|reg_pattern_\d+)$/;

/**
 * Reads `details.fields` of a VALIDATION_FAILED answer. The contract sends an array of
 * `{field, key, params}`; a `{field: key}` record is accepted too so an older server still maps.
 * Unknown keys fall back to a generic 'invalid' message on that field.
 */
export function serverFieldIssues(
  details: Record<string, unknown> | undefined,
): Array<{ field: string; issue: FieldIssue }> {
  const raw = details?.fields;
  const out: Array<{ field: string; issue: FieldIssue }> = [];
  const push = (field: unknown, key: unknown, params: unknown) => {
    if (typeof field !== 'string' || field.length === 0) return;
    const text = typeof key === 'string' && KNOWN_KEYS.test(key) ? key : 'invalid';
    const p = (params ?? {}) as Record<string, unknown>;
    const bounds: FieldIssue['params'] = {};
    if (typeof p.min === 'number') bounds.min = p.min;
    if (typeof p.max === 'number') bounds.max = p.max;
    out.push({ field, issue: { key: text, params: bounds } });
  };
  if (Array.isArray(raw)) {
    for (const entry of raw.slice(0, 50)) {
      const item = (entry ?? {}) as Record<string, unknown>;
      push(item.field, item.key, item.params);
    }
  } else if (raw && typeof raw === 'object') {
    for (const [field, key] of Object.entries(raw as Record<string, unknown>).slice(0, 50))
      push(field, key, undefined);
  }
  return out;
}

export type RegisterMode = 'username' | 'mobile';

export interface RegisterSettingLike {
  fields: Record<string, FieldRule>;
  mobilePasswordRegister: boolean;
  smsEnabled: boolean;
}

export interface PlannedField {
  name: RegistrationField;
  rule: FieldRule;
}

/** Optional fields in display order; each appears only when the server enables it. */
const EXTRA_FIELDS: readonly RegistrationField[] = [
  'payeeName',
  'nickname',
  'email',
  'paymentPassword',
  'idNumber',
  'birthday',
  'qqNum',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'telegram',
  'recommenderId',
  'affiliateCode',
  'referralCode',
];

function ruleOf(setting: RegisterSettingLike, name: string): FieldRule {
  return setting.fields[name] ?? { ...DEFAULT_RULE, enabled: false };
}

/**
 * Which registration fields to render, in order, with the rule each is checked against (spec §5).
 * Username and password are always required in username mode; the mobile number and SMS code are
 * always required in mobile mode; the password pair shows in mobile mode only when enabled.
 * Captcha and the agreement box are handled beside the field list.
 */
export function planRegisterFields(
  setting: RegisterSettingLike,
  mode: RegisterMode,
  options: { hideAffiliate?: boolean } = {},
): PlannedField[] {
  const plan: PlannedField[] = [];
  const forced = (name: RegistrationField) =>
    plan.push({ name, rule: { ...ruleOf(setting, name), enabled: true, required: true } });
  const mobileRule = ruleOf(setting, 'mobileNum');
  const showMobile = mode === 'mobile' || mobileRule.enabled;
  if (mode === 'username') forced('username');
  if (mode === 'mobile') forced('mobileNum');
  else if (showMobile) plan.push({ name: 'mobileNum', rule: mobileRule });
  const showSms = mode === 'mobile' || (showMobile && setting.smsEnabled);
  if (showSms) {
    plan.push({
      name: 'verificationCode',
      rule: { ...ruleOf(setting, 'verificationCode'), enabled: true, required: true, maxLength: 255 },
    });
  }
  if (mode === 'username' || setting.mobilePasswordRegister) {
    forced('password');
    plan.push({ name: 'confirmPassword', rule: { ...DEFAULT_RULE } });
  }
  for (const name of EXTRA_FIELDS) {
    if (name === 'affiliateCode' && options.hideAffiliate) continue;
    const rule = ruleOf(setting, name);
    if (rule.enabled) plan.push({ name, rule });
  }
  return plan;
}

/**
 * Whether the two sign-up forms ask the same (the number, its SMS code, the password…) but for the
 * username the first one adds: two tabs would then show one form twice, so it shows once, saying
 * why (issue 13). A mobile form that asks less (no password) stays a tab of its own.
 */
export function oneRegisterForm(
  setting: RegisterSettingLike & { usernameRegister?: boolean; mobileRegister?: boolean },
): boolean {
  if (setting.usernameRegister === false || !setting.mobileRegister) return false;
  const shape = (fields: PlannedField[]) =>
    fields
      .filter((field) => field.name !== 'username')
      .map((field) => `${field.name}:${field.rule.required}`)
      .sort()
      .join();
  return shape(planRegisterFields(setting, 'username')) === shape(planRegisterFields(setting, 'mobile'));
}
