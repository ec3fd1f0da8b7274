import {
  type Announcement,
  type announcementsResponse,
  FEATURE_FLAGS,
  type FeatureFlags,
  type FieldRule,
  type HelpCenter,
  type Permission,
  type RegisterSetting,
  REGISTRATION_FIELDS,
  type RegistrationField,
  type SystemStatus,
  type ThemeConfig,
  type Whitelabel,
  registrationNeedsSms,
} from '@sorte/contracts';
import type { z } from 'zod';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { offsetOf, pageOf } from '../../platform/http/paging.ts';
import {
  DEFAULT_THEME,
  defaultRegistrationFields,
  defaultSecurity,
  type SecuritySettings,
} from './system.defaults.ts';
import { countryOf, regionAllows } from './system.geo.ts';
import * as repo from './system.repository.ts';
import type { BannerRow, MerchantRow } from './system.repository.ts';
import type { RegionLists } from './system.tables.ts';

/** What every other module knows about the merchant of a request. */
export interface MerchantContext {
  id: string;
  code: string;
  /** The name players know the site by, for texts sent outside the site (SMS, e-mail). */
  brandName: string;
  currency: string;
  currencySymbol: string;
  languages: string[];
  defaultLanguage: string;
  flags: FeatureFlags;
  registration: RegisterSetting;
  security: SecuritySettings;
}

/** Everything cached about one merchant: the context plus what the public system endpoints show. */
export interface MerchantSnapshot {
  context: MerchantContext;
  row: MerchantRow;
  domains: string[];
  banners: BannerRow[];
  loadedAt: number;
}

/**
 * Merchant configuration is read on every API request, so it is cached in memory. The TTL is the
 * bound on how stale another instance can be: an operator change made through instance A is
 * visible on instance B within CACHE_TTL_MS without any messaging between them, and immediately on
 * A (its own write invalidates). With REDIS_URL, every change is also announced on the event bus
 * and the other instances drop their copy at once; the TTL then only bounds a lost message.
 */
export const CACHE_TTL_MS = 2_000;
const MAX_CACHED = 1_000;

export class MerchantDirectory {
  private readonly byCode = new Map<string, MerchantSnapshot | null>();
  private readonly hostToCode = new Map<string, { code: string | null; at: number }>();
  private readonly times = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  async get(code: string): Promise<MerchantSnapshot | undefined> {
    const at = this.times.get(code);
    if (at !== undefined && Date.now() - at < CACHE_TTL_MS) return this.byCode.get(code) ?? undefined;
    const snapshot = await this.load(code);
    this.remember(code, snapshot);
    return snapshot;
  }

  async codeForHost(host: string): Promise<string | null> {
    const hit = this.hostToCode.get(host);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.code;
    const code = (await repo.findMerchantCodeByDomain(this.db, host)) ?? null;
    if (this.hostToCode.size >= MAX_CACHED) this.hostToCode.clear();
    this.hostToCode.set(host, { code, at: Date.now() });
    return code;
  }

  private announce: (code: string | undefined) => void = () => {};

  /** Tells the other instances (through the event bus) about every local change. */
  onChange(announce: (code: string | undefined) => void): void {
    this.announce = announce;
  }

  /** Called after every local write so this instance never serves its own stale config. */
  invalidate(code?: string): void {
    this.dropLocal(code);
    this.announce(code);
  }

  /** Forgets the cached config of one merchant (or all) on this instance only. */
  dropLocal(code?: string): void {
    if (code === undefined) this.times.clear();
    else this.times.delete(code);
    this.hostToCode.clear();
  }

  private remember(code: string, snapshot: MerchantSnapshot | undefined): void {
    // Bounded: an attacker sending random Merchant headers must not grow the map without limit.
    if (this.byCode.size >= MAX_CACHED) {
      this.byCode.clear();
      this.times.clear();
    }
    this.byCode.set(code, snapshot ?? null);
    this.times.set(code, Date.now());
  }

  private async load(code: string): Promise<MerchantSnapshot | undefined> {
    const row = await repo.findMerchantByCode(this.db, code);
    if (!row) return undefined;
    const [domains, banners] = await Promise.all([
      repo.listDomains(this.db, row.id),
      repo.listBanners(this.db, row.id, true),
    ]);
    return { context: toContext(row, this.config), row, domains, banners, loadedAt: Date.now() };
  }
}

export function readFlags(row: MerchantRow): FeatureFlags {
  const stored = row.flags ?? {};
  return Object.fromEntries(FEATURE_FLAGS.map((f) => [f, stored[f] === true])) as FeatureFlags;
}

