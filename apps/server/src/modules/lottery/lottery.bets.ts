import { createHash } from 'node:crypto';
import type { LotteryBetRequest } from '@sorte/contracts';
import { nextDraws, openDraw, priceTicket, scheduledDraw } from '@sorte/lottery';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { houseAccountFor, memberAccountId, transfer, withLedgerTransaction } from '../ledger/index.ts';
import { recordBets } from '../records/index.ts';
import { ensureDraws } from './lottery.draws.ts';
import { gameByCode, type LotteryGame, limitsFor, scheduleOf, seriesOf } from './lottery.games.ts';
import { recordOf } from './lottery.records.ts';
import type { OrderRow, TicketRow } from './lottery.views.ts';

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

/**
 * Places a bet slip on the open draw (and, with a chase, the next ones): every ticket priced by the
 * rules at the member's series, ONE stake transfer for the whole order, then the order, a ticket per
 * (ticket × draw) and an open betting record per ticket — all in one transaction with the draws
 * share-locked, so no ticket lands on a draw being drawn. The same idempotency key with the same
 * slip answers the first order and moves nothing; with another slip it is refused.
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
  const slip = priceSlip(game, request);
  const scheduled = nextDraws(schedule, at.getTime(), slip.multiples.length);
  const series = await seriesOf(db, player.merchantId, player.memberId);
  const main = await memberAccountId(db, player.memberId, player.merchantId, 'main', player.currency);
  const house = await houseAccountFor(db, player.merchantId, player.currency, player.memberId);
  const total = slip.tickets.reduce(
    (sum, t) => sum + slip.multiples.reduce((s, m) => s + t.stakeMinor * BigInt(m), 0n),
    0n,
  );

  return withLedgerTransaction(db, async (trx) => {
    const twin = await orderByKey(trx, player.memberId, request.idempotencyKey);
    if (twin) return sameOrderOrConflict(trx, twin, hash);
    const created = await ensureDraws(trx, game, scheduled);
    // Share-lock the draws: the engine draws a draw under an update lock, so it waits for this bet,
    // and this bet sees a draw the engine already took as no longer 'scheduled'.
    const draws = await trx
      .selectFrom('lottery_draws')
      .selectAll()
      .where(
        'id',
        'in',
        created.map((d) => d.id),
      )
      .orderBy('draws_at')
      .forShare()
      .execute();
    const first = draws[0];
    const stamp = now();
    if (
      draws.length !== scheduled.length ||
      !first ||
      first.draw_no !== request.drawNo ||
      first.closes_at.getTime() <= stamp.getTime() ||
      draws.some((d) => d.status !== 'scheduled')
    )
      throw new AppError('LOTTERY_BETTING_CLOSED');
    const staked = await transfer(trx, {
      merchantId: player.merchantId,
      currency: player.currency,
      idempotencyKey: `lottery:${player.memberId}:${request.idempotencyKey}:stake`,
      code: 'bet',
      debitAccountId: main,
      creditAccountId: house,
      amountMinor: total,
      metadata: { game: game.code, drawNo: request.drawNo, draws: draws.length },
    });
    const order = await trx
      .insertInto('lottery_orders')
      .values({
        merchant_id: player.merchantId,
        member_id: player.memberId,
        game_id: game.id,
        idempotency_key: request.idempotencyKey,
        request_hash: hash,
        first_draw_id: first.id,
        chase_draws: draws.length,
        stop_on_win: slip.stopOnWin,
        currency: player.currency,
        stake_minor: total,
        stake_transfer_id: staked.id,
      })
      .onConflict((oc) => oc.constraint('lottery_orders_idempotency').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!order) {
      // A twin request committed first (the stake transfer above answered with its transfer): answer it.
      const other = await orderByKey(trx, player.memberId, request.idempotencyKey);
      if (!other) throw new AppError('LEDGER_IDEMPOTENCY_CONFLICT');
      return sameOrderOrConflict(trx, other, hash);
    }
    const tickets = await trx
      .insertInto('lottery_tickets')
      .values(
        draws.flatMap((draw, i) =>
          slip.tickets.map((t) => ({
            order_id: order.id,
            merchant_id: player.merchantId,
            member_id: player.memberId,
            game_id: game.id,
            draw_id: draw.id,
            play_type: t.request.playType,
            selection: JSON.stringify(t.request.selection),
            unit_stake_minor: BigInt(t.request.unitStakeMinor),
            multiple: t.request.multiple * slip.multiples[i]!,
            units: t.units,
            stake_minor: t.stakeMinor * BigInt(slip.multiples[i]!),
            series,
            currency: player.currency,
          })),
        ),
      )
      .returningAll()
      .execute();
    tickets.sort((a, b) => (a.id < b.id ? -1 : 1));
    await recordBets(
      trx,
      tickets.map((t) => ({ ...recordOf(t, game.code), stakeMinor: t.stake_minor, at: stamp })),
    );
    return { order, tickets };
  });
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
