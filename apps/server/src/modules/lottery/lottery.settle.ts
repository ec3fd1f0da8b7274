import type { Draw } from '@sorte/lottery';
import { settleTicket } from '@sorte/lottery';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type DeferredBonuses, lockDeferred } from '../bonuses/index.ts';
import {
  houseAccountFor,
  memberAccountId,
  type TransferRequest,
  transferAll,
  withLedgerTransaction,
} from '../ledger/index.ts';
import { closeRecords } from '../records/index.ts';
import { type TicketPiece, withBonusMoves } from './lottery.bonus.ts';
import { bonusRefOf, LOTTERY_RECORD } from './lottery.records.ts';
import type { DrawRow, TicketRow } from './lottery.views.ts';

/**
 * Settlement of drawn draws, chase stops and cancelled draws' refunds, in bounded batches: each
 * batch is ONE transaction that locks its tickets (FOR UPDATE SKIP LOCKED, so concurrent engines
 * take disjoint batches), pays through one transferBatch per 500 transfers with keys per ticket
 * (`lottery:ticket:<id>:win` / `:refund`, so nothing is ever paid twice), and writes the tickets,
 * their betting records and their orders. A batch is atomic: a process killed mid-settlement leaves
 * its batch untouched and the next tick takes it again.
 *
 * Lock order, the same in every transaction here, so concurrent batches never deadlock: the draw
 * (share; a cancellation takes it for update and so waits for the batches in flight), then its
 * tickets (skip locked: never waits), then the orders of those tickets in id order (waits), then
 * other draws' tickets refunded by a chase stop (skip locked: never waits), then the bonus rows of the
 * orders' bonus slips (`lockDeferred`: one indexed read, nothing for orders without), then the ledger
 * accounts in id order.
 *
 * The bonus side (docs/architecture.md, "Bonuses in the ledger"): an order placed under a bonus has
 * one bonus slip, settled piece by piece — each ticket settled is a piece of its stake settled with its
 * return (contribution counted for that piece, the return split by the slip's parts), each ticket
 * refunded (a cancelled draw, a chase stopped by a win) a piece refunded (its bonus part back where the
 * bonus went); the moves follow the ticket's own transfer. So a chase counts only what really settled. A chase ticket skipped because another batch holds it is handled by that batch: it
 * sees the stop once it gets the order lock, and refunds the ticket instead of settling it.
 */

export interface SettleCounts {
  /** Draws this call finished (status 'settled' or, for a cancelled draw, every ticket refunded). */
  draws: number;
  tickets: number;
  winners: number;
  refunded: number;
  /** The draws this call marked settled, to announce. */
  settled: SettledDraw[];
}

export type SettledDraw = DrawRow & { game_code: string };

export interface SettleOptions {
  /** Called after each batch commits (tests: a slow worker to kill mid-settlement). */
  afterBatch?: (counts: SettleCounts) => Promise<void> | void;
  /** Called inside each batch's transaction once its transfers are posted, before it commits (tests). */
  inBatch?: () => Promise<void> | void;
  /**
   * Batch loops run at once per draw (default 2). They take disjoint batches (SKIP LOCKED) and the
   * database works on one while the other waits for its round trips; they only queue briefly on the
   * house accounts each batch pays from at its end. bench/lottery on the 2-core machine: 100,000
   * tickets in 4.2 s with two loops, 6.2 s with one. More engines (instances) add to this the same way.
   */
  workers?: number;
}

interface BatchOutcome {
  tickets: number;
  winners: number;
  refunded: number;
  /** The highest ticket id of the batch: the next batch of this worker starts after it. */
  last: bigint;
}

const NOTHING: BatchOutcome = { tickets: 0, winners: 0, refunded: 0, last: 0n };

/** Draws looked at per call; the next tick takes the rest. */
const DRAWS_PER_CALL = 100;

