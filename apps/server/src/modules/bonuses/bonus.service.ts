import type { BetCategory, MemberBonus, OperatorBonusGrant, PromotionBonusTerms } from '@sorte/contracts';
import { applyBasisPoints } from '@sorte/money';
import { sql } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { reserveClaim } from '../abuse/index.ts';
import { houseShardFor, memberAccountId, systemAccountId, transfer } from '../ledger/index.ts';
import {
  bonusesEnabled,
  bonusWithdrawalRule,
  depositBonusPromotions,
  promotionSettings,
} from '../promotions/index.ts';
import { type BonusStatus, requirementOf, type WageringBasis } from './bonus.wagering.ts';

/**
 * Bonuses wired to the ledger (issue 17 item 3; the rules are bonus.wagering.ts, docs/architecture.md
 * "Bonuses"). The bonus money is the member's `bonus` ledger account; a grant moves it there from the
 * merchant's `bonus_pool`, an expiry or forfeiture moves it back, a completion moves it to `main`.
 * Every change of a bonus row happens under that row's lock, and every transfer carries a key per
 * bonus (`bonus:<id>:grant|convert|expired|forfeited`), so each happens once.
 *
 * Lock order, the same on every path: the member_bonuses row, then the ledger accounts (the bet path:
 * its ordering rows, the bonus rows, then the accounts) — so bonus paths never deadlock with bets.
 */

export type Contribution = Partial<Record<BetCategory, number>>;

export interface BonusRow {
  id: bigint;
  merchant_id: string;
  member_id: string;
  currency: string;
  source: 'deposit' | 'operator';
  source_id: string;
  granted_minor: bigint;
  deposit_minor: bigint;
  basis: WageringBasis;
  times: number;
  requirement_minor: bigint;
  wagered_minor: bigint;
  max_bet_minor: bigint;
  contribution_bps: Contribution;
  status: BonusStatus;
  expires_at: Date;
  granted_at: Date;
  ended_at: Date | null;
  converted_minor: bigint;
  forfeited_minor: bigint;
  /** Bonus money on the bonus's open (deferred) bets. */
  open_bonus_minor: bigint;
}

export interface GrantRequest {
  merchantId: string;
  memberId: string;
  currency: string;
  source: 'deposit' | 'operator';
  /** The deposit's id, or the operator's idempotency key: one grant per source. */
  sourceId: string;
  promotionId: string | null;
  grantedBy: string | null;
  amountMinor: bigint;
  depositMinor: bigint;
  basis: WageringBasis;
  times: number;
  maxBetMinor: bigint;
  validDays: number;
  contributionBps: Contribution;
  now: Date;
  /** A once-only claim the abuse limits guard (the welcome bonus of a first deposit); none for an operator's. */
  claim: 'welcome_bonus' | null;
}

export type GrantResult =
  | { ok: true; bonus: BonusRow; repeated: boolean }
  | {
      ok: false;
      code: 'BONUS_DISABLED' | 'BONUS_ALREADY_ACTIVE' | 'BONUS_GRANT_INVALID' | 'ABUSE_CLAIM_LIMIT';
    };

const DAY_MS = 86_400_000;

async function bySource(db: Db, merchantId: string, source: string, sourceId: string) {
  const { rows } = await sql<BonusRow>`
    select * from member_bonuses
     where merchant_id = ${merchantId} and source = ${source} and source_id = ${sourceId}`.execute(db);
  return rows[0];
}

/** The member's active bonus, locked (the start of every change to it). */
export async function lockActive(db: Db, memberId: string): Promise<BonusRow | undefined> {
  const { rows } = await sql<BonusRow>`
    select * from member_bonuses where member_id = ${memberId} and status = 'active' for update`.execute(db);
  return rows[0];
}

function validOffer(g: GrantRequest): boolean {
  const rates = Object.values(g.contributionBps);
  return (
    g.amountMinor > 0n &&
    g.depositMinor >= 0n &&
    g.times >= 0 &&
    g.maxBetMinor > 0n &&
    g.validDays >= 1 &&
    rates.every((bps) => Number.isInteger(bps) && bps >= 0 && bps <= 10_000)
  );
}

/**
 * The one door every grant goes through (a qualifying deposit, an operator). Call it inside the
 * caller's transaction: the bonus row and its ledger transfer commit with what granted it. Refusals
 * change nothing. The same source twice answers the first grant (`repeated`).
 *
 * A once-only claim (the welcome bonus) asks the abuse limits first (issue 17 item 8: one per
 * person, device, address, payout account, as the merchant configures): a refusal grants nothing
 * and its flag commits with the caller's transaction.
 */
