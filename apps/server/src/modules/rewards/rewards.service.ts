import type { MemberReward, RewardCentre } from '@sorte/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { payFromBonusPool, withLedgerTransaction } from '../ledger/index.ts';

/**
 * The reward centre (issue 17 item 4): rewards other modules grant (a VIP rebate, a raffle prize;
 * promotions and missions later) wait here until the member claims them or they expire.
 *
 * - A grant is once per member and source reference (`member_rewards_once`): a job run twice, or two
 *   instances racing, make one reward.
 * - Every reward is cash. Bonus money (with wagering) is granted by the bonuses module, never from
 *   here, so a merchant with bonuses off is never offered bonus money by the reward centre.
 * - A claim is one transaction under the reward's row lock: the first claim moves the money from the
 *   merchant's `bonus_pool` (the promotions' expense account, as rebates and activity rewards do) to
 *   the member's main wallet, keyed `reward:<id>` in the ledger, and marks the reward claimed with
 *   its key. A retry with the same key answers the claimed reward again; any other claim of it is
 *   409 REWARD_ALREADY_CLAIMED. A reward at or past `expires_at` (the app clock) is 410 REWARD_EXPIRED.
 */

export interface RewardCaller {
  memberId: string;
  merchantId: string;
}

export interface RewardGrant {
  merchantId: string;
  memberId: string;
  source: MemberReward['source'];
  sourceRef: string;
  amountMinor: bigint;
  currency: string;
  details: Record<string, unknown>;
  expiresAt: Date;
}

/** Rewards shown beside the available ones. */
const RECENT = 20;

/** The ledger code of each source's payment. */
const LEDGER_CODE: Record<MemberReward['source'], 'rebate' | 'bonus'> = {
  vip_rebate: 'rebate',
  raffle: 'bonus',
  promotion: 'bonus',
  mission: 'bonus',
};

interface RewardRow {
  id: bigint;
  member_id: string;
  source: MemberReward['source'];
  amount_minor: bigint;
  currency: string;
  details: Record<string, unknown>;
  expires_at: Date;
  status: 'available' | 'claimed';
  claim_key: string | null;
  claimed_at: Date | null;
  created_at: Date;
}

const SELECT = sql`select id, member_id, source, amount_minor, currency, details, expires_at, status, claim_key,
  claimed_at, created_at from member_rewards`;

function rewardView(r: RewardRow, now: Date): MemberReward {
  const expired = r.status === 'available' && r.expires_at.getTime() <= now.getTime();
  return {
    id: Number(r.id),
    source: r.source,
    amountMinor: Number(r.amount_minor),
    currency: r.currency,
    details: r.details,
    expiresAt: r.expires_at.toISOString(),
    status: expired ? 'expired' : r.status,
    claimedAt: r.claimed_at ? r.claimed_at.toISOString() : null,
    createdAt: r.created_at.toISOString(),
  };
}

/**
 * Grants a reward once per (member, source, reference); answers its id, or null when it already
 * existed. Runs inside the caller's transaction (a raffle spin, the VIP rebate run).
 */
export async function grantReward(db: Db, g: RewardGrant): Promise<bigint | null> {
  if (g.amountMinor <= 0n) throw new RangeError(`reward amount ${g.amountMinor}`);
  const { rows } = await sql<{ id: bigint }>`
    insert into member_rewards (merchant_id, member_id, source, source_ref, amount_minor, currency, details, expires_at)
    values (${g.merchantId}, ${g.memberId}, ${g.source}, ${g.sourceRef}, ${g.amountMinor}, ${g.currency},
      ${JSON.stringify(g.details)}::jsonb, ${g.expiresAt})
    on conflict on constraint member_rewards_once do nothing
    returning id`.execute(db);
  return rows[0]?.id ?? null;
}