/**
 * Settles every drawn draw (and refunds what is left of cancelled ones), batch after batch, until
 * none has a pending ticket this caller can take; then marks each draw settled once no ticket is
 * left pending (another engine may still hold a batch: it finishes the draw then).
 */
export async function settleDrawn(
  db: Db,
  now: Date,
  batchSize: number,
  options: SettleOptions = {},
): Promise<SettleCounts> {
  const counts: SettleCounts = { draws: 0, tickets: 0, winners: 0, refunded: 0, settled: [] };
  const drawn = await db
    .selectFrom('lottery_draws')
    .select('id')
    .where('status', '=', 'drawn')
    .orderBy('draws_at')
    .orderBy('id')
    .limit(DRAWS_PER_CALL)
    .execute();
  const workers = Math.max(1, options.workers ?? 2);
  const drain = async (batch: (after: bigint) => Promise<BatchOutcome>) => {
    // Each loop walks the tickets upwards from where its last batch ended, so a batch never wades
    // through the rows already settled; one last pass from the start picks up anything skipped
    // (held by another worker that then rolled back).
    let after = 0n;
    for (;;) {
      const outcome = await batch(after);
      if (!outcome.tickets) {
        if (after === 0n) return;
        after = 0n;
        continue;
      }
      after = outcome.last;
      add(counts, outcome);
      await options.afterBatch?.(counts);
    }
  };
  const inParallel = async (batch: (after: bigint) => Promise<BatchOutcome>) => {
    // Every loop ends before this answers, also when one fails: no batch keeps running behind a caller
    // that already saw the error.
    const ends = await Promise.allSettled(Array.from({ length: workers }, () => drain(batch)));
    const failed = ends.find((end) => end.status === 'rejected');
    if (failed) throw failed.reason;
  };
  for (const { id } of drawn) {
    await inParallel((after) => settleBatch(db, id, now, batchSize, after, options.inBatch));
    const finished = await finishDraw(db, id, now);
    if (finished) {
      counts.draws++;
      counts.settled.push(finished);
    }
  }
  for (const id of await cancelledWithPending(db))
    await inParallel((after) => refundBatch(db, id, now, batchSize, after));
  return counts;
}

function add(counts: SettleCounts, outcome: BatchOutcome): void {
  counts.tickets += outcome.tickets;
  counts.winners += outcome.winners;
  counts.refunded += outcome.refunded;
}

// ---------------------------------------------------------------- one batch

type LockedDraw = Pick<DrawRow, 'id' | 'merchant_id' | 'status' | 'draws_at' | 'result'> & {
  game_code: string;
};

function lockDraw(trx: Db, drawId: bigint): Promise<LockedDraw | undefined> {
  return trx
    .selectFrom('lottery_draws as d')
    .innerJoin('lottery_games as g', 'g.id', 'd.game_id')
    .select(['d.id', 'd.merchant_id', 'd.status', 'd.draws_at', 'd.result', 'g.code as game_code'])
    .where('d.id', '=', drawId)
    .forShare('d')
    .executeTakeFirst();
}

function lockPending(trx: Db, drawId: bigint, batchSize: number, after = 0n): Promise<TicketRow[]> {
  return trx
    .selectFrom('lottery_tickets')
    .selectAll()
    .where('draw_id', '=', drawId)
    .where('status', '=', 'pending')
    .where('id', '>', after)
    .orderBy('id')
    .limit(batchSize)
    .forUpdate()
    .skipLocked()
    .execute();
}

interface LockedOrder {
  id: bigint;
  stop_on_win: boolean;
  status: string;
  member_id: string;
  idempotency_key: string;
}

/**
 * The bonus slips of the batch's orders, their bonuses locked (after the orders, before the accounts);
 * null when none has one — the common case, which costs this one indexed read.
 */
function lockOrderBonuses(trx: Db, merchantId: string, orders: Map<bigint, LockedOrder>) {
  return lockDeferred(
    trx,
    merchantId,
    [...orders.values()].map((o) => bonusRefOf(o.member_id, o.idempotency_key)),
  );
}

