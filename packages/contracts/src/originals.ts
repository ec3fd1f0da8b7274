import { z } from 'zod';

/**
 * In-house (provably fair) games: the player's seed pair. The server seed stays secret while in use —
 * only its SHA-256 is shown, before any bet — and is revealed when the player rotates to a new pair;
 * the client seed is the player's to choose; the nonce counts the bets made with the pair.
 */
export const clientSeed = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');

/** GET /wps/originals/fairness. */
export const fairnessState = z.object({
  /** SHA-256 (hex) of the active server seed: the commitment made before play. */
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next bet will use. */
  nonce: z.number().int(),
});
export type FairnessState = z.infer<typeof fairnessState>;

/** POST /wps/originals/fairness/rotate: reveals the active pair and starts a new one. */
export const rotateSeedsRequest = z.object({ clientSeed: clientSeed.optional() });
export const revealedSeedPair = z.object({
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** Bets made with the pair: nonces 0 … nonceCount − 1. */
  nonceCount: z.number().int(),
  createdAt: z.string(),
  revealedAt: z.string(),
});
export const rotateSeedsResponse = z.object({ revealed: revealedSeedPair, next: fairnessState });

// ---------------------------------------------------------------- bets

/** What every in-house bet sends: the stake and the key that makes a retry safe. */
export const betBase = z.object({
  amountMinor: z.number().int().min(1).max(1_000_000_000_000),
  idempotencyKey: z
    .string()
    .min(8)
    .max(100)
    .regex(/^[A-Za-z0-9_.:-]+$/),
});

/** POST /wps/originals/dice/bet: roll under or over a target (0.01–99.99, two decimals). */
export const diceBetRequest = betBase.extend({
  target: z.number().min(0.01).max(99.99),
  direction: z.enum(['under', 'over']),
});
export type DiceBetRequest = z.infer<typeof diceBetRequest>;

/** POST /wps/originals/limbo/bet: win when the result reaches the target multiplier. */
export const limboBetRequest = betBase.extend({ target: z.number().min(1.01).max(1_000_000) });
/** POST /wps/originals/wheel/bet. */
export const wheelBetRequest = betBase.extend({
  segments: z.union([z.literal(10), z.literal(20), z.literal(30), z.literal(40), z.literal(50)]),
  risk: z.enum(['low', 'medium', 'high']),
});
/** POST /wps/originals/plinko/bet. */
export const plinkoBetRequest = betBase.extend({
  rows: z.number().int().min(8).max(16),
  risk: z.enum(['low', 'medium', 'high']),
});
/** POST /wps/originals/keno/bet: 1–10 distinct squares of 1–40. */
export const kenoBetRequest = betBase.extend({
  picks: z.array(z.number().int().min(1).max(40)).min(1).max(10),
  risk: z.enum(['low', 'classic', 'medium', 'high']),
});

/**
 * POST /wps/originals/carnaval/bet: one round of the video slot. The amount is the total bet over
 * the fixed 20 lines (line bet = amount / 20); there is nothing else to choose.
 */
export const slotBetRequest = betBase.extend({});
export type SlotBetRequest = z.infer<typeof slotBetRequest>;

/** A settled in-house round, as the bet answers it and the recall shows it. */
export const originalRound = z.object({
  id: z.string(),
  game: z.string(),
  stakeMinor: z.number().int(),
  payoutMinor: z.number().int(),
  /** The multiplier applied to the stake (0 on a loss). */
  multiplier: z.number(),
  currency: z.string(),
  /** The game's own view: dice {roll, win, target, direction}. */
  outcome: z.record(z.string(), z.unknown()),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  balanceBeforeMinor: z.number().int(),
  balanceAfterMinor: z.number().int(),
  createdAt: z.string(),
});
export type OriginalRound = z.infer<typeof originalRound>;
