import {
  FEATURE_FLAGS,
  type FieldRule,
  type operatorAnnouncementInput,
  type operatorAnnouncementPatch,
  type operatorBannerInput,
  type operatorBannerPatch,
  type operatorBrandPatch,
  type operatorSecurityPatch,
  type operatorStatusUpdate,
  PATTERNS,
  REGISTRATION_FIELDS,
  type RegistrationField,
} from '@sorte/contracts';
import type { Transaction, Updateable } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/database/database.ts';
import type { Database } from '../../platform/database/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { SecuritySettings } from './system.defaults.ts';
import { defaultPasswordHashOf, securityView } from './system.default-password.ts';
import { isIpOrCidr } from './system.geo.ts';
import { refuseHttpLinks } from './system.links.ts';
import * as repo from './system.repository.ts';
import type { MerchantRow } from './system.repository.ts';
import { bannerView, type MerchantDirectory, readFields, readFlags, readSecurity } from './system.service.ts';
import type { MerchantsTable, RegionLists } from './system.tables.ts';

/** What operator changes need: the database, the cache to invalidate, and who is acting. */
export interface OperatorDeps {
  db: Db;
  config: Config;
  clock: Clock;
  directory?: MerchantDirectory;
  /** Also records each change elsewhere, in the same transaction (the back office's audit log). */
  audit?: OperatorChangeRecorder;
}

/** One applied change, as handed to an extra audit recorder. */
export interface OperatorChange {
  merchantId: string;
  merchantCode: string;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
}
export type OperatorChangeRecorder = (trx: Trx, change: OperatorChange) => Promise<void>;
type Trx = Transaction<Database>;

async function merchantOrThrow(db: Db | Trx, code: string): Promise<MerchantRow> {
  const row = await repo.findMerchantByCode(db, code);
  if (!row) throw new AppError('NOT_FOUND', { merchant: code });
  return row;
}

/**
 * Runs one operator change: loads the merchant, applies the change in a transaction together with
 * its audit row (before/after), then drops this instance's cache entry so the change shows at once.
 */
async function change<T>(
  deps: OperatorDeps,
  code: string,
  keyId: string,
  action: string,
  apply: (
    trx: Trx,
    row: MerchantRow,
  ) => Promise<{ target?: string; before: unknown; after: unknown; result: T }>,
): Promise<T> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const row = await merchantOrThrow(trx, code);
    const done = await apply(trx, row);
    await repo.insertAudit(trx, {
      merchantId: row.id,
      keyId,
      action,
      target: done.target ?? null,
      before: done.before,
      after: done.after,
    });
    await deps.audit?.(trx, {
      merchantId: row.id,
      merchantCode: row.code,
      action,
      target: done.target ?? null,
      before: done.before,
      after: done.after,
    });
    return done.result;
  });
  deps.directory?.invalidate(code);
  return result;
}

function invalid(details: Record<string, unknown>): AppError {
  return new AppError('CONFIG_INVALID', details);
}

// ---- flags ----

export function setFlags(deps: OperatorDeps, code: string, keyId: string, patch: Record<string, boolean>) {
  const unknown = Object.keys(patch).filter((f) => !(FEATURE_FLAGS as readonly string[]).includes(f));
  if (unknown.length) throw invalid({ unknownFlags: unknown.slice(0, 20), known: FEATURE_FLAGS });
  return change(deps, code, keyId, 'flags.update', async (trx, row) => {
    const before = readFlags(row);
    const after = { ...before, ...patch };
    await repo.updateMerchant(trx, row.id, { flags: JSON.stringify(after) });
    return { before, after, result: after };
  });
}

// ---- registration fields ----