/** Locks the orders in id order (every batch does, so two batches never wait on each other in a circle). */
async function lockOrders(trx: Db, orderIds: bigint[]) {
  const ids = [...new Set(orderIds)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (!ids.length) return new Map<bigint, LockedOrder>();
  const rows = await trx
    .selectFrom('lottery_orders')
    .select(['id', 'stop_on_win', 'status', 'member_id', 'idempotency_key'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * When each stop-on-win order first won (the earliest draw time of its won tickets, as committed):
 * its tickets on later draws are refunded, not settled.
 */
async function stopTimes(trx: Db, orderIds: bigint[]): Promise<Map<bigint, number>> {
  if (!orderIds.length) return new Map();
  const rows = await trx
    .selectFrom('lottery_tickets as t')
    .innerJoin('lottery_draws as d', 'd.id', 't.draw_id')
    .select(['t.order_id', (eb) => eb.fn.min('d.draws_at').as('first_win')])
    .where('t.order_id', 'in', orderIds)
    .where('t.status', '=', 'won')
    .groupBy('t.order_id')
    .execute();
  return new Map(rows.map((r) => [r.order_id, new Date(r.first_win as Date | string).getTime()]));
}

interface Settled {
  ticket: TicketRow;
  status: 'won' | 'lost';
  payoutMinor: bigint;
  winning: { key: string; payoutMinor: number }[];
}

/** Settles one batch of a drawn draw's pending tickets; answers what it did (nothing: no batch left). */
async function settleBatch(
  db: Db,
  drawId: bigint,
  now: Date,
  batchSize: number,
  after: bigint,
  inBatch?: () => Promise<void> | void,
): Promise<BatchOutcome> {
  return withLedgerTransaction(db, async (trx) => {
    const draw = await lockDraw(trx, drawId);
    if (draw?.status !== 'drawn' || !draw.result) return NOTHING;
    const tickets = await lockPending(trx, drawId, batchSize, after);
    if (!tickets.length) return NOTHING;
    const orders = await lockOrders(
      trx,
      tickets.map((t) => t.order_id),
    );
    const chasing = [...orders.values()].filter((o) => o.stop_on_win).map((o) => o.id);
    const stopped = await stopTimes(trx, chasing);
    const drawsAt = draw.draws_at.getTime();
    const result = draw.result as unknown as Draw;

    const settled: Settled[] = [];
    const refunds: TicketRow[] = [];
    for (const ticket of tickets) {
      const stopAt = stopped.get(ticket.order_id);
      if (stopAt !== undefined && stopAt < drawsAt) {
        refunds.push(ticket);
        continue;
      }
      const outcome = settleTicket(
        {
          playTypeCode: ticket.play_type,
          selection: ticket.selection as unknown as (number | string)[][],
          unitStakeMinor: ticket.unit_stake_minor,
          multiple: ticket.multiple,
        },
        result,
        ticket.series,
      );
      // A ticket was priced by the same rules when sold; failing now is a bug, so the batch fails.
      if (!outcome.ok) throw new Error(`lottery ticket ${ticket.id} no longer prices: ${outcome.reason}`);
      settled.push({
        ticket,
        status: outcome.winning.length ? 'won' : 'lost',
        payoutMinor: outcome.payoutMinor,
        winning: outcome.winning.map((w) => ({ key: w.key, payoutMinor: Number(w.payoutMinor) })),
      });
    }

    // A win of a stop-on-win order stops it: its tickets on later draws still pending are refunded.
    const stopping = [
      ...new Set(
        settled
          .filter((s) => s.status === 'won' && orders.get(s.ticket.order_id)?.stop_on_win)
          .map((s) => s.ticket.order_id),
      ),
    ];
    if (stopping.length) refunds.push(...(await lockLaterPending(trx, stopping, draw.draws_at)));

    await markSettled(trx, settled, now);
    await markRefunded(trx, refunds, now);
    await closeRecords(
      trx,
      draw.merchant_id,
      LOTTERY_RECORD.source,
      [
        ...settled.map((s) => ({
          sourceRef: String(s.ticket.id),
          payoutMinor: s.payoutMinor,
          status: 'settled' as const,
        })),
        ...refunds.map((t) => ({ sourceRef: String(t.id), payoutMinor: 0n, status: 'cancelled' as const })),
      ],
      now,
    );
    await updateOrders(trx, settled, refunds, stopping);
    const bonuses = await lockOrderBonuses(trx, draw.merchant_id, orders);
    // The money last: the house accounts every batch shares stay locked only from here to the commit.
    const winners = settled.filter((s) => s.payoutMinor > 0n);
    const refOf = (t: TicketRow) => bonusRefOf(t.member_id, orders.get(t.order_id)!.idempotency_key);
    const paid = await pay(
      trx,
      db,
      [
        ...settled.map((s) => ({
          ticket: s.ticket,
          transfer: s.payoutMinor > 0n ? payoutRequest(s.ticket, s.payoutMinor, draw.game_code) : null,
          piece: { settledMinor: s.ticket.stake_minor, returnMinor: s.payoutMinor, refundedMinor: 0n },
        })),
        ...refunds.map((t) => refundPiece(t, draw.game_code)),
      ],
      bonuses && { bonuses, refOf },
    );
    await bonuses?.write(trx);
    await inBatch?.();
    await linkTransfers(trx, paid);
    const last = tickets[tickets.length - 1]!.id;
    return {
      tickets: settled.length + refunds.length,
      winners: winners.length,
      refunded: refunds.length,
      last,
    };
  });
}

/** The stopped orders' pending tickets on draws after `after`, those no other batch holds. */
async function lockLaterPending(trx: Db, orderIds: bigint[], after: Date): Promise<TicketRow[]> {
  const rows = await trx
    .selectFrom('lottery_tickets as t')
    .innerJoin('lottery_draws as d', 'd.id', 't.draw_id')
    .selectAll('t')
    .where('t.order_id', 'in', orderIds)
    .where('t.status', '=', 'pending')
    .where('d.draws_at', '>', after)
    .orderBy('t.id')
    .forUpdate('t')
    .skipLocked()
    .execute();
  return rows as TicketRow[];
}

// ---------------------------------------------------------------- money

function payoutRequest(
  ticket: TicketRow,
  amount: bigint,
  gameCode: string,
): Omit<TransferRequest, 'debitAccountId' | 'creditAccountId'> & { ticket: TicketRow; toMember: true } {
  return {
    ticket,
    toMember: true,
    merchantId: ticket.merchant_id,
    currency: ticket.currency,
    idempotencyKey: `lottery:ticket:${ticket.id}:win`,
    code: 'win',
    amountMinor: amount,
    metadata: { game: gameCode, drawId: String(ticket.draw_id), ticketId: String(ticket.id) },
  };
}

function refundRequest(ticket: TicketRow, gameCode: string) {
  return {
    ticket,
    toMember: true as const,
    merchantId: ticket.merchant_id,
    currency: ticket.currency,
    idempotencyKey: `lottery:ticket:${ticket.id}:refund`,
    code: 'refund' as const,
    amountMinor: ticket.stake_minor,
    metadata: { game: gameCode, drawId: String(ticket.draw_id), ticketId: String(ticket.id) },
  };
}

/**
 * Account ids never change, so the members' main accounts (which exist: the stake came from them)
 * are cached per database handle here: a batch runs in a fresh transaction whose handle the ledger's
 * own cache does not know, and a thousand winners would otherwise cost a thousand look-ups per batch.
 * A house shard is looked up through the batch's own handle instead (the ledger caches it for the
 * transaction: a handful of look-ups a batch): it may be created by this very transaction — the bet
 * path credits stakes to its batches' shards, not the member's — and an id cached past a rollback
 * would name no account.
 */
const accountIds = new WeakMap<object, Map<string, bigint>>();

async function accountsOf(trx: Db, db: Db, ticket: TicketRow): Promise<{ house: bigint; main: bigint }> {
  let cache = accountIds.get(db);
  if (!cache) {
    cache = new Map();
    accountIds.set(db, cache);
  }
  if (cache.size > 50_000) cache.clear();
  const mainKey = `m:${ticket.member_id}:${ticket.currency}`;
  let main = cache.get(mainKey);
  if (main === undefined) {
    main = await memberAccountId(trx, ticket.member_id, ticket.merchant_id, 'main', ticket.currency);
    cache.set(mainKey, main);
  }
  const house = await houseAccountFor(trx, ticket.merchant_id, ticket.currency, ticket.member_id);
  return { house, main };
}

type PendingTransfer = ReturnType<typeof refundRequest> | ReturnType<typeof payoutRequest>;

/** A ticket settled or refunded: its own transfer (none for a loss) and the piece of its order it resolves. */
interface Piece {
  ticket: TicketRow;
  transfer: PendingTransfer | null;
  piece: TicketPiece['piece'];
}

function refundPiece(ticket: TicketRow, gameCode: string): Piece {
  return {
    ticket,
    transfer: refundRequest(ticket, gameCode),
    piece: { settledMinor: 0n, returnMinor: 0n, refundedMinor: ticket.stake_minor },
  };
}

/**
 * Posts the batch's transfers (house → member main) all or nothing (`transferAll`). The house may go
 * negative and a refund returns what was staked: a refusal is a bug, and the whole batch rolls back
 * rather than settle a ticket unpaid. A ticket of an order with a bonus slip has its piece's bonus
 * moves right after its own transfer (`withBonusMoves`). Answers the tickets' transfer ids by
 * idempotency key.
 */
async function pay(
  trx: Db,
  db: Db,
  pending: Piece[],
  bonus: { bonuses: DeferredBonuses; refOf: (ticket: TicketRow) => string } | null,
): Promise<Map<string, bigint>> {
  const pieces: TicketPiece[] = [];
  for (const { ticket, transfer, piece } of pending) {
    let request: TransferRequest | null = null;
    if (transfer) {
      const { ticket: _, toMember: __, ...rest } = transfer;
      const { house, main } = await accountsOf(trx, db, ticket);
      request = { ...rest, debitAccountId: house, creditAccountId: main };
    }
    pieces.push({
      ref: bonus?.refOf(ticket) ?? '',
      eventRef: `lottery:ticket:${ticket.id}`,
      transfer: request,
      piece,
    });
  }
  const { requests, slots } = await withBonusMoves(trx, pieces, bonus?.bonuses ?? null);
  if (!requests.length) return new Map();
  const posted = await transferAll(trx, requests, 'lottery');
  return new Map(
    slots.flatMap((slot) => (slot < 0 ? [] : [[requests[slot]!.idempotencyKey, posted[slot]!.id] as const])),
  );
}

// ---------------------------------------------------------------- rows

async function markSettled(trx: Db, settled: Settled[], now: Date): Promise<void> {
  if (!settled.length) return;
  const ids = settled.map((s) => String(s.ticket.id));
  // `id = any(…)` as well as the join: the planner then reaches the rows by the primary key instead
  // of hashing the whole table for each batch.
  await sql`
    update lottery_tickets t
       set status = x.st, payout_minor = x.p, winning = x.w::jsonb, settled_at = ${now.toISOString()}::timestamptz
      from unnest(${ids}::bigint[], ${settled.map((s) => s.status)}::text[],
                  ${settled.map((s) => String(s.payoutMinor))}::bigint[],
                  ${settled.map((s) => JSON.stringify(s.winning))}::text[]) as x(id, st, p, w)
     where t.id = any(${ids}::bigint[]) and t.id = x.id and t.status = 'pending'`.execute(trx);
}

async function markRefunded(trx: Db, refunds: TicketRow[], now: Date): Promise<void> {
  if (!refunds.length) return;
  await trx
    .updateTable('lottery_tickets')
    .set({ status: 'cancelled', settled_at: now })
    .where(
      'id',
      'in',
      refunds.map((t) => t.id),
    )
    .where('status', '=', 'pending')
    .execute();
}

/** Writes each ticket's payout or refund transfer id, once the transfers are posted. */
async function linkTransfers(trx: Db, paid: Map<string, bigint>): Promise<void> {
  const links = {
    payout_transfer_id: [] as [string, string][],
    refund_transfer_id: [] as [string, string][],
  };
  for (const [key, transferId] of paid) {
    const [, , ticketId, kind] = key.split(':');
    links[kind === 'win' ? 'payout_transfer_id' : 'refund_transfer_id'].push([ticketId!, String(transferId)]);
  }
  for (const [column, pairs] of Object.entries(links)) {
    if (!pairs.length) continue;
    const ids = pairs.map(([id]) => id);
    await sql`
      update lottery_tickets t set ${sql.ref(column)} = x.tr
        from unnest(${ids}::bigint[], ${pairs.map(([, tr]) => tr)}::bigint[]) as x(id, tr)
       where t.id = any(${ids}::bigint[]) and t.id = x.id`.execute(trx);
  }
}

/**
 * The orders' sums (payouts, refunds), the stop of those a win just stopped, and 'finished' (or
 * 'cancelled' when every ticket was refunded by a cancelled draw) for those with no ticket left
 * pending. The caller holds the orders' locks, taken in id order.
 */
async function updateOrders(
  trx: Db,
  settled: Settled[],
  refunds: TicketRow[],
  stopping: bigint[],
): Promise<void> {
  const sums = new Map<bigint, { payout: bigint; refunded: bigint }>();
  const sum = (id: bigint) => {
    let s = sums.get(id);
    if (!s) {
      s = { payout: 0n, refunded: 0n };
      sums.set(id, s);
    }
    return s;
  };
  for (const s of settled) sum(s.ticket.order_id).payout += s.payoutMinor;
  for (const t of refunds) sum(t.order_id).refunded += t.stake_minor;
  const ids = [...sums.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (!ids.length) return;
  const entries = ids.map((id) => sums.get(id)!);
  await sql`
    update lottery_orders o
       set payout_minor = o.payout_minor + x.p, refunded_minor = o.refunded_minor + x.r
      from unnest(${ids.map(String)}::bigint[], ${entries.map((e) => String(e.payout))}::bigint[],
                  ${entries.map((e) => String(e.refunded))}::bigint[]) as x(id, p, r)
     where o.id = x.id`.execute(trx);
  if (stopping.length)
    await trx
      .updateTable('lottery_orders')
      .set({ status: 'stopped' })
      .where('id', 'in', stopping)
      .where('status', '=', 'active')
      .execute();
  await finishOrders(trx, ids);
}

async function finishOrders(trx: Db, ids: bigint[]): Promise<void> {
  await sql`
    update lottery_orders o
       set status = case when exists (select 1 from lottery_tickets t where t.order_id = o.id and t.status <> 'cancelled')
                         then 'finished' else 'cancelled' end
     where o.id = any(${ids.map(String)}::bigint[]) and o.status = 'active'
       and not exists (select 1 from lottery_tickets t where t.order_id = o.id and t.status = 'pending')`.execute(
    trx,
  );
}

/** Marks a drawn draw settled once no ticket of it is pending; answers the draw when this call did it. */
async function finishDraw(db: Db, drawId: bigint, now: Date): Promise<SettledDraw | null> {
  const row = await db
    .updateTable('lottery_draws')
    .set({ status: 'settled', settled_at: now })
    .where('id', '=', drawId)
    .where('status', '=', 'drawn')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('lottery_tickets')
            .select('id')
            .where('draw_id', '=', drawId)
            .where('status', '=', 'pending'),
        ),
      ),
    )
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  const game = await db
    .selectFrom('lottery_games')
    .select('code')
    .where('id', '=', row.game_id)
    .executeTakeFirstOrThrow();
  return { ...row, game_code: game.code };
}

// ---------------------------------------------------------------- cancellation

async function cancelledWithPending(db: Db): Promise<bigint[]> {
  const rows = await db
    .selectFrom('lottery_draws as d')
    .select('d.id')
    .where('d.status', '=', 'cancelled')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('lottery_tickets as t')
          .select('t.id')
          .whereRef('t.draw_id', '=', 'd.id')
          .where('t.status', '=', 'pending'),
      ),
    )
    .limit(DRAWS_PER_CALL)
    .execute();
  return rows.map((r) => r.id);
}

