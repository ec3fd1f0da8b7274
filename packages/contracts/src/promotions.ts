import { z } from 'zod';
import { languageCode } from './common.ts';

/**
 * The promotions CMS (issue 17 item 1): promotions operators write in the back office and the site
 * shows on `/promotions` (tabs by category, a countdown to the end), `/promoDetail?id=` (the body) and
 * the register page's carousel (the new-player ones). The body is rich text the server sanitizes when
 * it is written (paragraphs, headings, lists, bold/italic, http(s) links, our own images only).
 */
export const PROMOTION_TYPES = [
  'deposit_bonus',
  'reload',
  'cashback',
  'rebate',
  'raffle',
  'activity_application',
  'free_content',
] as const;
export const promotionType = z.enum(PROMOTION_TYPES);
export type PromotionType = z.infer<typeof promotionType>;

/** The types that are a bonus: never shown while the merchant's bonus switch is off (Brazil). */
export const BONUS_PROMOTION_TYPES: readonly PromotionType[] = ['deposit_bonus', 'reload', 'cashback'];

export const PROMOTION_CATEGORIES = ['new_player', 'casino', 'sports', 'lottery', 'vip', 'general'] as const;
export const promotionCategory = z.enum(PROMOTION_CATEGORIES);
export type PromotionCategory = z.infer<typeof promotionCategory>;

export const PROMOTION_STATUSES = ['draft', 'published', 'archived'] as const;
export const promotionStatus = z.enum(PROMOTION_STATUSES);
export type PromotionStatus = z.infer<typeof promotionStatus>;

export const PROMOTION_AUDIENCES = ['all', 'new_players', 'vip_levels', 'agent_team', 'member_list'] as const;
export const promotionAudience = z.enum(PROMOTION_AUDIENCES);
export type PromotionAudience = z.infer<typeof promotionAudience>;

/** A member counts as a new player for this many days after registering. */
export const NEW_PLAYER_DAYS = 30;
export const PROMOTION_TITLE_MAX = 120;
export const PROMOTION_SUMMARY_MAX = 300;
/** The body as typed, before sanitizing (HTML). */
export const PROMOTION_BODY_MAX = 20_000;
export const PROMOTION_MEMBERS_MAX = 5_000;
export const PROMOTION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const text = (max: number) => z.string().trim().max(max);

/** One language's words; the body is HTML the server sanitizes (what comes back is what is kept). */
export const promotionContent = z.object({
  title: text(PROMOTION_TITLE_MAX).min(1),
  summary: text(PROMOTION_SUMMARY_MAX).default(''),
  body: z.string().max(PROMOTION_BODY_MAX).default(''),
});
export type PromotionContent = z.infer<typeof promotionContent>;

const isoDate = z.string().datetime({ offset: true });
const uuid = z.string().uuid();

/** Create and update (PUT replaces everything but the status, which moves by /status). */
export const promotionInput = z
  .object({
    type: promotionType,
    category: promotionCategory,
    startsAt: isoDate,
    endsAt: isoDate.nullable().default(null),
    audience: promotionAudience.default('all'),
    /** audience vip_levels: the VIP rank levels that see it. */
    vipLevels: z.array(z.number().int().min(0).max(100)).max(101).default([]),
    /** audience agent_team: the agent's account; their whole downline sees it. */
    agentAccount: z.string().trim().min(1).max(64).nullable().default(null),
    /** audience member_list: the accounts that see it. */
    memberAccounts: z.array(z.string().trim().min(1).max(64)).max(PROMOTION_MEMBERS_MAX).default([]),
    displayOrder: z.number().int().min(-100_000).max(100_000).default(0),
    coverImageId: uuid.nullable().default(null),
    /** Type raffle: the merchant's raffle its "Spin now" opens (none for the other types). */
    raffleId: z.number().int().positive().nullable().default(null),
    /** Per language; at least one. */
    content: z.partialRecord(languageCode, promotionContent).refine((c) => Object.keys(c).length > 0, {
      message: 'required',
    }),
  })
  .strict();
export type PromotionInput = z.infer<typeof promotionInput>;

export const promotionStatusChange = z.object({ status: promotionStatus }).strict();

export const promotionPreviewRequest = z.object({ body: z.string().max(PROMOTION_BODY_MAX) }).strict();
export const promotionPreview = z.object({ body: z.string() });

/** What the site shows in lists: the words per language without the body. */
export const promotionCard = z.object({
  id: z.number().int(),
  type: promotionType,
  category: promotionCategory,
  audience: promotionAudience,
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  displayOrder: z.number().int(),
  coverUrl: z.string().nullable(),
  content: z.record(z.string(), z.object({ title: z.string(), summary: z.string() })),
  /** Whether /promoDetail offers the activity application form. */
  takesApplications: z.boolean(),
  /** Type raffle: the raffle it links (its "Spin now" opens the reward centre). */
  raffleId: z.number().int().nullable(),
});
export type PromotionCard = z.infer<typeof promotionCard>;

/** The list, with the server's clock when it answered (the site's countdowns run on it). */
export const promotionCardList = z.object({ list: z.array(promotionCard), serverTime: z.string() });

export const promotionDetail = promotionCard.extend({
  content: z.record(z.string(), promotionContent),
  /** Whether the linked raffle runs now (the "Spin now" shows only then). */
  raffleRunning: z.boolean(),
});
export type PromotionDetail = z.infer<typeof promotionDetail>;

export const promotionListQuery = z.object({
  /** `register`: only what the register page's carousel shows (new-player ones). */
  placement: z.enum(['list', 'register']).default('list'),
});

/** The back office's view: everything, with the status and the audience's members by account. */
export const operatorPromotion = promotionDetail.omit({ raffleRunning: true }).extend({
  status: promotionStatus,
  vipLevels: z.array(z.number().int()),
  agentAccount: z.string().nullable(),
  memberAccounts: z.array(z.string()),
  coverImageId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OperatorPromotion = z.infer<typeof operatorPromotion>;

export const operatorPromotionQuery = z.object({ status: promotionStatus.optional() });
export const operatorPromotionList = z.object({ list: z.array(operatorPromotion) });

export const promotionImage = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PromotionImage = z.infer<typeof promotionImage>;

/**
 * What a withdrawal request does while the member has an active bonus: `forfeit` warns, then forfeits
 * the bonus on confirmation; `block` refuses it until the bonus ends.
 */
export const BONUS_WITHDRAWAL_RULES = ['forfeit', 'block'] as const;
export type BonusWithdrawalRule = (typeof BONUS_WITHDRAWAL_RULES)[number];

/** The merchant's bonus switch and withdrawal rule (the back office's promotions page). */
export const promotionSettings = z
  .object({ bonusesEnabled: z.boolean(), bonusWithdrawalRule: z.enum(BONUS_WITHDRAWAL_RULES) })
  .strict();
export type PromotionSettings = z.infer<typeof promotionSettings>;

/** A change of either setting (at least one). */
export const promotionSettingsUpdate = promotionSettings
  .partial()
  .refine((s) => s.bonusesEnabled !== undefined || s.bonusWithdrawalRule !== undefined, {
    message: 'nothing to change',
  });
export type PromotionSettingsUpdate = z.infer<typeof promotionSettingsUpdate>;
