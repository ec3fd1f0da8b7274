import { sql } from 'kysely';
import type { SeedContext } from '../../platform/context.ts';

/**
 * The bonus terms of the demo's "First deposit bonus" promotion (development only, like every
 * seedDemo), as its text says: 100 % of the first deposit up to R$ 500, 20× the bonus within 14 days,
 * bets up to R$ 25 while wagering. The demo merchant keeps bonuses off (Brazil) until an operator
 * turns them on; then a first deposit grants this bonus. Runs after the promotions' seed; a later
 * start changes nothing.
 */
export async function seedDemoBonusTerms(ctx: SeedContext): Promise<void> {
  await sql`
    insert into promotion_bonus_terms (promotion_id, percent_bps, max_bonus_minor, min_deposit_minor, basis, times,
      max_bet_minor, valid_days, contribution_bps)
    select p.id, 10000, 50000, 1000, 'bonus', 20, 2500, 14, ${JSON.stringify({ INHOUSE: 10_000, RNG: 10_000 })}::jsonb
      from promotions p join merchants m on m.id = p.merchant_id
     where m.code = 'demo' and p.type = 'deposit_bonus'
    on conflict (promotion_id) do nothing`.execute(ctx.db);
}
