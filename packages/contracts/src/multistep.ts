import { z } from 'zod';
import { betBase } from './originals.ts';

/**
 * In-house games played in steps (mines, hilo): a start takes the stake and fixes the round's seeds
 * and nonce, each step reveals a tile or draws a card, a cash-out pays the stake times the current
 * multiplier. One open round per player and game; it survives a reload (GET …/active).
 */
export const multistepRoundId = z.string().regex(/^[1-9][0-9]{0,17}$/);

/** POST /wps/originals/mines/start: 1–24 mines on the 5×5 board. */
export const minesStartRequest = betBase.extend({ mines: z.number().int().min(1).max(24) });
/** POST /wps/originals/mines/reveal: a tile 0…24, left to right, top to bottom. Revealing a tile twice answers the round as it is. */
export const minesRevealRequest = z.object({
  roundId: multistepRoundId,
  tile: z.number().int().min(0).max(24),
});
/** POST /wps/originals/{mines,hilo}/cashout. */
export const multistepCashoutRequest = z.object({
  roundId: multistepRoundId,
  idempotencyKey: betBase.shape.idempotencyKey,
});
/** POST /wps/originals/hilo/start: the start card is the round's first float. */
export const hiloStartRequest = betBase;
export const hiloActions = ['higher', 'lower', 'same', 'higherOrSame', 'lowerOrSame', 'skip'] as const;
/**
 * POST /wps/originals/hilo/guess. `step` is how many actions the player has seen played: a retry of
 * an action already played answers the round as it is; an action on a stale view is refused.
 */
export const hiloGuessRequest = z.object({
  roundId: multistepRoundId,
  step: z.number().int().min(0).max(1_023),
  action: z.enum(hiloActions),
});

export const hiloCardView = z.object({
  /** Position in Stake's 52-card index, 0…51. */
  index: z.number().int(),
  rank: z.string(),
  suit: z.string(),
  /** A = 1 … K = 13. */
  value: z.number().int(),
});
export type HiloCardView = z.infer<typeof hiloCardView>;

export const minesView = z.object({
  mineCount: z.number().int(),
  /** The tiles revealed, in order; the last one is the mine on a lost round. */
  revealed: z.array(z.object({ tile: z.number().int(), safe: z.boolean() })),
  /** The mine layout: null while the round is open (it is fixed, but secret until the end). */
  mines: z.array(z.number().int()).nullable(),
  /** What the next safe tile raises the multiplier to; null when no safe tile is left. */
  nextMultiplier: z.number().nullable(),
});

export const hiloView = z.object({
  start: hiloCardView,
  steps: z.array(
    z.object({
      action: z.enum(hiloActions),
      card: hiloCardView,
      correct: z.boolean(),
      multiplier: z.number(),
    }),
  ),
});

/** A mines or hilo round as every call answers it. */
export const multistepRound = z.object({
  id: z.string(),
  game: z.enum(['mines', 'hilo']),
  status: z.enum(['open', 'won', 'lost']),
  stakeMinor: z.number().int(),
  /** Paid on cash-out; 0 while open or lost. */
  payoutMinor: z.number().int(),
  /** What a cash-out pays per unit staked now (the final one once finished). */
  multiplier: z.number(),
  canCashOut: z.boolean(),
  /** The round's house edge (fixed at start), for the odds the screen shows. */
  houseEdge: z.number(),
  currency: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  mines: minesView.nullable(),
  hilo: hiloView.nullable(),
});
export type MultistepRound = z.infer<typeof multistepRound>;
/** GET /wps/originals/{mines,hilo}/active: the open round, or null. */
export const activeMultistepRound = multistepRound.nullable();