/** Refunds one batch of a cancelled draw's pending tickets: each stake back to its member, once. */
async function refundBatch(
  db: Db,
  drawId: bigint,
  now: Date,
  batchSize: number,
  after = 0n,
): Promise<BatchOutcome> {
  return withLedgerTransaction(db, async (trx) => {
    const draw = await lockDraw(trx, drawId);
    if (draw?.status !== 'cancelled') return NOTHING;
    const tickets = await lockPending(trx, drawId, batchSize, after);
    if (!tickets.length) return NOTHING;
    const orders = await lockOrders(
      trx,
      tickets.map((t) => t.order_id),
    );
    await markRefunded(trx, tickets, now);
    await closeRecords(
      trx,
      draw.merchant_id,
      LOTTERY_RECORD.source,
      tickets.map((t) => ({ sourceRef: String(t.id), payoutMinor: 0n, status: 'cancelled' as const })),
      now,
    );
    await updateOrders(trx, [], tickets, []);
    const bonuses = await lockOrderBonuses(trx, draw.merchant_id, orders);
    const refOf = (t: TicketRow) => bonusRefOf(t.member_id, orders.get(t.order_id)!.idempotency_key);
    await linkTransfers(
      trx,
      await pay(
        trx,
        db,
        tickets.map((t) => refundPiece(t, draw.game_code)),
        bonuses && { bonuses, refOf },
      ),
    );
    await bonuses?.write(trx);
    return {
      tickets: tickets.length,
      winners: 0,
      refunded: tickets.length,
      last: tickets[tickets.length - 1]!.id,
    };
  });
}

