import type { BetCategory } from '@sorte/contracts';
import { applyBasisPoints, fraction, floorTimes } from '@sorte/money';

/**
 * The rules of bonus wagering (issue 17 item 3), pure: every transition takes a member's bonus wallet
 * and returns the next one with the movement that a later step posts to the ledger (not wired yet).
 * Amounts are bigint minor units; rates are basis points; no floating point.
 *
 * - **Cash first.** A stake is paid from cash, and only the part cash does not cover from the bonus
 *   balance ("real money first", the common and player-friendly rule: the player's own money is
 *   never locked behind a requirement while bonus money sits unused). The bonus part is kept on the
 *   bet's slip.
 * - **Contribution** = stake × the category's basis points, rounded down (a category without a rate
 *   contributes 0), fixed when the bet is placed but **counted when it settles** (a win or a loss,
 *   while its bonus is still active), never for a void. Why the stricter reading: a completion
 *   converts the bonus to cash once and for good, so nothing counted toward it may ever be taken
 *   back; counting at placement would let a bet that is later voided (a vendor's rollback, a
 *   cancelled match) complete a requirement that was never really wagered.
 * - **Winnings split** in proportion to the slip's cash and bonus parts: the cash share is
 *   ⌊payout × cash part / stake⌋, the bonus share the rest — the fraction of a minor unit goes to
 *   the bonus side, the stricter rule for the house (bonus money stays under the requirement and can
 *   still be forfeited). A void pays back the stake, so each part returns exactly where it came from.
 * - **Completion** when wagered ≥ requirement: the whole bonus balance converts to cash, once — the
 *   status leaves `active`. Bets still open do not hold it back (their contribution is not counted
 *   yet, so none can be taken back): see the next rule for their bonus money.
 * - **A bet that settles after its bonus ended** (deferred kinds: vendor rounds, sports…): its cash
 *   share is paid as always; its bonus share (of a win, or of a void's stake) goes where the bonus
 *   went — to **cash** after a completion (the bonus was converted: its money is the player's, as
 *   the rest of the balance was), **removed** (to the merchant's bonus pool) after an expiry or a
 *   forfeiture (the bonus money was taken back: so is what comes home late). Nothing is counted.
 * - **Expiry, forfeiture, loss** remove the bonus balance, once. A bonus part still on an open bet
 *   is not lost yet (above). A bonus whose balance is 0 with no bonus money on open bets and the
 *   requirement unmet is `lost`.
 * - **Max bet** while a bonus is active refuses a larger stake (`BONUS_MAX_BET_EXCEEDED`).
 * - A merchant with bonuses off (Brazil) refuses every grant (`BONUS_DISABLED`).
 *
 * Invariants (tested against bonus.wagering.reference.ts): cash and bonus never negative; the bonus
 * balance is 0 unless a bonus is active; every movement adds up (`movementBalances`).
 */

export const BONUS_STATUSES = ['active', 'completed', 'forfeited', 'expired', 'lost'] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];

/** The base the requirement multiplies: the bonus alone, or the deposit plus the bonus. */
export type WageringBasis = 'bonus' | 'deposit_plus_bonus';

export type WageringRefusal =
  | 'BONUS_DISABLED'
  | 'BONUS_ALREADY_ACTIVE'
  | 'BONUS_GRANT_INVALID'
  | 'BONUS_STAKE_INVALID'
  | 'BONUS_MAX_BET_EXCEEDED'
  | 'BONUS_WITHDRAWAL_BLOCKED'
  | 'WALLET_INSUFFICIENT_FUNDS';

/** A member's latest bonus (active or ended). */
export interface BonusGrant {
  grantId: string;
  grantedMinor: bigint;
  /** The deposit the bonus came with (0 for an operator's grant without one). */
  depositMinor: bigint;
  basis: WageringBasis;
  /** Whole times the basis must be wagered. */
  times: bigint;
  requirementMinor: bigint;
  wageredMinor: bigint;
  maxBetMinor: bigint;
  expiresAtMs: number;
  /** Basis points per category (10,000 = 100%); a missing category contributes 0. */
  contributionBps: Partial<Record<BetCategory, bigint>>;
  status: BonusStatus;
  /** Bets placed under this grant not yet settled, and the bonus money they carry. */
  openBets: number;
  openBonusStakeMinor: bigint;
}

export interface BonusWallet {
  cashMinor: bigint;
  bonusMinor: bigint;
  grant: BonusGrant | null;
  /** How the member's earlier grants ended (by grant id): where a late bet's bonus share goes. */
  pastEndings?: Readonly<Record<string, BonusEnding>>;
}

