import { z } from 'zod';
import { idempotencyKey } from './cashier.ts';
import { gameType } from './games.ts';
import { MAX_REBATE_RATE_BP } from './rebates.ts';

/**
 * The reward centre (issue 17 item 4, member centre page `rewardCenter`), automatic VIP rebates
 * (item 5) and raffles (item 6, "raffle promotion claim"). Every reward is cash in minor units of the
 * merchant's currency, claimed into the main wallet once; an available reward past its expiry reads
 * as `expired` and cannot be claimed.
 */

export const REWARD_SOURCES = ['vip_rebate', 'raffle', 'promotion', 'mission'] as const;
export const rewardSource = z.enum(REWARD_SOURCES);

export const memberReward = z.object({
  id: z.number().int(),
  source: rewardSource,
  amountMinor: z.number().int(),
  currency: z.string(),
  /** What the reward is for: a VIP rebate's day and lines, a raffle's id and spin. */
  details: z.record(z.string(), z.unknown()),
  expiresAt: z.string(),
  status: z.enum(['available', 'claimed', 'expired']),
  claimedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberReward = z.infer<typeof memberReward>;

/** GET /wps/member/rewards. `enabled` false: nothing offered and nothing held — the page is hidden. */
export const rewardCentre = z.object({
  enabled: z.boolean(),
  available: z.array(memberReward),
  availableMinor: z.number().int(),
  /** The latest claimed or expired rewards, newest first. */
  recent: z.array(memberReward),
  /** The server's clock when it answered: the countdowns to expiry run on it. */
  serverTime: z.string(),
});
export type RewardCentre = z.infer<typeof rewardCentre>;

/** POST /wps/member/rewards/:id/claim. The same key answers the first claim again. */
export const rewardClaimRequest = z.object({ idempotencyKey });
export const rewardClaimResponse = z.object({ reward: memberReward });

// ---------------------------------------------------------------- VIP rebates

export const vipRebateRate = z.object({
  vipLevel: z.number().int().min(0).max(100),
  category: gameType,
  rateBp: z.number().int().min(0).max(MAX_REBATE_RATE_BP),
});
export type VipRebateRate = z.infer<typeof vipRebateRate>;

/** GET/PUT /bo/rewards/vip-rebates (merchant.config). A PUT sets the listed rates; others keep theirs. */
export const vipRebateRates = z.object({ rates: z.array(vipRebateRate) });
export type VipRebateRates = z.infer<typeof vipRebateRates>;
export const vipRebateRatesUpdate = z.object({
  rates: z
    .array(vipRebateRate)
    .max(500)
    .refine((list) => new Set(list.map((r) => `${r.vipLevel}:${r.category}`)).size === list.length, {
      message: 'duplicate',
    }),
});

// ---------------------------------------------------------------- raffles

export const RAFFLE_KINDS = ['wheel', 'draw'] as const;
export const raffleSegmentInput = z.object({
  weight: z.number().int().min(1).max(1_000_000),
  prizeMinor: z.number().int().min(0).max(1_000_000_000),
});
export type RaffleSegmentInput = z.infer<typeof raffleSegmentInput>;

const raffleNames = z.object({
  en: z.string().trim().min(1).max(60),
  'pt-BR': z.string().trim().min(1).max(60),
});

/** One spin with everything needed to recompute it: HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:0`). */
export const raffleSpin = z.object({
  id: z.number().int(),
  raffleId: z.number().int(),
  segment: z.number().int(),
  prizeMinor: z.number().int(),
  serverSeed: z.string(),
  commitment: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  rewardId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type RaffleSpin = z.infer<typeof raffleSpin>;

export const memberRaffle = z.object({
  id: z.number().int(),
  kind: z.enum(RAFFLE_KINDS),
  names: raffleNames,
  segments: z.array(raffleSegmentInput),
  endsAt: z.string().nullable(),
  spinsPerDay: z.number().int(),
  /** Every spin the member may make now: dailySpinsLeft + depositSpinsLeft. */
  spinsLeft: z.number().int(),
  /** Today's spins left (they do not carry over). */
  dailySpinsLeft: z.number().int(),
  /** Spins earned by deposits and not used yet (they carry over until the raffle ends). */
  depositSpinsLeft: z.number().int(),
  /** Yesterday's valid stake a member needs to spin today, and theirs. */
  minStakeMinor: z.number().int(),
  yesterdayStakeMinor: z.number().int(),
  /** Spins per deposit whose credit reaches minDepositMinor, inside the raffle's window (0: none). */
  spinsPerDeposit: z.number().int(),
  minDepositMinor: z.number().int(),
  /** SHA-256 (hex) of the server seed the next spin uses, shown before the spin. */
  commitment: z.string(),
  nonce: z.number().int(),
  lastSpins: z.array(raffleSpin),
});
export type MemberRaffle = z.infer<typeof memberRaffle>;

/** GET /wps/member/raffles: the raffles running now (empty: the screen is hidden). */
export const memberRaffles = z.object({ raffles: z.array(memberRaffle) });
export type MemberRaffles = z.infer<typeof memberRaffles>;

/** POST /wps/member/raffles/:id/spin. The same key answers the first spin again. */
export const raffleSpinRequest = z.object({
  idempotencyKey,
  clientSeed: z.string().trim().min(1).max(64),
});
export const raffleSpinResponse = z.object({ spin: raffleSpin, raffle: memberRaffle });

export const raffleInput = z
  .object({
    kind: z.enum(RAFFLE_KINDS),
    status: z.enum(['active', 'paused']),
    names: raffleNames,
    startsAt: z.string().datetime({ offset: true }),
    endsAt: z.string().datetime({ offset: true }).nullable(),
    spinsPerDay: z.number().int().min(1).max(10),
    minStakeMinor: z.number().int().min(0).max(1_000_000_000_000),
    /** Extra spins per approved deposit of at least minDepositMinor credited inside the window (0: none). */
    spinsPerDeposit: z.number().int().min(0).max(10).default(0),
    minDepositMinor: z.number().int().min(0).max(1_000_000_000_000).default(0),
    rewardDays: z.number().int().min(1).max(90),
    segments: z.array(raffleSegmentInput).min(2).max(24),
  })
  .strict();
export type RaffleInput = z.infer<typeof raffleInput>;

/** A raffle as operators see it, with the exact expected prize of one spin (num / den minor units). */
export const operatorRaffle = raffleInput.extend({
  id: z.number().int(),
  expectedPrize: z.object({ num: z.string(), den: z.string() }),
  spins: z.number().int(),
  paidMinor: z.number().int(),
});
export type OperatorRaffle = z.infer<typeof operatorRaffle>;
export const operatorRaffles = z.object({ raffles: z.array(operatorRaffle) });
