import type { VnBetType, VnResult } from '@sorte/lottery';
import { settleVnTicket } from '@sorte/lottery';
import { sql } from 'kysely';
import type { Db } from '../../../platform/database/database.ts';
import { lockDeferred } from '../../bonuses/index.ts';
import {
  houseAccountFor,
  memberAccountId,
  type TransferRequest,
  transferAll,
  withLedgerTransaction,
} from '../../ledger/index.ts';
import { recordBet } from '../../records/index.ts';
import { type TicketPiece, withBonusMoves } from '../lottery.bonus.ts';
import { configAtSale } from './vn.config.ts';
import { recordOf, ticketOfRow, VN_RECORD, type VnTicketRow, vnBonusRefOf } from './vn.tickets.ts';

export const DEFAULT_SETTLE_BATCH = 200;

/**
 * Locks the next batch of the draw's pending tickets. SKIP LOCKED: two settlers of one draw (the
 * approving request and the engine's step, or two instances) take disjoint batches instead of
 * queueing, and a ticket is only ever changed by the transaction holding its lock, while 'pending'.
 */
function lockPending(trx: Db, drawId: bigint, batchSize: number): Promise<VnTicketRow[]> {
  return trx
    .selectFrom('vn_tickets')
    .selectAll()
    .where('draw_id', '=', drawId)
    .where('status', '=', 'pending')
    .orderBy('id')
    .limit(batchSize)
    .forUpdate()
    .skipLocked()
    .execute();
}

async function hasPending(db: Db, drawId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('vn_tickets')
    .select('id')
    .where('draw_id', '=', drawId)
    .where('status', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

const refOf = (ticket: VnTicketRow) => vnBonusRefOf(ticket.member_id, ticket.idempotency_key);

/**
 * The money of a locked batch in ticket order — each ticket's own transfer into main (a win or a
 * refund; none for a loss), then the bonus moves of its piece when its slip was placed under a bonus
 * (`lockDeferred` on the batch's slips after the tickets, before the accounts: one indexed read,
 * nothing more without any) — posted all or nothing, the bonus slips and rows written after. The house
 * may go negative and a refund returns what was staked: a refusal is a bug and fails the batch.
 * Answers each ticket's own transfer id (null for none).
 */
async function payPieces(
  trx: Db,
  merchantId: string,
  tickets: VnTicketRow[],
  own: (TransferRequest | null)[],
  piece: (ticket: VnTicketRow, i: number) => TicketPiece['piece'],
): Promise<(bigint | null)[]> {
  const bonuses = await lockDeferred(trx, merchantId, [...new Set(tickets.map(refOf))]);
  const { requests, slots } = await withBonusMoves(
    trx,
    tickets.map((ticket, i) => ({
      ref: refOf(ticket),
      eventRef: `lottery_vn:ticket:${ticket.id}`,
      transfer: own[i]!,
      piece: piece(ticket, i),
    })),
    bonuses,
  );
  const posted = requests.length ? await transferAll(trx, requests, 'vn') : [];
  await bonuses?.write(trx);
  return slots.map((slot) => (slot < 0 ? null : posted[slot]!.id));
}

/** The ticket's transfer house → member main (a win or a refund). */
async function toMember(
  trx: Db,
  ticket: VnTicketRow,
  drawId: bigint,
  kind: 'win' | 'refund',
  amountMinor: bigint,
): Promise<TransferRequest> {
  return {
    merchantId: ticket.merchant_id,
    currency: ticket.currency,
    idempotencyKey: `lottery_vn:ticket:${ticket.id}:${kind}`,
    code: kind,
    debitAccountId: await houseAccountFor(trx, ticket.merchant_id, ticket.currency, ticket.member_id),
    creditAccountId: await memberAccountId(
      trx,
      ticket.member_id,
      ticket.merchant_id,
      'main',
      ticket.currency,
    ),
    amountMinor,
    metadata: { game: VN_RECORD.gameCode, drawId: String(drawId), ticketId: String(ticket.id) },
  };
}

/** Runs batches until none is left to take; answers how many tickets this caller settled. */
async function drain(_db: Db, batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await batch();
    if (n === 0) return total;
    total += n;
  }
}

/**
 * Pays one locked batch of a draw whose result is approved: each ticket settled by the rules at the
 * rate it was sold at, the winners' payouts in one transferBatch (keys
 * `lottery_vn:ticket:<id>:win`, so a payout can never be made twice), the tickets and their betting
 * records settled — one transaction per batch.
 */
async function settleBatch(db: Db, drawId: bigint, now: Date, batchSize: number): Promise<number> {
  return withLedgerTransaction(db, async (trx) => {
    const draw = await trx
      .selectFrom('vn_draws')
      .select(['merchant_id', 'status', 'result'])
      .where('id', '=', drawId)
      .executeTakeFirst();
    if (draw?.status !== 'settling' || !draw.result) return 0;
    const tickets = await lockPending(trx, drawId, batchSize);
    if (!tickets.length) return 0;
    const result = draw.result as VnResult;
    const outcomes = tickets.map((ticket) => {
      const config = configAtSale(ticket.bet_type as VnBetType, ticket.region, ticket.rate);
      return { ticket, ...settleVnTicket(ticketOfRow(ticket), result, config) };
    });
    const own: (TransferRequest | null)[] = [];
    for (const { ticket, payoutMinor } of outcomes)
      own.push(payoutMinor > 0n ? await toMember(trx, ticket, drawId, 'win', payoutMinor) : null);
    const paid = await payPieces(trx, draw.merchant_id, tickets, own, (ticket, i) => ({
      settledMinor: ticket.stake_minor,
      returnMinor: own[i]?.amountMinor ?? 0n,
      refundedMinor: 0n,
    }));
    const transferOf = new Map(tickets.map((ticket, i) => [ticket.id, paid[i]!]));
    for (const { ticket, payoutMinor, winCount, hits } of outcomes) {
      await trx
        .updateTable('vn_tickets')
        .set({
          status: payoutMinor > 0n ? 'won' : 'lost',
          payout_minor: payoutMinor,
          win_count: winCount,
          hits: JSON.stringify(hits),
          payout_transfer_id: transferOf.get(ticket.id) ?? null,
          settled_at: now,
        })
        .where('id', '=', ticket.id)
        .execute();
      await recordBet(trx, { ...recordOf(ticket), payoutMinor, status: 'settled', at: now });
    }
    return tickets.length;
  });
}

/** Marks the draw finished once no ticket is left pending (another settler may still hold some). */
async function finish(db: Db, drawId: bigint, from: 'settling' | 'cancelled', now: Date): Promise<boolean> {
  if (await hasPending(db, drawId)) return false;
  if (from === 'settling')
    await db
      .updateTable('vn_draws')
      .set({ status: 'settled', settled_at: now })
      .where('id', '=', drawId)
      .where('status', '=', 'settling')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('vn_tickets')
              .select(sql`1`.as('one'))
              .where('draw_id', '=', drawId)
              .where('status', '=', 'pending'),
          ),
        ),
      )
      .execute();
  return true;
}