/** What a bet took: kept with the bet and handed back at settlement. */
export interface BetSlip {
  betId: string;
  /** The grant active when the bet was placed, or null. */
  grantId: string | null;
  category: BetCategory;
  stakeMinor: bigint;
  cashPartMinor: bigint;
  bonusPartMinor: bigint;
  contributionMinor: bigint;
}

/**
 * A transition's money. Deltas of the two balances and the flows that explain them:
 *   cash  = −stakeCash + payoutCash + converted
 *   bonus = granted − stakeBonus + payoutBonus − converted − forfeited
 * (payoutBonus is the bonus share of a payout; a share that arrives for an expired or forfeited
 * bonus is also in forfeited, one that arrives for a completed bonus also in converted.)
 */
export interface Movement {
  cashDeltaMinor: bigint;
  bonusDeltaMinor: bigint;
  grantedMinor: bigint;
  stakeCashMinor: bigint;
  stakeBonusMinor: bigint;
  payoutCashMinor: bigint;
  payoutBonusMinor: bigint;
  convertedMinor: bigint;
  forfeitedMinor: bigint;
}

/** How the bonus ended in this transition, if it did. */
export type BonusEnding = Exclude<BonusStatus, 'active'>;

export type Transition<Extra = object> =
  | ({ ok: true; wallet: BonusWallet; movement: Movement; ended: BonusEnding | null } & Extra)
  | { ok: false; code: WageringRefusal };

export interface BonusOffer {
  grantId: string;
  bonusMinor: bigint;
  depositMinor: bigint;
  basis: WageringBasis;
  times: bigint;
  maxBetMinor: bigint;
  expiresAtMs: number;
  contributionBps: Partial<Record<BetCategory, bigint>>;
}

export interface MerchantBonusRules {
  /** False where bonuses are forbidden (Brazil): no grant. */
  bonusesEnabled: boolean;
  /** A withdrawal request with an active bonus: forfeit the bonus, or refuse the withdrawal. */
  onWithdrawal: 'forfeit' | 'block';
}

export type SettleOutcome = { kind: 'win'; payoutMinor: bigint } | { kind: 'lose' } | { kind: 'void' };

const ZERO_MOVEMENT: Movement = {
  cashDeltaMinor: 0n,
  bonusDeltaMinor: 0n,
  grantedMinor: 0n,
  stakeCashMinor: 0n,
  stakeBonusMinor: 0n,
  payoutCashMinor: 0n,
  payoutBonusMinor: 0n,
  convertedMinor: 0n,
  forfeitedMinor: 0n,
};

/** True when the movement's deltas equal its flows (the conservation rule above). */
export function movementBalances(m: Movement): boolean {
  return (
    m.cashDeltaMinor === -m.stakeCashMinor + m.payoutCashMinor + m.convertedMinor &&
    m.bonusDeltaMinor ===
      m.grantedMinor - m.stakeBonusMinor + m.payoutBonusMinor - m.convertedMinor - m.forfeitedMinor
  );
}

export function emptyWallet(cashMinor = 0n): BonusWallet {
  return { cashMinor, bonusMinor: 0n, grant: null };
}

export function isActive(wallet: BonusWallet): boolean {
  return wallet.grant?.status === 'active';
}

/** The requirement of an offer: times × bonus, or times × (deposit + bonus); exact. */
export function requirementOf(offer: Pick<BonusOffer, 'bonusMinor' | 'depositMinor' | 'basis' | 'times'>) {
  const base = offer.basis === 'bonus' ? offer.bonusMinor : offer.depositMinor + offer.bonusMinor;
  return base * offer.times;
}

/** A running transition: the wallet so far, the movement so far, the ending if any. */
interface Step {
  wallet: BonusWallet;
  movement: Movement;
  ended: BonusEnding | null;
}

function start(wallet: BonusWallet): Step {
  return { wallet, movement: { ...ZERO_MOVEMENT }, ended: null };
}

function changeCash(step: Step, delta: bigint): void {
  step.wallet = { ...step.wallet, cashMinor: step.wallet.cashMinor + delta };
  step.movement.cashDeltaMinor += delta;
}

function changeBonus(step: Step, delta: bigint): void {
  step.wallet = { ...step.wallet, bonusMinor: step.wallet.bonusMinor + delta };
  step.movement.bonusDeltaMinor += delta;
}