export async function grantBonus(trx: Db, g: GrantRequest): Promise<GrantResult> {
  const earlier = await bySource(trx, g.merchantId, g.source, g.sourceId);
  if (earlier) return { ok: true, bonus: earlier, repeated: true };
  if (!(await bonusesEnabled(trx, g.merchantId))) return { ok: false, code: 'BONUS_DISABLED' };
  if (!validOffer(g)) return { ok: false, code: 'BONUS_GRANT_INVALID' };
  const active = await lockActive(trx, g.memberId);
  if (active && active.expires_at.getTime() <= g.now.getTime()) await endBonus(trx, active, 'expired', g.now);
  else if (active) return { ok: false, code: 'BONUS_ALREADY_ACTIVE' };
  if (g.claim) {
    const decision = await reserveClaim(trx, {
      merchantId: g.merchantId,
      memberId: g.memberId,
      kind: g.claim,
      now: g.now,
    });
    if (!decision.allowed) return { ok: false, code: decision.code };
  }
  const requirement = requirementOf({
    bonusMinor: g.amountMinor,
    depositMinor: g.depositMinor,
    basis: g.basis,
    times: BigInt(g.times),
  });
  // A concurrent grant of the same source or another active bonus makes this insert do nothing
  // (the unique keys wait for the other transaction, then conflict).
  const { rows } = await sql<BonusRow>`
    insert into member_bonuses (merchant_id, member_id, currency, source, source_id, promotion_id, granted_by,
      granted_minor, deposit_minor, basis, times, requirement_minor, max_bet_minor, contribution_bps,
      expires_at, granted_at)
    values (${g.merchantId}, ${g.memberId}, ${g.currency}, ${g.source}, ${g.sourceId}, ${g.promotionId},
      ${g.grantedBy}, ${g.amountMinor}, ${g.depositMinor}, ${g.basis}, ${g.times}, ${requirement},
      ${g.maxBetMinor}, ${JSON.stringify(g.contributionBps)}::jsonb,
      ${new Date(g.now.getTime() + g.validDays * DAY_MS)}, ${g.now})
    on conflict do nothing
    returning *`.execute(trx);
  const bonus = rows[0];
  if (!bonus) {
    const twin = await bySource(trx, g.merchantId, g.source, g.sourceId);
    return twin ? { ok: true, bonus: twin, repeated: true } : { ok: false, code: 'BONUS_ALREADY_ACTIVE' };
  }
  await transfer(trx, {
    merchantId: g.merchantId,
    idempotencyKey: `bonus:${bonus.id}:grant`,
    code: 'bonus',
    debitAccountId: await bonusPool(trx, g.merchantId, g.memberId, g.currency),
    creditAccountId: await memberAccountId(trx, g.memberId, g.merchantId, 'bonus', g.currency),
    amountMinor: g.amountMinor,
    currency: g.currency,
    metadata: { bonusId: String(bonus.id), reason: 'bonus_grant', source: g.source },
  });
  // Nothing to wager (times 0): the rules complete it at once.
  if (requirement === 0n) return { ok: true, bonus: await convertBonus(trx, bonus), repeated: false };
  return { ok: true, bonus, repeated: false };
}

/** The merchant's bonus pool on the member's shard (as every payment from the pool): no one hot row. */
function bonusPool(trx: Db, merchantId: string, memberId: string, currency: string): Promise<bigint> {
  return systemAccountId(trx, merchantId, 'bonus_pool', currency, houseShardFor(memberId));
}

async function bonusBalance(trx: Db, bonus: BonusRow): Promise<{ accountId: bigint; balance: bigint }> {
  const accountId = await memberAccountId(trx, bonus.member_id, bonus.merchant_id, 'bonus', bonus.currency);
  const { rows } = await sql<{ balance: bigint }>`
    select balance_minor - pending_minor as balance from ledger_accounts where id = ${accountId} for update`.execute(
    trx,
  );
  return { accountId, balance: rows[0]?.balance ?? 0n };
}

/** Completion: the whole bonus balance to cash, once (the caller holds the row lock). */
async function convertBonus(trx: Db, bonus: BonusRow): Promise<BonusRow> {
  const { accountId, balance } = await bonusBalance(trx, bonus);
  if (balance > 0n)
    await transfer(trx, {
      merchantId: bonus.merchant_id,
      idempotencyKey: `bonus:${bonus.id}:convert`,
      code: 'bonus',
      debitAccountId: accountId,
      creditAccountId: await memberAccountId(trx, bonus.member_id, bonus.merchant_id, 'main', bonus.currency),
      amountMinor: balance,
      currency: bonus.currency,
      metadata: { bonusId: String(bonus.id), reason: 'bonus_convert' },
    });
  const { rows } = await sql<BonusRow>`
    update member_bonuses set status = 'completed', ended_at = now(), converted_minor = ${balance}
     where id = ${bonus.id} and status = 'active' returning *`.execute(trx);
  return rows[0]!;
}

