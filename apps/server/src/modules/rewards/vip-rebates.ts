import type { VipRebateRates } from '@sorte/contracts';
import { applyBasisPoints, isPlayCurrency } from '@sorte/money';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { localDate, RECORDS_TIME_ZONE } from '../records/index.ts';
import { grantReward } from './rewards.service.ts';

/**
 * Automatic daily rebates per VIP level (issue 17 item 5): for the rollup day D (RECORDS_TIME_ZONE),
 * each member gets Σ over categories ⌊valid stake of D in c × rate(level, c) / 10,000⌋ (exact, per
 * category, @sorte/money applyBasisPoints) as one reward-centre entry, `vip_rebate:D`.
 *
 * - The level is the member's `vip_rank_level` when the day is paid.
 * - No double pay with the manual rebate (modules/rebates): a category with a manual rate above 0
 *   is left to the manual rebate and earns no automatic rebate — a category's stake is rebated by
 *   one of the two, never both (the stricter reading).
 * - Day D is paid once it is over plus SETTLE_MARGIN_MS (the rollups fold the bet stream within
 *   seconds). `vip_rebate_runs` holds one row per merchant and day; the run takes it `for update
 *   skip locked`, which is the lease: a second instance skips a day being paid and a finished day
 *   (`done_at`) is never paid again; besides, the reward's reference makes it once per member.
 * - Only the merchant's currency (real money: the free-play currencies never reach the rollups).
 */

/** How long after a day ends it is paid: the rollups' lag with a wide margin. */
export const SETTLE_MARGIN_MS = 30 * 60_000;
/** How long a VIP rebate reward may be claimed. */
export const VIP_REBATE_REWARD_DAYS = 7;
const DAY_MS = 86_400_000;

/** The rollup day (YYYY-MM-DD in RECORDS_TIME_ZONE) the run at `now` pays: the last one over for long enough. */
export function dayToPay(now: Date): string {
  return localDate(new Date(now.getTime() - SETTLE_MARGIN_MS - DAY_MS), RECORDS_TIME_ZONE);
}

interface StakeRow {
  member_id: string;
  category: string;
  rate_bp: number;
  valid_stake: bigint;
}

export interface VipRebateLine {
  category: string;
  rateBp: number;
  validStakeMinor: number;
  amountMinor: number;
}

/** One member's day: its lines (only the categories that pay) and their sum. */
export function vipRebateOf(rows: { category: string; rateBp: number; validStake: bigint }[]) {
  const lines: VipRebateLine[] = [];
  let total = 0n;
  for (const r of rows) {
    const amount = applyBasisPoints(r.validStake, BigInt(r.rateBp));
    if (amount <= 0n) continue;
    total += amount;
    lines.push({
      category: r.category,
      rateBp: r.rateBp,
      validStakeMinor: Number(r.validStake),
      amountMinor: Number(amount),
    });
  }
  return { lines, total };
}

