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
 *  - the money: before the kind's own transfers, one `bonus` transfer bonus → main per bet for its
 *    bonus part (the kind then stakes from main as always); after them, one main → bonus per bet for
 *    its bonus share of the return; then per bonus that reached its requirement, the whole bonus
 *    balance bonus → main (completion, key `bonus:<id>:convert`: once). Posted draws-first and
 *    shares-after, main never goes below what the decisions on running balances left it;
 *  - the slips (`bonus_bet_slips`) and the bonus rows (wagered, completion, loss) written set-based.
 *
 * Settled at once: the kinds wired here place and settle a bet in the same batch (the in-house
 * single-round games), so no bet under a bonus stays open and completion needs no open-bet count.
 */

interface ActiveBonus {
  id: bigint;
  memberId: string;
  currency: string;
  mainAccountId: bigint;
  bonusAccountId: bigint;
  wagered: bigint;
  requirement: bigint;
  maxBet: bigint;
  contributionBps: Record<string, number>;
}

/** What one bet took from each side and how its return came back. */
export interface BonusPlan {
  bonus: ActiveBonus;
  betRef: string;
  category: string;
  stakeMinor: bigint;
  cashPart: bigint;
  bonusPart: bigint;
  contribution: bigint;
  cashShare: bigint;
  bonusShare: bigint;
}

export interface BatchBonuses {
  /** The member's active bonus in this batch, if any. */
  has(memberId: string): boolean;
  /** The bonus accounts to lock with the batch's accounts (id order is the caller's). */
  accountIds(): bigint[];
  /**
   * Decides a bet of a member with an active bonus on the running balances in `spendable` (main and
   * bonus accounts): cash first, then bonus. Throws the bet's own refusal.
   */
  place(
    memberId: string,
    bet: { betRef: string; category: string; stakeMinor: bigint },
    spendable: Map<bigint, bigint>,
  ): BonusPlan;
  /** The bet's return (0 for a loss), split; the running balances follow. */
  settle(plan: BonusPlan, payoutMinor: bigint, spendable: Map<bigint, bigint>): void;
  /** The bonus parts moved bonus → main: post BEFORE the kind's stakes. */
  draws(merchantId: string): TransferRequest[];
  /** The bonus shares back, completions; then the slips and the bonus rows. Call after the kind's money. */
  finish(
    trx: Db,
    merchantId: string,
    spendable: Map<bigint, bigint>,
    post: (requests: TransferRequest[]) => Promise<unknown>,
  ): Promise<void>;
}

/**
 * Locks the active, unexpired bonuses of the batch's members (one statement; none for most batches)
 * and answers the batch's bonus side, or null when no member of the batch has one.
 */
export async function lockBonuses(
  trx: Db,
  merchantId: string,
  memberIds: string[],
): Promise<BatchBonuses | null> {
  const { rows } = await sql<{
    id: bigint;
    member_id: string;
    currency: string;
    main_id: bigint;
    bonus_id: bigint;
    wagered_minor: bigint;
    requirement_minor: bigint;
    max_bet_minor: bigint;
    contribution_bps: Record<string, number>;
  }>`
    select b.id, b.member_id, b.currency, m.id as main_id, a.id as bonus_id, b.wagered_minor,
           b.requirement_minor, b.max_bet_minor, b.contribution_bps
      from member_bonuses b
      join ledger_accounts a on a.owner_type = 'member' and a.owner_id = b.member_id
                            and a.kind = 'bonus' and a.currency = b.currency
      join ledger_accounts m on m.owner_type = 'member' and m.owner_id = b.member_id
                            and m.kind = 'main' and m.currency = b.currency
     where b.member_id = any(${memberIds}::uuid[]) and b.status = 'active'
       and b.merchant_id = ${merchantId} and b.expires_at > now()
     order by b.id
       for update of b`.execute(trx);
  if (rows.length === 0) return null;
  const bonuses = new Map<string, ActiveBonus>(
    rows.map((r) => [
      r.member_id,
      {
        id: r.id,
        memberId: r.member_id,
        currency: r.currency,
        mainAccountId: r.main_id,
        bonusAccountId: r.bonus_id,
        wagered: r.wagered_minor,
        requirement: r.requirement_minor,
        maxBet: r.max_bet_minor,
        contributionBps: r.contribution_bps,
      },
    ]),
  );
  return batchBonuses(bonuses);
}

function batchBonuses(bonuses: Map<string, ActiveBonus>): BatchBonuses {
  const plans: BonusPlan[] = [];
  return {
    has: (memberId) => bonuses.has(memberId),
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
      bonus.wagered += contribution;
      const plan: BonusPlan = {
        bonus,
        ...bet,
        cashPart,
        bonusPart,
        contribution,
        cashShare: 0n,
        bonusShare: 0n,
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
    },
    draws(merchantId) {
      return plans.filter((p) => p.bonusPart > 0n).map((p) => betMove(merchantId, p, 'draw'));
    },
    async finish(trx, merchantId, spendable, post) {
      if (plans.length === 0) return;
      const requests = plans.filter((p) => p.bonusShare > 0n).map((p) => betMove(merchantId, p, 'share'));
      const touched = [...new Set(plans.map((p) => p.bonus))];
      // The bonus balance each touched bonus ends the batch with: its account's running balance.
      const left = new Map(touched.map((b) => [b.id, spendable.get(b.bonusAccountId)!]));
      const ended = new Map<bigint, 'completed' | 'lost'>();
      for (const b of touched) {
        if (b.wagered >= b.requirement) {
          ended.set(b.id, 'completed');
          const amount = left.get(b.id)!;
          if (amount > 0n)
            requests.push({
              merchantId,
              idempotencyKey: `bonus:${b.id}:convert`,
              code: 'bonus',
              debitAccountId: b.bonusAccountId,
              creditAccountId: b.mainAccountId,
              amountMinor: amount,
              currency: b.currency,
              metadata: { bonusId: String(b.id), reason: 'bonus_convert' },
            });
        } else if (left.get(b.id) === 0n) ended.set(b.id, 'lost');
      }
      if (requests.length > 0) await post(requests);
      await writeSlips(trx, plans);
      await sql`
        update member_bonuses b set wagered_minor = u.wagered,
          status = coalesce(u.ended, b.status),
          ended_at = case when u.ended is null then b.ended_at else now() end,
          converted_minor = case when u.ended = 'completed' then u.left_minor else b.converted_minor end
          from unnest(${touched.map((b) => String(b.id))}::bigint[],
                      ${touched.map((b) => String(b.wagered))}::bigint[],
                      ${touched.map((b) => ended.get(b.id) ?? null)}::text[],
                      ${touched.map((b) => String(left.get(b.id)))}::bigint[])
            as u(id, wagered, ended, left_minor)
         where b.id = u.id and b.status = 'active'`.execute(trx);
    },
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
      contribution_minor, payout_cash_minor, payout_bonus_minor)
    select * from unnest(${col((p) => String(p.bonus.id))}::bigint[], ${col((p) => p.betRef)}::text[],
      ${col((p) => p.category)}::text[], ${col((p) => String(p.stakeMinor))}::bigint[],
      ${col((p) => String(p.cashPart))}::bigint[], ${col((p) => String(p.bonusPart))}::bigint[],
      ${col((p) => String(p.contribution))}::bigint[], ${col((p) => String(p.cashShare))}::bigint[],
      ${col((p) => String(p.bonusShare))}::bigint[])`.execute(trx);
}
