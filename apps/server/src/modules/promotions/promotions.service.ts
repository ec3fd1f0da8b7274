import {
  BONUS_PROMOTION_TYPES,
  type BonusWithdrawalRule,
  NEW_PLAYER_DAYS,
  type OperatorPromotion,
  type PromotionAudience,
  type PromotionCard,
  type PromotionCategory,
  type PromotionContent,
  type PromotionDetail,
  type PromotionImage,
  type PromotionInput,
  type PromotionSettings,
  type PromotionSettingsUpdate,
  type PromotionStatus,
  type PromotionType,
} from '@sorte/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { newObjectKey, type ObjectStore } from '../../platform/storage/index.ts';
import { checkImage, type UploadedFile } from '../../platform/storage/upload-check.ts';
import { raffleRunsNow } from '../rewards/index.ts';
import { readAsset } from './promotions.assets.ts';
import { sanitizeRichText } from './promotions.sanitize.ts';

/**
 * Promotions (issue 17 item 1): who sees what is decided here, in SQL, for the site's lists and
 * detail and for the activity applications' check; operators write promotions (the body sanitized
 * on the way in), move their status and upload pictures to the object store.
 */

/** Who is looking: a visitor (member null) or a signed-in member of the merchant. */
export interface Viewer {
  merchantId: string;
  memberId: string | null;
}

export const IMAGE_BASE = '/wps/promotions/images';
const imageUrl = (id: string) => `${IMAGE_BASE}/${id}`;

