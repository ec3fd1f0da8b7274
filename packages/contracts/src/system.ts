import { z } from 'zod';
import { languageCode } from './common.ts';
import { FEATURE_FLAGS } from './flags.ts';
import { bannerLink, contactUrl, siteUrl } from './urls.ts';

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

/** Banner groups of spec §2: one per page that shows banners (the registration page's is w_reg). */
export const BANNER_GROUPS = [
  '/',
  '/rng',
  '/live',
  '/fish',
  '/pvp',
  '/sports',
  '/esports',
  '/elott',
  '/down',
  '/promotions',
  '/pointMall',
  '/help',
  'w_reg',
  '/inhouse',
  '/pge',
] as const;

/**
 * A banner's art: `url` serves every language (the built-in art draws its words in the reader's
 * language), `images` holds an image per language that wins over it, and `title` the text per
 * language (the image's alt text, or the slide's words when the language has no image at all).
 * The site picks with bannerArt (brand-art.ts): the reader's language, then the merchant's default.
 */
export const bannerSchema = z.object({
  bannerId: z.string(),
  url: z.string().nullable(),
  images: z.record(z.string(), z.string()).optional(),
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
  facebook: siteUrl.optional(),
  instagram: siteUrl.optional(),
  telegram: siteUrl.optional(),
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

/**
 * One notice in the caller's language; content is operator-written HTML; date is epoch ms of its start;
 * version is epoch ms of its last change (a popup seen at an older version opens again).
 */
export const announcementItem = z.object({
  id: z.string(),
  type: announcementType,
  title: z.string(),
  content: z.string(),
  date: z.number().int(),
  endTime: z.string().nullable(),
  version: z.number().int(),
});
export type Announcement = z.infer<typeof announcementItem>;
export const announcementsResponse = z.object({
  list: z.array(announcementItem),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});

/** GET /wps/announcements/popups — the popup (PU) announcements in effect that this member has not seen at their version. */
export const announcementPopupsQuery = z.object({ language: z.string().max(8).optional() });
export const announcementPopupsResponse = z.object({ list: z.array(announcementItem) });
/** POST /wps/announcements/:id/seen — the member saw this version of a popup. */
export const announcementParams = z.object({ id: z.uuid() });
export const announcementSeenInput = z.object({ version: z.number().int().min(0) }).strict();

// ---- Operator API (/bo/merchants/:code/...) ----

const texts = (max: number) =>
  z
    .partialRecord(languageCode, z.string().max(max))
    .refine((t) => Object.values(t).some((v) => v && v.length > 0), { message: 'at least one language' });
/** Every address an operator sets: https or a path on the site (http outside production only). */
const assetUrl = siteUrl;
const countryCode = z.string().regex(/^[A-Z]{2}$/);
const domainName = z
  .string()
  .max(253)
  .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/);

/** PATCH /bo/merchants/:code/flags — only the flags named change; unknown ids are refused with CONFIG_INVALID. */
export const operatorFlagsPatch = z
  .record(z.string().max(64), z.boolean())
  .refine((r) => Object.keys(r).length <= 100, { message: 'too many flags' });

/** PUT /bo/merchants/:code/registration-fields/:field — the named properties replace the current ones. */
export const operatorFieldRule = fieldRule.partial().strict();

/** PATCH /bo/merchants/:code/brand */
export const operatorBrandPatch = z
  .object({
    brandName: z.string().min(1).max(64),
    logoUrl: assetUrl,
    faviconUrl: assetUrl.nullable(),
    theme: themeConfig.partial(),
    currency: z.string().regex(/^[A-Z]{3}$/),
    currencySymbol: z.string().min(1).max(8),
    languages: z.array(languageCode).min(1).max(10),
    defaultLanguage: languageCode,
    gameLanguage: z.string().min(2).max(8),
    minimumAge: z.number().int().min(18).max(99),
    prizeMode: z.enum(['Lott', 'ZY', 'Elott', 'SEA']),
    lotteryType: z.string().min(1).max(16),
    affiliateLink: assetUrl.nullable(),
    customerService: z.array(customerServicePath.extend({ path: contactUrl })).max(20),
    socialLinks,
    resources: z.array(resourceSchema.extend({ url: assetUrl, qrCodeUrl: assetUrl.nullable() })).max(10),
    domains: z.array(domainName).min(1).max(100),
    countries: z
      .array(z.object({ countryCode, countryDialingCode: z.string().regex(/^\+\d{1,4}$/) }))
      .min(1)
      .max(300),
    defaultCountryCode: countryCode,
    imageCDNs: z.array(assetUrl).max(10),
    launchGameCDNs: z.array(assetUrl).max(10),
  })
  .partial()
  .strict();

/**
 * PUT /bo/merchants/:code/status. `status` is a shorthand (0 both off, 1 maintenance, 2 region
 * restriction only); the other properties set each part and are kept when omitted.
 */
export const operatorStatusUpdate = z
  .object({
    status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    maintenance: z.boolean(),
    maintenanceEndTime: z.iso.datetime({ offset: true }).nullable(),
    regionRestricted: z.boolean(),
    allowCountries: z.array(countryCode).max(300),
    denyCountries: z.array(countryCode).max(300),
    allowIps: z.array(z.string().max(64)).max(1000),
    denyIps: z.array(z.string().max(64)).max(1000),
  })
  .partial()
  .strict();

/** PATCH /bo/merchants/:code/security */
export const operatorSecurityPatch = z
  .object({
    captchaAfterFailedLogins: z.number().int().min(0).max(100),
    lockoutAfterFailedLogins: z.number().int().min(1).max(1000),
    lockoutMinutes: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60),
    passwordExpiryDays: z.number().int().min(1).max(3650).nullable(),
    /** Write-only: stored as a hash and never answered back; null removes it. */
    defaultPassword: z.string().min(1).max(64).nullable(),
    smsExpiryMinutes: z.number().int().min(1).max(60),
    smsPerNumberPerHour: z.number().int().min(1).max(100),
    smsPerIpPerHour: z.number().int().min(1).max(1000),
    sessionIdleMinutes: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60),
    sessionAbsoluteHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 90),
    ipVerification: z.boolean(),
  })
  .partial()
  .strict();

