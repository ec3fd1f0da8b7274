import {
  ACTIVITY_COMMENT_MAX,
  ACTIVITY_IMAGES_MAX,
  type ActivityApplication,
  type ActivityDecision,
  type ActivityStatus,
  type PageQuery,
} from '@sorte/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { offsetOf } from '../../platform/http/paging.ts';
import { newObjectKey, type ObjectStore } from '../../platform/storage/index.ts';
import { checkImage, type UploadedFile } from '../../platform/storage/upload-check.ts';
import { payFromBonusPool } from '../ledger/index.ts';
import { takesApplications } from '../promotions/index.ts';

export type { UploadedFile } from '../../platform/storage/upload-check.ts';

/**
 * Activity applications (issue 17 item 2): the member's side (apply, list, their own images) and the
 * operator's (the queue, a decision written once, the reward paid through the ledger under the key
 * `activity:<id>`). Images are checked by content (platform/storage/upload-check.ts) and stored
 * under keys this module makes.
 */

/** The comment's length in characters as a person counts them (code points, so an emoji is one). */
export function commentLength(comment: string): number {
  return [...comment].length;
}

export interface ApplyInput {
  activityId: string;
  comment: string;
  files: UploadedFile[];
}

export interface Applicant {
  memberId: string;
  merchantId: string;
}

interface ApplicationRow {
  id: string;
  activity_id: string;
  comment: string;
  status: ActivityStatus;
  reward_minor: string | null;
  currency: string | null;
  reason: string | null;
  created_at: Date;
  reviewed_at: Date | null;
  images: { position: number; content_type: 'image/png' | 'image/jpeg'; width: number; height: number }[];
}

const SELECT_APPLICATION = sql`
  a.id::text as id, a.activity_id, a.comment, a.status, a.reward_minor::text as reward_minor, a.currency,
  a.reason, a.created_at, a.reviewed_at,
  coalesce((select json_agg(json_build_object('position', i.position, 'content_type', i.content_type,
    'width', i.width, 'height', i.height) order by i.position)
    from activity_application_images i where i.application_id = a.id), '[]'::json) as images`;

function toApplication(row: ApplicationRow, imageBase: string): ActivityApplication {
  return {
    id: Number(row.id),
    activityId: row.activity_id,
    comment: row.comment,
    status: row.status,
    rewardMinor: row.reward_minor === null ? null : Number(row.reward_minor),
    currency: row.currency,
    reason: row.reason,
    images: row.images.map((image) => ({
      position: image.position,
      url: `${imageBase}/${row.id}/images/${image.position}`,
      contentType: image.content_type,
      width: image.width,
      height: image.height,
    })),
    createdAt: new Date(row.created_at).toISOString(),
    reviewedAt: row.reviewed_at ? new Date(row.reviewed_at).toISOString() : null,
  };
}

export const MEMBER_IMAGE_BASE = '/wps/member/activity/applications';
export const OPERATOR_IMAGE_BASE = '/bo/activity/applications';

/**
 * Whether the member may apply to this promotion: a published activity-application promotion of the
 * CMS they are shown now (its id), or an enabled promotion banner whose link is the id (the older
 * way, kept for banners operators already made).
 */
async function promotionExists(
  db: Db,
  applicant: Applicant,
  activityId: string,
  now: Date,
): Promise<boolean> {
  if (
    await takesApplications(
      db,
      { merchantId: applicant.merchantId, memberId: applicant.memberId },
      activityId,
      now,
    )
  )
    return true;
  const { rows } = await sql<{ one: number }>`
    select 1 as one from banners where merchant_id = ${applicant.merchantId} and enabled and linkage_type = 'promotion'
      and link = ${activityId} limit 1`.execute(db);
  return rows.length > 0;
}

