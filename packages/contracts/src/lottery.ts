import { z } from 'zod';
import { pageQuery, paged } from './common.ts';

/**
 * Lottery: fast draws every 1, 3 or 5 minutes (the families of @sorte/lottery) and the Vietnamese
 * daily draws. Draws are scheduled ahead; each fast draw publishes SHA-256(serverSeed) before its
 * betting closes and the seed after the draw, so anyone can recompute the result
 * (docs/lottery.md). Amounts are integer minor units.
 */

export const lotteryFamily = z.enum(['FIVE_DIGIT', 'THREE_DICE', 'RACE_10', 'ELEVEN_FIVE']);
export type LotteryFamily = z.infer<typeof lotteryFamily>;

const gameCode = z.string().regex(/^[A-Za-z0-9_]{1,40}$/);
const drawNo = z.string().regex(/^\d{8}-\d{4}$/);
const idempotencyKey = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/);

/** A pick is a number (digit, face, car, ball, sum) or a named option (BIG, DRAGON…). */
const pick = z.union([z.number().int().min(0).max(100), z.string().regex(/^[A-Z_]{1,20}$/)]);
/** Rows of picks, one per position/part of the play type. */
export const lotterySelection = z.array(z.array(pick).max(50)).min(1).max(10);

export const lotteryPlayType = z.object({
  code: z.string(),
  /** Decimal odds (stake included) of one winning unit at the member's series, for display. */
  odds: z.number(),
  /** The smallest and largest odds when units differ (sums, for instance). */
  maxOdds: z.number(),
  minUnitStakeMinor: z.number().int(),
  maxTicketStakeMinor: z.number().int(),
});
export type LotteryPlayType = z.infer<typeof lotteryPlayType>;

export const lotteryDrawStatus = z.enum(['scheduled', 'drawn', 'settled', 'cancelled']);
export type LotteryDrawStatus = z.infer<typeof lotteryDrawStatus>;

/** A draw. `result` and `serverSeed` are null until it is drawn; the commitment is always public. */
export const lotteryDraw = z.object({
  gameCode: z.string(),
  drawNo: z.string(),
  closesAt: z.string(),
  drawsAt: z.string(),
  status: lotteryDrawStatus,
  commitment: z.string(),
  serverSeed: z.string().nullable(),
  result: z.array(z.number().int()).nullable(),
});
export type LotteryDraw = z.infer<typeof lotteryDraw>;

/** A fast-draw game of the merchant, with the open draw and the last result. */
export const lotteryGame = z.object({
  gameCode: z.string(),
  family: lotteryFamily,
  name: z.string(),
  intervalMinutes: z.number().int(),
  closeSeconds: z.number().int(),
  /** The prize series the odds are computed at (the member's, else the merchant's top). */
  series: z.number().int(),
  defaultPlayType: z.string(),
  maxChaseDraws: z.number().int(),
  openDraw: lotteryDraw.nullable(),
  lastDraw: lotteryDraw.nullable(),
  serverTime: z.string(),
});
export type LotteryGame = z.infer<typeof lotteryGame>;

/** GET /wps/lottery/games/:gameCode: the game with its play types priced at the member's series. */
export const lotteryGameDetail = lotteryGame.extend({ playTypes: z.array(lotteryPlayType) });
export type LotteryGameDetail = z.infer<typeof lotteryGameDetail>;

export const lotteryGameParams = z.object({ gameCode });
export const lotteryDrawParams = z.object({ gameCode, drawNo });
/** GET /wps/lottery/games/:gameCode/draws: the latest drawn draws, newest first (results and trends). */
export const lotteryDrawsQuery = z.object({ count: z.coerce.number().int().min(1).max(100).default(30) });

export const lotteryTicketRequest = z.object({
  playType: z.string().regex(/^[A-Z0-9_]{1,40}$/),
  selection: lotterySelection,
  unitStakeMinor: z.number().int().min(1).max(1_000_000_000),
  multiple: z.number().int().min(1).max(10_000),
});
export type LotteryTicketRequest = z.infer<typeof lotteryTicketRequest>;

/**
 * POST /wps/lottery/bets: a bet slip. `drawNo` is the draw the player saw open (refused once its
 * betting closed). With `chase`, the same tickets also go on the next draws, `draws` in all,
 * each at its own multiple factor; all stakes are taken now and the draws not yet played are
 * refunded when the chase stops on a win.
 */
export const lotteryBetRequest = z.object({
  gameCode,
  drawNo,
  tickets: z.array(lotteryTicketRequest).min(1).max(50),
  chase: z
    .object({
      draws: z.number().int().min(2).max(120),
      stopOnWin: z.boolean().default(true),
      /** Per-draw factor on every ticket's multiple; omitted means 1 for every draw. */
      multiples: z.array(z.number().int().min(1).max(1000)).max(120).optional(),
    })
    .optional(),
  idempotencyKey,
});
export type LotteryBetRequest = z.infer<typeof lotteryBetRequest>;

export const lotteryTicketStatus = z.enum(['pending', 'won', 'lost', 'cancelled']);
export type LotteryTicketStatus = z.infer<typeof lotteryTicketStatus>;