/**
 * POST /bo/merchants/:code/banners (PUT takes the same properties, all optional). `url` is the art for
 * every language, `images` an image per language, `title` the words per language; a banner needs an
 * image or words (checked on the merged banner for a PUT).
 */
export const operatorBannerInput = z
  .object({
    groupName: z.enum(BANNER_GROUPS),
    url: assetUrl.nullable().default(null),
    images: z.partialRecord(languageCode, assetUrl).default({}),
    linkageType: bannerSchema.shape.linkageType.default('none'),
    link: bannerLink.nullable().default(null),
    title: z.partialRecord(languageCode, z.string().max(200)).default({}),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
    enabled: z.boolean().default(true),
  })
  .strict();
export const operatorBannerPatch = z
  .object({
    groupName: operatorBannerInput.shape.groupName,
    url: assetUrl.nullable(),
    images: z.partialRecord(languageCode, assetUrl),
    linkageType: bannerSchema.shape.linkageType,
    link: bannerLink.nullable(),
    title: z.partialRecord(languageCode, z.string().max(200)),
    sortOrder: z.number().int().min(0).max(10_000),
    enabled: z.boolean(),
  })
  .partial()
  .strict();

/** POST /bo/merchants/:code/announcements (PUT takes the same properties, all optional). Content is HTML. */
export const operatorAnnouncementInput = z
  .object({
    type: z.enum(['B', 'PL', 'PU', 'PR', 'H']),
    title: texts(200),
    content: texts(20_000),
    startTime: z.iso.datetime({ offset: true }).optional(),
    endTime: z.iso.datetime({ offset: true }).nullable().default(null),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
    /** 'all': the site's public lists; 'agents': only the agent centre's Announcement page. */
    audience: z.enum(['all', 'agents']).default('all'),
  })
  .strict();
export const operatorAnnouncementPatch = z
  .object({
    type: operatorAnnouncementInput.shape.type,
    title: texts(200),
    content: texts(20_000),
    startTime: z.iso.datetime({ offset: true }),
    endTime: z.iso.datetime({ offset: true }).nullable(),
    sortOrder: z.number().int().min(0).max(10_000),
    audience: z.enum(['all', 'agents']),
  })
  .partial()
  .strict();
