import type { VnBetType, VnTicket } from '@sorte/lottery';
import type { Selectable } from 'kysely';
import type { VnTicketsTable } from './vn.tables.ts';

// A stored Vietnamese ticket as both the sale (vn.bets.ts) and the settlement (vn.settle.ts) read it:
// its row, the rules' ticket and its betting record, here so neither of the two imports the other.

export type VnTicketRow = Selectable<VnTicketsTable>;

/** The rules' ticket from a stored one. */
export function ticketOfRow(row: VnTicketRow): VnTicket {
  return row.points !== null
    ? {
        betType: row.bet_type as Exclude<VnBetType, 'baoLo2' | 'baoLo3'>,
        region: row.region,
        numbers: row.numbers,
        points: row.points,
      }
    : {
        betType: row.bet_type as 'baoLo2' | 'baoLo3',
        region: row.region,
        numbers: row.numbers,
        stakePerSlotMinor: row.stake_per_slot_minor!,
      };
}

/** How Vietnamese tickets appear in the betting records. */
export const VN_RECORD = {
  source: 'lottery_vn',
  category: 'LOTT',
  vendor: 'TCG_LOTTO_VN',
  gameCode: 'TCG_LOTTO_VN',
};

/**
 * A slip's bonus slip (modules/bonuses): placed with the slip under the member's key (its stake's key
 * without `:stake`), settled piece by piece as its tickets settle or are refunded (`part` of `lockDeferred`).
 */
export const vnBonusRefOf = (memberId: string, idempotencyKey: string) =>
  `lottery_vn:${memberId}:${idempotencyKey}`;

/** A ticket's record: '<drawId>:<ticketId>', one betting record per ticket. */
export function recordOf(
  ticket: Pick<VnTicketRow, 'merchant_id' | 'member_id' | 'id' | 'draw_id' | 'currency'>,
) {
  return {
    merchantId: ticket.merchant_id,
    memberId: ticket.member_id,
    source: VN_RECORD.source,
    sourceRef: `${ticket.draw_id}:${ticket.id}`,
    category: VN_RECORD.category,
    vendor: VN_RECORD.vendor,
    gameCode: VN_RECORD.gameCode,
    currency: ticket.currency,
  };
}