/** Whether the merchant offers anything through the centre: a VIP rebate rate or a raffle running. */
async function offersRewards(db: Db, merchantId: string, now: Date): Promise<boolean> {
  const { rows } = await sql`
    select 1 from vip_rebate_rates where merchant_id = ${merchantId} and rate_bp > 0
    union all
    select 1 from raffles where merchant_id = ${merchantId} and status = 'active' and starts_at <= ${now}
      and (ends_at is null or ends_at > ${now})
    limit 1`.execute(db);
  return rows.length > 0;
}

export async function rewardCentre(db: Db, caller: RewardCaller, now: Date): Promise<RewardCentre> {
  const { rows: available } = await sql<RewardRow>`${SELECT}
    where member_id = ${caller.memberId} and merchant_id = ${caller.merchantId}
      and status = 'available' and expires_at > ${now}
    order by expires_at, id`.execute(db);
  const { rows: recent } = await sql<RewardRow>`${SELECT}
    where member_id = ${caller.memberId} and merchant_id = ${caller.merchantId}
      and (status = 'claimed' or expires_at <= ${now})
    order by coalesce(claimed_at, expires_at) desc, id desc limit ${RECENT}`.execute(db);
  const held = available.length > 0 || recent.length > 0;
  return {
    enabled: held || (await offersRewards(db, caller.merchantId, now)),
    available: available.map((r) => rewardView(r, now)),
    availableMinor: Number(available.reduce((sum, r) => sum + r.amount_minor, 0n)),
    recent: recent.map((r) => rewardView(r, now)),
    serverTime: now.toISOString(),
  };
}

/** Claims one reward into the main wallet; see the module comment for the rules. */
export async function claimReward(
  db: Db,
  caller: RewardCaller,
  rewardId: number,
  idempotencyKey: string,
  now: Date,
): Promise<MemberReward> {
  return withLedgerTransaction(db, async (trx) => {
    const { rows } = await sql<RewardRow>`${SELECT}
      where id = ${rewardId} and member_id = ${caller.memberId} and merchant_id = ${caller.merchantId}
      for update`.execute(trx);
    const reward = rows[0];
    if (!reward) throw new AppError('REWARD_NOT_FOUND');
    if (reward.status === 'claimed') {
      if (reward.claim_key === idempotencyKey) return rewardView(reward, now);
      throw new AppError('REWARD_ALREADY_CLAIMED');
    }
    if (reward.expires_at.getTime() <= now.getTime()) throw new AppError('REWARD_EXPIRED');

    const paid = await payFromBonusPool(trx, {
      merchantId: caller.merchantId,
      memberId: caller.memberId,
      idempotencyKey: `reward:${reward.id}`,
      code: LEDGER_CODE[reward.source],
      amountMinor: reward.amount_minor,
      currency: reward.currency,
      metadata: { source: `reward:${reward.source}`, rewardId: Number(reward.id) },
    });
    const { rows: claimed } = await sql<RewardRow>`
      update member_rewards set status = 'claimed', claim_key = ${idempotencyKey}, claimed_at = ${now},
        transfer_id = ${paid.id}
      where id = ${reward.id}
      returning id, member_id, source, amount_minor, currency, details, expires_at, status, claim_key, claimed_at,
        created_at`.execute(trx);
    return rewardView(claimed[0]!, now);
  });
}

/**
 * The reward centre's invariants (beside the ledger's verify): a claimed reward has its ledger
 * transfer, of its amount, to its member; an available one has none.
 */
export async function verifyRewards(db: Db): Promise<string[]> {
  const { rows } = await sql<{ id: bigint }>`
    select r.id from member_rewards r
      left join ledger_transfers t on t.id = r.transfer_id and t.merchant_id = r.merchant_id
      left join ledger_accounts a on a.id = t.credit_account_id
     where (r.status = 'claimed' and (t.id is null or t.amount_minor <> r.amount_minor
              or a.owner_id is distinct from r.member_id or t.idempotency_key <> 'reward:' || r.id::text))
        or (r.status = 'available' and r.transfer_id is not null)`.execute(db);
  return rows.map((r) => `reward ${r.id} differs from its ledger transfer`);
}