export const lotteryTicket = z.object({
  id: z.string(),
  orderId: z.string(),
  gameCode: z.string(),
  drawNo: z.string(),
  playType: z.string(),
  selection: z.array(z.array(z.union([z.number(), z.string()]))),
  unitStakeMinor: z.number().int(),
  multiple: z.number().int(),
  units: z.number().int(),
  stakeMinor: z.number().int(),
  series: z.number().int(),
  status: lotteryTicketStatus,
  payoutMinor: z.number().int(),
  /** Winning units and what each paid, once settled. */
  winning: z.array(z.object({ key: z.string(), payoutMinor: z.number().int() })),
  result: z.array(z.number().int()).nullable(),
  currency: z.string(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type LotteryTicket = z.infer<typeof lotteryTicket>;

export const lotteryOrderStatus = z.enum(['active', 'finished', 'stopped', 'cancelled']);
export const lotteryOrder = z.object({
  id: z.string(),
  gameCode: z.string(),
  firstDrawNo: z.string(),
  chaseDraws: z.number().int(),
  stopOnWin: z.boolean(),
  status: lotteryOrderStatus,
  stakeMinor: z.number().int(),
  payoutMinor: z.number().int(),
  refundedMinor: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  tickets: z.array(lotteryTicket),
});
export type LotteryOrder = z.infer<typeof lotteryOrder>;

/** GET /wps/lottery/tickets: the member's tickets, newest first. */
export const lotteryTicketsQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: lotteryTicketStatus.optional(),
  gameCode: gameCode.optional(),
});
export const lotteryTicketPage = paged(lotteryTicket);
export const lotteryTicketParams = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/) });

/** The WebSocket push when a draw's result is known (and, when it is settled, its tickets paid). */
export const lotteryDrawMessage = z.object({
  type: z.literal('lottery.draw'),
  draw: lotteryDraw,
});
export type LotteryDrawMessage = z.infer<typeof lotteryDrawMessage>;

// ---------------------------------------------------------------- prize series (agent rule)

export const lotteryPrizeMode = z.enum(['LOTT', 'ZY', 'ELOTT', 'SEA']);

/** GET /wps/lottery/series: the caller's prize series and the merchant's mode (its range of series). */
export const lotterySeriesValue = z.object({
  series: z.number().int(),
  prizeMode: lotteryPrizeMode,
  minSeries: z.number().int(),
  maxSeries: z.number().int(),
});
export type LotterySeriesValue = z.infer<typeof lotterySeriesValue>;

/**
 * PUT /wps/agent/lottery/series: an agent gives a direct downline (by member id or account) a
 * series in the merchant's mode and no higher than its own; the difference is the agent's rebate.
 */
export const lotterySeriesUpdate = z
  .object({
    memberId: z.string().uuid().optional(),
    account: z.string().trim().min(1).max(64).optional(),
    series: z.number().int().min(1).max(2000),
  })
  .refine((body) => (body.memberId === undefined) !== (body.account === undefined), {
    message: 'memberId or account, exactly one',
    path: ['memberId'],
  });
export const lotteryDownlineSeries = z.object({
  memberId: z.string(),
  account: z.string(),
  series: z.number().int(),
});
export type LotteryDownlineSeries = z.infer<typeof lotteryDownlineSeries>;

// ---------------------------------------------------------------- back office

const stakeMinor = z.number().int().min(1).max(1_000_000_000_000);

/** Per play type overrides of a game's stake limits. */
export const lotteryPlayLimits = z.record(
  z.string().regex(/^[A-Z0-9_]{1,40}$/),
  z.object({ minUnitStakeMinor: stakeMinor.optional(), maxTicketStakeMinor: stakeMinor.optional() }),
);

/** GET /bo/lottery/games: a game's whole configuration with the play types its family offers. */
export const boLotteryGame = z.object({
  gameCode: z.string(),
  family: lotteryFamily,
  nameEn: z.string(),
  namePt: z.string(),
  intervalMinutes: z.number().int(),
  closeSeconds: z.number().int(),
  utcOffsetMinutes: z.number().int(),
  defaultPlayType: z.string(),
  maxChaseDraws: z.number().int(),
  minUnitStakeMinor: z.number().int(),
  maxTicketStakeMinor: z.number().int(),
  playLimits: lotteryPlayLimits,
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  /** Every play type of the family, for the limits editor. */
  playTypes: z.array(z.string()),
});
export type BoLotteryGame = z.infer<typeof boLotteryGame>;
export const boLotteryGames = z.object({ list: z.array(boLotteryGame) });

/**
 * PUT /bo/lottery/games/:gameCode: any of these; `closeSeconds` must stay below the interval, the
 * play limits must name play types of the game's family, a limit pair must keep min ≤ max.
 */
export const boLotteryGameUpdate = z
  .object({
    enabled: z.boolean(),
    closeSeconds: z.number().int().min(0).max(299),
    minUnitStakeMinor: stakeMinor,
    maxTicketStakeMinor: stakeMinor,
    playLimits: lotteryPlayLimits,
    maxChaseDraws: z.number().int().min(1).max(120),
    sortOrder: z.number().int().min(-1_000_000).max(1_000_000),
    defaultPlayType: z.string().regex(/^[A-Z0-9_]{1,40}$/),
  })
  .partial();
export type BoLotteryGameUpdate = z.infer<typeof boLotteryGameUpdate>;
export const boLotteryGameParams = z.object({ gameCode });

/** GET /bo/lottery/draws: a merchant's draws, newest first, of one game and/or status. */
export const boLotteryDrawsQuery = pageQuery.extend({
  gameCode: gameCode.optional(),
  status: lotteryDrawStatus.optional(),
});
export const boLotteryDraw = lotteryDraw.extend({
  id: z.string(),
  drawnAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  ticketCount: z.number().int(),
  stakeMinor: z.number().int(),
  payoutMinor: z.number().int(),
});
export type BoLotteryDraw = z.infer<typeof boLotteryDraw>;
export const boLotteryDrawPage = paged(boLotteryDraw);
export const boLotteryDrawParams = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/) });
/** POST /bo/lottery/draws/:id/cancel: a draw not yet settled; every ticket still pending is refunded. */
export const boLotteryDrawCancel = z.object({ reason: z.string().trim().min(3).max(200) });
