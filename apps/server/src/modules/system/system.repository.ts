import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { AnnouncementsTable, BannersTable, HelpEntriesTable, MerchantsTable } from './system.tables.ts';

// SQL only: no rules here. Every list query carries a LIMIT.

export type MerchantRow = Selectable<MerchantsTable>;
export type BannerRow = Selectable<BannersTable>;
export type AnnouncementRow = Selectable<AnnouncementsTable>;
export type HelpEntryRow = Selectable<HelpEntriesTable>;
type Executor = Pick<Db, 'selectFrom' | 'insertInto' | 'updateTable' | 'deleteFrom'>;

export const MAX_DOMAINS = 100;
export const MAX_BANNERS = 300;
export const MAX_HELP_ENTRIES = 200;

export function findMerchantByCode(db: Executor, code: string): Promise<MerchantRow | undefined> {
  return db.selectFrom('merchants').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function findMerchantCodeByDomain(db: Executor, domain: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('merchant_domains')
    .innerJoin('merchants', 'merchants.id', 'merchant_domains.merchant_id')
    .select('merchants.code')
    .where('merchant_domains.domain', '=', domain)
    .executeTakeFirst();
  return row?.code;
}

export async function listDomains(db: Executor, merchantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('merchant_domains')
    .select('domain')
    .where('merchant_id', '=', merchantId)
    .orderBy('domain')
    .limit(MAX_DOMAINS)
    .execute();
  return rows.map((r) => r.domain);
}

export async function insertMerchant(db: Executor, row: Insertable<MerchantsTable>): Promise<string> {
  const inserted = await db.insertInto('merchants').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertDomains(db: Executor, merchantId: string, domains: string[]): Promise<void> {
  if (!domains.length) return;
  await db
    .insertInto('merchant_domains')
    .values(domains.slice(0, MAX_DOMAINS).map((domain) => ({ domain, merchant_id: merchantId })))
    .onConflict((oc) => oc.column('domain').doNothing())
    .execute();
}

export async function updateMerchant(
  db: Executor,
  id: string,
  patch: Updateable<MerchantsTable>,
): Promise<void> {
  await db
    .updateTable('merchants')
    .set({ ...patch, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export function listBanners(db: Executor, merchantId: string, enabledOnly: boolean): Promise<BannerRow[]> {
  let query = db.selectFrom('banners').selectAll().where('merchant_id', '=', merchantId);
  if (enabledOnly) query = query.where('enabled', '=', true);
  return query.orderBy('group_name').orderBy('sort_order').orderBy('created_at').limit(MAX_BANNERS).execute();
}

export function findBanner(db: Executor, merchantId: string, id: string): Promise<BannerRow | undefined> {
  return db
    .selectFrom('banners')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countBanners(db: Executor, merchantId: string): Promise<number> {
  const row = await db
    .selectFrom('banners')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertBanner(db: Executor, row: Insertable<BannersTable>): Promise<BannerRow> {
  return db.insertInto('banners').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateBanner(db: Executor, merchantId: string, id: string, patch: Updateable<BannersTable>) {
  return db
    .updateTable('banners')
    .set({ ...patch, updated_at: new Date() })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function deleteBanner(db: Executor, merchantId: string, id: string) {
  return db
    .deleteFrom('banners')
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Announcements visible at `now` to an audience ('all': the site's public lists; 'agents': the agent
 * centre's Announcement page), newest first within the operator's order.
 */
function inEffect(db: Executor, merchantId: string, now: Date, audience: 'all' | 'agents' = 'all') {
  return db
    .selectFrom('announcements')
    .where('merchant_id', '=', merchantId)
    .where('audience', '=', audience)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));
}

export async function pageAnnouncements(
  db: Executor,
  q: {
    merchantId: string;
    types: string[] | null;
    now: Date;
    offset: number;
    limit: number;
    audience?: 'all' | 'agents';
  },
): Promise<{ rows: AnnouncementRow[]; total: number }> {
  let base = inEffect(db, q.merchantId, q.now, q.audience);
  if (q.types) base = base.where('type', 'in', q.types);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('sort_order')
      .orderBy('starts_at', 'desc')
      .offset(q.offset)
      .limit(q.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** How many announcements are in effect now (the home's ticker shows them). */
export async function countAnnouncementsInEffect(
  db: Executor,
  merchantId: string,
  now: Date,
): Promise<number> {
  const row = await inEffect(db, merchantId, now)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** All announcements of a merchant for operators, including scheduled and expired ones. */
export async function pageAllAnnouncements(db: Executor, merchantId: string, offset: number, limit: number) {
  return db
    .selectFrom('announcements')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('sort_order')
    .orderBy('starts_at', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function findAnnouncement(db: Executor, merchantId: string, id: string) {
  return db
    .selectFrom('announcements')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function insertAnnouncement(
  db: Executor,
  row: Insertable<AnnouncementsTable>,
): Promise<AnnouncementRow> {
  return db.insertInto('announcements').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateAnnouncement(
  db: Executor,
  merchantId: string,
  id: string,
  patch: Updateable<AnnouncementsTable>,
) {
  return db
    .updateTable('announcements')
    .set({ ...patch, updated_at: new Date() })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function deleteAnnouncement(db: Executor, merchantId: string, id: string) {
  return db
    .deleteFrom('announcements')
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** The versions of the given announcements a member has seen (announcement id → version). */
export async function announcementReads(
  db: Executor,
  memberId: string,
  ids: readonly string[],
): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('announcement_reads')
    .select(['announcement_id', 'version'])
    .where('member_id', '=', memberId)
    .where('announcement_id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.announcement_id, r.version]));
}

/** Remembers that a member saw an announcement at `version`; an older version never overwrites a newer one. */
export async function markAnnouncementRead(
  db: Executor,
  memberId: string,
  announcementId: string,
  version: Date,
) {
  await db
    .insertInto('announcement_reads')
    .values({ member_id: memberId, announcement_id: announcementId, version })
    .onConflict((oc) =>
      oc.columns(['member_id', 'announcement_id']).doUpdateSet((eb) => ({
        version: sql<Date>`greatest(${eb.ref('announcement_reads.version')}, ${eb.ref('excluded.version')})`,
        seen_at: sql<Date>`now()`,
      })),
    )
    .execute();
}

export function listHelpEntries(db: Executor, merchantId: string): Promise<HelpEntryRow[]> {
  return db
    .selectFrom('help_entries')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('sort_order')
    .limit(MAX_HELP_ENTRIES)
    .execute();
}

export async function insertHelpEntries(db: Executor, rows: Insertable<HelpEntriesTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('help_entries').values(rows.slice(0, MAX_HELP_ENTRIES)).execute();
}

export async function insertAudit(
  db: Executor,
  entry: {
    merchantId: string | null;
    keyId: string;
    action: string;
    target: string | null;
    before: unknown;
    after: unknown;
  },
): Promise<void> {
  await db
    .insertInto('operator_audit')
    .values({
      merchant_id: entry.merchantId,
      operator_key_id: entry.keyId,
      action: entry.action,
      target: entry.target,
      // Serialised here: pg would send a JS array as a PostgreSQL array, not JSON.
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

export function listAudit(db: Executor, merchantId: string, limit: number) {
  return db
    .selectFrom('operator_audit')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
