import { applyBasisPoints } from '@sorte/money';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TransferRequest } from '../ledger/index.ts';
import { splitPayout } from './bonus.wagering.ts';

/**
 * The bonus side of a bet batch (the bet path, `modules/bets`): the rules of bonus.wagering.ts on the
 * batch's locked rows, set-based. A batch asks `lockBonuses` once — one indexed read of the partial
 * unique index on active bonuses, which finds nothing for a member without one, so such members pay
 * that one statement per batch and nothing else. Only when a batch has members with an active bonus:
 *
 *  - their bonus rows are locked (after the kind's ordering rows, before the accounts: the lock
 *    order of every bonus path), their bonus accounts are locked with the batch's other accounts;
 *  - each bet takes cash first, then bonus (`place`), refused over the max bet
 *    (BONUS_MAX_BET_EXCEEDED) or past cash + bonus (WALLET_INSUFFICIENT_FUNDS); its contribution is
 *    counted; its return is split in proportion (`splitPayout`, the remainder to the bonus side);
 *  - the money, in bet order around each bet's own transfers: before them one `bonus` transfer
 *    bonus → main for its bonus part (the kind then stakes from main as always), after them one
 *    main → bonus for its bonus share of the return, then, if that bet met the requirement, the
 *    whole bonus balance bonus → main (completion, key `bonus:<id>:convert`: once; the member's
 *    later bets in the batch are cash bets, as a loss of the whole bonus makes them too). In that order every item meets the running balances the decisions were made on (a bet may be
 *    paid from the bonus share of the bet before it);
 *  - the slips (`bonus_bet_slips`) and the bonus rows (wagered, completion, loss) written set-based.
 *
 * Settled at once or later: the in-house single-round games place and settle a bet in the same
 * batch (`place` then `settle`); a kind that settles later (vendor rounds) places with a `settleRef`
 * — the slip is written `open`, nothing is counted yet, its bonus part is added to the bonus's
 * `open_bonus_minor` — and settles it through `lockDeferred` (bonus.deferred.ts). Contribution is
 * counted when a bet settles, never for a void (bonus.wagering.ts).
 */

export interface ActiveBonus {
  id: bigint;
  memberId: string;
  currency: string;
  mainAccountId: bigint;
  bonusAccountId: bigint;
  wagered: bigint;
  requirement: bigint;
  maxBet: bigint;
  contributionBps: Record<string, number>;
  /** Bonus money on this bonus's open (deferred) slips: a balance of 0 is not a loss while > 0. */
  openBonus: bigint;
}

/** What one bet took from each side and how its return came back. */
export interface BonusPlan {
  bonus: ActiveBonus;
  betRef: string;
  category: string;
  stakeMinor: bigint;
  /** Set for a bet that settles later (the slip stays open, found by this ref): see bonus.deferred.ts. */
  settleRef: string | null;
  cashPart: bigint;
  bonusPart: bigint;
  contribution: bigint;
  cashShare: bigint;
  bonusShare: bigint;
  /** The whole bonus balance converted to cash when this bet completed the requirement, else null. */
  converted: bigint | null;
}

export interface BatchBonuses {
  /** Whether the member wagers a bonus still active at this point of the batch. */
  has(memberId: string): boolean;
  /** The bonus accounts to lock with the batch's accounts (id order is the caller's). */
  accountIds(): bigint[];
  /**
   * Decides a bet of a member with an active bonus on the running balances in `spendable` (main and
   * bonus accounts): cash first, then bonus. Throws the bet's own refusal.
   */
  place(
    memberId: string,
    bet: { betRef: string; category: string; stakeMinor: bigint; settleRef?: string },
    spendable: Map<bigint, bigint>,
  ): BonusPlan;
  /**
   * The bet's return (0 for a loss), split; the running balances follow. Then, as the rules do after
   * every transition: the requirement met converts the whole bonus balance to cash (the running
   * balances follow), or a bonus balance of 0 short of the requirement is lost; either way the
   * member's later bets in the batch are cash bets (`has` turns false).
   */
  settle(plan: BonusPlan, payoutMinor: bigint, spendable: Map<bigint, bigint>): void;
  /**
   * A bet's bonus transfers: `before` its own (its bonus part bonus → main), `after` them (its bonus
   * share main → bonus, then the conversion if it completed the bonus). The kind posts them in bet order around each bet's transfers, so every item
   * meets the balances the decisions ran on (a bet may be paid from a previous bet's bonus share).
   */
  around(plan: BonusPlan): { before: TransferRequest[]; after: TransferRequest[] };
  /** The slips and the bonus rows (wagered, completed / lost), set-based; after the money. */
  write(trx: Db): Promise<void>;
}

