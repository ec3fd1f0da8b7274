import { z } from 'zod';
import { pageQuery, paged } from './common.ts';

/**
 * The Vietnamese lottery (XSMB, XSMT, XSMN): daily draws per province, drawn outside the platform;
 * results are entered by one operator and approved by another, or imported. Amounts are integer
 * minor units (đồng have none, so 1 = 1 ₫ for a VND merchant). The rules are in @sorte/lottery/vn.
 */

export const VN_REGION_CODES = ['north', 'central', 'south'] as const;
export const vnRegion = z.enum(VN_REGION_CODES);
export const VN_BET_TYPE_CODES = ['lo2', 'lo3', 'de', 'xien2', 'xien3', 'xien4', 'baoLo2', 'baoLo3'] as const;
export const vnBetType = z.enum(VN_BET_TYPE_CODES);
export type VnBetTypeCode = z.infer<typeof vnBetType>;

export const vnDrawStatus = z.enum(['scheduled', 'pending_approval', 'settling', 'settled', 'cancelled']);
export const vnTicketStatus = z.enum(['pending', 'won', 'lost', 'cancelled']);

const id = z.string().regex(/^[1-9][0-9]{0,17}$/);
const provinceCode = z.string().regex(/^[A-Z]{2,4}$/);
/** A calendar day in Vietnam. */
const vnDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const idempotencyKey = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/);
const minor = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * A result as typed or imported: every prize's numbers as digit strings ("07", not 7). The shape is
 * checked here only loosely; the prize table of the draw's region checks it fully and reports every
 * problem at once (LOTTERY_RESULT_INVALID with `issues`).
 */
export const vnResultInput = z.object({
  prizes: z.record(z.string().max(8), z.array(z.string().max(10)).max(10)),
});
export type VnResultInput = z.infer<typeof vnResultInput>;

export const vnResult = z.object({
  structure: z.enum(['north', 'southCentral']),
  prizes: z.record(z.string(), z.array(z.string())),
});

// ---------------------------------------------------------------- player

/** One ticket of a slip: per point (lô, đề, xiên) or, for bao lô, an amount per prize slot. */
export const vnTicketInput = z.object({
  betType: vnBetType,
  numbers: z.array(z.string().max(3)).min(1).max(100),
  points: z.number().int().min(1).max(1_000_000).optional(),
  /** Bao lô: the stake per slot, in minor units. */
  amount: minor.optional(),
});
export type VnTicketInput = z.infer<typeof vnTicketInput>;

/** POST /wps/lottery/vn/bets: the draw by id, or by province and Vietnamese date. */
export const vnBetRequest = z.object({
  drawId: id.optional(),
  province: provinceCode.optional(),
  date: vnDate.optional(),
  tickets: z.array(vnTicketInput).min(1).max(20),
  idempotencyKey,
});
export type VnBetRequest = z.infer<typeof vnBetRequest>;

export const vnTicket = z.object({
  id: z.string(),
  drawId: z.string(),
  region: vnRegion,
  province: z.string(),
  drawDate: z.string(),
  betType: vnBetType,
  numbers: z.array(z.string()),
  points: z.number().int().nullable(),
  amount: z.number().int().nullable(),
  units: z.number().int(),
  stakeMinor: z.number().int(),
  status: vnTicketStatus,
  payoutMinor: z.number().int(),
  winCount: z.number().int(),
  hits: z.array(z.object({ number: z.string(), count: z.number().int() })).nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type VnTicketView = z.infer<typeof vnTicket>;

export const vnBetResponse = z.object({
  drawId: z.string(),
  stakeMinor: z.number().int(),
  tickets: z.array(vnTicket),
});

export const vnDraw = z.object({
  id: z.string(),
  region: vnRegion,
  province: z.string(),
  provinceName: z.string(),
  drawDate: z.string(),
  closesAt: z.string(),
  drawsAt: z.string(),
  status: vnDrawStatus,
  /** North only: the province hosting that day's draw. */
  host: z.string().nullable(),
  result: vnResult.nullable(),
  /** Bảng lô tô: row i lists the second digits of the two-digit lô numbers starting with i. */
  loTable: z.array(z.array(z.string())).nullable(),
  /** Đề: the special prize's last two digits. */
  de: z.string().nullable(),
});
export type VnDrawView = z.infer<typeof vnDraw>;

export const vnDrawParams = z.object({ id });
export const vnTicketsQuery = pageQuery;
export const vnTickets = paged(vnTicket);

/** GET /lgw/vn/numeros/opened/game: the latest settled results, newest first. */
export const vnOpenedQuery = z.object({
  count: z.coerce.number().int().min(1).max(100).default(100),
});
export const vnOpened = z.array(vnDraw);

/** GET /lgw/vn/games/game_menu (the lobby sends prizeMode and device=WEB). */
export const vnMenuQuery = z.object({
  prizeMode: z.string().max(20).optional(),
  device: z.string().max(20).optional(),
});

export const vnRate = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('perPoint'),
    pricePerPointMinor: minor,
    payoutPerPointMinor: minor,
  }),
  z.object({ kind: z.literal('perSlot'), payoutHundredths: z.number().int().min(1).max(100_000_000) }),
]);
export type VnRateView = z.infer<typeof vnRate>;
const byRegion = z.object({ north: vnRate, central: vnRate, south: vnRate });
export const vnPayoutConfig = z.object(
  Object.fromEntries(VN_BET_TYPE_CODES.map((code) => [code, byRegion])) as Record<
    VnBetTypeCode,
    typeof byRegion
  >,
);
export type VnPayoutConfigView = z.infer<typeof vnPayoutConfig>;