export function checkFieldRule(field: string, rule: FieldRule): void {
  if (!(REGISTRATION_FIELDS as readonly string[]).includes(field)) throw invalid({ unknownField: field });
  if (rule.minLength != null && rule.maxLength != null && rule.minLength > rule.maxLength) {
    throw invalid({ field, problem: 'minLength > maxLength' });
  }
  if (rule.patternId != null && !PATTERNS[rule.patternId])
    throw invalid({ field, problem: 'unknown patternId' });
  if (rule.acceptedPattern != null) {
    try {
      new RegExp(rule.acceptedPattern, 'u');
    } catch {
      throw invalid({ field, problem: 'acceptedPattern is not a valid regular expression' });
    }
  }
  if (rule.required && !rule.enabled) throw invalid({ field, problem: 'a required field must be enabled' });
}

export function setFieldRule(
  deps: OperatorDeps,
  code: string,
  keyId: string,
  field: string,
  patch: Partial<FieldRule>,
) {
  if (!(REGISTRATION_FIELDS as readonly string[]).includes(field)) throw invalid({ unknownField: field });
  return change(deps, code, keyId, 'registration-field.update', async (trx, row) => {
    const fields = readFields(row);
    const before = fields[field as RegistrationField];
    const after = { ...before, ...patch };
    checkFieldRule(field, after);
    await repo.updateMerchant(trx, row.id, {
      registration_fields: JSON.stringify({ ...fields, [field]: after }),
    });
    return { target: field, before, after, result: after };
  });
}

// ---- brand ----

type BrandPatch = z.infer<typeof operatorBrandPatch>;

/** Column values of a brand patch; lists and objects are written as JSON strings. */
function brandColumns(row: MerchantRow, p: BrandPatch): Updateable<MerchantsTable> {
  const json = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v));
  const columns: Updateable<MerchantsTable> = {
    brand_name: p.brandName,
    logo_url: p.logoUrl,
    favicon_url: p.faviconUrl,
    theme: p.theme ? JSON.stringify({ ...row.theme, ...p.theme }) : undefined,
    currency: p.currency,
    currency_symbol: p.currencySymbol,
    languages: p.languages,
    default_language: p.defaultLanguage,
    game_language: p.gameLanguage,
    minimum_age: p.minimumAge,
    prize_mode: p.prizeMode,
    lottery_type: p.lotteryType,
    affiliate_link: p.affiliateLink,
    customer_service: json(p.customerService),
    social_links: json(p.socialLinks),
    resources: json(p.resources),
    countries: json(p.countries),
    default_country_code: p.defaultCountryCode,
    image_cdns: p.imageCDNs,
    launch_game_cdns: p.launchGameCDNs,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

function checkBrand(row: MerchantRow, p: BrandPatch): void {
  const languages = p.languages ?? row.languages;
  const defaultLanguage = p.defaultLanguage ?? row.default_language;
  if (!languages.includes(defaultLanguage))
    throw invalid({ problem: 'defaultLanguage must be one of languages', languages, defaultLanguage });
  const countries = p.countries ?? row.countries;
  const defaultCountry = p.defaultCountryCode ?? row.default_country_code;
  if (!countries.some((c) => c.countryCode === defaultCountry))
    throw invalid({ problem: 'defaultCountryCode must be in countries' });
}

export function setBrand(deps: OperatorDeps, code: string, keyId: string, patch: BrandPatch) {
  refuseHttpLinks(deps.config, patch);
  return change(deps, code, keyId, 'brand.update', async (trx, row) => {
    checkBrand(row, patch);
    const columns = brandColumns(row, patch);
    if (Object.keys(columns).length) await repo.updateMerchant(trx, row.id, columns);
    const domainsBefore = patch.domains ? await repo.listDomains(trx, row.id) : undefined;
    if (patch.domains) await replaceDomains(trx, row.id, patch.domains);
    const before = {
      ...pick(brandView(row), Object.keys(patch)),
      ...(domainsBefore ? { domains: domainsBefore } : {}),
    };
    return { before, after: patch, result: patch };
  });
}

async function replaceDomains(trx: Trx, merchantId: string, domains: string[]): Promise<void> {
  const unique = [...new Set(domains)];
  for (const domain of unique) {
    const owner = await trx
      .selectFrom('merchant_domains')
      .select('merchant_id')
      .where('domain', '=', domain)
      .executeTakeFirst();
    if (owner && owner.merchant_id !== merchantId)
      throw invalid({ problem: 'domain belongs to another merchant', domain });
  }
  await trx.deleteFrom('merchant_domains').where('merchant_id', '=', merchantId).execute();
  await repo.insertDomains(trx, merchantId, unique);
}

function pick(source: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => k in source).map((k) => [k, source[k]]));
}

