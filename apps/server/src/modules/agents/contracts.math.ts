import { applyRate, RATE_ONE } from '@sorte/money';

/**
 * The mathematics of agent contracts (docs/agents.md), pure and exact in integer minor units; the
 * one rounding (amount × rate) is `applyRate` of @sorte/money.
 *
 * - A contract has ordered TIERS; the highest tier whose every minimum the team meets applies.
 * - Its VALUE is a rate (units of 1/10,000 of a percent) or, for a daily salary, a fixed amount.
 * - DIFFERENTIAL earnings: an agent earns its value on its whole team (gross) minus what its direct
 *   downline agents under the same kind of contract earn gross on their sub-teams. Summed over a
 *   tree, the nets add up to exactly the top agent's gross.
 * - The RATE CAP: a downline's value never exceeds its upline's — checked on the tiers when a
 *   contract is made (`withinCap`), and again on the values applied in a period (`settleTree`).
 * - NEGATIVE CARRY-OVER: a period whose net is negative pays nothing and carries the negative net
 *   into the next period of the same agent and type, unless the merchant turns carry-over off.
 */

export const CONTRACT_TYPES = ['dividend', 'daily', 'hourly', 'realtime'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/** What a team did over a period: what tiers are met by and bases are taken from. */
export interface Figures {
  validBetMinor: bigint;
  /** Players' profit and loss (payouts − stakes): negative when the team lost. */
  profitMinor: bigint;
  /** Members of the team with at least the merchant's minimum valid bet in the period. */
  activeMembers: number;
}

/** One tier: its minimums and what it pays (a rate, or for a daily salary an amount instead). */
export interface Tier {
  minValidBetMinor: bigint;
  /** Dividends: the team's loss (stakes − payouts) at least this. 0 for the other types. */
  minLossMinor: bigint;
  minActiveMembers: number;
  /** The rate on the base, in units of 1/10,000 of a percent (null for an amount tier). */
  rateUnits: bigint | null;
  /** A fixed amount instead of a rate (daily salary only; null for a rate tier). */
  amountMinor: bigint | null;
  /**
   * Real-time salary only: the PROFIT rate, paid on a bet the player did not lose; `rateUnits` is
   * then the LOSS rate, paid on a bet the player lost. Absent or null for the other types.
   */
  profitRateUnits?: bigint | null;
}

export type Basis = 'rate' | 'amount';

export function basisOf(tiers: readonly Tier[]): Basis {
  return tiers[0]?.amountMinor !== null && tiers[0]?.amountMinor !== undefined ? 'amount' : 'rate';
}

/** The team's loss seen from the house: stakes − payouts. */
export function lossOf(f: Figures): bigint {
  return -f.profitMinor;
}

/**
 * Whether the figures meet a tier. A period the team WON (its loss is negative) is measured by valid
 * bet and active members alone: the agent then owes its share of the winnings at the rate it would
 * have earned, and carries it (negative carry-over) — a minimum loss cannot spare it that.
 */
export function meets(f: Figures, t: Tier): boolean {
  const loss = lossOf(f);
  return (
    f.validBetMinor >= t.minValidBetMinor &&
    (loss < 0n || loss >= t.minLossMinor) &&
    f.activeMembers >= t.minActiveMembers
  );
}

/** The index of the highest tier the figures meet, or null (nothing applies, the value is 0). */
export function tierFor(tiers: readonly Tier[], f: Figures): number | null {
  for (let i = tiers.length - 1; i >= 0; i--) if (meets(f, tiers[i]!)) return i;
  return null;
}

/** A tier's value: its rate or its amount. */
export function tierValue(t: Tier): bigint {
  return t.rateUnits ?? t.amountMinor ?? 0n;
}

/** The value the figures earn under these tiers (0 when no tier is met). */
export function valueAt(tiers: readonly Tier[], f: Figures): bigint {
  const i = tierFor(tiers, f);
  return i === null ? 0n : tierValue(tiers[i]!);
}

/** What a rate applies to: the team's loss for a dividend, its valid bet for a salary. */
export function baseOf(type: ContractType, f: Figures): bigint {
  return type === 'dividend' ? lossOf(f) : f.validBetMinor;
}

/** A tier's minimums as figures: the least a team can have and meet it. */
export function thresholdsOf(t: Tier): Figures {
  return {
    validBetMinor: t.minValidBetMinor,
    profitMinor: -t.minLossMinor,
    activeMembers: t.minActiveMembers,
  };
}

/**
 * Whether a downline's tiers stay within its upline's: for any figures, the downline's value is at
 * most the upline's. With tiers ordered so that minimums and values never decrease (`tierProblems`),
 * the upline's value only grows with the figures, so checking each downline tier at its own
 * minimums is enough. Both must have the same basis (a rate never sits under an amount).
 */
export function withinCap(down: readonly Tier[], up: readonly Tier[]): boolean {
  if (basisOf(down) !== basisOf(up)) return false;
  return down.every((t) => {
    const i = tierFor(up, thresholdsOf(t));
    const upTier = i === null ? undefined : up[i];
    return (
      tierValue(t) <= (upTier ? tierValue(upTier) : 0n) &&
      profitRateOf(t) <= (upTier ? profitRateOf(upTier) : 0n)
    );
  });
}

/** A real-time tier's profit rate (0 for the other types). */
export function profitRateOf(t: Tier): bigint {
  return t.profitRateUnits ?? 0n;
}

/** The merchant's limits a contract's tiers are checked against. */
export interface TierLimits {
  maxTiers: number;
  maxRateUnits: bigint;
  maxAmountMinor: bigint;
}

/**
 * What is wrong with a contract's tiers, as field keys (empty: fine). Tiers must be ordered: every
 * minimum and the value never decrease from one tier to the next, and each tier asks for more than
 * the one before. A dividend needs a rate, an hourly salary a rate, a daily salary a rate or an
 * amount (the same in every tier).
 */
export function tierProblems(type: ContractType, tiers: readonly Tier[], limits: TierLimits): string[] {
  const problems: string[] = [];
  if (tiers.length === 0) problems.push('tiers.empty');
  if (tiers.length > limits.maxTiers) problems.push('tiers.too_many');
  const basis = basisOf(tiers);
  if (basis === 'amount' && type !== 'daily') problems.push('tiers.amount_not_allowed');
  tiers.forEach((t, i) => {
    problems.push(...profitRateProblems(type, tiers, i, limits));
    if ((t.rateUnits === null) === (t.amountMinor === null)) problems.push(`tiers.${i}.rate_or_amount`);
    else if ((basis === 'rate') !== (t.rateUnits !== null)) problems.push(`tiers.${i}.mixed_basis`);
    if (t.minValidBetMinor < 0n || t.minLossMinor < 0n || t.minActiveMembers < 0)
      problems.push(`tiers.${i}.negative`);
    if (type !== 'dividend' && (t.minLossMinor !== 0n || t.minActiveMembers !== 0))
      problems.push(`tiers.${i}.dividend_only`);
    const v = tierValue(t);
    if (v < 0n) problems.push(`tiers.${i}.negative`);
    if (t.rateUnits !== null && t.rateUnits > limits.maxRateUnits) problems.push(`tiers.${i}.rate_above_max`);
    if (t.amountMinor !== null && t.amountMinor > limits.maxAmountMinor)
      problems.push(`tiers.${i}.amount_above_max`);
    const prev = tiers[i - 1];
    if (!prev) return;
    const notLess =
      t.minValidBetMinor >= prev.minValidBetMinor &&
      t.minLossMinor >= prev.minLossMinor &&
      t.minActiveMembers >= prev.minActiveMembers;
    const more =
      t.minValidBetMinor > prev.minValidBetMinor ||
      t.minLossMinor > prev.minLossMinor ||
      t.minActiveMembers > prev.minActiveMembers;
    if (!notLess || !more || v < tierValue(prev)) problems.push(`tiers.${i}.out_of_order`);
  });
  return [...new Set(problems)];
}

/**
 * A real-time tier has both rates, the profit rate at most the loss rate (a bet the house lost never
 * pays the agent more than one it won: the stricter reading of spec §3) and neither decreasing from
 * one tier to the next; the other types have no profit rate.
 */
function profitRateProblems(type: ContractType, tiers: readonly Tier[], i: number, limits: TierLimits) {
  const t = tiers[i]!;
  const profit = t.profitRateUnits ?? null;
  if (type !== 'realtime') return profit === null ? [] : [`tiers.${i}.realtime_only`];
  if (profit === null) return [`tiers.${i}.profit_rate`];
  const problems: string[] = [];
  if (profit < 0n) problems.push(`tiers.${i}.negative`);
  if (profit > limits.maxRateUnits) problems.push(`tiers.${i}.rate_above_max`);
  if (t.rateUnits !== null && profit > t.rateUnits) problems.push(`tiers.${i}.profit_above_loss`);
  const prev = tiers[i - 1];
  if (prev && profit < profitRateOf(prev)) problems.push(`tiers.${i}.out_of_order`);
  return problems;
}

// ---------------------------------------------------------------- one period of a contract tree

/** A contract in force over a period, with its team's figures. */
export interface ContractNode {
  contractId: bigint;
  agentId: string;
  /**
   * The upline's contract of the same type in force over the same period; null when there is none —
   * for a contract the merchant gave (`top`) that is the top of the tree, for any other it means the
   * upline holds no contract in the period, and the value applied is capped at 0.
   */
  parentContractId: bigint | null;
  /** Offered by the merchant (an operator), not by an upline agent. */
  top: boolean;
  tiers: readonly Tier[];
  figures: Figures;
  /** What the agent carries in from its previous period (≤ 0). */
  carryInMinor: bigint;
}

export interface NodeSettlement {
  contractId: bigint;
  agentId: string;
  tier: number | null;
  /** The value applied: the tier's, capped at the upline's applied value. */
  valueUnits: bigint;
  basis: Basis;
  /** The value on the whole team's base (a rate) or the amount. */
  grossMinor: bigint;
  /** The gross of the direct downline contracts, subtracted. */
  downlineMinor: bigint;
  carryInMinor: bigint;
  carryOutMinor: bigint;
  /** What is paid: the net plus the carry-in when positive, else 0. */
  amountMinor: bigint;
}

/** Gross of a contract whose tier and value are known. */
export function grossOf(
  type: ContractType,
  basis: Basis,
  tier: number | null,
  value: bigint,
  f: Figures,
): bigint {
  if (tier === null) return 0n;
  return basis === 'amount' ? value : applyRate(baseOf(type, f), value);
}

/** What each contract's direct downline contracts earned gross, summed: what its differential subtracts. */
function downlineGross(
  nodes: readonly { contractId: bigint; parentContractId: bigint | null }[],
  grossOf: (contractId: bigint) => bigint,
): Map<bigint, bigint> {
  const ids = new Set(nodes.map((n) => n.contractId));
  const downline = new Map<bigint, bigint>();
  for (const n of nodes)
    if (n.parentContractId !== null && ids.has(n.parentContractId))
      downline.set(n.parentContractId, (downline.get(n.parentContractId) ?? 0n) + grossOf(n.contractId));
  return downline;
}

/** A period's net plus the carry-in: paid when positive; carried (when allowed) when negative. */
export function carry(netMinor: bigint, carryInMinor: bigint, carryOver: boolean) {
  const total = netMinor + (carryOver ? carryInMinor : 0n);
  return {
    carryInMinor: carryOver ? carryInMinor : 0n,
    amountMinor: total > 0n ? total : 0n,
    carryOutMinor: carryOver && total < 0n ? total : 0n,
  };
}

/**
 * Settles one period of every contract of one type in a merchant: values top-down (each capped at
 * its upline contract's applied value; 0 when the upline agent holds none), gross on each whole
 * team, then each agent's net = its gross minus its direct downline contracts' gross, then the carry.
 */
export function settleTree(
  type: ContractType,
  nodes: readonly ContractNode[],
  options: { carryOver: boolean },
): NodeSettlement[] {
  const byId = new Map(nodes.map((n) => [n.contractId, n]));
  const applied = new Map<bigint, { tier: number | null; value: bigint; gross: bigint; basis: Basis }>();
  const resolve = (n: ContractNode, depth: number): { value: bigint; gross: bigint } => {
    const known = applied.get(n.contractId);
    if (known) return known;
    if (depth > nodes.length) throw new Error('contract tree has a cycle');
    const basis = basisOf(n.tiers);
    const tier = tierFor(n.tiers, n.figures);
    let value = tier === null ? 0n : tierValue(n.tiers[tier]!);
    const parent = n.parentContractId === null ? undefined : byId.get(n.parentContractId);
    const cap = parent ? resolve(parent, depth + 1).value : n.top ? value : 0n;
    if (value > cap) value = cap;
    const entry = { tier, value, basis, gross: grossOf(type, basis, tier, value, n.figures) };
    applied.set(n.contractId, entry);
    return entry;
  };
  for (const n of nodes) resolve(n, 0);
  const downline = downlineGross(nodes, (id) => applied.get(id)!.gross);
  return nodes.map((n) => {
    const a = applied.get(n.contractId)!;
    const downlineMinor = downline.get(n.contractId) ?? 0n;
    return {
      contractId: n.contractId,
      agentId: n.agentId,
      tier: a.tier,
      valueUnits: a.value,
      basis: a.basis,
      grossMinor: a.gross,
      downlineMinor,
      ...carry(a.gross - downlineMinor, n.carryInMinor, options.carryOver),
    };
  });
}

// ---------------------------------------------------------------- team figures

/** A member's own figures over a period, with its upline chain ('/rootId/…/parentId/'). */
export interface MemberFigures {
  memberId: string;
  ancestry: string;
  validBetMinor: bigint;
  profitMinor: bigint;
}

/**
 * Each agent's team figures (the agent and everyone below it, at any depth) from its members' own
 * figures: a member counts towards itself and every ancestor that is asked for, and is active when
 * its own valid bet reaches the merchant's minimum (a positive minimum; 0 counts any member with a
 * valid bet).
 */
export function teamFigures(
  members: readonly MemberFigures[],
  agents: ReadonlySet<string>,
  activeMinValidBetMinor: bigint,
): Map<string, Figures> {
  const teams = new Map<string, Figures>();
  for (const a of agents) teams.set(a, { validBetMinor: 0n, profitMinor: 0n, activeMembers: 0 });
  for (const m of members) {
    const active = m.validBetMinor > 0n && m.validBetMinor >= activeMinValidBetMinor;
    const add = (id: string) => {
      const t = teams.get(id);
      if (!t) return;
      t.validBetMinor += m.validBetMinor;
      t.profitMinor += m.profitMinor;
      if (active) t.activeMembers += 1;
    };
    add(m.memberId);
    for (const id of m.ancestry.split('/')) if (id) add(id);
  }
  return teams;
}

// ---------------------------------------------------------------- real-time salary: single bets

/**
 * Bets of one member in one period that share a valid stake and an outcome (`count` of them): the
 * real-time salary is computed bet by bet, and bets alike are computed once.
 */
export interface RealtimeBets {
  memberId: string;
  ancestry: string;
  /** Each bet's valid stake: what its tier is met by and its rate is applied to. */
  validStakeMinor: bigint;
  /** The player lost the bet (payout < stake): the loss rate applies; otherwise the profit rate. */
  lost: boolean;
  count: bigint;
  /** The players' profit and loss of these bets together (payouts − stakes). */
  profitMinor: bigint;
}

/** A real-time contract in force over a period (its figures come from the bets). */
export type RealtimeNode = Omit<ContractNode, 'figures'>;

export type RealtimeSettlement = NodeSettlement & { figures: Figures };

/** The rate a real-time tier pays a bet: its loss rate when the player lost, else its profit rate. */
export function realtimeRate(t: Tier, lost: boolean): bigint {
  return lost ? (t.rateUnits ?? 0n) : profitRateOf(t);
}

/** The highest tier a single bet of this valid stake meets (null: below the first). */
export function betTierFor(tiers: readonly Tier[], validStakeMinor: bigint): number | null {
  return tierFor(tiers, { validBetMinor: validStakeMinor, profitMinor: 0n, activeMembers: 0 });
}

/**
 * One period of every real-time salary of a merchant (docs/agents.md). For EACH bet of the team of a
 * contract c: tier = the highest tier the bet's valid stake meets; value(c, bet) = that tier's loss or
 * profit rate, capped at value(upline contract, bet) (0 when the upline agent holds none); gross(c) =
 * Σ ⌊valid stake × value(c, bet)⌋. Then the same differential and carry as `settleTree`: net(c) =
 * gross(c) − Σ gross(direct downline contracts). Figures: the valid stake and P&L of the team's bets
 * that met a tier; the tier reported is the highest any of them met; the value reported is the
 * effective rate, ⌊gross × RATE_ONE / valid stake⌋ (display only: the gross is exact per bet).
 */
export function settleRealtime(
  nodes: readonly RealtimeNode[],
  bets: readonly RealtimeBets[],
  options: { carryOver: boolean },
): RealtimeSettlement[] {
  const byId = new Map(nodes.map((n) => [n.contractId, n]));
  const byAgent = new Map(nodes.map((n) => [n.agentId, n]));
  const values = new Map<string, { tier: number | null; value: bigint }>();
  const appliedOf = (
    n: RealtimeNode,
    stake: bigint,
    lost: boolean,
    depth: number,
  ): { tier: number | null; value: bigint } => {
    const key = `${n.contractId}|${stake}|${lost}`;
    const known = values.get(key);
    if (known) return known;
    if (depth > nodes.length) throw new Error('contract tree has a cycle');
    const tier = betTierFor(n.tiers, stake);
    let value = tier === null ? 0n : realtimeRate(n.tiers[tier]!, lost);
    const parent = n.parentContractId === null ? undefined : byId.get(n.parentContractId);
    const cap = parent ? appliedOf(parent, stake, lost, depth + 1).value : n.top ? value : 0n;
    if (value > cap) value = cap;
    const entry = { tier, value };
    values.set(key, entry);
    return entry;
  };
  const acc = new Map<bigint, { gross: bigint; valid: bigint; profit: bigint; tier: number | null }>();
  for (const n of nodes) acc.set(n.contractId, { gross: 0n, valid: 0n, profit: 0n, tier: null });
  for (const b of bets) {
    const holders = [b.memberId, ...b.ancestry.split('/').filter(Boolean)];
    for (const agentId of holders) {
      const n = byAgent.get(agentId);
      if (!n) continue;
      const { tier, value } = appliedOf(n, b.validStakeMinor, b.lost, 0);
      if (tier === null) continue;
      const a = acc.get(n.contractId)!;
      a.gross += b.count * applyRate(b.validStakeMinor, value);
      a.valid += b.count * b.validStakeMinor;
      a.profit += b.profitMinor;
      if (a.tier === null || tier > a.tier) a.tier = tier;
    }
  }
  const downline = downlineGross(nodes, (id) => acc.get(id)!.gross);
  return nodes.map((n) => {
    const a = acc.get(n.contractId)!;
    const downlineMinor = downline.get(n.contractId) ?? 0n;
    return {
      contractId: n.contractId,
      agentId: n.agentId,
      tier: a.tier,
      valueUnits: a.valid > 0n ? (a.gross * RATE_ONE) / a.valid : 0n,
      basis: 'rate' as const,
      grossMinor: a.gross,
      downlineMinor,
      ...carry(a.gross - downlineMinor, n.carryInMinor, options.carryOver),
      figures: { validBetMinor: a.valid, profitMinor: a.profit, activeMembers: 0 },
    };
  });
}
