/**
 * The bet slip: entries checked and priced with the same rules the server applies (@sorte/lottery),
 * so the cost a player sees is the cost charged, and one request per draw (the API takes a slip of
 * tickets on one draw).
 */
import type { VnBetRequest, VnBetTypeCode, VnTicketInput } from '@sorte/contracts';
import {
  checkVnTicket,
  VN_BET_TYPES,
  type VnBetIssue,
  type VnPayoutConfig,
  type VnRate,
  type VnRegion,
  type VnTicket,
  vnTicketCostMinor,
  vnTicketUnits,
} from '@sorte/lottery';
import type { VnMenuBetType, VnMenuProvince, VnMenuRegion } from './api';

/** What the player chose for one ticket: points (lô, đề, xiên) or a stake per slot (bao lô). */
export type VnStake = { points: number } | { amountMinor: bigint };

export interface VnDraft {
  betType: VnBetTypeCode;
  numbers: readonly string[];
  stake: VnStake;
}

/** The draw a slip entry is on, as the menu named it. */
export interface VnDrawRef {
  drawId: string | null;
  region: VnRegion;
  province: string;
  provinceName: string;
  drawDate: string;
  closesAt: string;
}

export interface SlipEntry extends VnDraft, VnDrawRef {
  /** Local id, for the list's keys and removal. */
  id: string;
  units: number;
  costMinor: bigint;
}

export function drawRefOf(region: VnRegion, province: VnMenuProvince): VnDrawRef {
  return {
    drawId: province.nextDraw.drawId,
    region,
    province: province.code,
    provinceName: province.name,
    drawDate: province.nextDraw.drawDate,
    closesAt: province.nextDraw.closesAt,
  };
}

function ruleRate(rate: VnMenuBetType['rate']): VnRate {
  return rate.kind === 'perPoint'
    ? {
        kind: 'perPoint',
        pricePerPointMinor: BigInt(rate.pricePerPointMinor),
        payoutPerPointMinor: BigInt(rate.payoutPerPointMinor),
      }
    : rate;
}

/**
 * The rules' payout config from one region of the menu: its rates under that region (the only one a
 * ticket of the region reads). A bet type the merchant does not sell is absent from the menu and
 * priced at nothing, but it cannot be chosen either.
 */
export function configOfRegion(region: VnMenuRegion): VnPayoutConfig {
  const none: VnRate = { kind: 'perPoint', pricePerPointMinor: 0n, payoutPerPointMinor: 0n };
  return Object.fromEntries(
    VN_BET_TYPES.map((betType) => {
      const sold = region.betTypes.find((b) => b.betType === betType);
      const rate = sold ? ruleRate(sold.rate) : none;
      return [betType, { north: rate, central: rate, south: rate }];
    }),
  ) as unknown as VnPayoutConfig;
}

export function ruleTicketOf(draft: VnDraft, region: VnRegion): VnTicket {
  if ('points' in draft.stake)
    return {
      betType: draft.betType as Exclude<VnBetTypeCode, 'baoLo2' | 'baoLo3'>,
      region,
      numbers: draft.numbers,
      points: draft.stake.points,
    };
  return {
    betType: draft.betType as 'baoLo2' | 'baoLo3',
    region,
    numbers: draft.numbers,
    stakePerSlotMinor: draft.stake.amountMinor,
  };
}

/** A ticket whose cost is outside its bet type's limits (the menu's), with the limit it breaks. */
export interface VnLimitIssue {
  code: 'STAKE_BELOW_MIN' | 'STAKE_ABOVE_MAX';
  limitMinor: bigint;
}

export type VnPriced =
  | { ok: true; units: number; costMinor: bigint; winPerHitMinor: bigint; limit: VnLimitIssue | null }
  | { ok: false; issue: VnBetIssue };

/**
 * The per-ticket limits the server holds a ticket's cost to (LOTTERY_STAKE_OUT_OF_LIMITS). The cap
 * per number of a draw depends on every player's bets, so only the server can say it.
 */
export function limitIssueOf(
  costMinor: bigint,
  betType: Pick<VnMenuBetType, 'minStakeMinor' | 'maxStakeMinor'>,
) {
  if (costMinor < BigInt(betType.minStakeMinor))
    return { code: 'STAKE_BELOW_MIN', limitMinor: BigInt(betType.minStakeMinor) } as const;
  if (costMinor > BigInt(betType.maxStakeMinor))
    return { code: 'STAKE_ABOVE_MAX', limitMinor: BigInt(betType.maxStakeMinor) } as const;
  return null;
}

/** Checks and prices a draft on a region, as the server will. */
export function priceDraft(draft: VnDraft, region: VnMenuRegion): VnPriced {
  const ticket = ruleTicketOf(draft, region.region);
  const issue = checkVnTicket(ticket);
  if (issue) return { ok: false, issue };
  const config = configOfRegion(region);
  const rate = config[draft.betType][region.region];
  const winPerHitMinor =
    'points' in ticket
      ? rate.kind === 'perPoint'
        ? BigInt(ticket.points) * rate.payoutPerPointMinor
        : 0n
      : rate.kind === 'perSlot'
        ? (ticket.stakePerSlotMinor * BigInt(rate.payoutHundredths)) / 100n
        : 0n;
  const costMinor = vnTicketCostMinor(ticket, config);
  const sold = region.betTypes.find((b) => b.betType === draft.betType);
  return {
    ok: true,
    units: vnTicketUnits(ticket),
    costMinor,
    winPerHitMinor,
    limit: sold ? limitIssueOf(costMinor, sold) : null,
  };
}

/** The API's ticket from a slip entry. */
export function ticketInputOf(entry: VnDraft): VnTicketInput {
  return 'points' in entry.stake
    ? { betType: entry.betType, numbers: [...entry.numbers], points: entry.stake.points }
    : { betType: entry.betType, numbers: [...entry.numbers], amount: Number(entry.stake.amountMinor) };
}

export interface SlipGroup {
  /** The draw's key: province and day (a draw id may be unknown before the server makes the draw). */
  key: string;
  entries: SlipEntry[];
}

export const drawKeyOf = (entry: VnDrawRef) => `${entry.province}:${entry.drawDate}`;

/** Entries grouped by draw, in the order their draws were first added. */
export function groupByDraw(entries: readonly SlipEntry[]): SlipGroup[] {
  const groups = new Map<string, SlipEntry[]>();
  for (const entry of entries) {
    const key = drawKeyOf(entry);
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups].map(([key, list]) => ({ key, entries: list }));
}

/** The request for one draw's entries (by draw id when the menu knew it, else province and day). */
export function betRequestOf(group: SlipGroup, idempotencyKey: string): VnBetRequest {
  const first = group.entries[0]!;
  const draw = first.drawId ? { drawId: first.drawId } : { province: first.province, date: first.drawDate };
  return { ...draw, tickets: group.entries.map(ticketInputOf), idempotencyKey };
}

export function slipTotalMinor(entries: readonly SlipEntry[]): bigint {
  return entries.reduce((sum, entry) => sum + entry.costMinor, 0n);
}

/** What one group's request is, as text: the same slip gets the same idempotency key when retried. */
export function groupSignature(group: SlipGroup): string {
  return JSON.stringify([
    group.key,
    group.entries.map((e) => [
      e.betType,
      e.numbers,
      'points' in e.stake ? e.stake.points : String(e.stake.amountMinor),
    ]),
  ]);
}