/** A bonus row's (`b`) member accounts: `a` its bonus account, `m` its main account. */
export const accountJoins = sql`
  join ledger_accounts a on a.owner_type = 'member' and a.owner_id = b.member_id
                        and a.kind = 'bonus' and a.currency = b.currency
  join ledger_accounts m on m.owner_type = 'member' and m.owner_id = b.member_id
                        and m.kind = 'main' and m.currency = b.currency`;

/**
 * Locks the active, unexpired bonuses of the batch's members (one statement; none for most batches)
 * and answers the batch's bonus side, or null when no member of the batch has one.
 */
export async function lockBonuses(
  trx: Db,
  merchantId: string,
  memberIds: string[],
): Promise<BatchBonuses | null> {
  const { rows } = await sql<LockedBonusRow>`
    select b.id, b.member_id, b.currency, m.id as main_id, a.id as bonus_id, b.wagered_minor,
           b.requirement_minor, b.max_bet_minor, b.contribution_bps, b.open_bonus_minor
      from member_bonuses b
      ${accountJoins}
     where b.member_id = any(${memberIds}::uuid[]) and b.status = 'active'
       and b.merchant_id = ${merchantId} and b.expires_at > now()
     order by b.id
       for update of b`.execute(trx);
  if (rows.length === 0) return null;
  const bonuses = new Map<string, ActiveBonus>(rows.map((r) => [r.member_id, activeBonusOf(r)]));
  return batchBonuses(merchantId, bonuses);
}

/** A locked bonus row, with its member's accounts (`accountJoins`), as the bet path keeps it. */
export interface LockedBonusRow {
  id: bigint;
  member_id: string;
  currency: string;
  main_id: bigint;
  bonus_id: bigint;
  wagered_minor: bigint;
  requirement_minor: bigint;
  max_bet_minor: bigint;
  contribution_bps: Record<string, number>;
  open_bonus_minor: bigint;
}

export function activeBonusOf(r: LockedBonusRow): ActiveBonus {
  return {
    id: r.id,
    memberId: r.member_id,
    currency: r.currency,
    mainAccountId: r.main_id,
    bonusAccountId: r.bonus_id,
    wagered: r.wagered_minor,
    requirement: r.requirement_minor,
    maxBet: r.max_bet_minor,
    contributionBps: r.contribution_bps,
    openBonus: r.open_bonus_minor,
  };
}

