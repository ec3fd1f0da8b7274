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
import { type AcceptedSlip, memberKey, type StakeSlip, slipPath } from '../../bets/index.ts';
import { memberAccountId } from '../../ledger/index.ts';
import { recordBets } from '../../records/index.ts';
import { limitsOf, payoutConfigOf, storedRate } from './vn.config.ts';
import { addDays, drawById, drawByDay, ensureVnDraw, type VnDrawRow } from './vn.draws.ts';
import { recordOf, VN_RECORD, type VnTicketRow, vnBonusRefOf } from './vn.tickets.ts';

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

/** A priced VN slip as the bet path carries it (modules/bets, `slipPath`). */
interface VnSlip extends StakeSlip {
  draw: VnDrawRow;
  priced: ReturnType<typeof priceSlip>;
  config: VnPayoutConfig;
  limits: VnLimits;
  /** What the slip adds per (bet type, number), sorted (vnSlipExposure). */
  exposure: VnExposure[];
  now: () => Date;
}

/** The batch's draws share-locked, and the running per-number totals of the real-money slips' keys. */
interface VnLocked {
  draws: Map<bigint, VnDrawRow>;
  totals: Map<string, bigint>;
  /** The keys the batch's accepted slips raised, to write back. */
  changed: Map<string, ExposureKey>;
}

interface ExposureKey {
  drawId: bigint;
  betType: string;
  key: string;
}

const exposureKey = (drawId: bigint, e: { betType: string; key: string }) =>
  `${drawId}:${e.betType}:${e.key}`;

/**
 * Vietnamese slips on the bet path: one stake transfer a slip; the per-number caps are counted in the
 * batch, slip after slip, on totals locked for it, so two slips of one batch never pass a cap together
 * and two batches queue on the numbers they share. A member wagering a bonus stakes cash first, then
 * bonus; the caps are checked before those funds and raised only once they passed (`take`).
 */
const vnSlips = slipPath<VnSlip, VnLocked, Date, VnTicketRow[]>({
  async lock(trx, slips, batch) {
    const ids = [...new Set(slips.map((s) => s.draw.id))].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    // A result entry or a cancellation takes the draw for update: it waits for this batch.
    const draws = await trx
      .selectFrom('vn_draws')
      .selectAll()
      .where('id', 'in', ids)
      .orderBy('id')
      .forShare()
      .execute();
    const keys = new Map<string, ExposureKey>();
    for (const slip of slips) {
      // Play money (free play) is no liability of the house: it never counts against the caps.
      if (isPlayCurrency(slip.currency)) continue;
      for (const e of slip.exposure)
        keys.set(exposureKey(slip.draw.id, e), { drawId: slip.draw.id, betType: e.betType, key: e.key });
    }
    return {
      draws: new Map(draws.map((d) => [d.id, d])),
      totals: await lockExposure(trx, batch.merchantId, [...keys.values()]),
      changed: new Map(),
    };
  },
  twins: (trx, slips) => slipsByKeys(trx, slips),
  hashOf: (tickets) => tickets[0]!.request_hash,
  check(slip, locked) {
    const draw = locked.draws.get(slip.draw.id)!;
    const at = slip.now();
    if (draw.status !== 'scheduled' || at >= draw.closes_at)
      throw new AppError('LOTTERY_BETTING_CLOSED', { closesAt: draw.closes_at.toISOString() });
    return at;
  },
  take(slip, locked) {
    if (isPlayCurrency(slip.currency)) {
      refuseOverCapAlone(slip.exposure, slip.limits);
      return () => {};
    }
    const raised = new Map<string, { at: ExposureKey; total: bigint }>();
    for (const betType of VN_BET_TYPES) {
      const rows = slip.exposure.filter((e) => e.betType === betType);
      if (!rows.length) continue;
      const cap = slip.limits[betType].perNumberMaxMinor;
      const totalOf = (e: VnExposure) => locked.totals.get(exposureKey(slip.draw.id, e)) ?? 0n;
      const alone = vnExposureOverCap(rows, slip.limits);
      if (alone) throw numberLimitReached(alone, slip.limits, cap - totalOf(alone));
      for (const e of rows) {
        const total = totalOf(e);
        if (total + e.stakeMinor > cap) throw numberLimitReached(e, slip.limits, cap - total);
        raised.set(exposureKey(slip.draw.id, e), {
          at: { drawId: slip.draw.id, betType, key: e.key },
          total: total + e.stakeMinor,
        });
      }
    }
    return () => {
      for (const [key, { at, total }] of raised) {
        locked.totals.set(key, total);
        locked.changed.set(key, at);
      }
    };
  },
  write: writeTickets,
  // A bonus member's slip takes cash first, then bonus; its bonus slip settles ticket by ticket.
  bonus: {
    category: () => VN_RECORD.category,
    settleRef: (slip) => vnBonusRefOf(slip.memberId, slip.idempotencyKey),
  },
});