export function readSecurity(row: MerchantRow, config: Config): SecuritySettings {
  const defaults = defaultSecurity({
    idleMinutes: config.SESSION_IDLE_MINUTES,
    absoluteHours: config.SESSION_ABSOLUTE_HOURS,
  });
  // Only the known settings are read: a key stored by an older version (the clear-text defaultPassword
  // before 0056) never reaches the merchant context or an answer.
  const stored = row.security as Record<string, unknown>;
  const known = Object.fromEntries(
    Object.keys(defaults).flatMap((key) => (key in stored ? [[key, stored[key]]] : [])),
  );
  // ipVerification has one source of truth, the feature flag, so flags and security never disagree.
  return {
    ...defaults,
    ...(known as Partial<SecuritySettings>),
    ipVerification: readFlags(row).ipVerification,
  };
}

export function readFields(row: MerchantRow): Record<RegistrationField, FieldRule> {
  const defaults = defaultRegistrationFields();
  const stored = row.registration_fields as Partial<Record<RegistrationField, Partial<FieldRule>>>;
  return Object.fromEntries(
    REGISTRATION_FIELDS.map((f) => [f, { ...defaults[f], ...(stored[f] ?? {}) }]),
  ) as Record<RegistrationField, FieldRule>;
}

/** Registration methods follow the flags, so the form and the server agree on what is allowed. */
export function registerSetting(row: MerchantRow, flags: FeatureFlags): RegisterSetting {
  const fields = readFields(row);
  const smsEnabled = registrationNeedsSms('username', flags);
  fields.captcha = { ...fields.captcha, enabled: flags.captchaOnRegister, required: flags.captchaOnRegister };
  fields.verificationCode = { ...fields.verificationCode, enabled: smsEnabled, required: smsEnabled };
  // The code goes to a phone, so a username sign-up that needs one needs the number too.
  if (smsEnabled) fields.mobileNum = { ...fields.mobileNum, enabled: true, required: true };
  return {
    fields,
    usernameRegister: flags.USERNAMEREG3,
    mobileRegister: flags.MOBILENUMREG3,
    mobilePasswordRegister: flags.MOBILENUMPASSREG3,
    smsEnabled,
    captchaEnabled: flags.captchaOnRegister,
    countries: row.countries,
    defaultCountryCode: row.default_country_code,
    minimumAge: row.minimum_age,
  };
}

export function toContext(row: MerchantRow, config: Config): MerchantContext {
  const flags = readFlags(row);
  return {
    id: row.id,
    code: row.code,
    brandName: row.brand_name,
    currency: row.currency,
    currencySymbol: row.currency_symbol,
    languages: row.languages,
    defaultLanguage: row.default_language,
    flags,
    registration: registerSetting(row, flags),
    security: readSecurity(row, config),
  };
}

/** Spec §4: 1 while the maintenance flag is on; else 2 when region restriction refuses this caller; else 0. */
export async function getSystemStatusFor(snapshot: MerchantSnapshot, ip: string): Promise<SystemStatus> {
  const { row } = snapshot;
  const needCountry = row.region_restricted;
  const country = needCountry ? await countryOf(ip) : null;
  const status = row.maintenance
    ? 1
    : row.region_restricted && !regionAllows(row.region as RegionLists, ip, country)
      ? 2
      : 0;
  return {
    status,
    maintenanceEndTime:
      row.maintenance && row.maintenance_end_time ? row.maintenance_end_time.toISOString() : null,
    ip,
    country,
  };
}

export function whitelabelOf(snapshot: MerchantSnapshot): Whitelabel {
  const { row, context } = snapshot;
  return {
    merchantCode: row.code,
    brandName: row.brand_name,
    logoUrl: row.logo_url,
    faviconUrl: row.favicon_url,
    theme: { ...DEFAULT_THEME, ...(row.theme as Partial<ThemeConfig>) },
    currency: row.currency,
    currencySymbol: row.currency_symbol,
    languages: row.languages,
    defaultLanguage: row.default_language,
    gameLanguage: row.game_language,
    minimumAge: row.minimum_age,
    flags: context.flags,
    customerService: row.customer_service,
    socialLinks: row.social_links,
    resources: row.resources as Whitelabel['resources'],
    banners: snapshot.banners.map(bannerView),
    affiliateLink: row.affiliate_link,
    prizeMode: row.prize_mode as Whitelabel['prizeMode'],
    platform: 'web',
    device: 'WEB',
    lotteryType: row.lottery_type,
    announcementTypes: ['B', 'PL', 'PU', 'PR', 'H'],
    esportsProviders: ['IMES', 'TF', 'IA'],
  };
}

export function bannerView(b: BannerRow): Whitelabel['banners'][number] {
  return {
    bannerId: b.id,
    url: b.url,
    images: b.images,
    linkageType: b.linkage_type as Whitelabel['banners'][number]['linkageType'],
    link: b.link,
    groupName: b.group_name,
    title: b.title,
  };
}

/** Picks the text of a per-language map: the asked language, then the merchant's default, then any. */
export function localized(texts: Record<string, string>, language: string, fallback: string): string {
  return texts[language] ?? texts[fallback] ?? Object.values(texts)[0] ?? '';
}

