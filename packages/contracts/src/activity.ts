import { z } from 'zod';
import { positiveMinor } from './cashier.ts';
import { pageQuery, paged } from './common.ts';
import { minorUnits } from './wallet.ts';
import { ACTIVITY_COMMENT_MAX } from './activity-limits.ts';

/**
 * Activity applications (spec §3 "Activity apply: comment, images", §5 "comment up to 140
 * characters; images png or jpg, max 5 MB each, max 3"). A member applies to a promotion (its id is
 * the one `/promoDetail?id=` shows) with a comment and images; an operator approves it with a reward
 * or rejects it with a reason.
 *
 * POST /wps/member/activity/apply takes multipart/form-data: fields `activityId` and `comment`, up to
 * three files in `images` — checked by content (PNG or JPEG, header parsed), never by name.
 */
export {
  ACTIVITY_COMMENT_MAX,
  ACTIVITY_IMAGE_MAX_BYTES,
  ACTIVITY_IMAGE_MAX_PIXELS,
  ACTIVITY_IMAGES_MAX,
} from './activity-limits.ts';
export const ACTIVITY_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const activityStatus = z.enum(ACTIVITY_STATUSES);
export type ActivityStatus = z.infer<typeof activityStatus>;

/** The form's text fields; the comment's length is checked by the server with its own code. */
export const activityApplyFields = z.object({
  activityId: z.string().trim().min(1).max(128),
  comment: z.string().max(4 * ACTIVITY_COMMENT_MAX),
});

export const activityImage = z.object({
  position: z.number().int(),
  /** Served to the owner (token) and operators (bo-token) only. */
  url: z.string(),
  contentType: z.enum(['image/png', 'image/jpeg']),
  width: z.number().int(),
  height: z.number().int(),
});

export const activityApplication = z.object({
  id: z.number().int(),
  activityId: z.string(),
  comment: z.string(),
  status: activityStatus,
  rewardMinor: minorUnits.nullable(),
  currency: z.string().nullable(),
  reason: z.string().nullable(),
  images: z.array(activityImage),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type ActivityApplication = z.infer<typeof activityApplication>;

export const activityApplicationQuery = pageQuery.extend({
  activityId: z.string().trim().min(1).max(128).optional(),
});
export const activityApplicationPage = paged(activityApplication);

/** The back office's queue: pending first by default, with the member's account name. */
export const activityReviewQuery = pageQuery.extend({ status: activityStatus.optional() });
export const activityReviewItem = activityApplication.extend({
  account: z.string(),
  /** The member's currency: the one a reward is typed and paid in. */
  memberCurrency: z.string(),
  reviewer: z.string().nullable(),
});
export const activityReviewPage = paged(activityReviewItem);
export type ActivityReviewItem = z.infer<typeof activityReviewItem>;

export const activityDecision = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), rewardMinor: positiveMinor }),
  z.object({ decision: z.literal('reject'), reason: z.string().trim().min(1).max(500) }),
]);
export type ActivityDecision = z.infer<typeof activityDecision>;