// ---- status and regions ----

type StatusUpdate = z.infer<typeof operatorStatusUpdate>;

export function statusView(row: MerchantRow) {
  return {
    maintenance: row.maintenance,
    maintenanceEndTime: row.maintenance_end_time ? row.maintenance_end_time.toISOString() : null,
    regionRestricted: row.region_restricted,
    ...(row.region as RegionLists),
  };
}

export function setStatus(deps: OperatorDeps, code: string, keyId: string, u: StatusUpdate) {
  const badIps = [...(u.allowIps ?? []), ...(u.denyIps ?? [])].filter((ip) => !isIpOrCidr(ip));
  if (badIps.length)
    throw invalid({ problem: 'not an IP address or CIDR range', entries: badIps.slice(0, 20) });
  return change(deps, code, keyId, 'status.update', async (trx, row) => {
    const before = statusView(row);
    const region = row.region as RegionLists;
    const after = {
      maintenance: u.maintenance ?? (u.status !== undefined ? u.status === 1 : before.maintenance),
      maintenanceEndTime:
        u.maintenanceEndTime !== undefined ? u.maintenanceEndTime : before.maintenanceEndTime,
      regionRestricted:
        u.regionRestricted ?? (u.status !== undefined ? u.status === 2 : before.regionRestricted),
      allowCountries: u.allowCountries ?? region.allowCountries,
      denyCountries: u.denyCountries ?? region.denyCountries,
      allowIps: u.allowIps ?? region.allowIps,
      denyIps: u.denyIps ?? region.denyIps,
    };
    const { maintenance, maintenanceEndTime, regionRestricted, ...lists } = after;
    await repo.updateMerchant(trx, row.id, {
      maintenance,
      maintenance_end_time: maintenanceEndTime ? new Date(maintenanceEndTime) : null,
      region_restricted: regionRestricted,
      region: JSON.stringify(lists),
    });
    return { before, after, result: after };
  });
}

// ---- security ----

export async function setSecurity(
  deps: OperatorDeps,
  code: string,
  keyId: string,
  patch: z.infer<typeof operatorSecurityPatch>,
) {
  // The default password is write-only: hashed here (outside the transaction: argon2 takes a while),
  // stored as its hash, and shown (answer and audit) only as whether one is set.
  const { ipVerification, defaultPassword, ...rest } = patch;
  const hashed =
    defaultPassword === undefined
      ? {}
      : { defaultPasswordHash: await defaultPasswordHashOf(defaultPassword) };
  return change(deps, code, keyId, 'security.update', async (trx, row) => {
    const before = readSecurity(row, deps.config);
    // ipVerification is stored as the feature flag of the same name (see readSecurity).
    const stored = { ...(row.security as Record<string, unknown>), ...rest, ...hashed };
    const flags =
      ipVerification === undefined ? undefined : JSON.stringify({ ...readFlags(row), ipVerification });
    await repo.updateMerchant(trx, row.id, { security: JSON.stringify(stored), ...(flags ? { flags } : {}) });
    const after: SecuritySettings = {
      ...before,
      ...rest,
      ...hashed,
      ...(ipVerification === undefined ? {} : { ipVerification }),
    };
    return { before: securityView(before), after: securityView(after), result: securityView(after) };
  });
}

// ---- banners ----

