import { z } from 'zod';
import { idempotencyKey, withdrawalPasswordValue } from './cashier.ts';
import { paged, pageQuery } from './common.ts';
import { gameType } from './games.ts';

/**
 * The points mall (issue 17 item 7). Points are whole numbers (never a fraction); cash amounts are
 * minor units. Paths follow the spec's "points balance, reward, redeem, convert, redeem list, config".
 */

/** A text per language; the web shows its language's, else the other one. */
export const localizedText = z.object({ en: z.string().max(200), 'pt-BR': z.string().max(200) });

export const POINTS_ITEM_KINDS = ['cash', 'goods'] as const;
export const pointsItemKind = z.enum(POINTS_ITEM_KINDS);

/** GET /wps/points/reward: the mall's items (public, so a visitor sees them). */
export const pointsItem = z.object({
  id: z.number().int(),
  kind: pointsItemKind,
  names: localizedText,
  descriptions: localizedText,
  imageUrl: z.string().nullable(),
  costPoints: z.number().int(),
  cashMinor: z.number().int().nullable(),
  /** null: unlimited (cash items only). */
  stock: z.number().int().nullable(),
  redeemed: z.number().int(),
});
export type PointsItem = z.infer<typeof pointsItem>;
export const pointsItemList = z.object({ list: z.array(pointsItem) });

/**
 * The spec's redeem prompts (§5 "a Zalo number ID or a Whatsapp number to redeem a bonus"): where a
 * merchant gives its Zalo or WhatsApp contact, redeeming an item asks the player for theirs on one
 * of those channels, so the merchant's team can reach the player about the reward.
 */
export const REDEEM_CONTACT_CHANNELS = ['whatsapp', 'zalo'] as const;
export const redeemContactChannel = z.enum(REDEEM_CONTACT_CHANNELS);
export type RedeemContactChannel = z.infer<typeof redeemContactChannel>;
/** A phone number in international form, as WhatsApp links want it (wa.me/<digits>). */
export const WHATSAPP_NUMBER_PATTERN = /^\+?[1-9][0-9 ()-]{6,19}$/;
/** A Zalo phone number or Zalo ID. */
export const ZALO_ID_PATTERN = /^[A-Za-z0-9._+ ()-]{3,40}$/;
export const redeemContact = z
  .object({ channel: redeemContactChannel, handle: z.string().trim().min(3).max(40) })
  .refine((c) => (c.channel === 'whatsapp' ? WHATSAPP_NUMBER_PATTERN : ZALO_ID_PATTERN).test(c.handle), {
    path: ['handle'],
    message: 'pattern',
  });
export type RedeemContact = z.infer<typeof redeemContact>;
/** The merchant's own contacts for the prompts; null: that channel is not offered. */
export const merchantRedeemContacts = z.object({
  whatsapp: z.string().nullable(),
  zalo: z.string().nullable(),
});
export type MerchantRedeemContacts = z.infer<typeof merchantRedeemContacts>;

/** GET /wps/points/config: the rules a player reads. */
export const pointsConfig = z.object({
  enabled: z.boolean(),
  cashEnabled: z.boolean(),
  currency: z.string(),
  rates: z.array(
    z.object({ category: z.string(), stakeUnitMinor: z.number().int(), pointsPerUnit: z.number().int() }),
  ),
  convert: z
    .object({ points: z.number().int(), cashMinor: z.number().int(), minPoints: z.number().int() })
    .nullable(),
  contacts: merchantRedeemContacts,
});
export type PointsConfig = z.infer<typeof pointsConfig>;

/** GET /wps/member/points/balance. */
export const pointsBalance = z.object({
  balance: z.number().int(),
  earned: z.number().int(),
  spent: z.number().int(),
});
export type PointsBalance = z.infer<typeof pointsBalance>;

export const deliveryAddress = z.object({
  name: z.string().trim().min(2).max(80),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{8,20}$/),
  line: z.string().trim().min(5).max(200),
  city: z.string().trim().min(2).max(80),
  postalCode: z.string().trim().min(3).max(16),
});
export type DeliveryAddress = z.infer<typeof deliveryAddress>;

/** POST /wps/member/points/redeem: an item, checked with the withdrawal password. */
export const pointsRedeemRequest = z.object({
  itemId: z.number().int().min(1),
  address: deliveryAddress.optional(),
  /** Required where the merchant offers a contact channel (config.contacts), on one of those. */
  contact: redeemContact.optional(),
  withdrawalPassword: withdrawalPasswordValue,
  idempotencyKey,
});
export type PointsRedeemRequest = z.infer<typeof pointsRedeemRequest>;

/** POST /wps/member/points/convert: points to cash at the merchant's rate. */
export const pointsConvertRequest = z.object({
  points: z.number().int().min(1).max(1_000_000_000_000),
  withdrawalPassword: withdrawalPasswordValue,
  idempotencyKey,
});
export type PointsConvertRequest = z.infer<typeof pointsConvertRequest>;

/**
 * processing: goods waiting for an operator; approved: cash credited at once; shipped → delivered,
 * or cancelled (the points given back); rejected is kept for old rows.
 */