/**
 * A slip of tickets on one draw, through the bet path: every ticket checked and priced at the
 * merchant's rates and held to its stake limits, the draw's per-number totals raised within their
 * caps, ONE stake transfer for the slip, the tickets and their open betting records — concurrent slips
 * of the merchant in one transaction per batch with their draws share-locked (a result entry or a
 * cancellation waits for it, so no ticket lands on a draw that is no longer open). A retry with the
 * same key answers the same tickets and moves nothing.
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
  const main = await memberAccountId(db, player.memberId, player.merchantId, 'main', player.currency);
  const tickets = await vnSlips.submit(db, {
    merchantId: player.merchantId,
    memberId: player.memberId,
    currency: player.currency,
    mainAccountId: main,
    idempotencyKey: input.idempotencyKey,
    requestHash: hash,
    stakeMinor: priced.reduce((sum, p) => sum + p.stake, 0n),
    transfer: {
      idempotencyKey: `lottery_vn:${player.memberId}:${input.idempotencyKey}:stake`,
      metadata: { game: VN_RECORD.gameCode, drawId: String(draw.id), tickets: priced.length },
    },
    draw,
    priced,
    config,
    limits,
    exposure,
    now,
  });
  return { draw, tickets };
}

/**
 * The per-number totals of these keys, locked for the batch: a key not sold yet gets its row at 0
 * first. Rows are taken in one sorted order (draw, bet type, number), so two batches never deadlock.
 */
async function lockExposure(trx: Db, merchantId: string, keys: ExposureKey[]): Promise<Map<string, bigint>> {
  if (!keys.length) return new Map();
  const draws = keys.map((k) => String(k.drawId));
  const types = keys.map((k) => k.betType);
  const numbers = keys.map((k) => k.key);
  await sql`
    insert into vn_exposure (draw_id, bet_type, number_key, merchant_id, total_minor)
    select d, b, k, ${merchantId}::uuid, 0
      from unnest(${draws}::bigint[], ${types}::text[], ${numbers}::text[]) as x(d, b, k)
     order by d, b, k
    on conflict (draw_id, bet_type, number_key) do nothing`.execute(trx);
  const { rows } = await sql<{ draw_id: bigint; bet_type: string; number_key: string; total_minor: bigint }>`
    select e.draw_id, e.bet_type, e.number_key, e.total_minor
      from vn_exposure e
      join unnest(${draws}::bigint[], ${types}::text[], ${numbers}::text[]) as x(d, b, k)
        on e.draw_id = x.d and e.bet_type = x.b and e.number_key = x.k
     order by e.draw_id, e.bet_type, e.number_key
       for update of e`.execute(trx);
  return new Map(
    rows.map((r) => [exposureKey(r.draw_id, { betType: r.bet_type, key: r.number_key }), r.total_minor]),
  );
}