/**
 * Expiry or forfeiture: the bonus balance back to the pool, the bonus ended, once (the caller holds
 * the row lock; the status check and the transfer's key keep a second call from moving anything).
 */
export async function endBonus(
  trx: Db,
  bonus: BonusRow,
  status: 'expired' | 'forfeited',
  now: Date,
): Promise<BonusRow> {
  const { accountId, balance } = await bonusBalance(trx, bonus);
  if (balance > 0n)
    await transfer(trx, {
      merchantId: bonus.merchant_id,
      idempotencyKey: `bonus:${bonus.id}:${status}`,
      code: 'bonus',
      debitAccountId: accountId,
      creditAccountId: await bonusPool(trx, bonus.merchant_id, bonus.member_id, bonus.currency),
      amountMinor: balance,
      currency: bonus.currency,
      metadata: { bonusId: String(bonus.id), reason: `bonus_${status}` },
    });
  const { rows } = await sql<BonusRow>`
    update member_bonuses set status = ${status}, ended_at = ${now}, forfeited_minor = ${balance}
     where id = ${bonus.id} and status = 'active' returning *`.execute(trx);
  return rows[0] ?? bonus;
}

// ---------------------------------------------------------------- deposits

export interface CreditedDeposit {
  id: string;
  merchantId: string;
  memberId: string;
  currency: string;
  /** What reached the main wallet (amount − fee): the deposit the bonus is a share of. */
  creditMinor: bigint;
  at: Date;
}

/**
 * A deposit credited (wallet's creditDeposit, in its transaction, before the deposit's own money so
 * the bonus row is locked before any account): the first published deposit-bonus promotion shown to
 * the member (a first deposit) or reload promotion (a later one) with bonus terms the deposit meets
 * grants its bonus — a percentage of the deposit up to the cap. Keyed by the deposit: a retried
 * credit grants nothing more. Bonuses off, no promotion, an active bonus: no grant, and the deposit
 * goes on (a deposit never fails for its bonus).
 */
export async function grantOnDeposit(trx: Db, d: CreditedDeposit): Promise<GrantResult | null> {
  if (!(await bonusesEnabled(trx, d.merchantId))) return null;
  const shown = await depositBonusPromotions(trx, { merchantId: d.merchantId, memberId: d.memberId }, d.at);
  if (shown.length === 0) return null;
  const { rows: earlier } = await sql<{ n: number }>`
    select count(*)::int as n from deposits
     where member_id = ${d.memberId} and status = 'approved' and id <> ${d.id}`.execute(trx);
  const wanted = earlier[0]!.n === 0 ? 'deposit_bonus' : 'reload';
  const ids = shown.filter((p) => p.type === wanted).map((p) => p.id);
  if (ids.length === 0) return null;
  const { rows } = await sql<TermsRow & { promotion_id: string }>`
    select promotion_id::text, percent_bps, max_bonus_minor, min_deposit_minor, basis, times, max_bet_minor,
           valid_days, contribution_bps
      from promotion_bonus_terms
     where promotion_id = any(${ids}::bigint[]) and min_deposit_minor <= ${d.creditMinor}`.execute(trx);
  // In the promotions' display order (the list `shown` is ordered).
  const terms = ids.map((id) => rows.find((r) => r.promotion_id === id)).find((t) => t !== undefined);
  if (!terms) return null;
  const share = applyBasisPoints(d.creditMinor, BigInt(terms.percent_bps));
  const amount = share < terms.max_bonus_minor ? share : terms.max_bonus_minor;
  if (amount <= 0n) return null;
  return grantBonus(trx, {
    merchantId: d.merchantId,
    memberId: d.memberId,
    currency: d.currency,
    source: 'deposit',
    sourceId: d.id,
    promotionId: terms.promotion_id,
    grantedBy: null,
    amountMinor: amount,
    depositMinor: d.creditMinor,
    basis: terms.basis,
    times: terms.times,
    maxBetMinor: terms.max_bet_minor,
    validDays: terms.valid_days,
    contributionBps: terms.contribution_bps,
    now: d.at,
    claim: wanted === 'deposit_bonus' ? 'welcome_bonus' : null,
  });
}

// ---------------------------------------------------------------- operators

