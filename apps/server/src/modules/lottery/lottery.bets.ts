import { createHash } from 'node:crypto';
import type { LotteryBetRequest } from '@sorte/contracts';
import { nextDraws, openDraw, priceTicket, type ScheduledDraw, scheduledDraw } from '@sorte/lottery';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type AcceptedSlip, memberKey, type StakeSlip, slipPath } from '../bets/index.ts';
import { memberAccountId } from '../ledger/index.ts';
import { recordBets } from '../records/index.ts';
import { makeDraws } from './lottery.draws.ts';
import { gameByCode, type LotteryGame, limitsFor, scheduleOf, seriesOf } from './lottery.games.ts';
import { bonusRefOf, LOTTERY_RECORD, recordOf } from './lottery.records.ts';
import type { DrawRow, OrderRow, TicketRow } from './lottery.views.ts';

export interface LotteryPlayer {
  memberId: string;
  merchantId: string;
  currency: string;
}

export interface PlacedOrder {
  order: OrderRow;
  tickets: TicketRow[];
}

/** The slip as it is compared on a retry: defaults filled in, keys in a fixed order. */
function canonical(request: LotteryBetRequest) {
  const draws = request.chase?.draws ?? 1;
  return {
    gameCode: request.gameCode,
    drawNo: request.drawNo,
    tickets: request.tickets.map((t) => ({
      playType: t.playType,
      selection: t.selection,
      unitStakeMinor: t.unitStakeMinor,
      multiple: t.multiple,
    })),
    chase: {
      draws,
      stopOnWin: request.chase ? request.chase.stopOnWin !== false : false,
      multiples: request.chase?.multiples ?? Array.from({ length: draws }, () => 1),
    },
  };
}

export function requestHash(request: LotteryBetRequest): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(request)))
    .digest('hex');
}

interface PricedSlip {
  tickets: { request: LotteryBetRequest['tickets'][number]; units: number; stakeMinor: bigint }[];
  multiples: number[];
  stopOnWin: boolean;
}

/** Prices every ticket and checks the stake limits and the chase against the game; throws the 4xx. */
function priceSlip(game: LotteryGame, request: LotteryBetRequest): PricedSlip {
  const slip = canonical(request);
  const { draws, multiples } = slip.chase;
  if (draws > game.max_chase_draws)
    throw new AppError('LOTTERY_CHASE_INVALID', {
      reason: 'TOO_MANY_DRAWS',
      maxChaseDraws: game.max_chase_draws,
    });
  if (multiples.length !== draws)
    throw new AppError('LOTTERY_CHASE_INVALID', { reason: 'MULTIPLES_LENGTH', draws });
  const highest = BigInt(Math.max(...multiples));
  const tickets = request.tickets.map((ticket, index) => {
    const priced = priceTicket({
      playTypeCode: ticket.playType,
      selection: ticket.selection,
      unitStakeMinor: BigInt(ticket.unitStakeMinor),
      multiple: ticket.multiple,
    });
    if (!priced.ok) throw new AppError('LOTTERY_SELECTION_INVALID', { ticket: index, reason: priced.reason });
    // A play type of another family is as unknown to this game as a made-up code.
    if (priced.play.family !== game.family)
      throw new AppError('LOTTERY_SELECTION_INVALID', { ticket: index, reason: 'UNKNOWN_PLAY_TYPE' });
    const limits = limitsFor(game, ticket.playType);
    const perDrawMax = priced.stakeMinor * highest;
    if (BigInt(ticket.unitStakeMinor) < limits.minUnitStakeMinor || perDrawMax > limits.maxTicketStakeMinor)
      throw new AppError('LOTTERY_STAKE_OUT_OF_LIMITS', {
        ticket: index,
        minUnitStakeMinor: Number(limits.minUnitStakeMinor),
        maxTicketStakeMinor: Number(limits.maxTicketStakeMinor),
        ticketStakeMinor: Number(perDrawMax),
      });
    return { request: ticket, units: priced.units.length, stakeMinor: priced.stakeMinor };
  });
  return { tickets, multiples, stopOnWin: slip.chase.stopOnWin };
}

/** A priced slip as the bet path carries it (modules/bets, `slipPath`). */
interface LotterySlip extends StakeSlip {
  game: LotteryGame;
  request: LotteryBetRequest;
  priced: PricedSlip;
  /** The draws of the slip (the open one, then the chase's), as the schedule names them. */
  scheduled: ScheduledDraw[];
  series: number;
  now: () => Date;
}