/** The batch's raised totals, its tickets and their open betting records: three set-based statements. */
async function writeTickets(
  trx: Db,
  accepted: AcceptedSlip<VnSlip, Date>[],
  locked: VnLocked,
): Promise<VnTicketRow[][]> {
  if (!accepted.length) return [];
  if (locked.changed.size) {
    const changed = [...locked.changed];
    await sql`
      update vn_exposure e set total_minor = x.t
        from unnest(${changed.map(([, c]) => String(c.drawId))}::bigint[], ${changed.map(([, c]) => c.betType)}::text[],
                    ${changed.map(([, c]) => c.key)}::text[], ${changed.map(([key]) => String(locked.totals.get(key)!))}::bigint[])
          as x(d, b, k, t)
       where e.draw_id = x.d and e.bet_type = x.b and e.number_key = x.k`.execute(trx);
  }
  const rows = accepted.flatMap((a) =>
    a.slip.priced.map((p, index) => ({
      a,
      p,
      index,
      rate: storedRate(a.slip.config[p.ticket.betType][a.slip.draw.region]),
    })),
  );
  const pick = <T>(f: (r: (typeof rows)[number]) => T) => rows.map(f);
  const { rows: written } = await sql<VnTicketRow>`
    insert into vn_tickets (merchant_id, member_id, draw_id, region, bet_type, numbers, points, stake_per_slot_minor,
                            units, rate, currency, stake_minor, idempotency_key, slip_index, request_hash,
                            stake_transfer_id, created_at)
    select x.merchant_id, x.member_id, x.draw_id, x.region, x.bet_type, x.numbers, x.points, x.stake_per_slot_minor,
           x.units, x.rate, x.currency, x.stake_minor, x.idempotency_key, x.slip_index, x.request_hash,
           x.stake_transfer_id, x.created_at
      from unnest(${pick((r) => r.a.slip.merchantId)}::uuid[], ${pick((r) => r.a.slip.memberId)}::uuid[],
                  ${pick((r) => String(r.a.slip.draw.id))}::bigint[], ${pick((r) => r.a.slip.draw.region)}::text[],
                  ${pick((r) => r.p.ticket.betType)}::text[], ${pick((r) => JSON.stringify(r.p.ticket.numbers))}::jsonb[],
                  ${pick((r) => ('points' in r.p.ticket ? r.p.ticket.points : null))}::int[],
                  ${pick((r) => ('points' in r.p.ticket ? null : String(r.p.ticket.stakePerSlotMinor)))}::bigint[],
                  ${pick((r) => r.p.units)}::int[], ${pick((r) => JSON.stringify(r.rate))}::jsonb[],
                  ${pick((r) => r.a.slip.currency)}::text[], ${pick((r) => String(r.p.stake))}::bigint[],
                  ${pick((r) => r.a.slip.idempotencyKey)}::text[], ${pick((r) => r.index)}::int[],
                  ${pick((r) => r.a.slip.requestHash)}::text[], ${pick((r) => String(r.a.stakeTransferId))}::bigint[],
                  ${pick((r) => r.a.decided.toISOString())}::timestamptz[])
           with ordinality as x(merchant_id, member_id, draw_id, region, bet_type, numbers, points, stake_per_slot_minor,
                                units, rate, currency, stake_minor, idempotency_key, slip_index, request_hash,
                                stake_transfer_id, created_at, n)
     order by x.n
    returning *`.execute(trx);
  await recordBets(
    trx,
    written.map((row) => ({ ...recordOf(row), stakeMinor: row.stake_minor, at: row.created_at })),
  );
  const bySlip = new Map<string, VnTicketRow[]>();
  for (const row of written.sort((x, y) => x.slip_index - y.slip_index)) {
    const key = memberKey(row.member_id, row.idempotency_key);
    bySlip.set(key, [...(bySlip.get(key) ?? []), row]);
  }
  return accepted.map((a) => bySlip.get(memberKey(a.slip.memberId, a.slip.idempotencyKey))!);
}

/** The slips already stored under these (member, key) pairs, their tickets in slip order, by `memberKey`. */
async function slipsByKeys(db: Db, keys: { memberId: string; idempotencyKey: string }[]) {
  const { rows } = await sql<VnTicketRow>`
    select t.*
      from unnest(${keys.map((k) => k.memberId)}::uuid[], ${keys.map((k) => k.idempotencyKey)}::text[]) as k(m, key)
      cross join lateral (
        select * from vn_tickets t where t.member_id = k.m and t.idempotency_key = k.key
      ) t
     order by t.slip_index`.execute(db);
  const found = new Map<string, VnTicketRow[]>();
  for (const row of rows) {
    const key = memberKey(row.member_id, row.idempotency_key);
    found.set(key, [...(found.get(key) ?? []), row]);
  }
  return found;
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