export async function operatorGrant(
  trx: Db,
  clock: Clock,
  who: { merchantId: string; operatorId: string; currency: string },
  memberId: string,
  input: OperatorBonusGrant,
): Promise<{ bonus: BonusRow; repeated: boolean }> {
  const result = await grantBonus(trx, {
    merchantId: who.merchantId,
    memberId,
    currency: who.currency,
    source: 'operator',
    sourceId: input.idempotencyKey,
    promotionId: null,
    grantedBy: who.operatorId,
    amountMinor: BigInt(input.amountMinor),
    depositMinor: 0n,
    basis: input.basis,
    times: input.times,
    maxBetMinor: BigInt(input.maxBetMinor),
    validDays: input.validDays,
    contributionBps: input.contributionBps,
    now: clock.now(),
    claim: null,
  });
  if (!result.ok) throw new AppError(result.code);
  if (
    result.repeated &&
    (result.bonus.member_id !== memberId || result.bonus.granted_minor !== BigInt(input.amountMinor))
  )
    throw new AppError('LEDGER_IDEMPOTENCY_CONFLICT');
  return result;
}

interface TermsRow {
  percent_bps: number;
  max_bonus_minor: bigint;
  min_deposit_minor: bigint;
  basis: WageringBasis;
  times: number;
  max_bet_minor: bigint;
  valid_days: number;
  contribution_bps: Contribution;
}

export async function promotionTerms(db: Db, promotionId: string): Promise<PromotionBonusTerms | null> {
  const { rows } = await sql<TermsRow>`
    select * from promotion_bonus_terms where promotion_id = ${promotionId}`.execute(db);
  const t = rows[0];
  if (!t) return null;
  return {
    percentBps: t.percent_bps,
    maxBonusMinor: Number(t.max_bonus_minor),
    minDepositMinor: Number(t.min_deposit_minor),
    basis: t.basis,
    times: t.times,
    maxBetMinor: Number(t.max_bet_minor),
    validDays: t.valid_days,
    contributionBps: t.contribution_bps,
  };
}

/** Sets a deposit_bonus / reload promotion's bonus terms (the caller checked the promotion is the operator's). */
export async function setPromotionTerms(db: Db, promotionId: string, t: PromotionBonusTerms): Promise<void> {
  await sql`
    insert into promotion_bonus_terms (promotion_id, percent_bps, max_bonus_minor, min_deposit_minor, basis, times,
      max_bet_minor, valid_days, contribution_bps)
    values (${promotionId}, ${t.percentBps}, ${t.maxBonusMinor}, ${t.minDepositMinor}, ${t.basis}, ${t.times},
      ${t.maxBetMinor}, ${t.validDays}, ${JSON.stringify(t.contributionBps)}::jsonb)
    on conflict (promotion_id) do update set percent_bps = excluded.percent_bps,
      max_bonus_minor = excluded.max_bonus_minor, min_deposit_minor = excluded.min_deposit_minor,
      basis = excluded.basis, times = excluded.times, max_bet_minor = excluded.max_bet_minor,
      valid_days = excluded.valid_days, contribution_bps = excluded.contribution_bps`.execute(db);
}

// ---------------------------------------------------------------- withdrawals, expiry

/**
 * A withdrawal request (wallet's requestWithdrawal, in its transaction under the member's lock) with
 * an active bonus, by the merchant's rule (migration 0085):
 * - `forfeit`: a request that did not confirm is refused with BONUS_FORFEIT_CONFIRMATION_REQUIRED (the
 *   bonus in the details, so the site can warn); a confirmed one forfeits the bonus (its balance back
 *   to the pool) and goes on;
 * - `block`: refused with BONUS_WITHDRAWAL_BLOCKED, confirmed or not, with what is left to wager in
 *   the details; nothing moves.
 * An overdue bonus just expires, under either rule.
 */
export async function onWithdrawalRequest(
  trx: Db,
  request: { merchantId: string; memberId: string; confirmed: boolean; now: Date },
): Promise<void> {
  const { memberId, now } = request;
  const active = await lockActive(trx, memberId);
  if (!active) return;
  if (active.expires_at.getTime() <= now.getTime()) {
    await endBonus(trx, active, 'expired', now);
    return;
  }
  const rule = await bonusWithdrawalRule(trx, request.merchantId);
  if (rule === 'block' || !request.confirmed) {
    const { balance } = await bonusBalance(trx, active);
    const left = active.requirement_minor - active.wagered_minor;
    const details = {
      bonusId: Number(active.id),
      balanceMinor: Number(balance),
      wageredMinor: Number(active.wagered_minor),
      requirementMinor: Number(active.requirement_minor),
    };
    if (rule === 'block')
      // Never below 0: a requirement met converts the bonus, so 0 is seen only in the moment before.
      throw new AppError('BONUS_WITHDRAWAL_BLOCKED', {
        ...details,
        remainingMinor: Number(left > 0n ? left : 0n),
      });
    throw new AppError('BONUS_FORFEIT_CONFIRMATION_REQUIRED', details);
  }
  await endBonus(trx, active, 'forfeited', now);
}

