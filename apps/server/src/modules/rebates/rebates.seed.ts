import { sql } from 'kysely';
import type { SeedContext } from '../../platform/context.ts';

const DEMO_CODE = 'demo';

/** 0.8 % on the in-house and slot games, 0.5 % on live casino, 0.3 % on sports (basis points). */
const DEMO_RATES: [category: string, rateBp: number][] = [
  ['INHOUSE', 80],
  ['RNG', 80],
  ['FISH', 80],
  ['LIVE', 50],
  ['SPORTS', 30],
];

/**
 * The demo merchant's rebate rates (development only, like every seedDemo), so the demo shows the
 * member centre's manual rebate. A real merchant has none until its operator sets them (rebates are
 * cash to the player; Brazil's rules forbid bonuses — the strict reading). Only added when missing,
 * so an operator's changes survive restarts; counted from the seed's day (no pay for the past).
 */
export async function seedDemoRebates(ctx: SeedContext): Promise<void> {
  const { rows } = await sql<{ id: string }>`select id from merchants where code = ${DEMO_CODE}`.execute(
    ctx.db,
  );
  const merchant = rows[0];
  if (!merchant) return;
  for (const [category, rateBp] of DEMO_RATES)
    await sql`insert into rebate_rates (merchant_id, category, rate_bp, since)
      values (${merchant.id}, ${category}, ${rateBp}, (now() at time zone 'UTC')::date) on conflict do nothing`.execute(
      ctx.db,
    );
}
