import { z } from 'zod';
import { idempotencyKey, withdrawalPasswordValue } from './cashier.ts';
import { paged, pageQuery } from './common.ts';

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

export const POINTS_REDEMPTION_STATUSES = ['processing', 'approved', 'rejected'] as const;
export const pointsRedemption = z.object({
  id: z.number().int(),
  kind: z.enum(['cash', 'goods', 'convert']),
  itemId: z.number().int().nullable(),
  names: localizedText.nullable(),
  points: z.number().int(),
  cashMinor: z.number().int().nullable(),
  address: deliveryAddress.nullable(),
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

/** PATCH /bo/points/items/:id: stock added (or taken back) and the switch. */
export const pointsItemUpdate = z.object({
  stockDelta: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  active: z.boolean().optional(),
});