interface PromotionRow {
  id: string;
  type: PromotionType;
  category: PromotionCategory;
  status: PromotionStatus;
  audience: PromotionAudience;
  starts_at: Date;
  ends_at: Date | null;
  display_order: number;
  cover_image_id: string | null;
  raffle_id: string | null;
  content: Record<string, PromotionContent>;
  vip_levels: number[];
  agent_account: string | null;
  member_accounts: string[] | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (d: Date | string) => new Date(d).toISOString();

function toCard(row: PromotionRow): PromotionCard {
  return {
    id: Number(row.id),
    type: row.type,
    category: row.category,
    audience: row.audience,
    startsAt: iso(row.starts_at),
    endsAt: row.ends_at ? iso(row.ends_at) : null,
    displayOrder: row.display_order,
    coverUrl: row.cover_image_id ? imageUrl(row.cover_image_id) : null,
    content: Object.fromEntries(
      Object.entries(row.content).map(([lang, c]) => [lang, { title: c.title, summary: c.summary }]),
    ),
    takesApplications: row.type === 'activity_application',
    raffleId: row.raffle_id === null ? null : Number(row.raffle_id),
  };
}

/** The card with the body (`raffleRunning`: whether the linked raffle runs now, for "Spin now"). */
function toDetail(row: PromotionRow, raffleRunning: boolean): PromotionDetail {
  return { ...toCard(row), content: row.content, raffleRunning };
}

/** Whether the merchant's bonus switch is on (merchants.bonuses_enabled; off by default — Brazil). */
export async function bonusesEnabled(db: Db, merchantId: string): Promise<boolean> {
  const { rows } = await sql<{ on: boolean }>`
    select bonuses_enabled as on from merchants where id = ${merchantId}`.execute(db);
  return rows[0]?.on ?? false;
}

/** The merchant's bonus switch and withdrawal rule (the back office's promotions settings). */
export async function promotionSettings(
  db: Db,
  merchantId: string,
  lock = false,
): Promise<PromotionSettings> {
  const { rows } = await sql<{ on: boolean; rule: BonusWithdrawalRule }>`
    select bonuses_enabled as on, bonus_withdrawal_rule as rule from merchants where id = ${merchantId}
    ${lock ? sql`for update` : sql``}`.execute(db);
  return { bonusesEnabled: rows[0]?.on ?? false, bonusWithdrawalRule: rows[0]?.rule ?? 'forfeit' };
}

/** What a withdrawal request does while the member has an active bonus (migration 0085). */
export async function bonusWithdrawalRule(db: Db, merchantId: string): Promise<BonusWithdrawalRule> {
  return (await promotionSettings(db, merchantId)).bonusWithdrawalRule;
}

/**
 * Changes the settings given, in the caller's transaction (the merchant row locked, so two operators
 * changing different settings at once both land); answers them before and after, for the audit.
 */
export async function updatePromotionSettings(
  db: Db,
  merchantId: string,
  change: PromotionSettingsUpdate,
): Promise<{ before: PromotionSettings; after: PromotionSettings }> {
  const before = await promotionSettings(db, merchantId, true);
  const after = { ...before, ...change };
  await sql`
    update merchants set bonuses_enabled = ${after.bonusesEnabled}, bonus_withdrawal_rule = ${after.bonusWithdrawalRule},
      updated_at = now()
     where id = ${merchantId}`.execute(db);
  return { before, after };
}

/**
 * The condition "the viewer is shown promotion p now": published, started, not ended, not a bonus
 * while bonuses are off, and in its audience. A visitor is in `all` and `new_players` only (someone
 * who has not signed up yet is the newest player there is); a member is a new player for
 * NEW_PLAYER_DAYS after registering, in `vip_levels` by their VIP rank, in `agent_team` when the
 * agent is above them in the tree (their ancestry), in `member_list` when listed.
 */
function shownTo(viewer: Viewer, now: Date, bonusesOn: boolean): RawBuilder<unknown> {
  const bonusTypes = sql.join(BONUS_PROMOTION_TYPES.map((t) => sql`${t}`));
  const bonus = bonusesOn ? sql`true` : sql`p.type not in (${bonusTypes})`;
  const audience = viewer.memberId
    ? sql`exists (select 1 from members m where m.id = ${viewer.memberId} and m.merchant_id = p.merchant_id and (
        p.audience = 'all'
        or (p.audience = 'new_players' and m.created_at > ${now}::timestamptz - make_interval(days => ${NEW_PLAYER_DAYS}))
        or (p.audience = 'vip_levels' and m.vip_rank_level = any (p.vip_levels))
        or (p.audience = 'agent_team' and position('/' || p.agent_id::text || '/' in m.ancestry) > 0)
        or (p.audience = 'member_list' and exists (
          select 1 from promotion_members pm where pm.promotion_id = p.id and pm.member_id = m.id))))`
    : sql`p.audience in ('all', 'new_players')`;
  return sql`p.merchant_id = ${viewer.merchantId} and p.status = 'published'
    and p.starts_at <= ${now} and (p.ends_at is null or p.ends_at > ${now})
    and ${bonus} and ${audience}`;
}

const SELECT = sql`p.id::text as id, p.type, p.category, p.status, p.audience, p.starts_at, p.ends_at,
  p.display_order, p.cover_image_id::text as cover_image_id,
  p.raffle_id::text as raffle_id, p.content, p.vip_levels, p.created_at, p.updated_at`;

/**
 * What the viewer is shown, in display order. `register` narrows it to the register page's carousel:
 * the promotions for new players (audience new_players, or category new_player).
 */
export async function listShown(
  db: Db,
  viewer: Viewer,
  now: Date,
  placement: 'list' | 'register' = 'list',
): Promise<PromotionCard[]> {
  const bonusesOn = await bonusesEnabled(db, viewer.merchantId);
  const register =
    placement === 'register' ? sql`and (p.audience = 'new_players' or p.category = 'new_player')` : sql``;
  const { rows } = await sql<PromotionRow>`
    select ${SELECT} from promotions p
    where ${shownTo(viewer, now, bonusesOn)} ${register}
    order by p.display_order, p.id`.execute(db);
  return rows.map(toCard);
}

/** One promotion the viewer is shown; anything else (draft, ended, another merchant's, not for them) is 404. */
export async function findShown(db: Db, viewer: Viewer, id: number, now: Date): Promise<PromotionDetail> {
  const bonusesOn = await bonusesEnabled(db, viewer.merchantId);
  const { rows } = await sql<PromotionRow>`
    select ${SELECT} from promotions p where p.id = ${id} and ${shownTo(viewer, now, bonusesOn)}`.execute(db);
  const row = rows[0];
  if (!row) throw new AppError('PROMOTION_NOT_FOUND');
  const raffleRunning =
    row.raffle_id !== null &&
    (await raffleRunsNow(db, viewer.merchantId, Number(row.raffle_id), now)) === true;
  return toDetail(row, raffleRunning);
}

/**
 * The deposit-bonus and reload promotions a member is shown now, in display order: the promotions a
 * credited deposit may grant a bonus from (the bonuses module holds their bonus terms).
 */
export async function depositBonusPromotions(
  db: Db,
  viewer: Viewer,
  now: Date,
): Promise<{ id: string; type: 'deposit_bonus' | 'reload' }[]> {
  const bonusesOn = await bonusesEnabled(db, viewer.merchantId);
  const { rows } = await sql<{ id: string; type: 'deposit_bonus' | 'reload' }>`
    select p.id::text as id, p.type from promotions p
     where ${shownTo(viewer, now, bonusesOn)} and p.type in ('deposit_bonus', 'reload')
     order by p.display_order, p.id`.execute(db);
  return rows;
}

/**
 * Whether a member may apply to `activityId` as a promotion of this CMS: a number naming an
 * activity-application promotion they are shown now (activity applications ask this).
 */
export async function takesApplications(
  db: Db,
  viewer: Viewer,
  activityId: string,
  now: Date,
): Promise<boolean> {
  if (!/^[1-9][0-9]{0,15}$/.test(activityId)) return false;
  const bonusesOn = await bonusesEnabled(db, viewer.merchantId);
  const { rows } = await sql<{ one: number }>`
    select 1 as one from promotions p
    where p.id = ${activityId} and p.type = 'activity_application' and ${shownTo(viewer, now, bonusesOn)}`.execute(
    db,
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------- operators

const OPERATOR_SELECT = sql`${SELECT},
  (select a.account from members a where a.id = p.agent_id) as agent_account,
  (select coalesce(array_agg(m.account order by m.account), '{}') from promotion_members pm
     join members m on m.id = pm.member_id where pm.promotion_id = p.id) as member_accounts`;

function toOperator(row: PromotionRow): OperatorPromotion {
  return {
    ...toCard(row),
    content: row.content,
    status: row.status,
    vipLevels: row.vip_levels,
    agentAccount: row.agent_account,
    memberAccounts: row.member_accounts ?? [],
    coverImageId: row.cover_image_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Every promotion of the merchant (or those of one status), in display order. */
export async function operatorList(
  db: Db,
  merchantId: string,
  status?: PromotionStatus,
): Promise<OperatorPromotion[]> {
  const filter = status ? sql`and p.status = ${status}` : sql``;
  const { rows } = await sql<PromotionRow>`
    select ${OPERATOR_SELECT} from promotions p where p.merchant_id = ${merchantId} ${filter}
    order by p.display_order, p.id`.execute(db);
  return rows.map(toOperator);
}

export async function operatorFind(db: Db, merchantId: string, id: number): Promise<OperatorPromotion> {
  const { rows } = await sql<PromotionRow>`
    select ${OPERATOR_SELECT} from promotions p where p.id = ${id} and p.merchant_id = ${merchantId}`.execute(
    db,
  );
  if (!rows[0]) throw new AppError('PROMOTION_NOT_FOUND');
  return toOperator(rows[0]);
}

/** Each language's words trimmed, its body sanitized: what is stored is what the site may render. */
export function cleanContent(content: PromotionInput['content']): Record<string, PromotionContent> {
  return Object.fromEntries(
    Object.entries(content).map(([lang, c]) => [
      lang,
      { title: c.title.trim(), summary: c.summary.trim(), body: sanitizeRichText(c.body) },
    ]),
  );
}

interface Resolved {
  content: Record<string, PromotionContent>;
  vipLevels: number[];
  agentId: string | null;
  memberIds: string[];
}

/** Checks the input against the merchant (dates, audience, the agent, the members, the cover). */
async function resolveInput(db: Db, merchantId: string, input: PromotionInput): Promise<Resolved> {
  if (input.endsAt && new Date(input.endsAt) <= new Date(input.startsAt))
    throw new AppError('PROMOTION_DATES_INVALID');
  const needs = {
    vip_levels: input.vipLevels.length > 0,
    agent_team: input.agentAccount !== null,
    member_list: input.memberAccounts.length > 0,
  } as const;
  if (input.audience in needs && !needs[input.audience as keyof typeof needs])
    throw new AppError('PROMOTION_AUDIENCE_INVALID');

  let agentId: string | null = null;
  if (input.audience === 'agent_team') {
    const { rows } = await sql<{ id: string }>`
      select id from members where merchant_id = ${merchantId} and lower(account) = lower(${input.agentAccount})
        and type in (1, 2, 41, 42)`.execute(db);
    if (!rows[0]) throw new AppError('PROMOTION_AGENT_UNKNOWN');
    agentId = rows[0].id;
  }
  let memberIds: string[] = [];
  if (input.audience === 'member_list') {
    const wanted = [...new Set(input.memberAccounts.map((a) => a.toLowerCase()))];
    const { rows } = await sql<{ id: string; account: string }>`
      select id, lower(account) as account from members
      where merchant_id = ${merchantId} and lower(account) in (${sql.join(wanted)})`.execute(db);
    const found = new Set(rows.map((r) => r.account));
    const missing = wanted.filter((a) => !found.has(a));
    if (missing.length > 0)
      throw new AppError('PROMOTION_MEMBER_UNKNOWN', { accounts: missing.slice(0, 20) });
    memberIds = rows.map((r) => r.id);
  }
  // A raffle promotion may name one of the merchant's raffles (its "Spin now"); no other type names one.
  if (input.raffleId !== null) {
    const known =
      input.type === 'raffle' && (await raffleRunsNow(db, merchantId, input.raffleId, new Date())) !== null;
    if (!known) throw new AppError('PROMOTION_RAFFLE_INVALID');
  }
  if (input.coverImageId) {
    const { rows } = await sql<{ one: number }>`
      select 1 as one from promotion_images where id = ${input.coverImageId} and merchant_id = ${merchantId}`.execute(
      db,
    );
    if (!rows[0]) throw new AppError('PROMOTION_IMAGE_NOT_FOUND');
  }
  return {
    content: cleanContent(input.content),
    vipLevels: input.audience === 'vip_levels' ? [...new Set(input.vipLevels)].sort((a, b) => a - b) : [],
    agentId,
    memberIds,
  };
}

async function writeMembers(db: Db, promotionId: string, memberIds: string[]): Promise<void> {
  await sql`delete from promotion_members where promotion_id = ${promotionId}`.execute(db);
  if (memberIds.length === 0) return;
  await sql`insert into promotion_members (promotion_id, member_id)
    select ${promotionId}, unnest(${memberIds}::uuid[])`.execute(db);
}

const intArray = (values: number[]) => sql`${`{${values.join(',')}}`}::integer[]`;

/** A new promotion, as a draft. Run in the caller's transaction (with its audit entry). */
export async function createPromotion(
  db: Db,
  merchantId: string,
  input: PromotionInput,
): Promise<OperatorPromotion> {
  const r = await resolveInput(db, merchantId, input);
  const { rows } = await sql<{ id: string }>`
    insert into promotions (merchant_id, type, category, starts_at, ends_at, audience, vip_levels, agent_id,
      display_order, cover_image_id, raffle_id, content)
    values (${merchantId}, ${input.type}, ${input.category}, ${input.startsAt}, ${input.endsAt}, ${input.audience},
      ${intArray(r.vipLevels)}, ${r.agentId}, ${input.displayOrder}, ${input.coverImageId}, ${input.raffleId},
      ${JSON.stringify(r.content)}::jsonb)
    returning id::text as id`.execute(db);
  const id = rows[0]!.id;
  await writeMembers(db, id, r.memberIds);
  return operatorFind(db, merchantId, Number(id));
}

/** Replaces everything but the status; the row is locked first so two saves take turns. */
export async function updatePromotion(
  db: Db,
  merchantId: string,
  id: number,
  input: PromotionInput,
): Promise<{ before: OperatorPromotion; after: OperatorPromotion }> {
  await lockPromotion(db, merchantId, id);
  const before = await operatorFind(db, merchantId, id);
  const r = await resolveInput(db, merchantId, input);
  await sql`
    update promotions set type = ${input.type}, category = ${input.category}, starts_at = ${input.startsAt},
      ends_at = ${input.endsAt}, audience = ${input.audience}, vip_levels = ${intArray(r.vipLevels)},
      agent_id = ${r.agentId}, display_order = ${input.displayOrder}, cover_image_id = ${input.coverImageId},
      raffle_id = ${input.raffleId}, content = ${JSON.stringify(r.content)}::jsonb, updated_at = now()
    where id = ${id} and merchant_id = ${merchantId}`.execute(db);
  await writeMembers(db, String(id), r.memberIds);
  return { before, after: await operatorFind(db, merchantId, id) };
}

async function lockPromotion(db: Db, merchantId: string, id: number): Promise<void> {
  const { rows } = await sql<{ id: string }>`
    select id::text as id from promotions where id = ${id} and merchant_id = ${merchantId} for update`.execute(
    db,
  );
  if (!rows[0]) throw new AppError('PROMOTION_NOT_FOUND');
}

/** Publish, archive or take back to draft; any status may move to any other. */
export async function setStatus(
  db: Db,
  merchantId: string,
  id: number,
  status: PromotionStatus,
): Promise<{ before: PromotionStatus; after: OperatorPromotion }> {
  await lockPromotion(db, merchantId, id);
  const before = (await operatorFind(db, merchantId, id)).status;
  await sql`update promotions set status = ${status}, updated_at = now()
    where id = ${id} and merchant_id = ${merchantId}`.execute(db);
  return { before, after: await operatorFind(db, merchantId, id) };
}

// ---------------------------------------------------------------- pictures

/**
 * Stores an uploaded picture (checked by content, as every upload) under a key this module makes,
 * then records it; the object is removed again if the row cannot be written.
 */
export async function uploadImage(
  db: Db,
  store: ObjectStore,
  merchantId: string,
  file: UploadedFile,
): Promise<PromotionImage> {
  const image = checkImage(file, 0);
  const key = newObjectKey(`promotion/${merchantId}`);
  const id = key.slice(key.lastIndexOf('/') + 1);
  await store.put(key, image.bytes, image.type);
  try {
    await sql`insert into promotion_images (id, merchant_id, storage_key, content_type, byte_size, width, height)
      values (${id}, ${merchantId}, ${key}, ${image.type}, ${image.bytes.length}, ${image.width}, ${image.height})`.execute(
      db,
    );
  } catch (error) {
    await store.delete(key).catch(() => undefined);
    throw error;
  }
  return { id, url: imageUrl(id), width: image.width, height: image.height };
}

/** A picture of the merchant's promotions; another merchant's, or none, is the same 404. */
export async function readImage(
  db: Db,
  store: ObjectStore,
  merchantId: string,
  id: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  const { rows } = await sql<{ storage_key: string; content_type: string }>`
    select storage_key, content_type from promotion_images where id = ${id} and merchant_id = ${merchantId}`.execute(
    db,
  );
  const key = rows[0]?.storage_key;
  const bytes = key ? (readAsset(key) ?? (await store.get(key))) : null;
  if (!rows[0] || !bytes) throw new AppError('PROMOTION_IMAGE_NOT_FOUND');
  return { bytes, contentType: rows[0].content_type };
}