export const POINTS_REDEMPTION_STATUSES = [
  'processing',
  'approved',
  'rejected',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export const pointsRedemption = z.object({
  id: z.number().int(),
  kind: z.enum(['cash', 'goods', 'convert']),
  itemId: z.number().int().nullable(),
  names: localizedText.nullable(),
  points: z.number().int(),
  cashMinor: z.number().int().nullable(),
  address: deliveryAddress.nullable(),
  contact: z.object({ channel: redeemContactChannel, handle: z.string() }).nullable(),
  status: z.enum(POINTS_REDEMPTION_STATUSES),
  createdAt: z.string(),
});
export type PointsRedemption = z.infer<typeof pointsRedemption>;

/** GET /wps/member/points/redeem/list. */
export const pointsRedemptionQuery = pageQuery;
export const pointsRedemptionPage = paged(pointsRedemption);

/** POST /wps/member/points/redeem and /convert answer the redemption and the new balance. */
export const pointsRedeemResponse = z.object({ redemption: pointsRedemption, balance: pointsBalance });

/** POST /bo/points/items (operator): a new item. */
export const pointsItemCreate = z
  .object({
    kind: pointsItemKind,
    names: localizedText,
    descriptions: localizedText.optional(),
    imageUrl: z.string().max(500).nullable().optional(),
    costPoints: z.number().int().min(1).max(1_000_000_000),
    cashMinor: z.number().int().min(1).max(1_000_000_000_000).nullable().optional(),
    stock: z.number().int().min(0).max(1_000_000).nullable().optional(),
    sortOrder: z.number().int().min(0).max(10_000).optional(),
  })
  .refine((i) => (i.kind === 'cash') === (i.cashMinor != null), { path: ['cashMinor'], message: 'invalid' })
  .refine((i) => i.kind === 'cash' || i.stock != null, { path: ['stock'], message: 'required' });
export type PointsItemCreate = z.infer<typeof pointsItemCreate>;

/**
 * PATCH /bo/points/items/:id: only what is sent changes. Stock moves by a delta (units added, or taken
 * back with a minus sign) applied to the stock as it is when the edit runs, never set to a number
 * read earlier: a redemption between the operator's reading and the save cannot be undone by it.
 */
export const pointsItemUpdate = z.object({
  stockDelta: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  active: z.boolean().optional(),
  names: localizedText
    .refine((t) => t.en.trim() !== '' && t['pt-BR'].trim() !== '', { message: 'required' })
    .optional(),
  descriptions: localizedText.optional(),
  imageUrl: z.string().max(500).nullable().optional(),
  costPoints: z.number().int().min(1).max(1_000_000_000).optional(),
  /** Cash items only. */
  cashMinor: z.number().int().min(1).max(1_000_000_000_000).optional(),
});
export type PointsItemUpdate = z.infer<typeof pointsItemUpdate>;

/** GET /bo/points/items: an operator sees inactive items too. */
export const pointsOperatorItem = pointsItem.extend({ active: z.boolean() });
export type PointsOperatorItem = z.infer<typeof pointsOperatorItem>;
export const pointsOperatorItemList = z.object({ list: z.array(pointsOperatorItem) });

/** GET /bo/points/redemptions: the queue, newest first, of one status and/or one member. */
export const pointsOperatorRedemptionQuery = pageQuery.extend({
  status: z.enum(POINTS_REDEMPTION_STATUSES).optional(),
  account: z.string().trim().min(1).max(64).optional(),
});
export type PointsOperatorRedemptionQuery = z.infer<typeof pointsOperatorRedemptionQuery>;

export const pointsOperatorRedemption = pointsRedemption.extend({
  account: z.string(),
  currency: z.string().nullable(),
  trackingNote: z.string().nullable(),
  cancelReason: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type PointsOperatorRedemption = z.infer<typeof pointsOperatorRedemption>;
export const pointsOperatorRedemptionPage = paged(pointsOperatorRedemption);

/**
 * POST /bo/points/redemptions/:id/decision (goods only): shipped (an optional tracking note),
 * delivered, or cancelled with a reason (the points go back once, the unit back to stock).
 */
export const pointsRedemptionDecision = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('shipped'), trackingNote: z.string().trim().max(200).optional() }),
  z.object({ decision: z.literal('delivered') }),
  z.object({ decision: z.literal('cancelled'), reason: z.string().trim().min(2).max(500) }),
]);
export type PointsRedemptionDecision = z.infer<typeof pointsRedemptionDecision>;

const pointsRate = z.object({
  category: gameType,
  stakeUnitMinor: z.number().int().min(1).max(1_000_000_000_000),
  pointsPerUnit: z.number().int().min(0).max(1_000_000),
});

/** GET /bo/points/rules: the switches, the conversion and the rates per category (0 where none). */
export const pointsRules = z.object({
  enabled: z.boolean(),
  /** Off by default: points as cash are a bonus. */
  cashEnabled: z.boolean(),
  currency: z.string(),
  convertPoints: z.number().int(),
  convertCashMinor: z.number().int(),
  convertMinPoints: z.number().int(),
  rates: z.array(pointsRate),
  /** The merchant's WhatsApp number and Zalo ID for the redeem prompts; null: not offered. */
  whatsappContact: z.string().nullable(),
  zaloContact: z.string().nullable(),
});
export type PointsRules = z.infer<typeof pointsRules>;

/** PUT /bo/points/rules: what changes; a rate of 0 points stops earning in its category. */
export const pointsRulesUpdate = z.object({
  enabled: z.boolean().optional(),
  cashEnabled: z.boolean().optional(),
  convertPoints: z.number().int().min(1).max(1_000_000_000).optional(),
  convertCashMinor: z.number().int().min(0).max(1_000_000_000_000).optional(),
  convertMinPoints: z.number().int().min(1).max(1_000_000_000).optional(),
  /** null switches the channel's prompt off. */
  whatsappContact: z.string().trim().regex(WHATSAPP_NUMBER_PATTERN).nullable().optional(),
  zaloContact: z.string().trim().regex(ZALO_ID_PATTERN).nullable().optional(),
  rates: z
    .array(pointsRate)
    .max(20)
    .refine((list) => new Set(list.map((r) => r.category)).size === list.length, { message: 'duplicate' })
    .default([]),
});
export type PointsRulesUpdate = z.infer<typeof pointsRulesUpdate>;