/**
 * Cancels a draw not yet settled (scheduled, or drawn with tickets still pending) and refunds every
 * pending ticket, batch by batch; a ticket a batch already settled keeps its outcome. A settled or
 * already cancelled draw is refused. Resumable: should this stop half-way, the engine refunds the
 * rest (cancelled draws with pending tickets are part of each settlement pass).
 */
export async function cancelDraw(
  db: Db,
  merchantId: string,
  drawId: bigint,
  reason: string,
  now: Date,
  batchSize = 1000,
): Promise<{ draw: DrawRow; refunded: number }> {
  const draw = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('lottery_draws')
      .selectAll()
      .where('id', '=', drawId)
      .where('merchant_id', '=', merchantId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('LOTTERY_DRAW_NOT_FOUND');
    if (row.status === 'settled' || row.status === 'cancelled')
      throw new AppError('LOTTERY_DRAW_NOT_CANCELLABLE', { status: row.status });
    return trx
      .updateTable('lottery_draws')
      .set({ status: 'cancelled', cancelled_at: now, cancel_reason: reason })
      .where('id', '=', drawId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  let refunded = 0;
  for (;;) {
    const outcome = await refundBatch(db, drawId, now, batchSize);
    if (!outcome.tickets) break;
    refunded += outcome.refunded;
  }
  return { draw, refunded };
}
