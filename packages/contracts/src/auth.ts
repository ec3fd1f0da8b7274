import { z } from 'zod';
import { REGISTRATION_FIELDS } from './system.ts';

const short = z.string().max(255);
const optionalShort = short.optional();

/** Verification result of the captcha challenge, sent with register/login/SMS requests. */
export const captchaAnswer = z.object({ captchaId: z.string().max(64), captchaCode: z.string().max(16) });

/** GET /wps/captcha → a single-use challenge; image is a base64 PNG (no data: prefix). */
export const captchaResponse = z.object({ captchaId: z.string(), image: z.string() });

const registrationFieldValues = z.object(
  Object.fromEntries(REGISTRATION_FIELDS.map((f) => [f, optionalShort])) as Record<
    (typeof REGISTRATION_FIELDS)[number],
    typeof optionalShort
  >,
);

/** PUT /wps/member/register and PUT /wps/member/register/mobile (encrypted). */
export const registerRequest = registrationFieldValues.extend({
  countryDialingCode: z.string().max(8).optional(),
  verification: captchaAnswer.optional(),
  ageConfirmed: z.boolean(),
  termsAccepted: z.boolean(),
  login: z.boolean().default(true),
  registerUrl: z.string().max(2048).optional(),
  domain: z.string().max(255).optional(),
  registerMethod: z.literal('WEB').default('WEB'),
  firebaseChannel: z.string().max(64).optional(),
  firebaseIdToken: z.string().max(4096).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const sessionResponse = z.object({
  token: z.string(),
  account: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** True when the password is the default one or expired under PWDEXPFORCECHANGE3. */
  mustChangePassword: z.boolean(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

/** Registration answers the session (when login was asked) and the account, which mobile sign-up generates. */
export const registerResponse = z.object({ account: z.string(), session: sessionResponse.nullable() });

/** POST /wps/session/login (encrypted). */
export const loginRequest = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('username'),
    username: z.string().trim().min(1).max(64),
    password: z.string().min(1).max(128),
    verification: captchaAnswer.optional(),
    ipVerificationCode: z.string().max(16).optional(),
  }),
  z.object({
    type: z.literal('sms'),
    countryDialingCode: z.string().max(8),
    mobileNum: z.string().trim().min(4).max(20),
    smsCode: z.string().trim().min(4).max(8),
    verification: captchaAnswer.optional(),
  }),
]);
export type LoginRequest = z.infer<typeof loginRequest>;

/** Details of AUTH_IP_VERIFICATION_REQUIRED: where the second-verification code can be sent. */
export const ipVerificationDetails = z.object({
  challengeId: z.string(),
  methods: z.array(z.enum(['sms', 'email'])),
  maskedMobile: z.string().nullable(),
  maskedEmail: z.string().nullable(),
});
/** POST /wps/session/login/verification — sends the second-verification code. */
export const sendIpVerificationRequest = z.object({
  challengeId: z.string().max(64),
  method: z.enum(['sms', 'email']),
});

/** GET /wps/verification/sms/register and /wps/verification/sms/noLogin (query). */
export const smsRequest = z.object({
  countryDialingCode: z.string().max(8),
  mobileNo: z.string().trim().min(4).max(20),
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().max(16).optional(),
});
export const smsSentResponse = z.object({ expiredMinutes: z.number().int(), expirationTime: z.string() });

/** POST /wps/member/password (encrypted). */
export const changePasswordRequest = z.object({
  oldPassword: z.string().max(128).optional(),
  newPassword: z.string().min(1).max(128),
  confirmNewPassword: z.string().min(1).max(128),
});

/** POST /wps/member/password/email (form or JSON). Always answers the same, whatever exists. */
export const forgotByEmailRequest = z.object({
  username: z.string().trim().min(1).max(64),
  email: z.string().trim().min(3).max(255),
});
/** POST /wps/member/password/reset — the link mailed by the email recovery. */
export const resetByTokenRequest = z.object({
  resetToken: z.string().min(16).max(128),
  newPassword: z.string().min(1).max(128),
});
/** POST /wps/member/password/verification (encrypted) — recovery by phone, logs in after. */
export const resetByPhoneRequest = z.object({
  countryDialingCode: z.string().max(8),
  mobileNum: z.string().trim().min(4).max(20),
  verificationCode: z.string().trim().min(4).max(8),
  newPassword: z.string().min(1).max(128),
});

/** GET /wps/agent/affiliate?code&domain */
export const affiliateCheckResponse = z.object({ valid: z.boolean(), code: z.string() });

export const clubLabel = z.object({
  labelName: z.string(),
  color: z.string(),
  color2: z.string(),
  rankLevel: z.number().int(),
});
/** GET /wps/member/info */
export const memberInfoResponse = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string().nullable(),
  /** Agent type: 0 plain member, 1, 2, 41, 42 agents, 4 trial (free play). */
  type: z.number().int(),
  isAgent: z.number().int(),
  toUpline: z.boolean(),
  clubLabel,
  avatarUrl: z.string().nullable(),
  email: z.string().nullable(),
  mobileNum: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
  currency: z.string(),
  firstTimeLogin: z.boolean(),
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type MemberInfo = z.infer<typeof memberInfoResponse>;

/** GET /wps/system/encryption — the public key for the hybrid body encryption. */
export const encryptionKeyResponse = z.object({
  enabled: z.boolean(),
  keyId: z.string(),
  /** SPKI DER, base64; import with WebCrypto as RSA-OAEP SHA-256. */
  publicKey: z.string(),
  algorithm: z.literal('RSA-OAEP-256+A256GCM'),
});
/** An encrypted body: an AES-256-GCM key wrapped with RSA-OAEP, then the JSON body sealed with it. */
export const encryptedEnvelope = z.object({
  encrypted: z.object({
    keyId: z.string().max(64),
    wrappedKey: z.string().max(2048),
    iv: z.string().max(64),
    ciphertext: z.string().max(1_000_000),
  }),
});
export type EncryptedEnvelope = z.infer<typeof encryptedEnvelope>;

/** POST /wps/session/login/freeplay (spec §7: os, platform 'W'); a bare or foreign body creates no account. */
export const freeplayRequest = z
  .object({ platform: z.literal('W'), os: z.string().max(64).optional() })
  .strict();

/** Answer of actions that have nothing to return (logout, password change, reset). */
export const okResponse = z.object({ ok: z.literal(true) });

/** Agent and trial types of spec §6. */
export const AGENT_TYPES = [1, 2, 41, 42] as const;
export const TRIAL_TYPE = 4;