async function hasPending(db: Db, memberId: string, activityId: string): Promise<boolean> {
  const { rows } = await sql<{ one: number }>`
    select 1 as one from activity_applications
    where member_id = ${memberId} and activity_id = ${activityId} and status = 'pending'`.execute(db);
  return rows.length > 0;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * Checks everything before storing anything (comment, count, each image by content, the promotion,
 * an open application); then stores the images under fresh keys and writes the application and its
 * images in one transaction. A concurrent twin loses on the one-pending index; its objects are removed.
 */
export async function apply(
  db: Db,
  store: ObjectStore,
  applicant: Applicant,
  input: ApplyInput,
  now: Date = new Date(),
): Promise<ActivityApplication> {
  const comment = input.comment.trim();
  if (commentLength(comment) > ACTIVITY_COMMENT_MAX) throw new AppError('ACTIVITY_COMMENT_TOO_LONG');
  if (input.files.length > ACTIVITY_IMAGES_MAX) throw new AppError('ACTIVITY_TOO_MANY_IMAGES');
  if (comment === '' && input.files.length === 0)
    throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'comment', key: 'required' }] });
  const images = input.files.map((file, index) => checkImage(file, index));
  if (!(await promotionExists(db, applicant, input.activityId, now)))
    throw new AppError('ACTIVITY_NOT_FOUND');
  if (await hasPending(db, applicant.memberId, input.activityId))
    throw new AppError('ACTIVITY_ALREADY_PENDING');

  const keys = images.map(() => newObjectKey(`activity/${applicant.merchantId}`));
  try {
    await Promise.all(images.map((image, i) => store.put(keys[i]!, image.bytes, image.type)));
    const id = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`
        insert into activity_applications (merchant_id, member_id, activity_id, comment)
        values (${applicant.merchantId}, ${applicant.memberId}, ${input.activityId}, ${comment})
        returning id::text as id`.execute(trx);
      const id = rows[0]!.id;
      for (const [position, image] of images.entries())
        await sql`insert into activity_application_images
            (application_id, position, storage_key, content_type, byte_size, width, height)
          values (${id}, ${position}, ${keys[position]!}, ${image.type}, ${image.bytes.length}, ${image.width}, ${image.height})`.execute(
          trx,
        );
      return id;
    });
    return (await findOwn(db, applicant.memberId, Number(id)))!;
  } catch (error) {
    await Promise.allSettled(keys.map((key) => store.delete(key)));
    if (isUniqueViolation(error)) throw new AppError('ACTIVITY_ALREADY_PENDING');
    throw error;
  }
}

async function findOwn(db: Db, memberId: string, id: number): Promise<ActivityApplication | null> {
  const { rows } = await sql<ApplicationRow>`
    select ${SELECT_APPLICATION} from activity_applications a where a.id = ${id} and a.member_id = ${memberId}`.execute(
    db,
  );
  return rows[0] ? toApplication(rows[0], MEMBER_IMAGE_BASE) : null;
}

/** The member's own applications, newest first (optionally for one promotion). */
export async function listOwn(
  db: Db,
  memberId: string,
  query: PageQuery & { activityId?: string },
): Promise<{ list: ActivityApplication[]; total: number }> {
  const activity = query.activityId ? sql`and a.activity_id = ${query.activityId}` : sql``;
  const [{ rows }, count] = await Promise.all([
    sql<ApplicationRow>`
      select ${SELECT_APPLICATION} from activity_applications a
      where a.member_id = ${memberId} ${activity}
      order by a.id desc limit ${query.pageSize} offset ${offsetOf(query)}`.execute(db),
    sql<{ n: string }>`
      select count(*)::text as n from activity_applications a where a.member_id = ${memberId} ${activity}`.execute(
      db,
    ),
  ]);
  return { list: rows.map((row) => toApplication(row, MEMBER_IMAGE_BASE)), total: Number(count.rows[0]!.n) };
}

/**
 * One image's bytes for a reader allowed to see it: the owning member (`memberId`) or an operator of
 * the merchant (`merchantId`). Anyone else gets the same not-found as a missing image.
 */
export async function readImage(
  db: Db,
  store: ObjectStore,
  reader: { memberId: string } | { merchantId: string },
  id: number,
  position: number,
): Promise<{ bytes: Buffer; contentType: string }> {
  const owner =
    'memberId' in reader ? sql`a.member_id = ${reader.memberId}` : sql`a.merchant_id = ${reader.merchantId}`;
  const { rows } = await sql<{ storage_key: string; content_type: string }>`
    select i.storage_key, i.content_type from activity_application_images i
    join activity_applications a on a.id = i.application_id
    where a.id = ${id} and i.position = ${position} and ${owner}`.execute(db);
  const row = rows[0];
  const bytes = row ? await store.get(row.storage_key) : null;
  if (!row || !bytes) throw new AppError('ACTIVITY_APPLICATION_NOT_FOUND');
  return { bytes, contentType: row.content_type };
}

