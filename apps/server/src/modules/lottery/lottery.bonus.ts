import type { Db } from '../../platform/database/database.ts';
import type { DeferredBonuses } from '../bonuses/index.ts';
import { lockSpendable, type TransferRequest } from '../ledger/index.ts';

/**
 * The bonus side of a lottery settlement batch, for both lotteries (docs/architecture.md, "Bonuses in
 * the ledger", Lotteries). A slip placed under a bonus has one bonus slip, settled piece by piece: each
 * ticket settled is a piece of its stake settled with its return, each ticket refunded a piece refunded
 * (`part` of `lockDeferred`), so only what really settled counts and a refund gives each part back.
 */

/** A ticket settled or refunded: its own transfer into main (none for a loss) and the piece it resolves. */
export interface TicketPiece {
  /** The bonus slip's ref of the ticket's slip (its order), and the piece's own event (per ticket). */
  ref: string;
  eventRef: string;
  transfer: TransferRequest | null;
  piece: { settledMinor: bigint; returnMinor: bigint; refundedMinor: bigint };
}

/**
 * The batch's transfers in ticket order, each ticket's own followed by its piece's bonus moves, and
 * the slot of each ticket's own (-1 for none). Without bonus slips (`bonuses` null: the common case)
 * just the tickets' own transfers, nothing locked here. With them, every account of the batch and the
 * bonus side's is locked first in id order, and the moves are decided on the running balances (each
 * return or refund counted into main before its piece's moves take from it).
 */
export async function withBonusMoves(
  trx: Db,
  pieces: TicketPiece[],
  bonuses: DeferredBonuses | null,
): Promise<{ requests: TransferRequest[]; slots: number[] }> {
  const requests: TransferRequest[] = [];
  const slots: number[] = [];
  const spendable = bonuses
    ? await lockSpendable(trx, [
        ...new Set([
          ...pieces.flatMap(({ transfer: t }) => (t ? [t.debitAccountId, t.creditAccountId] : [])),
          ...bonuses.accountIds(),
        ]),
      ])
    : null;
  for (const { ref, eventRef, transfer, piece } of pieces) {
    slots.push(transfer ? requests.length : -1);
    if (transfer) {
      requests.push(transfer);
      const main = spendable?.get(transfer.creditAccountId);
      if (main !== undefined) spendable!.set(transfer.creditAccountId, main + transfer.amountMinor);
    }
    if (bonuses?.has(ref)) requests.push(...bonuses.part(ref, piece, eventRef, spendable!));
  }
  return { requests, slots };
}