/**
 * A bet type's stake limits, in minor units of what a ticket costs: its cost per ticket, and every
 * player's stake on one number (xiên: one combination) of one draw summed. min ≤ max ≤ perNumber.
 */
export const vnLimit = z.object({
  minStakeMinor: minor,
  maxStakeMinor: minor,
  perNumberMaxMinor: minor,
});
export type VnLimitView = z.infer<typeof vnLimit>;
/** GET/PUT /bo/lottery/vn/limits. */
export const vnLimits = z.object(
  Object.fromEntries(VN_BET_TYPE_CODES.map((code) => [code, vnLimit])) as Record<
    VnBetTypeCode,
    typeof vnLimit
  >,
);
export type VnLimitsView = z.infer<typeof vnLimits>;

const vnNextDraw = z.object({
  drawId: z.string().nullable(),
  drawDate: z.string(),
  drawAt: z.string(),
  closesAt: z.string(),
  host: z.string().nullable(),
});

export const vnMenu = z.object({
  gameCode: z.literal('TCG_LOTTO_VN'),
  prizeMode: z.string().nullable(),
  closeOffsetMinutes: z.number().int(),
  /** The server's clock when it answered: close times are on it, and countdowns run on it. */
  serverTime: z.string(),
  regions: z.array(
    z.object({
      region: vnRegion,
      name: z.string(),
      abbreviation: z.string(),
      drawTime: z.string(),
      betTypes: z.array(
        z.object({
          betType: vnBetType,
          name: z.string(),
          digits: z.number().int(),
          pricing: z.enum(['perPoint', 'perSlot']),
          minNumbers: z.number().int(),
          maxNumbers: z.number().int(),
          /** Units a slot-priced ticket covers per number (27/18 for two digits); null per point. */
          slots: z.number().int().nullable(),
          rate: vnRate,
          /** What one ticket of this type may cost, at least and at most (the merchant's limits). */
          minStakeMinor: z.number().int(),
          maxStakeMinor: z.number().int(),
        }),
      ),
      provinces: z.array(
        z.object({
          code: z.string(),
          name: z.string(),
          drawsToday: z.boolean(),
          openToday: z.boolean(),
          nextDraw: vnNextDraw,
        }),
      ),
    }),
  ),
});
export type VnMenuView = z.infer<typeof vnMenu>;

// ---------------------------------------------------------------- back office

export const boVnResultRequest = z.object({ result: vnResultInput });
export const boVnApproveRequest = z.object({ result: vnResultInput.optional() });
export const boVnCancelRequest = z.object({ reason: z.string().trim().min(1).max(500) });
/** `merchant` (its code) is required when a feed imports with the operator API key instead of a session. */
export const boVnImportRequest = z.object({
  province: provinceCode,
  date: vnDate,
  result: vnResultInput,
  merchant: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}$/)
    .optional(),
});
export const boVnDrawsQuery = pageQuery.extend({
  status: vnDrawStatus.optional(),
  date: vnDate.optional(),
});

export const boVnDraw = vnDraw.extend({
  proposedResult: vnResult.nullable(),
  source: z.enum(['manual', 'import']).nullable(),
  enteredBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  cancelReason: z.string().nullable(),
  tickets: z.number().int(),
  stakeMinor: z.number().int(),
  payoutMinor: z.number().int(),
});
export const boVnDraws = paged(boVnDraw);
/** The import's answer: what became of the draw ('pending_approval' or, as the second source, 'settled'). */
export const boVnImportResponse = boVnDraw;