/** The member forfeits their active bonus themselves; nothing to do without one. */
export async function forfeitActive(db: Db, memberId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const active = await lockActive(trx, memberId);
    if (active) await endBonus(trx, active, active.expires_at <= now ? 'expired' : 'forfeited', now);
  });
}

const EXPIRY_BATCH = 100;

/**
 * Ends the bonuses whose time is up, in batches of 100 rows locked `skip locked` (another instance's
 * sweep, a bet batch or a withdrawal holding a row is skipped and seen next time). Answers how many
 * ended.
 */
export async function expireDue(db: Db, now: Date): Promise<number> {
  let ended = 0;
  for (;;) {
    const n = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<BonusRow>`
        select * from member_bonuses where status = 'active' and expires_at <= ${now}
         order by id limit ${EXPIRY_BATCH} for update skip locked`.execute(trx);
      for (const row of rows) await endBonus(trx, row, 'expired', now);
      return rows.length;
    });
    ended += n;
    if (n < EXPIRY_BATCH) return ended;
  }
}

// ---------------------------------------------------------------- bonusDetails

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function toMemberBonus(r: BonusRow): MemberBonus {
  return {
    id: Number(r.id),
    source: r.source,
    status: r.status,
    currency: r.currency,
    grantedMinor: Number(r.granted_minor),
    depositMinor: Number(r.deposit_minor),
    basis: r.basis,
    times: r.times,
    requirementMinor: Number(r.requirement_minor),
    wageredMinor: Number(r.wagered_minor),
    maxBetMinor: Number(r.max_bet_minor),
    contributionBps: r.contribution_bps,
    convertedMinor: Number(r.converted_minor),
    forfeitedMinor: Number(r.forfeited_minor),
    openBonusMinor: Number(r.open_bonus_minor),
    grantedAt: iso(r.granted_at)!,
    expiresAt: iso(r.expires_at)!,
    endedAt: iso(r.ended_at),
  };
}

const PAST_SHOWN = 20;
const OPEN_SHOWN = 20;

/** A bonus's open bets, newest first (its slips by the primary key's bonus prefix). */
async function openBets(db: Db, bonusId: bigint) {
  const { rows } = await sql<{
    category: string;
    stake_minor: bigint;
    bonus_part_minor: bigint;
    contribution_minor: bigint;
    created_at: Date;
  }>`
    select category, stake_minor, bonus_part_minor, contribution_minor, created_at from bonus_bet_slips
     where bonus_id = ${bonusId} and status = 'open'
     order by created_at desc, bet_ref limit ${OPEN_SHOWN}`.execute(db);
  return rows.map((r) => ({
    category: r.category,
    stakeMinor: Number(r.stake_minor),
    bonusPartMinor: Number(r.bonus_part_minor),
    contributionMinor: Number(r.contribution_minor),
    placedAt: iso(r.created_at)!,
  }));
}

/** The member's active bonus with its progress and balance, and their last 20 ended ones. */
export async function bonusDetails(db: Db, merchantId: string, memberId: string, currency: string) {
  const settings = await promotionSettings(db, merchantId);
  if (!settings.bonusesEnabled)
    return {
      enabled: false,
      balanceMinor: 0,
      active: null,
      openBets: [],
      past: [],
      withdrawalRule: settings.bonusWithdrawalRule,
    };
  const { rows } = await sql<BonusRow>`
    select * from member_bonuses where member_id = ${memberId} and merchant_id = ${merchantId}
     order by id desc limit ${PAST_SHOWN + 1}`.execute(db);
  const active = rows.find((r) => r.status === 'active') ?? null;
  const { rows: balance } = await sql<{ balance: bigint }>`
    select balance_minor as balance from ledger_accounts
     where owner_type = 'member' and owner_id = ${memberId} and kind = 'bonus' and currency = ${currency}`.execute(
    db,
  );
  return {
    enabled: true,
    withdrawalRule: settings.bonusWithdrawalRule,
    balanceMinor: active ? Number(balance[0]?.balance ?? 0n) : 0,
    active: active && toMemberBonus(active),
    openBets: active ? await openBets(db, active.id) : [],
    past: rows
      .filter((r) => r.status !== 'active')
      .slice(0, PAST_SHOWN)
      .map(toMemberBonus),
  };
}
