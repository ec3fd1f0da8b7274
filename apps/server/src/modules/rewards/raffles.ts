import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { MemberRaffle, OperatorRaffle, RaffleInput, RaffleSpin } from '@sorte/contracts';
import {
  checkRaffleSegments,
  floats,
  type HmacSha256,
  RAFFLE_FLOATS,
  type RafflePrize,
  raffleExpectedPrize,
  raffleSegment,
} from '@sorte/fairness';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { localDate, RECORDS_TIME_ZONE } from '../records/index.ts';
import { grantReward } from './rewards.service.ts';

/**
 * Raffles (issue 17 item 6): lucky draws and prize wheels with weighted cash prize segments.
 *
 * Entitlement (as a careful operator runs a daily wheel): `spins_per_day` spins per rollup day
 * (RECORDS_TIME_ZONE) for members whose valid stake of the previous day reached `min_stake_minor`
 * (read from the daily rollups; 0 lets every real account spin). Tying the spin to yesterday's real
 * play keeps free prizes from farming fresh accounts, and a day's spins do not carry over.
 *
 * Deposit spins: a raffle may also give `spins_per_deposit` spins per approved deposit of the member
 * credited (`resolved_at`) inside the raffle's window whose credit — amount − fee, what reached the
 * wallet, as the deposit bonus reads it (the stricter reading of "a deposit of R$ 50") — reaches
 * `min_deposit_minor`. They are counted at spin time under the member's lock (nothing is written in
 * the deposit path): qualifying deposits × spins_per_deposit − the raffle's deposit spins already
 * made. They carry over within the window and end with it (a raffle past its end takes no spin).
 * A spin uses today's daily spins first (they would be lost tonight), then deposit spins; each spin
 * row records which (`entitlement`). Deposit spins need no stake of yesterday: the deposit is the
 * real money the gate is there for.
 *
 * Fairness (the originals' scheme, one seed per spin so it can be checked at once): each member ×
 * raffle has a server seed whose SHA-256 is shown before the spin; the member sends a client seed
 * with the spin; the float is HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:0`) (packages/fairness)
 * and picks the segment by weight (raffleSegment). The spin then reveals the seed and commits the
 * next one (nonce + 1), so the browser recomputes the spin on the spot.
 *
 * A spin is one transaction under the member's row lock (their spins of the day are counted
 * exactly); the same key answers the first spin. A prize above 0 lands in the reward centre
 * (source raffle, claimable for `reward_days`); a prize of 0 is a "try again".
 */

const hmac: HmacSha256 = (key, message) => new Uint8Array(createHmac('sha256', key).update(message).digest());
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const DAY_MS = 86_400_000;
const LAST_SPINS = 10;
const dayOf = (at: Date) => localDate(at, RECORDS_TIME_ZONE);

export interface RaffleCaller {
  memberId: string;
  merchantId: string;
  currency: string;
}

interface RaffleRow {
  id: bigint;
  kind: 'wheel' | 'draw';
  status: 'active' | 'paused';
  names: { en: string; 'pt-BR': string };
  starts_at: Date;
  ends_at: Date | null;
  spins_per_day: number;
  min_stake_minor: bigint;
  spins_per_deposit: number;
  min_deposit_minor: bigint;
  segments: RafflePrize[];
  reward_days: number;
}

interface SpinRow {
  id: bigint;
  raffle_id: bigint;
  segment: number;
  prize_minor: bigint;
  server_seed: string;
  commitment: string;
  client_seed: string;
  nonce: number;
  reward_id: bigint | null;
  created_at: Date;
}

const RAFFLE_SELECT = sql`select id, kind, status, names, starts_at, ends_at, spins_per_day, min_stake_minor,
  spins_per_deposit, min_deposit_minor, segments, reward_days from raffles`;
const SPIN_SELECT = sql`select id, raffle_id, segment, prize_minor, server_seed, commitment, client_seed, nonce,
  reward_id, created_at from raffle_spins`;

function spinView(r: SpinRow): RaffleSpin {
  return {
    id: Number(r.id),
    raffleId: Number(r.raffle_id),
    segment: r.segment,
    prizeMinor: Number(r.prize_minor),
    serverSeed: r.server_seed,
    commitment: r.commitment,
    clientSeed: r.client_seed,
    nonce: r.nonce,
    rewardId: r.reward_id === null ? null : Number(r.reward_id),
    createdAt: r.created_at.toISOString(),
  };
}

const running = (now: Date) =>
  sql`status = 'active' and starts_at <= ${now} and (ends_at is null or ends_at > ${now})`;

