import {
  FEATURE_FLAGS,
  type FeatureFlags,
  type FieldRule,
  REGISTRATION_FIELDS,
  type RegistrationField,
  type ThemeConfig,
} from '@sorte/contracts';

/** Per-merchant security settings; the auth module reads them through the merchant context. */
export interface SecuritySettings {
  captchaAfterFailedLogins: number;
  lockoutAfterFailedLogins: number;
  lockoutMinutes: number;
  passwordExpiryDays: number | null;
  /**
   * Spec §9: a member who signs in with the merchant's default password must change it. Only ever
   * compared with what a member types, so it is kept as an argon2id hash; null until an operator sets
   * one (system.default-password.ts). The operator API shows whether it is set, never it or its hash.
   */
  defaultPasswordHash: string | null;
  smsExpiryMinutes: number;
  smsPerNumberPerHour: number;
  smsPerIpPerHour: number;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  ipVerification: boolean;
}

/** Session lengths default to the server config so one environment variable still sets them everywhere. */
export function defaultSecurity(session: { idleMinutes: number; absoluteHours: number }): SecuritySettings {
  return {
    captchaAfterFailedLogins: 3,
    lockoutAfterFailedLogins: 10,
    lockoutMinutes: 15,
    passwordExpiryDays: 90,
    defaultPasswordHash: null,
    smsExpiryMinutes: 5,
    smsPerNumberPerHour: 5,
    smsPerIpPerHour: 20,
    sessionIdleMinutes: session.idleMinutes,
    sessionAbsoluteHours: session.absoluteHours,
    ipVerification: false,
  };
}

/** A new merchant starts with every flag off, so nothing is exposed until an operator turns it on. */
export function defaultFlags(): FeatureFlags {
  return Object.fromEntries(FEATURE_FLAGS.map((f) => [f, false])) as FeatureFlags;
}

const off: FieldRule = {
  enabled: false,
  required: false,
  acceptedPattern: null,
  patternId: null,
  minLength: null,
  maxLength: null,
};
const rule = (r: Partial<FieldRule>): FieldRule => ({ ...off, enabled: true, ...r });

/** Registration field rules of the issue: the fields a typical site asks for are on, the rest off. */
const FIELD_DEFAULTS: Partial<Record<RegistrationField, FieldRule>> = {
  username: rule({ required: true, patternId: 2, minLength: 6, maxLength: 16 }),
  password: rule({ required: true, patternId: 6, minLength: 6, maxLength: 20 }),
  confirmPassword: rule({ required: true, patternId: 6, minLength: 6, maxLength: 20 }),
  mobileNum: rule({ patternId: 7, minLength: 8, maxLength: 15 }),
  email: rule({ patternId: 4, minLength: 5, maxLength: 100 }),
  affiliateCode: rule({ patternId: 5, minLength: 1, maxLength: 32 }),
  referralCode: rule({ patternId: 5, minLength: 1, maxLength: 32 }),
  // Captcha is shown per the captchaOnRegister flag; the rule only carries its length.
  captcha: rule({ required: true, patternId: 5, minLength: 4, maxLength: 8 }),
  verificationCode: rule({ required: true, patternId: 7, minLength: 4, maxLength: 8 }),
};

export function defaultRegistrationFields(): Record<RegistrationField, FieldRule> {
  return Object.fromEntries(REGISTRATION_FIELDS.map((f) => [f, FIELD_DEFAULTS[f] ?? off])) as Record<
    RegistrationField,
    FieldRule
  >;
}

/** Dialing codes offered on mobile registration; Brazil first as the default market. */
export const DEFAULT_COUNTRIES = [
  { countryCode: 'BR', countryDialingCode: '+55' },
  { countryCode: 'PT', countryDialingCode: '+351' },
  { countryCode: 'US', countryDialingCode: '+1' },
  { countryCode: 'VN', countryDialingCode: '+84' },
  { countryCode: 'AR', countryDialingCode: '+54' },
  { countryCode: 'MX', countryDialingCode: '+52' },
  { countryCode: 'CO', countryDialingCode: '+57' },
  { countryCode: 'PE', countryDialingCode: '+51' },
  { countryCode: 'CL', countryDialingCode: '+56' },
  { countryCode: 'TH', countryDialingCode: '+66' },
  { countryCode: 'ID', countryDialingCode: '+62' },
  { countryCode: 'PH', countryDialingCode: '+63' },
];

export const DEFAULT_THEME: ThemeConfig = {
  primary: '#16a34a',
  secondary: '#0f172a',
  accent: '#facc15',
  background: '#0b1120',
  surface: '#111827',
  text: '#f8fafc',
  mode: 'dark',
  forceLightOnLoad: false,
};

export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