export async function helpCenter(db: Db, snapshot: MerchantSnapshot, language: string): Promise<HelpCenter> {
  const rows = await repo.listHelpEntries(db, snapshot.context.id);
  const fallback = snapshot.context.defaultLanguage;
  return {
    list: rows.map((r) => ({
      id: r.id,
      title: localized(r.title, language, fallback),
      content: localized(r.content, language, fallback),
    })),
  };
}

export async function announcements(
  db: Db,
  snapshot: MerchantSnapshot,
  q: {
    types?: string[];
    pageNo: number;
    pageSize: number;
    language: string;
    now: Date;
    audience?: 'all' | 'agents';
  },
): Promise<z.infer<typeof announcementsResponse>> {
  const { rows, total } = await repo.pageAnnouncements(db, {
    merchantId: snapshot.context.id,
    types: q.types?.length ? q.types : null,
    now: q.now,
    offset: offsetOf(q),
    limit: q.pageSize,
    audience: q.audience,
  });
  const fallback = snapshot.context.defaultLanguage;
  const list = rows.map((r) => ({
    id: r.id,
    type: r.type as Announcement['type'],
    title: localized(r.title, q.language, fallback),
    content: localized(r.content, q.language, fallback),
    date: r.starts_at.getTime(),
    endTime: r.ends_at ? r.ends_at.toISOString() : null,
    version: r.updated_at.getTime(),
  }));
  return pageOf(list, total, q);
}

export async function permissionOf(snapshot: MerchantSnapshot, ip: string): Promise<Permission> {
  const whitelabel = whitelabelOf(snapshot);
  return {
    whitelabel,
    register: snapshot.context.registration,
    resources: whitelabel.resources,
    customerService: whitelabel.customerService,
    // No analytics integration is configured per merchant yet; null tells the web to load no tag.
    analytics: { gtagId: null },
    imageCDNs: snapshot.row.image_cdns,
    launchGameCDNs: snapshot.row.launch_game_cdns,
    location: { ip, country: await countryOf(ip) },
  };
}

/** How many popups one answer carries: a player meets them one after the other. */
const MAX_POPUPS = 10;

/**
 * The popup (PU) announcements in effect at `now`, in the caller's language. For a member, only
 * those not yet seen at their current version (a changed popup opens again); for a visitor all of
 * them, the browser remembering what it showed.
 */
export async function popupAnnouncements(
  db: Db,
  snapshot: MerchantSnapshot,
  q: { memberId: string | null; language: string; now: Date },
): Promise<Announcement[]> {
  const { list } = await announcements(db, snapshot, {
    types: ['PU'],
    pageNo: 1,
    pageSize: MAX_POPUPS,
    language: q.language,
    now: q.now,
  });
  if (!q.memberId) return list;
  const seen = await repo.announcementReads(
    db,
    q.memberId,
    list.map((a) => a.id),
  );
  return list.filter((a) => (seen.get(a.id)?.getTime() ?? -1) < a.version);
}

/**
 * The agent centre's Announcement page: announcements for agents in effect, in the reader's language,
 * each with whether this member has read it at its current version (a changed one is unread again).
 */
export async function agentAnnouncements(
  db: Db,
  snapshot: MerchantSnapshot,
  q: { memberId: string; pageNo: number; pageSize: number; language: string; now: Date },
) {
  const page = await announcements(db, snapshot, { ...q, audience: 'agents' });
  const seen = await repo.announcementReads(
    db,
    q.memberId,
    page.list.map((a) => a.id),
  );
  const list = page.list.map((a) => ({ ...a, read: (seen.get(a.id)?.getTime() ?? -1) >= a.version }));
  return { ...page, list };
}

/** An agent read an announcement for agents at `version`; any other id is NOT_FOUND. */
export async function markAgentAnnouncementRead(
  db: Db,
  snapshot: MerchantSnapshot,
  q: { memberId: string; id: string; version: number },
): Promise<void> {
  const row = await repo.findAnnouncement(db, snapshot.context.id, q.id);
  if (row?.audience !== 'agents') throw new AppError('NOT_FOUND', { announcement: q.id });
  const version = Math.min(q.version, row.updated_at.getTime());
  await repo.markAnnouncementRead(db, q.memberId, row.id, new Date(version));
}

/**
 * A member saw a popup at `version` (what their screen showed). Only the merchant's own popups are
 * remembered; a version newer than the announcement's own is taken as its current one.
 */
export async function markAnnouncementSeen(
  db: Db,
  snapshot: MerchantSnapshot,
  q: { memberId: string; id: string; version: number },
): Promise<void> {
  const row = await repo.findAnnouncement(db, snapshot.context.id, q.id);
  if (row?.type !== 'PU' || row.audience !== 'all') throw new AppError('NOT_FOUND', { announcement: q.id });
  const version = Math.min(q.version, row.updated_at.getTime());
  await repo.markAnnouncementRead(db, q.memberId, row.id, new Date(version));
}