/** The member's seed for the raffle (made on first sight), locked when `lock`. */
async function seedOf(db: Db, raffleId: bigint, memberId: string, lock = false) {
  const seed = randomBytes(32).toString('hex');
  await sql`insert into raffle_seeds (raffle_id, member_id, server_seed, commitment)
    values (${raffleId}, ${memberId}, ${seed}, ${sha256Hex(seed)}) on conflict do nothing`.execute(db);
  const { rows } = await sql<{ server_seed: string; commitment: string; nonce: number }>`
    select server_seed, commitment, nonce from raffle_seeds where member_id = ${memberId} and raffle_id = ${raffleId}
    ${lock ? sql`for update` : sql``}`.execute(db);
  return rows[0]!;
}

async function stakeOfDay(db: Db, caller: RaffleCaller, day: string): Promise<bigint> {
  const { rows } = await sql<{ stake: bigint }>`
    select coalesce(sum(valid_stake_minor), 0)::bigint as stake from bet_rollups_daily
     where merchant_id = ${caller.merchantId} and member_id = ${caller.memberId} and day = ${day}::date
       and currency = ${caller.currency}`.execute(db);
  return rows[0]?.stake ?? 0n;
}

/** The daily spins the member may still make today (0 when yesterday's stake is under the minimum). */
async function dailySpinsLeft(db: Db, caller: RaffleCaller, raffle: RaffleRow, now: Date) {
  const yesterdayStake = await stakeOfDay(db, caller, dayOf(new Date(now.getTime() - DAY_MS)));
  const { rows } = await sql<{ n: bigint }>`select count(*)::bigint as n from raffle_spins
    where member_id = ${caller.memberId} and raffle_id = ${raffle.id} and day = ${dayOf(now)}::date
      and entitlement = 'daily'`.execute(db);
  const used = Number(rows[0]?.n ?? 0n);
  const left = yesterdayStake >= raffle.min_stake_minor ? Math.max(0, raffle.spins_per_day - used) : 0;
  return { left, yesterdayStake };
}

/** The deposit spins the member has not used yet (see the module comment). */
async function depositSpinsLeft(db: Db, caller: RaffleCaller, raffle: RaffleRow, now: Date): Promise<number> {
  if (raffle.spins_per_deposit === 0) return 0;
  const { rows } = await sql<{ deposits: bigint; used: bigint }>`
    select
      (select count(*) from deposits
        where member_id = ${caller.memberId} and merchant_id = ${caller.merchantId} and currency = ${caller.currency}
          and status = 'approved' and amount_minor - fee_minor >= ${raffle.min_deposit_minor}
          and resolved_at >= ${raffle.starts_at} and resolved_at <= ${now}
          ${raffle.ends_at ? sql`and resolved_at < ${raffle.ends_at}` : sql``})::bigint as deposits,
      (select count(*) from raffle_spins
        where member_id = ${caller.memberId} and raffle_id = ${raffle.id} and entitlement = 'deposit')::bigint as used`.execute(
    db,
  );
  const earned = Number(rows[0]!.deposits) * raffle.spins_per_deposit;
  return Math.max(0, earned - Number(rows[0]!.used));
}

async function raffleView(db: Db, caller: RaffleCaller, raffle: RaffleRow, now: Date): Promise<MemberRaffle> {
  const daily = await dailySpinsLeft(db, caller, raffle, now);
  const deposit = await depositSpinsLeft(db, caller, raffle, now);
  const seed = await seedOf(db, raffle.id, caller.memberId);
  const { rows: last } = await sql<SpinRow>`${SPIN_SELECT}
    where member_id = ${caller.memberId} and raffle_id = ${raffle.id} order by id desc limit ${LAST_SPINS}`.execute(
    db,
  );
  return {
    id: Number(raffle.id),
    kind: raffle.kind,
    names: raffle.names,
    segments: raffle.segments,
    endsAt: raffle.ends_at ? raffle.ends_at.toISOString() : null,
    spinsPerDay: raffle.spins_per_day,
    spinsLeft: daily.left + deposit,
    dailySpinsLeft: daily.left,
    depositSpinsLeft: deposit,
    minStakeMinor: Number(raffle.min_stake_minor),
    yesterdayStakeMinor: Number(daily.yesterdayStake),
    spinsPerDeposit: raffle.spins_per_deposit,
    minDepositMinor: Number(raffle.min_deposit_minor),
    commitment: seed.commitment,
    nonce: seed.nonce,
    lastSpins: last.map(spinView),
  };
}

