import { sql } from 'kysely';
import type { SeedContext } from '../../platform/context.ts';
import { createRaffle } from './raffles.ts';

const DEMO_CODE = 'demo';

/**
 * The demo merchant's daily prize wheel (development only, like every seedDemo), so the demo shows
 * the reward centre: one spin a day for players who bet R$ 10,00 the day before and one more per
 * deposit of R$ 50,00 or more, prizes from "try again" to R$ 50,00 (expected R$ 1,35 per spin); the
 * demo's raffle promotion links it and says the same (promotions.seed.ts). Only when the merchant has no raffle yet, so an
 * operator's raffles survive restarts. A real merchant has none until its operator makes one.
 */
export async function seedDemoRaffle(ctx: SeedContext): Promise<void> {
  const { rows } = await sql<{ id: string }>`
    select m.id from merchants m where m.code = ${DEMO_CODE}
      and not exists (select 1 from raffles r where r.merchant_id = m.id)`.execute(ctx.db);
  const merchant = rows[0];
  if (!merchant) return;
  await createRaffle(ctx.db, merchant.id, {
    kind: 'wheel',
    status: 'active',
    names: { en: 'Daily lucky wheel', 'pt-BR': 'Roleta da sorte diária' },
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: null,
    spinsPerDay: 1,
    minStakeMinor: 1_000,
    spinsPerDeposit: 1,
    minDepositMinor: 5_000,
    rewardDays: 7,
    // (30×50 + 15×200 + 4×1,000 + 1×5,000) / 100 = 135 → R$ 1,35 per spin, 50 % "try again".
    segments: [
      { weight: 50, prizeMinor: 0 },
      { weight: 30, prizeMinor: 50 },
      { weight: 15, prizeMinor: 200 },
      { weight: 4, prizeMinor: 1_000 },
      { weight: 1, prizeMinor: 5_000 },
    ],
  });
}
