import { z } from 'zod';

/**
 * Crash: one shared round per merchant. The game hashes come from a hash chain whose terminating
 * hash is published before the first round; a round's hash (and so its crash point) is revealed
 * when it busts, and anyone can check it hashes to the previous round's hash.
 */

const multiplier = z.number().min(1.01).max(1_000_000);
const roundId = z.string().regex(/^[1-9][0-9]{0,17}$/);

/** POST /wps/crash/bet: a stake on the round now taking bets, with an optional automatic cash-out. */
export const crashBetRequest = z.object({
  amountMinor: z.number().int().min(1).max(1_000_000_000_000),
  autoCashOut: multiplier
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'at most two decimals')
    .optional(),
  idempotencyKey: z
    .string()
    .min(8)
    .max(100)
    .regex(/^[A-Za-z0-9_.:-]+$/),
});
export type CrashBetRequest = z.infer<typeof crashBetRequest>;

/** POST /wps/crash/cashout: cash out your bet on the running round at the server's multiplier. */
export const crashCashOutRequest = z.object({ roundId });

/** GET /wps/crash/rounds/:id params; GET /wps/crash/history query. */
export const crashRoundParams = z.object({ id: roundId });
export const crashHistoryQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

export const crashBetStatus = z.enum(['active', 'cashed', 'lost']);

/** A bet as every player of the round sees it (the account name masked). */
export const crashPublicBet = z.object({
  id: z.string(),
  player: z.string(),
  stakeMinor: z.number().int(),
  currency: z.string(),
  autoCashOut: z.number().nullable(),
  cashOut: z.number().nullable(),
  payoutMinor: z.number().int(),
  status: crashBetStatus,
});
export type CrashPublicBet = z.infer<typeof crashPublicBet>;

/** The player's own bet. */
export const crashBet = crashPublicBet.extend({
  roundId: z.string(),
  createdAt: z.string(),
});
export type CrashBet = z.infer<typeof crashBet>;

/**
 * A round. While it is not busted `hash` and `crashPoint` are null. Clients draw the multiplier
 * from `startedAt` and `growthPerMs`: m(t) = e^(growthPerMs × (t − startedAt)), correcting their
 * clock by `serverTime`.
 */
export const crashRound = z.object({
  id: z.string(),
  chainId: z.string(),
  gameNumber: z.number().int(),
  status: z.enum(['betting', 'running', 'busted']),
  bettingEndsAt: z.string(),
  startedAt: z.string().nullable(),
  bustedAt: z.string().nullable(),
  crashPoint: z.number().nullable(),
  hash: z.string().nullable(),
  growthPerMs: z.number(),
  serverTime: z.string(),
  bets: z.array(crashPublicBet),
});
export type CrashRound = z.infer<typeof crashRound>;

/** GET /wps/crash/chain: the commitment, published before any round of the chain. */
export const crashChain = z.object({
  id: z.string(),
  terminatingHash: z.string(),
  /** Public HMAC message of every round of the chain. */
  salt: z.string(),
  length: z.number().int(),
  /** The house edge of the crash formula for this chain (0.01 = 1%, RTP 99%). */
  houseEdge: z.number(),
  createdAt: z.string(),
});
export type CrashChain = z.infer<typeof crashChain>;

/** A busted round of the history strip, with what a verifier needs. */
export const crashHistoryEntry = z.object({
  id: z.string(),
  chainId: z.string(),
  gameNumber: z.number().int(),
  crashPoint: z.number(),
  hash: z.string(),
  bustedAt: z.string(),
});
export type CrashHistoryEntry = z.infer<typeof crashHistoryEntry>;

/** GET /wps/crash/round: the current round (null before the first) and your bet on it. */
export const crashCurrent = z.object({ round: crashRound.nullable(), myBet: crashBet.nullable() });
export type CrashCurrent = z.infer<typeof crashCurrent>;

/** Pushed to every socket of the merchant over /wps/ws. */
export type CrashMessage =
  | { type: 'crash.round'; round: CrashRound }
  | { type: 'crash.bet'; roundId: string; bet: CrashPublicBet };
