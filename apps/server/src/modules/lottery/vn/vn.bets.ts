import { createHash } from 'node:crypto';
import type { VnBetRequest, VnTicketInput } from '@sorte/contracts';
import type { VnBetType, VnExposure, VnLimits, VnPayoutConfig, VnRegion, VnTicket } from '@sorte/lottery';
import {
  checkVnTicket,
  checkVnTicketStake,
  VN_BET_TYPES,
  vnExposureOverCap,
  vnLocalDay,
  vnSlipExposure,
  vnTicketCostMinor,
  vnTicketUnits,
} from '@sorte/lottery';
import { isPlayCurrency } from '@sorte/money';
import { sql } from 'kysely';
import type { Db } from '../../../platform/database/database.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { houseAccountFor, memberAccountId, transfer, withLedgerTransaction } from '../../ledger/index.ts';
import { recordBets } from '../../records/index.ts';
import { limitsOf, payoutConfigOf, storedRate } from './vn.config.ts';
import { addDays, drawById, drawByDay, ensureVnDraw, type VnDrawRow } from './vn.draws.ts';
import { recordOf, VN_RECORD, type VnTicketRow } from './vn.tickets.ts';

export interface VnPlayer {
  memberId: string;
  merchantId: string;
  currency: string;
}

/** The rules' ticket from a requested one, on the draw's region. */
export function ruleTicket(input: VnTicketInput, region: VnRegion): VnTicket {
  if (input.points !== undefined && input.amount === undefined)
    return {
      betType: input.betType as Exclude<VnBetType, 'baoLo2' | 'baoLo3'>,
      region,
      numbers: input.numbers,
      points: input.points,
    };
  return {
    betType: input.betType as 'baoLo2' | 'baoLo3',
    region,
    numbers: input.numbers,
    // Neither or both: not a valid stake for any bet type; checkVnTicket says BET_BAD_STAKE.
    stakePerSlotMinor: input.points === undefined && input.amount !== undefined ? BigInt(input.amount) : 0n,
  };
}

/** SHA-256 of the slip's content, so a key reused for a different slip is refused, not answered. */
function requestHash(drawId: bigint, tickets: VnTicketInput[]): string {
  const canonical = tickets.map((t) => [t.betType, t.numbers, t.points ?? null, t.amount ?? null]);
  return createHash('sha256')
    .update(JSON.stringify([String(drawId), canonical]))
    .digest('hex');
}

/**
 * Prices every ticket of a slip and holds each to its bet type's stake limits; the first invalid
 * ticket refuses the whole slip.
 */
function priceSlip(tickets: VnTicketInput[], region: VnRegion, config: VnPayoutConfig, limits: VnLimits) {
  return tickets.map((input, index) => {
    const ticket = ruleTicket(input, region);
    const issue = checkVnTicket(ticket);
    if (issue) throw new AppError('LOTTERY_SELECTION_INVALID', { ticket: index, ...issue });
    const stake = vnTicketCostMinor(ticket, config);
    const out = checkVnTicketStake(ticket.betType, stake, limits);
    if (out) {
      const { minStakeMinor, maxStakeMinor } = limits[ticket.betType];
      throw new AppError('LOTTERY_STAKE_OUT_OF_LIMITS', {
        ticket: index,
        code: out.code,
        betType: ticket.betType,
        stakeMinor: Number(stake),
        minStakeMinor: Number(minStakeMinor),
        maxStakeMinor: Number(maxStakeMinor),
      });
    }
    return { input, ticket, units: vnTicketUnits(ticket), stake };
  });
}

function numberLimitReached(e: VnExposure, limits: VnLimits, remainingMinor: bigint): AppError {
  return new AppError('LOTTERY_NUMBER_LIMIT_REACHED', {
    betType: e.betType,
    number: e.key,
    limitMinor: Number(limits[e.betType].perNumberMaxMinor),
    remainingMinor: Number(remainingMinor < 0n ? 0n : remainingMinor),
  });
}

/**
 * Adds a slip's stake to the draw's per-number totals, or refuses it when one would pass its cap.
 * One conditional upsert per bet type: a row only grows while it stays within the cap, and the row
 * lock it takes makes a concurrent slip on the same number wait and then see the new total (never
 * read-then-write). Keys go in one sorted order (vnSlipExposure), so two slips never deadlock.
 */