function batchBonuses(merchantId: string, bonuses: Map<string, ActiveBonus>): BatchBonuses {
  const plans: BonusPlan[] = [];
  // The bonuses that ended in this batch, and how.
  const ended = new Map<bigint, 'completed' | 'lost'>();
  return {
    has: (memberId) => {
      const bonus = bonuses.get(memberId);
      return bonus !== undefined && !ended.has(bonus.id);
    },
    accountIds: () => [...bonuses.values()].map((b) => b.bonusAccountId),
    place(memberId, bet, spendable) {
      const bonus = bonuses.get(memberId)!;
      if (bet.stakeMinor > bonus.maxBet)
        throw new AppError('BONUS_MAX_BET_EXCEEDED', { maxBetMinor: Number(bonus.maxBet) });
      const cash = spendable.get(bonus.mainAccountId) ?? 0n;
      const held = spendable.get(bonus.bonusAccountId) ?? 0n;
      if (bet.stakeMinor > cash + held) throw new AppError('WALLET_INSUFFICIENT_FUNDS');
      const cashPart = bet.stakeMinor < cash ? bet.stakeMinor : cash;
      const bonusPart = bet.stakeMinor - cashPart;
      const contribution = applyBasisPoints(bet.stakeMinor, BigInt(bonus.contributionBps[bet.category] ?? 0));
      spendable.set(bonus.mainAccountId, cash - cashPart);
      spendable.set(bonus.bonusAccountId, held - bonusPart);
      // A bet settled later carries its bonus part on the bonus until then (see `settle` for the loss rule).
      if (bet.settleRef) bonus.openBonus += bonusPart;
      const plan: BonusPlan = {
        bonus,
        ...bet,
        settleRef: bet.settleRef ?? null,
        cashPart,
        bonusPart,
        contribution,
        cashShare: 0n,
        bonusShare: 0n,
        converted: null,
      };
      plans.push(plan);
      return plan;
    },
    settle(plan, payoutMinor, spendable) {
      const share = splitPayout(
        {
          betId: plan.betRef,
          grantId: String(plan.bonus.id),
          category: plan.category as never,
          stakeMinor: plan.stakeMinor,
          cashPartMinor: plan.cashPart,
          bonusPartMinor: plan.bonusPart,
          contributionMinor: plan.contribution,
        },
        payoutMinor,
      );
      plan.cashShare = share.cashMinor;
      plan.bonusShare = share.bonusMinor;
      const { mainAccountId, bonusAccountId } = plan.bonus;
      spendable.set(mainAccountId, spendable.get(mainAccountId)! + share.cashMinor);
      spendable.set(bonusAccountId, spendable.get(bonusAccountId)! + share.bonusMinor);
      // Counted as it settles (a win or a loss), as the rules say.
      plan.bonus.wagered += plan.contribution;
      const ending = endingAfter(plan.bonus, spendable);
      if (ending) ended.set(plan.bonus.id, ending);
      if (ending === 'completed') plan.converted = convertInPlace(plan.bonus, spendable);
    },
    around(plan) {
      return {
        before: plan.bonusPart > 0n ? [betMove(merchantId, plan, 'draw')] : [],
        after: [
          ...(plan.bonusShare > 0n ? [betMove(merchantId, plan, 'share')] : []),
          ...(plan.converted ? [conversion(merchantId, plan.bonus, plan.converted)] : []),
        ],
      };
    },
    async write(trx) {
      if (plans.length === 0) return;
      const touched = [...new Set(plans.map((p) => p.bonus))];
      const converted = new Map(
        plans.flatMap((p) => (p.converted === null ? [] : [[p.bonus.id, p.converted]])),
      );
      await writeSlips(trx, plans);
      await writeBonuses(trx, touched, ended, converted);
    },
  };
}

/**
 * How a bonus stands after a settlement changed its running balances: completed when the requirement
 * is met, lost when nothing is left of it (no balance, no bonus money on open bets) short of it.
 */
export function endingAfter(bonus: ActiveBonus, spendable: Map<bigint, bigint>): 'completed' | 'lost' | null {
  if (bonus.wagered >= bonus.requirement) return 'completed';
  if (spendable.get(bonus.bonusAccountId) === 0n && bonus.openBonus === 0n) return 'lost';
  return null;
}

/** Completion on the running balances: the whole bonus balance to cash; answers the amount. */
export function convertInPlace(bonus: ActiveBonus, spendable: Map<bigint, bigint>): bigint {
  const balance = spendable.get(bonus.bonusAccountId)!;
  spendable.set(bonus.bonusAccountId, 0n);
  spendable.set(bonus.mainAccountId, spendable.get(bonus.mainAccountId)! + balance);
  return balance;
}

