import type { LotteryDrawStatus, LotteryTicketStatus } from '@sorte/contracts';
import { PRIZE_MODES, type PrizeMode, type PrizeModeCode } from '@sorte/lottery';
import { PLAY_CURRENCY_SQL_PATTERN } from '@sorte/money';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { DrawRow, GameRow, OrderRow, TicketWithDraw } from './lottery.views.ts';

/**
 * The lottery's reads for the API: games with their open and last draws, draw history, and a
 * member's own tickets and orders. Nothing here writes; every member read is scoped by member id
 * (and merchant) in the query itself, so another member's id simply finds nothing.
 */

export function enabledGames(db: Db, merchantId: string): Promise<GameRow[]> {
  return db
    .selectFrom('lottery_games')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('enabled', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export function allGames(db: Db, merchantId: string): Promise<GameRow[]> {
  return db
    .selectFrom('lottery_games')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

const PLAYED: LotteryDrawStatus[] = ['drawn', 'settled'];

/** The latest draw with a result. */
export async function lastDrawOf(db: Db, gameId: bigint): Promise<DrawRow | null> {
  return (
    (await db
      .selectFrom('lottery_draws')
      .selectAll()
      .where('game_id', '=', gameId)
      .where('status', 'in', PLAYED)
      .orderBy('draws_at', 'desc')
      .limit(1)
      .executeTakeFirst()) ?? null
  );
}

/** The latest finished draws (with a result, or cancelled), newest first. */
export function recentDraws(db: Db, gameId: bigint, count: number): Promise<DrawRow[]> {
  return db
    .selectFrom('lottery_draws')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('status', 'in', [...PLAYED, 'cancelled'])
    .orderBy('draws_at', 'desc')
    .limit(count)
    .execute();
}

export async function drawByNo(db: Db, gameId: bigint, drawNo: string): Promise<DrawRow | null> {
  return (
    (await db
      .selectFrom('lottery_draws')
      .selectAll()
      .where('game_id', '=', gameId)
      .where('draw_no', '=', drawNo)
      .executeTakeFirst()) ?? null
  );
}

/**
 * A json value for a jsonb column declared Generated<JSONColumnType<…>>, whose insert and update
 * types Kysely derives as the column type itself rather than the text it takes.
 */
export function jsonb(value: unknown) {
  return sql<never>`cast(${JSON.stringify(value)} as jsonb)`;
}

// ---------------------------------------------------------------- a member's tickets and orders

function ticketsWithDraw(db: Db) {
  return db
    .selectFrom('lottery_tickets as t')
    .innerJoin('lottery_games as g', 'g.id', 't.game_id')
    .innerJoin('lottery_draws as d', 'd.id', 't.draw_id')
    .selectAll('t')
    .select(['g.code as game_code', 'd.draw_no', 'd.result']);
}

export interface TicketFilter {
  pageNo: number;
  pageSize: number;
  status?: LotteryTicketStatus;
  gameCode?: string;
}

export async function memberTickets(
  db: Db,
  member: { memberId: string; merchantId: string },
  filter: TicketFilter,
): Promise<{ list: TicketWithDraw[]; total: number }> {
  let where = ticketsWithDraw(db)
    .where('t.member_id', '=', member.memberId)
    .where('t.merchant_id', '=', member.merchantId);
  if (filter.status) where = where.where('t.status', '=', filter.status);
  if (filter.gameCode) where = where.where('g.code', '=', filter.gameCode);
  const [list, count] = await Promise.all([
    where
      .orderBy('t.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.pageNo - 1) * filter.pageSize)
      .execute(),
    where.clearSelect().select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { list: list as TicketWithDraw[], total: Number(count.total) };
}

export async function memberTicket(
  db: Db,
  member: { memberId: string; merchantId: string },
  ticketId: bigint,
): Promise<TicketWithDraw | null> {
  const row = await ticketsWithDraw(db)
    .where('t.id', '=', ticketId)
    .where('t.member_id', '=', member.memberId)
    .where('t.merchant_id', '=', member.merchantId)
    .executeTakeFirst();
  return (row as TicketWithDraw | undefined) ?? null;
}

export interface OrderWithTickets {
  order: OrderRow;
  gameCode: string;
  firstDrawNo: string;
  tickets: TicketWithDraw[];
}

/** An order (of this member only) with its tickets in draw order. */
export async function memberOrder(
  db: Db,
  member: { memberId: string; merchantId: string },
  orderId: bigint,
): Promise<OrderWithTickets | null> {
  const order = await db
    .selectFrom('lottery_orders as o')
    .innerJoin('lottery_games as g', 'g.id', 'o.game_id')
    .innerJoin('lottery_draws as d', 'd.id', 'o.first_draw_id')
    .selectAll('o')
    .select(['g.code as game_code', 'd.draw_no as first_draw_no'])
    .where('o.id', '=', orderId)
    .where('o.member_id', '=', member.memberId)
    .where('o.merchant_id', '=', member.merchantId)
    .executeTakeFirst();
  if (!order) return null;
  const { game_code, first_draw_no, ...row } = order;
  return {
    order: row,
    gameCode: game_code,
    firstDrawNo: first_draw_no,
    tickets: await orderTickets(db, orderId),
  };
}

export async function orderTickets(db: Db, orderId: bigint): Promise<TicketWithDraw[]> {
  const rows = await ticketsWithDraw(db)
    .where('t.order_id', '=', orderId)
    .orderBy('d.draws_at')
    .orderBy('t.id')
    .execute();
  return rows as TicketWithDraw[];
}

// ---------------------------------------------------------------- series

/**
 * The merchant's prize mode (merchants.prize_mode, spelt 'Lott', 'ZY', 'Elott', 'SEA' as the brand
 * configuration names them); an unknown spelling falls back to LOTT, the dearest.
 */
export async function prizeModeOf(db: Db, merchantId: string): Promise<PrizeMode> {
  const row = await db
    .selectFrom('merchants')
    .select('prize_mode')
    .where('id', '=', merchantId)
    .executeTakeFirst();
  const code = (row?.prize_mode ?? 'LOTT').toUpperCase();
  return PRIZE_MODES[code as PrizeModeCode] ?? PRIZE_MODES.LOTT;
}

export async function saveSeries(
  db: Db,
  rule: { memberId: string; merchantId: string; series: number; setBy: string; at: Date },
): Promise<void> {
  await db
    .insertInto('lottery_series')
    .values({
      member_id: rule.memberId,
      merchant_id: rule.merchantId,
      series: rule.series,
      set_by_member_id: rule.setBy,
      updated_at: rule.at,
    })
    .onConflict((oc) =>
      oc
        .column('member_id')
        .doUpdateSet({ series: rule.series, set_by_member_id: rule.setBy, updated_at: rule.at }),
    )
    .execute();
}

/** A member of the merchant whose parent is `agentId`, by id or account (case-insensitive). */
export async function directDownline(
  db: Db,
  merchantId: string,
  agentId: string,
  target: { memberId?: string; account?: string },
): Promise<{ id: string; account: string } | null> {
  let query = db
    .selectFrom('members')
    .select(['id', 'account'])
    .where('merchant_id', '=', merchantId)
    .where('parent_id', '=', agentId);
  if (target.memberId) query = query.where('id', '=', target.memberId);
  else query = query.where(sql`lower(account)`, '=', (target.account ?? '').toLowerCase());
  return (await query.executeTakeFirst()) ?? null;
}

// ---------------------------------------------------------------- back office

export interface BoDrawFilter {
  pageNo: number;
  pageSize: number;
  gameCode?: string;
  status?: LotteryDrawStatus;
}

export type BoDrawRow = DrawRow & {
  game_code: string;
  ticket_count: number;
  stake_minor: bigint;
  payout_minor: bigint;
};

function boDrawsQuery(db: Db, merchantId: string) {
  return db
    .selectFrom('lottery_draws as d')
    .innerJoin('lottery_games as g', 'g.id', 'd.game_id')
    .where('d.merchant_id', '=', merchantId);
}

function withTotals(db: Db) {
  return (
    db
      .selectFrom('lottery_tickets as t')
      .select([
        't.draw_id',
        sql<number>`count(*)::int`.as('ticket_count'),
        sql<bigint>`coalesce(sum(t.stake_minor), 0)`.as('stake_minor'),
        sql<bigint>`coalesce(sum(t.payout_minor), 0)`.as('payout_minor'),
      ])
      // Real money only: free play's tickets (a play currency, @sorte/money play-money.ts) are no
      // stake or payout of the merchant's.
      .where(sql<boolean>`t.currency !~ ${PLAY_CURRENCY_SQL_PATTERN}`)
      .groupBy('t.draw_id')
  );
}

/** Without a status filter the list reaches this far ahead: every game's open draw, not the hours scheduled beyond. */
export const BO_DRAWS_AHEAD_MS = 10 * 60_000;

/**
 * A page of the merchant's draws. Draws are scheduled hours ahead, so the unfiltered list (newest
 * first) starts at the draws about to happen rather than the furthest scheduled one; the
 * 'scheduled' filter lists every future draw, soonest first (the ones an operator may cancel).
 */
export async function boDraws(
  db: Db,
  merchantId: string,
  filter: BoDrawFilter,
  now: Date,
): Promise<{ list: BoDrawRow[]; total: number }> {
  let base = boDrawsQuery(db, merchantId);
  if (filter.gameCode) base = base.where('g.code', '=', filter.gameCode);
  if (filter.status) base = base.where('d.status', '=', filter.status);
  else base = base.where('d.draws_at', '<=', new Date(now.getTime() + BO_DRAWS_AHEAD_MS));
  const order = filter.status === 'scheduled' ? 'asc' : 'desc';
  const [count, page] = await Promise.all([
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    base
      .selectAll('d')
      .select('g.code as game_code')
      .orderBy('d.draws_at', order)
      .orderBy('d.id', order)
      .limit(filter.pageSize)
      .offset((filter.pageNo - 1) * filter.pageSize)
      .execute(),
  ]);
  const totals = page.length
    ? await withTotals(db)
        .where(
          't.draw_id',
          'in',
          page.map((row) => row.id),
        )
        .execute()
    : [];
  const byDraw = new Map(totals.map((row) => [String(row.draw_id), row]));
  const list = page.map((row) => {
    const sums = byDraw.get(String(row.id));
    return {
      ...row,
      ticket_count: Number(sums?.ticket_count ?? 0),
      stake_minor: BigInt(sums?.stake_minor ?? 0),
      payout_minor: BigInt(sums?.payout_minor ?? 0),
    };
  });
  return { list, total: Number(count.total) };
}

export async function boDraw(db: Db, merchantId: string, drawId: bigint): Promise<BoDrawRow | null> {
  const row = await boDrawsQuery(db, merchantId)
    .selectAll('d')
    .select('g.code as game_code')
    .where('d.id', '=', drawId)
    .executeTakeFirst();
  if (!row) return null;
  const [sums] = await withTotals(db).where('t.draw_id', '=', drawId).execute();
  return {
    ...row,
    ticket_count: Number(sums?.ticket_count ?? 0),
    stake_minor: BigInt(sums?.stake_minor ?? 0),
    payout_minor: BigInt(sums?.payout_minor ?? 0),
  };
}
