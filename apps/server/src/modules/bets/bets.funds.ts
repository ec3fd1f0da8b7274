import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type BatchBonuses, type BonusPlan, lockBonuses } from '../bonuses/index.ts';
import type { TransferRequest } from '../ledger/index.ts';
import { lockSpendable } from './bets.repository.ts';

/**
 * The funds of a batch of bets, the one rule every kind of bet stakes by (docs/architecture.md,
 * "Bonuses in the ledger"): a member wagering an active bonus stakes cash first, then bonus; any other
 * member stakes cash only.
 */
export interface StakeFunds {
  /** The bonus side of the batch's members (null for a batch without any, the common case). */
  bonuses: BatchBonuses | null;
  /** Running balances of every locked account (main, house shards, bonus accounts). */
  spendable: Map<bigint, bigint>;
}

/**
 * Locks a batch's funds, after the kind's ordering rows (the documented lock order): the members'
 * active bonuses (`lockBonuses`: one indexed read, nothing more for a batch without any), then every
 * account the batch touches — the kind's (`accountIds`: main accounts, the batch's house shards) and
 * the bonus accounts — in id order, spendable read. A member's concurrent bets in other batches wait here.
 */
export async function lockStakeFunds(
  trx: Db,
  merchantId: string,
  memberIds: string[],
  accountIds: bigint[],
): Promise<StakeFunds> {
  // A kind without a bonus side passes no members: no read at all.
  const bonuses = memberIds.length ? await lockBonuses(trx, merchantId, [...new Set(memberIds)]) : null;
  const spendable = await lockSpendable(trx, [...new Set([...accountIds, ...(bonuses?.accountIds() ?? [])])]);
  return { bonuses, spendable };
}

/** A bet's stake as `takeStake` sees it. */
export interface StakedBet {
  memberId: string;
  mainAccountId: bigint;
  stakeMinor: bigint;
  /** The bet's bonus slip key, and for a bet settled later the ref its settlement finds it by. */
  betRef: string;
  settleRef?: string;
  /** The betting records' category (the bonus contribution rate). */
  category: string;
}

/**
 * Takes a bet's stake from the running balances, or throws the bet's refusal having changed nothing.
 * A member wagering a bonus: cash first, then bonus (`place`: the max bet, then cash + bonus), answered
 * as the plan; any other member: main, refused past it (WALLET_INSUFFICIENT_FUNDS), answered null.
 */
export function takeStake(funds: StakeFunds, bet: StakedBet): BonusPlan | null {
  const { bonuses, spendable } = funds;
  if (bonuses?.has(bet.memberId)) return bonuses.place(bet.memberId, bet, spendable);
  const before = spendable.get(bet.mainAccountId);
  if (before === undefined) throw new AppError('LEDGER_ACCOUNT_NOT_FOUND');
  if (before < bet.stakeMinor) throw new AppError('WALLET_INSUFFICIENT_FUNDS');
  spendable.set(bet.mainAccountId, before - bet.stakeMinor);
  return null;
}

/**
 * Appends a stake transfer to a batch's requests, right after its bonus draw (bonus → main) when the
 * bet has a bonus side, so every item meets the balances the decisions ran on; answers the stake's slot.
 */
export function pushStake(
  requests: TransferRequest[],
  funds: StakeFunds,
  plan: BonusPlan | null,
  stake: TransferRequest,
): number {
  if (plan) requests.push(...funds.bonuses!.around(plan).before);
  requests.push(stake);
  return requests.length - 1;
}
