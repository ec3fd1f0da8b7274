import { z } from 'zod';
import { FEATURE_FLAGS } from './flags.ts';

export const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/);
export const themeConfig = z.object({
  primary: hexColour,
  secondary: hexColour,
  accent: hexColour,
  background: hexColour,
  surface: hexColour,
  text: hexColour,
  mode: z.enum(['dark', 'light']),
  forceLightOnLoad: z.boolean(),
});
export type ThemeConfig = z.infer<typeof themeConfig>;

export const bannerSchema = z.object({
  bannerId: z.string(),
  url: z.string(),
  linkageType: z.enum(['none', 'internal', 'external', 'promotion']),
  link: z.string().nullable(),
  groupName: z.string(),
  title: z.record(z.string(), z.string()).optional(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const resourceSchema = z.object({
  resourceType: z.enum(['android', 'ios']),
  url: z.string(),
  labelNameEn: z.string(),
  labelNamePtBr: z.string(),
  qrCodeUrl: z.string().nullable(),
});
export const customerServicePath = z.object({ type: z.number().int(), path: z.string() });
export const socialLinks = z.object({
  facebook: z.string().url().optional(),
  instagram: z.string().url().optional(),
  telegram: z.string().url().optional(),
});

export const flagsSchema = z.object(
  Object.fromEntries(FEATURE_FLAGS.map((f) => [f, z.boolean()])) as Record<
    (typeof FEATURE_FLAGS)[number],
    z.ZodBoolean
  >,
);

/** GET /wps/system/whitelabel — everything the site shell needs to brand itself, public. */
export const whitelabelResponse = z.object({
  merchantCode: z.string(),
  brandName: z.string(),
  logoUrl: z.string(),
  faviconUrl: z.string().nullable(),
  theme: themeConfig,
  currency: z.string(),
  currencySymbol: z.string(),
  languages: z.array(z.string()),
  defaultLanguage: z.string(),
  gameLanguage: z.string(),
  minimumAge: z.number().int(),
  flags: flagsSchema,
  customerService: z.array(customerServicePath),
  socialLinks,
  resources: z.array(resourceSchema),
  banners: z.array(bannerSchema),
  affiliateLink: z.string().nullable(),
  prizeMode: z.enum(['Lott', 'ZY', 'Elott', 'SEA']),
  platform: z.literal('web'),
  device: z.literal('WEB'),
  lotteryType: z.string(),
  announcementTypes: z.array(z.string()),
  esportsProviders: z.array(z.string()),
});
export type Whitelabel = z.infer<typeof whitelabelResponse>;

/** GET /wps/system/status — 0 normal, 1 maintenance, 2 region restriction. */
export const systemStatusResponse = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  maintenanceEndTime: z.string().nullable(),
  ip: z.string(),
  country: z.string().nullable(),
});
export type SystemStatus = z.infer<typeof systemStatusResponse>;

/** Field validation config of spec §3, one per registration field. */
export const fieldRule = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  acceptedPattern: z.string().nullable(),
  patternId: z.number().int().nullable(),
  minLength: z.number().int().min(0).nullable(),
  maxLength: z.number().int().min(1).max(255).nullable(),
});
export type FieldRule = z.infer<typeof fieldRule>;

export const REGISTRATION_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'idNumber',
  'referralCode',
  'nickname',
  'telegram',
  'birthday',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/** GET /wps/system/setting/register */
export const registerSettingResponse = z.object({
  fields: z.record(z.string(), fieldRule),
  usernameRegister: z.boolean(),
  mobileRegister: z.boolean(),
  mobilePasswordRegister: z.boolean(),
  smsEnabled: z.boolean(),
  captchaEnabled: z.boolean(),
  countries: z.array(z.object({ countryCode: z.string(), countryDialingCode: z.string() })),
  defaultCountryCode: z.string(),
  minimumAge: z.number().int(),
});
export type RegisterSetting = z.infer<typeof registerSettingResponse>;

/** GET /wps/system/domainRoute — the merchant's domains (for switching when one is blocked) and app downloads. */
export const domainRouteResponse = z.object({
  domainList: z.array(z.string()),
  resources: z.array(resourceSchema),
});
export type DomainRoute = z.infer<typeof domainRouteResponse>;

/** GET /wps/system/permission — the "permission/info" bundle of spec §7, one call at start-up. */
export const permissionResponse = z.object({
  whitelabel: whitelabelResponse,
  register: registerSettingResponse,
  resources: z.array(resourceSchema),
  customerService: z.array(customerServicePath),
  analytics: z.object({ gtagId: z.string().nullable() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  location: z.object({ ip: z.string(), country: z.string().nullable() }),
});
export type Permission = z.infer<typeof permissionResponse>;

/** GET /wps/system/helpCenter — entries in the caller's language (lang / Accept-Language header). */
export const helpCenterResponse = z.object({
  list: z.array(z.object({ id: z.string(), title: z.string(), content: z.string() })),
});
export type HelpCenter = z.infer<typeof helpCenterResponse>;

export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export const announcementType = z.enum(ANNOUNCEMENT_TYPES);

/** GET /wps/announcements — the notice modal shows 9 per page (spec §2), so 9 is the default. */
export const announcementsQuery = z.object({
  types: z
    .string()
    .max(64)
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(z.array(announcementType).max(5).optional()),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(9),
  language: z.string().max(8).optional(),
});

/** One notice in the caller's language; content is operator-written HTML; date is epoch ms of its start. */
export const announcementItem = z.object({
  id: z.string(),
  type: announcementType,
  title: z.string(),
  content: z.string(),
  date: z.number().int(),
  endTime: z.string().nullable(),
});
export type Announcement = z.infer<typeof announcementItem>;
export const announcementsResponse = z.object({
  list: z.array(announcementItem),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