/** The batch's draws, share-locked, by game and draw no; and those the batch inserted. */
interface LockedDraws {
  draws: Map<string, DrawRow>;
  created: bigint[];
}
const drawKey = (gameId: bigint, drawNo: string) => `${gameId}:${drawNo}`;

/**
 * Fast-lottery slips on the bet path: one stake transfer a slip, so the ledger's batch is never the
 * bound; at most 100 slips a batch (a slip writes a ticket per ticket × draw). A member wagering a
 * bonus stakes the whole order (every draw of a chase) cash first, then bonus — the max bet is held
 * against that whole stake — and its bonus slip stays open under `lottery:<member>:<key>`.
 */
const lotterySlips = slipPath<LotterySlip, LockedDraws, { draws: DrawRow[]; at: Date }, PlacedOrder>({
  async lock(trx, slips) {
    // The draws every slip needs exist (made in this transaction when missing, so a refused batch
    // leaves none), game by game in id order; then all of them share-locked in id order: the engine
    // draws a draw under an update lock, so it waits for this batch, and this batch sees a draw the
    // engine already took as no longer 'scheduled'.
    const games = new Map<bigint, { game: LotteryGame; draws: Map<string, ScheduledDraw> }>();
    for (const slip of slips) {
      const entry = games.get(slip.game.id) ?? { game: slip.game, draws: new Map() };
      for (const d of slip.scheduled) entry.draws.set(d.drawNo, d);
      games.set(slip.game.id, entry);
    }
    const ids: bigint[] = [];
    const created: bigint[] = [];
    for (const { game, draws } of [...games.values()].sort((a, b) => (a.game.id < b.game.id ? -1 : 1))) {
      const wanted = [...draws.values()].sort((a, b) => a.drawsAt - b.drawsAt);
      const made = await makeDraws(trx, game, wanted);
      for (const row of made.rows) ids.push(row.id);
      created.push(...made.created);
    }
    const locked = await trx
      .selectFrom('lottery_draws')
      .selectAll()
      .where('id', 'in', ids)
      .orderBy('id')
      .forShare()
      .execute();
    return { draws: new Map(locked.map((d) => [drawKey(d.game_id, d.draw_no), d])), created };
  },
  twins: (trx, slips) => ordersByKeys(trx, slips),
  hashOf: (placed) => placed.order.request_hash,
  check(slip, locked) {
    const draws = slip.scheduled.flatMap((d) => locked.draws.get(drawKey(slip.game.id, d.drawNo)) ?? []);
    const first = draws[0];
    const at = slip.now();
    if (
      draws.length !== slip.scheduled.length ||
      !first ||
      first.draw_no !== slip.request.drawNo ||
      first.closes_at.getTime() <= at.getTime() ||
      draws.some((d) => d.status !== 'scheduled')
    )
      throw new AppError('LOTTERY_BETTING_CLOSED');
    return { draws, at };
  },
  write: writeOrders,
  // A bonus member's order takes cash first, then bonus; its slip is settled ticket by ticket (a chase's
  // draws included), so only what really settles counts and a refund gives each part back.
  bonus: {
    category: () => LOTTERY_RECORD.category,
    settleRef: (slip) => bonusRefOf(slip.memberId, slip.idempotencyKey),
  },
});

/**
 * Places a bet slip on the open draw (and, with a chase, the next ones) through the bet path: every
 * ticket priced by the rules at the member's series, ONE stake transfer for the whole order, then the
 * order, a ticket per (ticket × draw) and an open betting record per ticket — concurrent slips of the
 * merchant in one transaction per batch with their draws share-locked, so no ticket lands on a draw
 * being drawn. The same idempotency key with the same slip answers the first order and moves
 * nothing; with another slip it is refused.
 */