/** The raffles running now for the member's merchant. */
export async function memberRaffles(db: Db, caller: RaffleCaller, now: Date): Promise<MemberRaffle[]> {
  const { rows } = await sql<RaffleRow>`${RAFFLE_SELECT}
    where merchant_id = ${caller.merchantId} and ${running(now)} order by id`.execute(db);
  const views: MemberRaffle[] = [];
  for (const r of rows) views.push(await raffleView(db, caller, r, now));
  return views;
}

/**
 * For a promotion that links a raffle: null when the merchant has no such raffle, otherwise whether it
 * runs now (active and inside its window on the app's clock).
 */
export async function raffleRunsNow(
  db: Db,
  merchantId: string,
  raffleId: number,
  now: Date,
): Promise<boolean | null> {
  const { rows } = await sql<{ runs: boolean }>`select (${running(now)}) as runs from raffles
    where id = ${raffleId} and merchant_id = ${merchantId}`.execute(db);
  return rows[0] ? rows[0].runs : null;
}

async function runningRaffle(db: Db, caller: RaffleCaller, raffleId: number, now: Date): Promise<RaffleRow> {
  const { rows } = await sql<RaffleRow>`${RAFFLE_SELECT}
    where id = ${raffleId} and merchant_id = ${caller.merchantId} and ${running(now)}`.execute(db);
  if (!rows[0]) throw new AppError('RAFFLE_NOT_FOUND');
  return rows[0];
}

/** One spin; see the module comment. */
export async function spinRaffle(
  db: Db,
  caller: RaffleCaller,
  raffleId: number,
  input: { idempotencyKey: string; clientSeed: string },
  now: Date,
): Promise<{ spin: RaffleSpin; raffle: MemberRaffle }> {
  return db.transaction().execute(async (trx) => {
    const { rows: member } = await sql`select id from members
      where id = ${caller.memberId} and merchant_id = ${caller.merchantId} for update`.execute(trx);
    if (member.length === 0) throw new AppError('UNAUTHENTICATED');
    const raffle = await runningRaffle(trx, caller, raffleId, now);
    const { rows: twin } = await sql<SpinRow>`${SPIN_SELECT}
      where member_id = ${caller.memberId} and raffle_id = ${raffle.id} and idempotency_key = ${input.idempotencyKey}`.execute(
      trx,
    );
    if (twin[0]) return { spin: spinView(twin[0]), raffle: await raffleView(trx, caller, raffle, now) };

    // Counted under the member's lock: concurrent spins queue here and each sees the ones before it.
    const today = dayOf(now);
    let entitlement: 'daily' | 'deposit' = 'daily';
    if ((await dailySpinsLeft(trx, caller, raffle, now)).left === 0) {
      if ((await depositSpinsLeft(trx, caller, raffle, now)) === 0)
        throw new AppError('RAFFLE_NO_SPINS_LEFT');
      entitlement = 'deposit';
    }

    const seed = await seedOf(trx, raffle.id, caller.memberId, true);
    const seeds = { serverSeed: seed.server_seed, clientSeed: input.clientSeed, nonce: seed.nonce };
    const segment = raffleSegment(floats(hmac, seeds, RAFFLE_FLOATS)[0]!, raffle.segments);
    const prize = BigInt(raffle.segments[segment]!.prizeMinor);
    const { rows: spun } = await sql<SpinRow>`
      insert into raffle_spins (raffle_id, merchant_id, member_id, day, idempotency_key, server_seed, commitment,
        client_seed, nonce, segment, prize_minor, entitlement)
      values (${raffle.id}, ${caller.merchantId}, ${caller.memberId}, ${today}::date, ${input.idempotencyKey},
        ${seed.server_seed}, ${seed.commitment}, ${input.clientSeed}, ${seed.nonce}, ${segment}, ${prize},
        ${entitlement})
      returning id, raffle_id, segment, prize_minor, server_seed, commitment, client_seed, nonce, reward_id,
        created_at`.execute(trx);
    let spin = spun[0]!;
    if (prize > 0n) {
      const rewardId = await grantReward(trx, {
        merchantId: caller.merchantId,
        memberId: caller.memberId,
        source: 'raffle',
        sourceRef: `spin:${spin.id}`,
        amountMinor: prize,
        currency: caller.currency,
        details: { raffleId: Number(raffle.id), spinId: Number(spin.id), names: raffle.names },
        expiresAt: new Date(now.getTime() + raffle.reward_days * DAY_MS),
      });
      const { rows } =
        await sql<SpinRow>`update raffle_spins set reward_id = ${rewardId} where id = ${spin.id}
        returning id, raffle_id, segment, prize_minor, server_seed, commitment, client_seed, nonce, reward_id,
          created_at`.execute(trx);
      spin = rows[0]!;
    }
    // Reveal this seed (it is on the spin) and commit the next one.
    const next = randomBytes(32).toString('hex');
    await sql`update raffle_seeds set server_seed = ${next}, commitment = ${sha256Hex(next)}, nonce = nonce + 1
      where member_id = ${caller.memberId} and raffle_id = ${raffle.id}`.execute(trx);
    return { spin: spinView(spin), raffle: await raffleView(trx, caller, raffle, now) };
  });
}