/** The bonus rows a batch changed (wagered, open bonus money, an ending), set-based. */
export async function writeBonuses(
  trx: Db,
  touched: ActiveBonus[],
  ended: Map<bigint, 'completed' | 'lost'>,
  converted: Map<bigint, bigint>,
): Promise<void> {
  if (touched.length === 0) return;
  await sql`
    update member_bonuses b set wagered_minor = u.wagered, open_bonus_minor = u.open,
      status = coalesce(u.ended, b.status),
      ended_at = case when u.ended is null then b.ended_at else now() end,
      converted_minor = case when u.ended = 'completed' then u.left_minor else b.converted_minor end
      from unnest(${touched.map((b) => String(b.id))}::bigint[],
                  ${touched.map((b) => String(b.wagered))}::bigint[],
                  ${touched.map((b) => String(b.openBonus))}::bigint[],
                  ${touched.map((b) => ended.get(b.id) ?? null)}::text[],
                  ${touched.map((b) => String(converted.get(b.id) ?? 0n))}::bigint[])
        as u(id, wagered, open, ended, left_minor)
     where b.id = u.id`.execute(trx);
}

/** Completion: the whole bonus balance to cash, keyed by the bonus (once, whatever retries). */
export function conversion(merchantId: string, b: ActiveBonus, amount: bigint): TransferRequest {
  return {
    merchantId,
    idempotencyKey: `bonus:${b.id}:convert`,
    code: 'bonus',
    debitAccountId: b.bonusAccountId,
    creditAccountId: b.mainAccountId,
    amountMinor: amount,
    currency: b.currency,
    metadata: { bonusId: String(b.id), reason: 'bonus_convert' },
  };
}

/**
 * A bet's bonus money between the member's two accounts: its bonus part into main before the stake
 * (`draw`), or its bonus share of the return back out of main after it (`share`); keyed by the bet.
 */
function betMove(merchantId: string, p: BonusPlan, direction: 'draw' | 'share'): TransferRequest {
  const { bonusAccountId, mainAccountId } = p.bonus;
  const draw = direction === 'draw';
  return {
    merchantId,
    idempotencyKey: `bonus:${p.betRef}:${direction}`,
    code: 'bonus',
    debitAccountId: draw ? bonusAccountId : mainAccountId,
    creditAccountId: draw ? mainAccountId : bonusAccountId,
    amountMinor: draw ? p.bonusPart : p.bonusShare,
    currency: p.bonus.currency,
    metadata: { bonusId: String(p.bonus.id), reason: draw ? 'bonus_stake' : 'bonus_win' },
  };
}

async function writeSlips(trx: Db, plans: BonusPlan[]): Promise<void> {
  const col = <T>(f: (p: BonusPlan) => T) => plans.map(f);
  await sql`
    insert into bonus_bet_slips (bonus_id, bet_ref, category, stake_minor, cash_part_minor, bonus_part_minor,
      contribution_minor, payout_cash_minor, payout_bonus_minor, status, settle_ref)
    select u.bonus_id, u.bet_ref, u.category, u.stake, u.cash_part, u.bonus_part, u.contribution, u.cash_share,
           u.bonus_share, case when u.settle_ref is null then 'settled' else 'open' end, u.settle_ref
      from unnest(${col((p) => String(p.bonus.id))}::bigint[], ${col((p) => p.betRef)}::text[],
      ${col((p) => p.category)}::text[], ${col((p) => String(p.stakeMinor))}::bigint[],
      ${col((p) => String(p.cashPart))}::bigint[], ${col((p) => String(p.bonusPart))}::bigint[],
      ${col((p) => String(p.contribution))}::bigint[], ${col((p) => String(p.cashShare))}::bigint[],
      ${col((p) => String(p.bonusShare))}::bigint[], ${col((p) => p.settleRef)}::text[])
        as u(bonus_id, bet_ref, category, stake, cash_part, bonus_part, contribution, cash_share, bonus_share,
             settle_ref)`.execute(trx);
}