/**
 * Settles a draw whose result is approved, in bounded batches, until none of its tickets is pending;
 * then the draw is 'settled'. Idempotent and resumable: call it again after a crash, or from several
 * places at once, and each ticket is still settled exactly once (row locks, the 'pending' guard, and
 * the payout's idempotency key). Answers how many tickets this call settled and whether the draw is done.
 */
export async function settleVnDraw(
  db: Db,
  drawId: bigint,
  now: Date,
  batchSize = DEFAULT_SETTLE_BATCH,
): Promise<{ settled: number; done: boolean }> {
  const settled = await drain(db, () => settleBatch(db, drawId, now, batchSize));
  return { settled, done: await finish(db, drawId, 'settling', now) };
}

/** Refunds one locked batch of a cancelled draw's tickets: each stake back to its member, exactly once. */
async function refundBatch(db: Db, drawId: bigint, now: Date, batchSize: number): Promise<number> {
  return withLedgerTransaction(db, async (trx) => {
    const draw = await trx
      .selectFrom('vn_draws')
      .select(['merchant_id', 'status', 'cancel_reason'])
      .where('id', '=', drawId)
      .executeTakeFirst();
    if (draw?.status !== 'cancelled') return 0;
    const tickets = await lockPending(trx, drawId, batchSize);
    if (!tickets.length) return 0;
    const own: TransferRequest[] = [];
    for (const ticket of tickets) own.push(await toMember(trx, ticket, drawId, 'refund', ticket.stake_minor));
    const refunded = await payPieces(trx, draw.merchant_id, tickets, own, (ticket) => ({
      settledMinor: 0n,
      returnMinor: 0n,
      refundedMinor: ticket.stake_minor,
    }));
    for (const [i, ticket] of tickets.entries()) {
      await trx
        .updateTable('vn_tickets')
        .set({ status: 'cancelled', refund_transfer_id: refunded[i]!, settled_at: now })
        .where('id', '=', ticket.id)
        .execute();
      // The stake came back: the record keeps what was staked, 'cancelled' keeps it out of the profit sums.
      await recordBet(trx, { ...recordOf(ticket), status: 'cancelled', at: now });
    }
    return tickets.length;
  });
}

/** Refunds every pending ticket of a cancelled draw, in batches; idempotent and resumable like settling. */
export async function refundVnDraw(
  db: Db,
  drawId: bigint,
  now: Date,
  batchSize = DEFAULT_SETTLE_BATCH,
): Promise<{ refunded: number; done: boolean }> {
  const refunded = await drain(db, () => refundBatch(db, drawId, now, batchSize));
  return { refunded, done: await finish(db, drawId, 'cancelled', now) };
}

/**
 * The engine's step for the Vietnamese draws: finishes every draw left settling (an approval
 * interrupted by a restart, or paid but not yet marked settled) and every cancelled draw with tickets
 * still pending. Cheap when there is nothing to do: the partial index on pending tickets answers.
 */
export async function vnSettlementStep(db: Db, now: Date, batchSize = DEFAULT_SETTLE_BATCH): Promise<number> {
  const draws = await db
    .selectFrom('vn_draws')
    .select(['id', 'status'])
    .where(({ eb, and, or, exists, selectFrom }) =>
      or([
        eb('status', '=', 'settling'),
        and([
          eb('status', '=', 'cancelled'),
          exists(
            selectFrom('vn_tickets')
              .select(sql`1`.as('one'))
              .whereRef('vn_tickets.draw_id', '=', 'vn_draws.id')
              .where('vn_tickets.status', '=', 'pending'),
          ),
        ]),
      ]),
    )
    .limit(20)
    .execute();
  let done = 0;
  for (const draw of draws)
    done +=
      draw.status === 'settling'
        ? (await settleVnDraw(db, draw.id, now, batchSize)).settled
        : (await refundVnDraw(db, draw.id, now, batchSize)).refunded;
  return done;
}