/** Pays day `day` for one merchant; answers the rewards made, or null when another run holds or finished it. */
export async function payVipRebateDay(
  db: Db,
  merchantId: string,
  day: string,
  now: Date,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    await sql`insert into vip_rebate_runs (merchant_id, day) values (${merchantId}, ${day}::date)
      on conflict do nothing`.execute(trx);
    const { rows: lease } = await sql<{ done_at: Date | null }>`select done_at from vip_rebate_runs
      where merchant_id = ${merchantId} and day = ${day}::date for update skip locked`.execute(trx);
    if (!lease[0] || lease[0].done_at) return null;
    const { rows: merchant } = await sql<{ currency: string }>`
      select currency from merchants where id = ${merchantId}`.execute(trx);
    const currency = merchant[0]?.currency;
    if (!currency || isPlayCurrency(currency)) return 0;
    const { rows } = await sql<StakeRow>`
      select b.member_id, b.category, v.rate_bp, sum(b.valid_stake_minor)::bigint as valid_stake
        from bet_rollups_daily b
        join members m on m.id = b.member_id and m.merchant_id = b.merchant_id
        join vip_rebate_rates v on v.merchant_id = b.merchant_id and v.vip_level = m.vip_rank_level
          and v.category = b.category and v.rate_bp > 0
       where b.merchant_id = ${merchantId} and b.day = ${day}::date and b.currency = ${currency}
         and not exists (select 1 from rebate_rates r
                          where r.merchant_id = b.merchant_id and r.category = b.category and r.rate_bp > 0)
       group by b.member_id, b.category, v.rate_bp
      having sum(b.valid_stake_minor) > 0
       order by b.member_id, b.category`.execute(trx);
    const byMember = new Map<string, { category: string; rateBp: number; validStake: bigint }[]>();
    for (const r of rows) {
      const list = byMember.get(r.member_id) ?? [];
      list.push({ category: r.category, rateBp: r.rate_bp, validStake: r.valid_stake });
      byMember.set(r.member_id, list);
    }
    const expiresAt = new Date(now.getTime() + VIP_REBATE_REWARD_DAYS * DAY_MS);
    let made = 0;
    for (const [memberId, stakes] of byMember) {
      const { lines, total } = vipRebateOf(stakes);
      if (total <= 0n) continue;
      const id = await grantReward(trx, {
        merchantId,
        memberId,
        source: 'vip_rebate',
        sourceRef: day,
        amountMinor: total,
        currency,
        details: { day, lines },
        expiresAt,
      });
      if (id !== null) made++;
    }
    await sql`update vip_rebate_runs set done_at = ${now}, rewards = ${made}
      where merchant_id = ${merchantId} and day = ${day}::date`.execute(trx);
    return made;
  });
}

/** The most days one run catches up for a merchant (after the job was down). */
export const MAX_CATCH_UP_DAYS = 7;

/** `day` plus `n` days (YYYY-MM-DD, calendar arithmetic). */
function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The days a merchant is owed on `due`: every day after its last paid one up to `due` (at most
 * MAX_CATCH_UP_DAYS, the latest), or only `due` for a merchant never paid yet — a rate set today
 * never pays the days before it.
 */
export function daysOwed(lastPaid: string | null, due: string): string[] {
  if (!lastPaid) return [due];
  const days: string[] = [];
  for (let day = addDays(lastPaid, 1); day <= due; day = addDays(day, 1)) days.push(day);
  return days.slice(-MAX_CATCH_UP_DAYS);
}

/** The daily job's step: pays the days owed to every merchant with a VIP rebate rate. */
export async function runVipRebates(db: Db, now: Date): Promise<number> {
  const due = dayToPay(now);
  const { rows } = await sql<{ merchant_id: string; last_paid: string | null }>`
    select r.merchant_id,
      (select to_char(max(v.day), 'YYYY-MM-DD') from vip_rebate_runs v
        where v.merchant_id = r.merchant_id and v.done_at is not null) as last_paid
    from (select distinct merchant_id from vip_rebate_rates where rate_bp > 0) r`.execute(db);
  let made = 0;
  for (const r of rows)
    for (const day of daysOwed(r.last_paid, due))
      made += (await payVipRebateDay(db, r.merchant_id, day, now)) ?? 0;
  return made;
}

// ---------------------------------------------------------------- operators

export async function vipRebateRates(db: Db, merchantId: string): Promise<VipRebateRates> {
  const { rows } = await sql<{ vip_level: number; category: string; rate_bp: number }>`
    select vip_level, category, rate_bp from vip_rebate_rates where merchant_id = ${merchantId}
     order by vip_level, category`.execute(db);
  return {
    rates: rows.map((r) => ({
      vipLevel: r.vip_level,
      category: r.category as VipRebateRates['rates'][number]['category'],
      rateBp: r.rate_bp,
    })),
  };
}

export async function setVipRebateRates(
  db: Db,
  merchantId: string,
  rates: VipRebateRates['rates'],
): Promise<void> {
  for (const r of rates)
    await sql`insert into vip_rebate_rates (merchant_id, vip_level, category, rate_bp)
      values (${merchantId}, ${r.vipLevel}, ${r.category}, ${r.rateBp})
      on conflict (merchant_id, vip_level, category) do update set rate_bp = excluded.rate_bp, updated_at = now()`.execute(
      db,
    );
}