async function addExposure(
  trx: Db,
  merchantId: string,
  drawId: bigint,
  exposure: readonly VnExposure[],
  limits: VnLimits,
): Promise<void> {
  for (const betType of VN_BET_TYPES) {
    const rows = exposure.filter((e) => e.betType === betType);
    if (!rows.length) continue;
    const cap = limits[betType].perNumberMaxMinor;
    // A new row is inserted without the update's condition: a key the slip alone takes over its
    // cap is refused first.
    const alone = vnExposureOverCap(rows, limits);
    if (alone) throw numberLimitReached(alone, limits, cap - (await totalOf(trx, drawId, alone)));
    const taken = await trx
      .insertInto('vn_exposure')
      .values(
        rows.map((e) => ({
          draw_id: drawId,
          bet_type: betType,
          number_key: e.key,
          merchant_id: merchantId,
          total_minor: e.stakeMinor,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['draw_id', 'bet_type', 'number_key'])
          .doUpdateSet({ total_minor: sql`vn_exposure.total_minor + excluded.total_minor` })
          .where(sql<bigint>`vn_exposure.total_minor + excluded.total_minor`, '<=', cap),
      )
      .returning('number_key')
      .execute();
    if (taken.length === rows.length) continue;
    const done = new Set(taken.map((r) => r.number_key));
    const refused = rows.find((e) => !done.has(e.key))!;
    // Thrown inside the slip's transaction: the rows already added above roll back with it.
    throw numberLimitReached(refused, limits, cap - (await totalOf(trx, drawId, refused)));
  }
}

/** A play-money slip is held to the caps on its own (addExposure's first check, without the draw's totals). */
function refuseOverCapAlone(exposure: readonly VnExposure[], limits: VnLimits): void {
  for (const betType of VN_BET_TYPES) {
    const alone = vnExposureOverCap(
      exposure.filter((e) => e.betType === betType),
      limits,
    );
    if (alone) throw numberLimitReached(alone, limits, limits[betType].perNumberMaxMinor);
  }
}

/** The stake already counted on a key of the draw (0 before its first bet). */
async function totalOf(trx: Db, drawId: bigint, e: VnExposure): Promise<bigint> {
  const row = await trx
    .selectFrom('vn_exposure')
    .select('total_minor')
    .where('draw_id', '=', drawId)
    .where('bet_type', '=', e.betType)
    .where('number_key', '=', e.key)
    .executeTakeFirst();
  return row?.total_minor ?? 0n;
}

async function findSlip(db: Db, memberId: string, key: string): Promise<VnTicketRow[]> {
  return db
    .selectFrom('vn_tickets')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', key)
    .orderBy('slip_index')
    .execute();
}

function sameSlipOrConflict(rows: VnTicketRow[], hash: string | null): VnTicketRow[] {
  if (hash !== null && rows[0]!.request_hash !== hash) throw new AppError('LEDGER_IDEMPOTENCY_CONFLICT');
  return rows;
}

/** Players may open a draw up to a week ahead (every game draws weekly): no rows for far-off days. */
const MAX_DAYS_AHEAD = 7;

/** The draw a slip names: by id, or by province and Vietnamese day (made if the schedule has it). */
async function slipDraw(db: Db, merchantId: string, input: VnBetRequest, now: Date): Promise<VnDrawRow> {
  let draw: VnDrawRow | undefined;
  if (input.drawId) draw = await drawById(db, merchantId, BigInt(input.drawId));
  else if (input.province && input.date) {
    draw = await drawByDay(db, merchantId, input.province, input.date);
    const today = vnLocalDay(now).date;
    if (!draw && input.date >= today && input.date <= addDays(today, MAX_DAYS_AHEAD))
      draw = await ensureVnDraw(db, merchantId, input.province, input.date);
  }
  if (!draw) throw new AppError('LOTTERY_DRAW_NOT_FOUND');
  return draw;
}

/**
 * A slip of tickets on one draw: every ticket checked and priced at the merchant's rates and held to
 * its stake limits, the draw's per-number totals raised within their caps, ONE stake transfer for
 * the slip, the tickets and their open betting records, in one transaction with the draw row
 * share-locked (a result entry or a cancellation waits for it, so no ticket lands on a draw
 * that is no longer open). A retry with the same key answers the same tickets and moves nothing.
 */
export async function placeVnBet(
  db: Db,
  player: VnPlayer,
  input: VnBetRequest,
  now: () => Date,
): Promise<{ draw: VnDrawRow; tickets: VnTicketRow[] }> {
  const earlier = await findSlip(db, player.memberId, input.idempotencyKey);
  const draw = await slipDraw(db, player.merchantId, input, now());
  const hash = requestHash(draw.id, input.tickets);
  if (earlier.length) return { draw, tickets: sameSlipOrConflict(earlier, hash) };
  const [config, limits] = await Promise.all([
    payoutConfigOf(db, player.merchantId),
    limitsOf(db, player.merchantId),
  ]);
  const priced = priceSlip(input.tickets, draw.region, config, limits);
  const exposure = vnSlipExposure(priced.map((p) => ({ ticket: p.ticket, stakeMinor: p.stake })));
  const stake = priced.reduce((sum, p) => sum + p.stake, 0n);
  const main = await memberAccountId(db, player.memberId, player.merchantId, 'main', player.currency);
  const house = await houseAccountFor(db, player.merchantId, player.currency, player.memberId);

  const tickets = await withLedgerTransaction(db, async (trx) => {
    const locked = await trx
      .selectFrom('vn_draws')
      .selectAll()
      .where('id', '=', draw.id)
      .forShare()
      .executeTakeFirstOrThrow();
    const twin = await findSlip(trx, player.memberId, input.idempotencyKey);
    if (twin.length) return sameSlipOrConflict(twin, hash);
    const at = now();
    if (locked.status !== 'scheduled' || at >= locked.closes_at)
      throw new AppError('LOTTERY_BETTING_CLOSED', { closesAt: locked.closes_at.toISOString() });
    const staked = await transfer(trx, {
      merchantId: player.merchantId,
      currency: player.currency,
      idempotencyKey: `lottery_vn:${player.memberId}:${input.idempotencyKey}:stake`,
      code: 'bet',
      debitAccountId: main,
      creditAccountId: house,
      amountMinor: stake,
      metadata: { game: VN_RECORD.gameCode, drawId: String(draw.id), tickets: priced.length },
    });
    // The stake's key is the lock on the slip's key: a concurrent twin's transfer made this one wait
    // for its commit and answered with it, moving nothing. Its tickets are visible now; answer them
    // before counting the stake against the caps a second time.
    const committed = await findSlip(trx, player.memberId, input.idempotencyKey);
    if (committed.length) return sameSlipOrConflict(committed, hash);
    // Play money (free play) is no liability of the house: it never counts against the per-number
    // caps of real bets, so it neither fills them nor is refused by them beyond its own slip's.
    if (isPlayCurrency(player.currency)) refuseOverCapAlone(exposure, limits);
    else await addExposure(trx, player.merchantId, draw.id, exposure, limits);
    const rows = await trx
      .insertInto('vn_tickets')
      .values(
        priced.map((p, index) => ({
          merchant_id: player.merchantId,
          member_id: player.memberId,
          draw_id: draw.id,
          region: draw.region,
          bet_type: p.ticket.betType,
          numbers: JSON.stringify(p.ticket.numbers),
          points: 'points' in p.ticket ? p.ticket.points : null,
          stake_per_slot_minor: 'points' in p.ticket ? null : p.ticket.stakePerSlotMinor,
          units: p.units,
          rate: JSON.stringify(storedRate(config[p.ticket.betType][draw.region])),
          currency: player.currency,
          stake_minor: p.stake,
          idempotency_key: input.idempotencyKey,
          slip_index: index,
          request_hash: hash,
          stake_transfer_id: staked.id,
          created_at: at,
        })),
      )
      .returningAll()
      .execute();
    await recordBets(
      trx,
      rows.map((row) => ({ ...recordOf(row), stakeMinor: row.stake_minor, at })),
    );
    return rows.sort((a, b) => a.slip_index - b.slip_index);
  });
  return { draw, tickets };
}

export function ticketsOfMember(db: Db, memberId: string, limit: number, offset: number) {
  return db
    .selectFrom('vn_tickets')
    .innerJoin('vn_draws', 'vn_draws.id', 'vn_tickets.draw_id')
    .selectAll('vn_tickets')
    .select(['vn_draws.province_code', 'vn_draws.draw_date'])
    .where('vn_tickets.member_id', '=', memberId)
    .orderBy('vn_tickets.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countTicketsOfMember(db: Db, memberId: string): Promise<number> {
  const row = await db
    .selectFrom('vn_tickets')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function ticketOfMember(db: Db, memberId: string, id: bigint) {
  return db
    .selectFrom('vn_tickets')
    .innerJoin('vn_draws', 'vn_draws.id', 'vn_tickets.draw_id')
    .selectAll('vn_tickets')
    .select(['vn_draws.province_code', 'vn_draws.draw_date'])
    .where('vn_tickets.member_id', '=', memberId)
    .where('vn_tickets.id', '=', id)
    .executeTakeFirst();
}