function updateGrant(step: Step, patch: Partial<BonusGrant>): void {
  step.wallet = { ...step.wallet, grant: { ...step.wallet.grant!, ...patch } };
}

/** Ends the active bonus, removing its balance (expiry, forfeiture, loss). */
function removeBonus(step: Step, status: 'expired' | 'forfeited' | 'lost'): void {
  const removed = step.wallet.bonusMinor;
  changeBonus(step, -removed);
  step.movement.forfeitedMinor += removed;
  updateGrant(step, { status });
  step.ended = status;
}

function expireIfDue(step: Step, nowMs: number): void {
  const grant = step.wallet.grant;
  if (grant?.status === 'active' && nowMs >= grant.expiresAtMs) removeBonus(step, 'expired');
}

/** After every transition: completion (converts once) or loss. */
function advance(step: Step): void {
  const grant = step.wallet.grant;
  if (grant?.status !== 'active') return;
  if (grant.wageredMinor >= grant.requirementMinor) {
    const converted = step.wallet.bonusMinor;
    changeBonus(step, -converted);
    changeCash(step, converted);
    step.movement.convertedMinor += converted;
    updateGrant(step, { status: 'completed' });
    step.ended = 'completed';
  } else if (
    step.wallet.bonusMinor === 0n &&
    grant.openBonusStakeMinor === 0n &&
    grant.wageredMinor < grant.requirementMinor
  ) {
    updateGrant(step, { status: 'lost' });
    step.ended = 'lost';
  }
}

function finish<Extra extends object>(step: Step, extra: Extra): Transition<Extra> {
  advance(step);
  return { ok: true, wallet: step.wallet, movement: step.movement, ended: step.ended, ...extra };
}

/** Grants a bonus (on a qualifying deposit, or by an operator). One active bonus at a time. */
export function grant(
  wallet: BonusWallet,
  offer: BonusOffer,
  rules: MerchantBonusRules,
  nowMs: number,
): Transition {
  if (!rules.bonusesEnabled) return { ok: false, code: 'BONUS_DISABLED' };
  const step = start(wallet);
  expireIfDue(step, nowMs);
  if (isActive(step.wallet)) return { ok: false, code: 'BONUS_ALREADY_ACTIVE' };
  const previous = step.wallet.grant;
  const badRate = Object.values(offer.contributionBps).some((bps) => bps < 0n || bps > 10_000n);
  if (
    offer.bonusMinor <= 0n ||
    offer.depositMinor < 0n ||
    offer.times < 0n ||
    offer.maxBetMinor <= 0n ||
    offer.expiresAtMs <= nowMs ||
    badRate
  )
    return { ok: false, code: 'BONUS_GRANT_INVALID' };
  step.wallet = {
    ...step.wallet,
    ...(previous
      ? { pastEndings: { ...step.wallet.pastEndings, [previous.grantId]: previous.status as BonusEnding } }
      : {}),
    grant: {
      grantId: offer.grantId,
      grantedMinor: offer.bonusMinor,
      depositMinor: offer.depositMinor,
      basis: offer.basis,
      times: offer.times,
      requirementMinor: requirementOf(offer),
      wageredMinor: 0n,
      maxBetMinor: offer.maxBetMinor,
      expiresAtMs: offer.expiresAtMs,
      contributionBps: { ...offer.contributionBps },
      status: 'active',
      openBets: 0,
      openBonusStakeMinor: 0n,
    },
  };
  changeBonus(step, offer.bonusMinor);
  step.movement.grantedMinor = offer.bonusMinor;
  return finish(step, {});
}

/** Places a bet: cash first, then bonus; refused over the max bet while a bonus is active. */
export function place(
  wallet: BonusWallet,
  bet: { betId: string; category: BetCategory; stakeMinor: bigint },
  nowMs: number,
): Transition<{ slip: BetSlip }> {
  if (bet.stakeMinor <= 0n) return { ok: false, code: 'BONUS_STAKE_INVALID' };
  const step = start(wallet);
  expireIfDue(step, nowMs);
  const grant = step.wallet.grant;
  const active = grant?.status === 'active';
  if (active && bet.stakeMinor > grant.maxBetMinor) return { ok: false, code: 'BONUS_MAX_BET_EXCEEDED' };
  if (bet.stakeMinor > step.wallet.cashMinor + step.wallet.bonusMinor)
    return { ok: false, code: 'WALLET_INSUFFICIENT_FUNDS' };
  const cashPart = bet.stakeMinor < step.wallet.cashMinor ? bet.stakeMinor : step.wallet.cashMinor;
  const bonusPart = bet.stakeMinor - cashPart;
  const contribution = active
    ? applyBasisPoints(bet.stakeMinor, grant.contributionBps[bet.category] ?? 0n)
    : 0n;
  changeCash(step, -cashPart);
  changeBonus(step, -bonusPart);
  step.movement.stakeCashMinor = cashPart;
  step.movement.stakeBonusMinor = bonusPart;
  if (active)
    updateGrant(step, {
      openBets: grant.openBets + 1,
      openBonusStakeMinor: grant.openBonusStakeMinor + bonusPart,
    });
  const slip: BetSlip = {
    betId: bet.betId,
    grantId: active ? grant.grantId : null,
    category: bet.category,
    stakeMinor: bet.stakeMinor,
    cashPartMinor: cashPart,
    bonusPartMinor: bonusPart,
    contributionMinor: contribution,
  };
  return finish(step, { slip });
}