// ---------------------------------------------------------------- operators

function checkedSegments(segments: RafflePrize[]): RafflePrize[] {
  try {
    checkRaffleSegments(segments);
  } catch {
    throw new AppError('RAFFLE_SEGMENTS_INVALID');
  }
  return segments.map((s) => ({ weight: s.weight, prizeMinor: s.prizeMinor }));
}

function checkedWindow(input: RaffleInput): void {
  if (input.endsAt && new Date(input.endsAt) <= new Date(input.startsAt))
    throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'endsAt', key: 'invalid' }] });
}

export async function operatorRaffles(db: Db, merchantId: string): Promise<OperatorRaffle[]> {
  const { rows } = await sql<RaffleRow & { spins: bigint; paid: bigint }>`
    select r.id, r.kind, r.status, r.names, r.starts_at, r.ends_at, r.spins_per_day, r.min_stake_minor,
      r.spins_per_deposit, r.min_deposit_minor, r.segments, r.reward_days,
      (select count(*) from raffle_spins s where s.raffle_id = r.id)::bigint as spins,
      (select coalesce(sum(s.prize_minor), 0) from raffle_spins s where s.raffle_id = r.id)::bigint as paid
    from raffles r where r.merchant_id = ${merchantId} order by r.id desc`.execute(db);
  return rows.map((r) => {
    const expected = raffleExpectedPrize(r.segments);
    return {
      id: Number(r.id),
      kind: r.kind,
      status: r.status,
      names: r.names,
      startsAt: r.starts_at.toISOString(),
      endsAt: r.ends_at ? r.ends_at.toISOString() : null,
      spinsPerDay: r.spins_per_day,
      minStakeMinor: Number(r.min_stake_minor),
      spinsPerDeposit: r.spins_per_deposit,
      minDepositMinor: Number(r.min_deposit_minor),
      rewardDays: r.reward_days,
      segments: r.segments,
      expectedPrize: { num: expected.num.toString(), den: expected.den.toString() },
      spins: Number(r.spins),
      paidMinor: Number(r.paid),
    };
  });
}

export async function createRaffle(db: Db, merchantId: string, input: RaffleInput): Promise<number> {
  checkedWindow(input);
  const segments = checkedSegments(input.segments);
  const { rows } = await sql<{ id: bigint }>`
    insert into raffles (merchant_id, kind, status, names, starts_at, ends_at, spins_per_day, min_stake_minor,
      spins_per_deposit, min_deposit_minor, segments, reward_days)
    values (${merchantId}, ${input.kind}, ${input.status}, ${JSON.stringify(input.names)}::jsonb, ${input.startsAt},
      ${input.endsAt}, ${input.spinsPerDay}, ${input.minStakeMinor}, ${input.spinsPerDeposit},
      ${input.minDepositMinor}, ${JSON.stringify(segments)}::jsonb, ${input.rewardDays})
    returning id`.execute(db);
  return Number(rows[0]!.id);
}

/** Rewrites a raffle (spins made keep the segments they were drawn from: each spin stores its prize). */
export async function updateRaffle(
  db: Db,
  merchantId: string,
  id: number,
  input: RaffleInput,
): Promise<void> {
  checkedWindow(input);
  const segments = checkedSegments(input.segments);
  const { rows } = await sql`
    update raffles set kind = ${input.kind}, status = ${input.status}, names = ${JSON.stringify(input.names)}::jsonb,
      starts_at = ${input.startsAt}, ends_at = ${input.endsAt}, spins_per_day = ${input.spinsPerDay},
      min_stake_minor = ${input.minStakeMinor}, spins_per_deposit = ${input.spinsPerDeposit},
      min_deposit_minor = ${input.minDepositMinor}, segments = ${JSON.stringify(segments)}::jsonb,
      reward_days = ${input.rewardDays}, updated_at = now()
    where id = ${id} and merchant_id = ${merchantId} returning id`.execute(db);
  if (rows.length === 0) throw new AppError('RAFFLE_NOT_FOUND');
}