function bannerColumns(p: z.infer<typeof operatorBannerPatch>) {
  const columns = {
    group_name: p.groupName,
    url: p.url,
    images: p.images ? JSON.stringify(p.images) : undefined,
    linkage_type: p.linkageType,
    link: p.link,
    title: p.title ? JSON.stringify(p.title) : undefined,
    sort_order: p.sortOrder,
    enabled: p.enabled,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

/** A banner shows an image or words in at least one language; one with neither would be an empty slide. */
function requireArt(banner: {
  url: string | null;
  images: Record<string, string>;
  title: Record<string, string>;
}) {
  const some = (texts: Record<string, string>) => Object.values(texts).some((v) => v.trim() !== '');
  if (!banner.url && !some(banner.images) && !some(banner.title))
    throw invalid({ problem: 'a banner needs an image (url or images) or a title' });
}

export function createBanner(
  deps: OperatorDeps,
  code: string,
  keyId: string,
  input: z.infer<typeof operatorBannerInput>,
) {
  refuseHttpLinks(deps.config, input);
  requireArt(input);
  return change(deps, code, keyId, 'banner.create', async (trx, row) => {
    if ((await repo.countBanners(trx, row.id)) >= repo.MAX_BANNERS)
      throw invalid({ problem: `at most ${repo.MAX_BANNERS} banners` });
    const created = await repo.insertBanner(trx, {
      merchant_id: row.id,
      group_name: input.groupName,
      url: input.url,
      images: JSON.stringify(input.images),
      linkage_type: input.linkageType,
      link: input.link,
      title: JSON.stringify(input.title),
      sort_order: input.sortOrder,
      enabled: input.enabled,
    });
    const view = operatorBannerView(created);
    return { target: created.id, before: null, after: view, result: view };
  });
}

export function updateBanner(
  deps: OperatorDeps,
  code: string,
  keyId: string,
  id: string,
  patch: z.infer<typeof operatorBannerPatch>,
) {
  refuseHttpLinks(deps.config, patch);
  return change(deps, code, keyId, 'banner.update', async (trx, row) => {
    const before = await repo.findBanner(trx, row.id, id);
    if (!before) throw new AppError('NOT_FOUND', { banner: id });
    requireArt({
      url: patch.url !== undefined ? patch.url : before.url,
      images: patch.images ?? before.images,
      title: patch.title ?? before.title,
    });
    const columns = bannerColumns(patch);
    const updated = Object.keys(columns).length ? await repo.updateBanner(trx, row.id, id, columns) : before;
    const view = operatorBannerView(updated ?? before);
    return { target: id, before: operatorBannerView(before), after: view, result: view };
  });
}

export function deleteBanner(deps: OperatorDeps, code: string, keyId: string, id: string) {
  return change(deps, code, keyId, 'banner.delete', async (trx, row) => {
    const deleted = await repo.deleteBanner(trx, row.id, id);
    if (!deleted) throw new AppError('NOT_FOUND', { banner: id });
    return { target: id, before: operatorBannerView(deleted), after: null, result: { deleted: id } };
  });
}

export function operatorBannerView(b: repo.BannerRow) {
  return { ...bannerView(b), sortOrder: b.sort_order, enabled: b.enabled };
}

// ---- announcements ----

function checkWindow(start: string | Date | undefined, end: string | Date | null | undefined): void {
  if (start && end && new Date(end) <= new Date(start))
    throw invalid({ problem: 'endTime must be after startTime' });
}

export function createAnnouncement(
  deps: OperatorDeps,
  code: string,
  keyId: string,
  input: z.infer<typeof operatorAnnouncementInput>,
) {
  // The default start is the application clock's now, the same clock the public list filters by.
  const startsAt = input.startTime ? new Date(input.startTime) : deps.clock.now();
  checkWindow(startsAt, input.endTime);
  return change(deps, code, keyId, 'announcement.create', async (trx, row) => {
    const created = await repo.insertAnnouncement(trx, {
      merchant_id: row.id,
      type: input.type,
      title: JSON.stringify(input.title),
      content: JSON.stringify(input.content),
      starts_at: startsAt,
      ends_at: input.endTime,
      sort_order: input.sortOrder,
      audience: input.audience,
    });
    const view = announcementView(created);
    return { target: created.id, before: null, after: view, result: view };
  });
}

export function updateAnnouncement(
  deps: OperatorDeps,
  code: string,
  keyId: string,
  id: string,
  p: z.infer<typeof operatorAnnouncementPatch>,
) {
  return change(deps, code, keyId, 'announcement.update', async (trx, row) => {
    const before = await repo.findAnnouncement(trx, row.id, id);
    if (!before) throw new AppError('NOT_FOUND', { announcement: id });
    checkWindow(p.startTime ?? before.starts_at, p.endTime !== undefined ? p.endTime : before.ends_at);
    const columns = Object.fromEntries(
      Object.entries({
        type: p.type,
        title: p.title ? JSON.stringify(p.title) : undefined,
        content: p.content ? JSON.stringify(p.content) : undefined,
        starts_at: p.startTime,
        ends_at: p.endTime,
        sort_order: p.sortOrder,
        audience: p.audience,
      }).filter(([, v]) => v !== undefined),
    );
    const updated = Object.keys(columns).length
      ? await repo.updateAnnouncement(trx, row.id, id, columns)
      : before;
    const view = announcementView(updated ?? before);
    return { target: id, before: announcementView(before), after: view, result: view };
  });
}

export function deleteAnnouncement(deps: OperatorDeps, code: string, keyId: string, id: string) {
  return change(deps, code, keyId, 'announcement.delete', async (trx, row) => {
    const deleted = await repo.deleteAnnouncement(trx, row.id, id);
    if (!deleted) throw new AppError('NOT_FOUND', { announcement: id });
    return { target: id, before: announcementView(deleted), after: null, result: { deleted: id } };
  });
}

export function announcementView(a: repo.AnnouncementRow) {
  return {
    id: a.id,
    type: a.type,
    title: a.title,
    content: a.content,
    startTime: a.starts_at.toISOString(),
    endTime: a.ends_at ? a.ends_at.toISOString() : null,
    sortOrder: a.sort_order,
    audience: a.audience,
    updatedAt: a.updated_at.toISOString(),
  };
}

// ---- whole configuration ----

export function brandView(row: MerchantRow): Record<string, unknown> {
  return {
    brandName: row.brand_name,
    logoUrl: row.logo_url,
    faviconUrl: row.favicon_url,
    theme: row.theme,
    currency: row.currency,
    currencySymbol: row.currency_symbol,
    languages: row.languages,
    defaultLanguage: row.default_language,
    gameLanguage: row.game_language,
    minimumAge: row.minimum_age,
    prizeMode: row.prize_mode,
    lotteryType: row.lottery_type,
    affiliateLink: row.affiliate_link,
    customerService: row.customer_service,
    socialLinks: row.social_links,
    resources: row.resources,
    countries: row.countries,
    defaultCountryCode: row.default_country_code,
    imageCDNs: row.image_cdns,
    launchGameCDNs: row.launch_game_cdns,
  };
}

/** GET /bo/merchants/:code/config: everything an operator can change, plus the latest audit entries. */
export async function merchantConfig(deps: OperatorDeps, code: string) {
  const row = await merchantOrThrow(deps.db, code);
  const [domains, banners, announcements, help, audit] = await Promise.all([
    repo.listDomains(deps.db, row.id),
    repo.listBanners(deps.db, row.id, false),
    repo.pageAllAnnouncements(deps.db, row.id, 0, 100),
    repo.listHelpEntries(deps.db, row.id),
    repo.listAudit(deps.db, row.id, 20),
  ]);
  return {
    id: row.id,
    code: row.code,
    brand: brandView(row),
    domains,
    flags: readFlags(row),
    registrationFields: readFields(row),
    security: securityView(readSecurity(row, deps.config)),
    status: statusView(row),
    banners: banners.map(operatorBannerView),
    announcements: announcements.map(announcementView),
    helpEntries: help.map((h) => ({ id: h.id, title: h.title, content: h.content, sortOrder: h.sort_order })),
    audit: audit.map((a) => ({
      id: String(a.id),
      who: a.operator_key_id,
      action: a.action,
      target: a.target,
      before: a.before,
      after: a.after,
      at: a.created_at,
    })),
    updatedAt: row.updated_at,
  };
}
