import type { VnDrawView, VnTicketView } from '@sorte/contracts';
import type { VnBetType, VnResult } from '@sorte/lottery';
import { deNumber, findProvince, loHeadTable } from '@sorte/lottery';
import type { VnTicketRow } from './vn.tickets.ts';
import { hostOf, type VnDrawRow } from './vn.draws.ts';

/** A draw as players see it: the result only once approved (never a pending proposal). */
export function drawView(draw: VnDrawRow): VnDrawView {
  const result = draw.result as VnResult | null;
  return {
    id: String(draw.id),
    region: draw.region,
    province: draw.province_code,
    provinceName: findProvince(draw.province_code)?.name ?? draw.province_code,
    drawDate: draw.draw_date,
    closesAt: draw.closes_at.toISOString(),
    drawsAt: draw.draws_at.toISOString(),
    status: draw.status,
    host: hostOf(draw.region, draw.draw_date),
    result: draw.result,
    loTable: result ? loHeadTable(result) : null,
    de: result ? deNumber(result) : null,
  };
}

export function boDrawView(
  draw: VnDrawRow,
  totals: { tickets: number; stakeMinor: number; payoutMinor: number },
) {
  return {
    ...drawView(draw),
    proposedResult: draw.proposed_result,
    source: draw.source,
    enteredBy: draw.entered_by,
    approvedBy: draw.approved_by,
    cancelReason: draw.cancel_reason,
    ...totals,
  };
}

export function ticketView(
  ticket: VnTicketRow,
  draw: { province_code: string; draw_date: string },
): VnTicketView {
  return {
    id: String(ticket.id),
    drawId: String(ticket.draw_id),
    region: ticket.region,
    province: draw.province_code,
    drawDate: draw.draw_date,
    betType: ticket.bet_type as VnBetType,
    numbers: ticket.numbers,
    points: ticket.points,
    amount: ticket.stake_per_slot_minor === null ? null : Number(ticket.stake_per_slot_minor),
    units: ticket.units,
    stakeMinor: Number(ticket.stake_minor),
    status: ticket.status,
    payoutMinor: Number(ticket.payout_minor),
    winCount: ticket.win_count,
    hits: ticket.hits,
    createdAt: ticket.created_at.toISOString(),
    settledAt: ticket.settled_at?.toISOString() ?? null,
  };
}
