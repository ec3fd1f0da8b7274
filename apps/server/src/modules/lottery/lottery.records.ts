import type { TicketRow } from './lottery.views.ts';

/**
 * How fast-draw tickets appear in the betting records: one record per ticket (source_ref = the
 * ticket id, which the records' recall opens), under the SORTE_LOTTO vendor and the game's code.
 * The category is the catalog's for this vendor (catalog.seed.ts lists SORTE_LOTTO under ELOTT).
 */
export const LOTTERY_RECORD = { source: 'lottery', category: 'ELOTT', vendor: 'SORTE_LOTTO' };

/**
 * An order's bonus slip (modules/bonuses): placed with the order under the member's key (its identity
 * before it has an id; its stake's key without `:stake`), settled piece by piece as its tickets settle
 * or are refunded, draw by draw (`part` of `lockDeferred`).
 */
export const bonusRefOf = (memberId: string, idempotencyKey: string) =>
  `lottery:${memberId}:${idempotencyKey}`;

export function recordOf(
  ticket: Pick<TicketRow, 'id' | 'merchant_id' | 'member_id' | 'currency'>,
  gameCode: string,
) {
  return {
    merchantId: ticket.merchant_id,
    memberId: ticket.member_id,
    source: LOTTERY_RECORD.source,
    sourceRef: String(ticket.id),
    category: LOTTERY_RECORD.category,
    vendor: LOTTERY_RECORD.vendor,
    gameCode,
    currency: ticket.currency,
  };
}
