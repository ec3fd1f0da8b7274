import { createHash } from 'node:crypto';
import type { VnResult, VnStructure } from '@sorte/lottery';
import { PRIZE_TABLES, VN_PROVINCES, vnLocalDay } from '@sorte/lottery';
import type { SeedContext } from '../../../platform/context.ts';
import { defaultsOf, savePayoutConfig } from './vn.config.ts';
import { addDays, drawTimes, ensureVnDraws, weekdayOf } from './vn.draws.ts';

/** How many past days of results (besides today's drawn ones) the demo site shows on its first start. */
const DEMO_DAYS = 3;

/**
 * A well-formed result drawn from a seed: every prize of the structure with its count of numbers of
 * its length, digits from SHA-256 of (seed, prize, index). Deterministic, so the demo shows the same
 * results on every machine; it is demo data, never a real draw's result.
 */
export function sampleVnResult(structure: VnStructure, seed: string): VnResult {
  const prizes = Object.fromEntries(
    PRIZE_TABLES[structure].map(({ prize, count, digits }) => [
      prize,
      Array.from({ length: count }, (_, index) => {
        const hash = createHash('sha256').update(`${seed}:${prize}:${index}`).digest();
        return Array.from({ length: digits }, (_, d) => String(hash[d]! % 10)).join('');
      }),
    ]),
  );
  return { structure, prizes };
}

/**
 * The demo merchant's rates (the defaults, written out so the back office shows a saved config) and
 * the settled draws of the last few days with sample results, so the results pages have something to
 * show on a fresh start, and the open draws of today and tomorrow. Idempotent: an existing config or draw is left as it is.
 */
export async function seedDemoVnLottery(ctx: SeedContext): Promise<void> {
  const merchant = await ctx.db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', 'demo')
    .executeTakeFirst();
  if (!merchant) return;
  const now = ctx.clock.now();
  const saved = await ctx.db
    .selectFrom('vn_payout_config')
    .select('merchant_id')
    .where('merchant_id', '=', merchant.id)
    .executeTakeFirst();
  if (!saved)
    await savePayoutConfig(ctx.db, merchant.id, (await defaultsOf(ctx.db, merchant.id)).payouts, now);
  const today = vnLocalDay(now).date;
  // The past days and today (Vietnam's calendar): today's draws that have already taken place have a
  // result too, or a site started in the evening shows yesterday's as the latest.
  const days = Array.from({ length: DEMO_DAYS + 1 }, (_, i) => addDays(today, -i));
  const rows = days.flatMap((date) =>
    VN_PROVINCES.filter((p) => p.weekdays.includes(weekdayOf(date))).flatMap((p) => {
      const { drawsAt, closesAt } = drawTimes(p.region, date);
      if (drawsAt > now) return [];
      const result = sampleVnResult(
        p.region === 'north' ? 'north' : 'southCentral',
        `demo:${p.code}:${date}`,
      );
      const row = {
        merchant_id: merchant.id,
        region: p.region,
        province_code: p.code,
        draw_date: date,
        draws_at: drawsAt,
        closes_at: closesAt,
        status: 'settled' as const,
        result: JSON.stringify(result),
        source: 'import' as const,
        entered_at: drawsAt,
        approved_at: drawsAt,
        settled_at: drawsAt,
      };
      return [row];
    }),
  );
  await ctx.db
    .insertInto('vn_draws')
    .values(rows)
    .onConflict((oc) => oc.constraint('vn_draws_day').doNothing())
    .execute();
  // Today's and tomorrow's draws too, so the first menu the site shows links straight to them.
  await ensureVnDraws(ctx.db, merchant.id, now);
}