export async function placeLotteryBet(
  db: Db,
  player: LotteryPlayer,
  request: LotteryBetRequest,
  now: () => Date,
): Promise<PlacedOrder> {
  const hash = requestHash(request);
  const earlier = await orderByKey(db, player.memberId, request.idempotencyKey);
  if (earlier) return sameOrderOrConflict(db, earlier, hash);
  const game = await gameByCode(db, player.merchantId, request.gameCode);
  if (!game) throw new AppError('LOTTERY_GAME_NOT_FOUND');
  const schedule = scheduleOf(game);
  const at = now();
  checkDrawOpen(schedule, request.drawNo, at);
  const priced = priceSlip(game, request);
  const scheduled = nextDraws(schedule, at.getTime(), priced.multiples.length);
  const series = await seriesOf(db, player.merchantId, player.memberId);
  const main = await memberAccountId(db, player.memberId, player.merchantId, 'main', player.currency);
  const total = priced.tickets.reduce(
    (sum, t) => sum + priced.multiples.reduce((s, m) => s + t.stakeMinor * BigInt(m), 0n),
    0n,
  );
  return lotterySlips.submit(db, {
    merchantId: player.merchantId,
    memberId: player.memberId,
    currency: player.currency,
    mainAccountId: main,
    idempotencyKey: request.idempotencyKey,
    requestHash: hash,
    stakeMinor: total,
    transfer: {
      idempotencyKey: `lottery:${player.memberId}:${request.idempotencyKey}:stake`,
      metadata: { game: game.code, drawNo: request.drawNo, draws: scheduled.length },
    },
    game,
    request,
    priced,
    scheduled,
    series,
    now,
  });
}

/**
 * The accepted slips' orders, their tickets (a ticket per ticket × draw) and the tickets' open betting
 * records: three set-based statements for the whole batch.
 */
async function writeOrders(
  trx: Db,
  accepted: AcceptedSlip<LotterySlip, { draws: DrawRow[]; at: Date }>[],
  locked: LockedDraws,
): Promise<PlacedOrder[]> {
  // A draw this batch made for slips it refused is undone: a refusal leaves no draw behind.
  const used = new Set(accepted.flatMap((a) => a.decided.draws.map((d) => d.id)));
  const unused = locked.created.filter((id) => !used.has(id));
  if (unused.length) await trx.deleteFrom('lottery_draws').where('id', 'in', unused).execute();
  if (!accepted.length) return [];
  const slips = accepted.map((a) => a.slip);
  const column = <T>(pick: (a: AcceptedSlip<LotterySlip, { draws: DrawRow[]; at: Date }>) => T) =>
    accepted.map(pick);
  const { rows: orders } = await sql<OrderRow>`
    insert into lottery_orders (merchant_id, member_id, game_id, idempotency_key, request_hash, first_draw_id,
                                chase_draws, stop_on_win, currency, stake_minor, stake_transfer_id)
    select x.merchant_id, x.member_id, x.game_id, x.idempotency_key, x.request_hash, x.first_draw_id,
           x.chase_draws, x.stop_on_win, x.currency, x.stake_minor, x.stake_transfer_id
      from unnest(${column((a) => a.slip.merchantId)}::uuid[], ${column((a) => a.slip.memberId)}::uuid[],
                  ${column((a) => String(a.slip.game.id))}::bigint[], ${column((a) => a.slip.idempotencyKey)}::text[],
                  ${column((a) => a.slip.requestHash)}::text[], ${column((a) => String(a.decided.draws[0]!.id))}::bigint[],
                  ${column((a) => a.decided.draws.length)}::int[], ${column((a) => a.slip.priced.stopOnWin)}::boolean[],
                  ${column((a) => a.slip.currency)}::text[], ${column((a) => String(a.slip.stakeMinor))}::bigint[],
                  ${column((a) => String(a.stakeTransferId))}::bigint[])
           with ordinality as x(merchant_id, member_id, game_id, idempotency_key, request_hash, first_draw_id,
                                chase_draws, stop_on_win, currency, stake_minor, stake_transfer_id, n)
     order by x.n
    returning *`.execute(trx);
  const orderOf = new Map(orders.map((o) => [memberKey(o.member_id, o.idempotency_key), o]));
  const placed = slips.map((s) => orderOf.get(memberKey(s.memberId, s.idempotencyKey))!);
  const tickets = accepted.flatMap((a, n) =>
    a.decided.draws.flatMap((draw, i) =>
      a.slip.priced.tickets.map((t) => ({
        order: placed[n]!,
        slip: a.slip,
        draw,
        t,
        chase: a.slip.priced.multiples[i]!,
      })),
    ),
  );
  const pick = <T>(f: (t: (typeof tickets)[number]) => T) => tickets.map(f);
  const { rows: written } = await sql<TicketRow>`
    insert into lottery_tickets (order_id, merchant_id, member_id, game_id, draw_id, play_type, selection,
                                 unit_stake_minor, multiple, units, stake_minor, series, currency)
    select x.order_id, x.merchant_id, x.member_id, x.game_id, x.draw_id, x.play_type, x.selection,
           x.unit_stake_minor, x.multiple, x.units, x.stake_minor, x.series, x.currency
      from unnest(${pick((x) => String(x.order.id))}::bigint[], ${pick((x) => x.slip.merchantId)}::uuid[],
                  ${pick((x) => x.slip.memberId)}::uuid[], ${pick((x) => String(x.slip.game.id))}::bigint[],
                  ${pick((x) => String(x.draw.id))}::bigint[], ${pick((x) => x.t.request.playType)}::text[],
                  ${pick((x) => JSON.stringify(x.t.request.selection))}::jsonb[],
                  ${pick((x) => String(x.t.request.unitStakeMinor))}::bigint[],
                  ${pick((x) => x.t.request.multiple * x.chase)}::int[], ${pick((x) => x.t.units)}::int[],
                  ${pick((x) => String(x.t.stakeMinor * BigInt(x.chase)))}::bigint[], ${pick((x) => x.slip.series)}::int[],
                  ${pick((x) => x.slip.currency)}::text[])
           with ordinality as x(order_id, merchant_id, member_id, game_id, draw_id, play_type, selection,
                                unit_stake_minor, multiple, units, stake_minor, series, currency, n)
     order by x.n
    returning *`.execute(trx);
  written.sort((a, b) => (a.id < b.id ? -1 : 1));
  const byOrder = new Map<bigint, TicketRow[]>(placed.map((o) => [o.id, []]));
  for (const ticket of written) byOrder.get(ticket.order_id)!.push(ticket);
  await recordBets(
    trx,
    accepted.flatMap((a, n) =>
      byOrder
        .get(placed[n]!.id)!
        .map((t) => ({ ...recordOf(t, a.slip.game.code), stakeMinor: t.stake_minor, at: a.decided.at })),
    ),
  );
  return placed.map((order) => ({ order, tickets: byOrder.get(order.id)! }));
}