/** A payout's cash and bonus shares, in proportion to the slip's parts; the remainder to bonus. */
export function splitPayout(slip: BetSlip, payoutMinor: bigint): { cashMinor: bigint; bonusMinor: bigint } {
  const cashMinor = floorTimes(payoutMinor, fraction(slip.cashPartMinor, slip.stakeMinor));
  return { cashMinor, bonusMinor: payoutMinor - cashMinor };
}

/**
 * Settles a slip once (the ledger step keeps it to once): a win pays `payoutMinor` (the whole
 * return, stake included), a loss pays nothing — both count the slip's contribution while its bonus
 * is active —, a void pays back the stake and counts nothing. The bonus share goes to the bonus
 * while it is active, to cash once it completed, away once it expired or was forfeited.
 */
export function settle(
  wallet: BonusWallet,
  slip: BetSlip,
  outcome: SettleOutcome,
  nowMs: number,
): Transition {
  const payout =
    outcome.kind === 'win' ? outcome.payoutMinor : outcome.kind === 'void' ? slip.stakeMinor : 0n;
  if (payout < 0n) return { ok: false, code: 'BONUS_STAKE_INVALID' };
  const step = start(wallet);
  expireIfDue(step, nowMs);
  const share = splitPayout(slip, payout);
  const grant = step.wallet.grant;
  const ownGrant = slip.grantId !== null && grant?.grantId === slip.grantId ? grant : null;
  if (ownGrant)
    updateGrant(step, {
      openBets: ownGrant.openBets - 1,
      openBonusStakeMinor: ownGrant.openBonusStakeMinor - slip.bonusPartMinor,
      ...(outcome.kind !== 'void' && ownGrant.status === 'active'
        ? { wageredMinor: ownGrant.wageredMinor + slip.contributionMinor }
        : {}),
    });
  changeCash(step, share.cashMinor);
  step.movement.payoutCashMinor = share.cashMinor;
  step.movement.payoutBonusMinor = share.bonusMinor;
  const status =
    slip.grantId === null ? null : (ownGrant?.status ?? step.wallet.pastEndings?.[slip.grantId] ?? null);
  if (status === 'active') changeBonus(step, share.bonusMinor);
  else if (status === 'completed') {
    changeCash(step, share.bonusMinor);
    step.movement.convertedMinor += share.bonusMinor;
  } else step.movement.forfeitedMinor += share.bonusMinor;
  return finish(step, {});
}

/** Ends an active bonus whose time is up. */
export function expire(wallet: BonusWallet, nowMs: number): Transition {
  const step = start(wallet);
  expireIfDue(step, nowMs);
  return finish(step, {});
}

/** Forfeits an active bonus (the member's choice or an operator's); nothing to do otherwise. */
export function forfeit(wallet: BonusWallet, nowMs: number): Transition {
  const step = start(wallet);
  expireIfDue(step, nowMs);
  if (isActive(step.wallet)) removeBonus(step, 'forfeited');
  return finish(step, {});
}

/**
 * A withdrawal request: with an active bonus, the merchant's rule forfeits it (the player was
 * warned) or refuses the withdrawal; without one, nothing changes.
 */
export function onWithdrawalRequest(
  wallet: BonusWallet,
  rules: MerchantBonusRules,
  nowMs: number,
): Transition {
  const step = start(wallet);
  expireIfDue(step, nowMs);
  if (isActive(step.wallet)) {
    if (rules.onWithdrawal === 'block') return { ok: false, code: 'BONUS_WITHDRAWAL_BLOCKED' };
    removeBonus(step, 'forfeited');
  }
  return finish(step, {});
}