export type ReviewItem = ActivityApplication & {
  account: string;
  memberCurrency: string;
  reviewer: string | null;
};

type ReviewRow = ApplicationRow & { account: string; member_currency: string; reviewer: string | null };

function toReviewItem(row: ReviewRow): ReviewItem {
  return {
    ...toApplication(row, OPERATOR_IMAGE_BASE),
    account: row.account,
    memberCurrency: row.member_currency,
    reviewer: row.reviewer,
  };
}

/** The operator's queue: one status (pending by default), oldest first for pending, newest first otherwise. */
export async function reviewQueue(
  db: Db,
  merchantId: string,
  query: PageQuery & { status?: ActivityStatus },
): Promise<{ list: ReviewItem[]; total: number }> {
  const status = query.status ?? 'pending';
  const order = status === 'pending' ? sql`a.id asc` : sql`a.id desc`;
  const [{ rows }, count] = await Promise.all([
    sql<ReviewRow>`
      select ${SELECT_APPLICATION}, m.account, m.currency as member_currency, o.username as reviewer
      from activity_applications a
      join members m on m.id = a.member_id
      left join operators o on o.id = a.reviewer_id
      where a.merchant_id = ${merchantId} and a.status = ${status}
      order by ${order} limit ${query.pageSize} offset ${offsetOf(query)}`.execute(db),
    sql<{ n: string }>`
      select count(*)::text as n from activity_applications a
      where a.merchant_id = ${merchantId} and a.status = ${status}`.execute(db),
  ]);
  return {
    list: rows.map(toReviewItem),
    total: Number(count.rows[0]!.n),
  };
}

export interface Reviewer {
  operatorId: string;
  merchantId: string;
}

/**
 * Writes the decision once: the update only matches a pending row, so of two operators deciding at
 * once the second waits on the row lock, then matches nothing and gets ACTIVITY_ALREADY_DECIDED. An
 * approval pays the reward from the merchant's bonus pool to the member's main wallet in the same
 * transaction (code 'bonus', key `activity:<id>`: a second payment of one application is impossible
 * twice over). The caller passes its transaction so the audit entry commits with it.
 */
export async function decide(
  trx: Db,
  reviewer: Reviewer,
  id: number,
  decision: ActivityDecision,
): Promise<{ before: ActivityStatus; application: ReviewItem }> {
  const approve = decision.decision === 'approve';
  const { rows } = await sql<{ member_id: string; currency: string }>`
    update activity_applications a set
      status = ${approve ? 'approved' : 'rejected'},
      reward_minor = ${approve ? BigInt(decision.rewardMinor) : null},
      currency = ${approve ? sql`(select currency from members where id = a.member_id)` : null},
      reason = ${approve ? null : decision.reason},
      reviewer_id = ${reviewer.operatorId},
      reviewed_at = now()
    where a.id = ${id} and a.merchant_id = ${reviewer.merchantId} and a.status = 'pending'
    returning a.member_id, (select currency from members where id = a.member_id) as currency`.execute(trx);
  const row = rows[0];
  if (!row) {
    const { rows: existing } = await sql<{ one: number }>`
      select 1 as one from activity_applications where id = ${id} and merchant_id = ${reviewer.merchantId}`.execute(
      trx,
    );
    throw new AppError(existing.length > 0 ? 'ACTIVITY_ALREADY_DECIDED' : 'ACTIVITY_APPLICATION_NOT_FOUND');
  }
  if (approve) {
    const paid = await payFromBonusPool(trx, {
      merchantId: reviewer.merchantId,
      memberId: row.member_id,
      idempotencyKey: `activity:${id}`,
      code: 'bonus',
      amountMinor: BigInt(decision.rewardMinor),
      currency: row.currency,
      metadata: { source: 'activity', applicationId: id },
    });
    await sql`update activity_applications set transfer_id = ${String(paid.id)} where id = ${id}`.execute(
      trx,
    );
  }
  const { rows: after } = await sql<ReviewRow>`
    select ${SELECT_APPLICATION}, m.account, m.currency as member_currency, o.username as reviewer
    from activity_applications a join members m on m.id = a.member_id left join operators o on o.id = a.reviewer_id
    where a.id = ${id}`.execute(trx);
  const item = after[0]!;
  return {
    before: 'pending',
    application: toReviewItem(item),
  };
}