/** The orders already stored under these (member, key) pairs, with their tickets, by `memberKey`. */
async function ordersByKeys(db: Db, keys: { memberId: string; idempotencyKey: string }[]) {
  const { rows: orders } = await sql<OrderRow>`
    select o.*
      from unnest(${keys.map((k) => k.memberId)}::uuid[], ${keys.map((k) => k.idempotencyKey)}::text[]) as k(m, key)
      cross join lateral (
        select * from lottery_orders o where o.member_id = k.m and o.idempotency_key = k.key
      ) o`.execute(db);
  const found = new Map<string, PlacedOrder>();
  if (!orders.length) return found;
  const tickets = await db
    .selectFrom('lottery_tickets')
    .selectAll()
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('id')
    .execute();
  for (const order of orders)
    found.set(memberKey(order.member_id, order.idempotency_key), {
      order,
      tickets: tickets.filter((t) => t.order_id === order.id),
    });
  return found;
}

/**
 * The drawNo must be the draw open now. One whose betting already closed is BETTING_CLOSED; a name
 * that is no draw of this game, or a later draw not yet open, is DRAW_NOT_FOUND.
 */
function checkDrawOpen(schedule: ReturnType<typeof scheduleOf>, drawNo: string, at: Date): void {
  const open = openDraw(schedule, at.getTime());
  if (open.drawNo === drawNo) return;
  const named = scheduledDraw(schedule, drawNo);
  if (named && named.closesAt <= at.getTime()) throw new AppError('LOTTERY_BETTING_CLOSED');
  throw new AppError('LOTTERY_DRAW_NOT_FOUND');
}

function orderByKey(db: Db, memberId: string, key: string) {
  return db
    .selectFrom('lottery_orders')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

async function sameOrderOrConflict(db: Db, order: OrderRow, hash: string): Promise<PlacedOrder> {
  if (order.request_hash !== hash) throw new AppError('LEDGER_IDEMPOTENCY_CONFLICT');
  const tickets = await db
    .selectFrom('lottery_tickets')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('id')
    .execute();
  return { order, tickets };
}
