import { randomBytes } from 'node:crypto';
import type { SeedContext } from '../../platform/context.ts';
import { seedCatalog } from './catalog.seed.ts';

/** The reference vendor shipped with the repository (its server arrives with the games catalog). */
export const REFERENCE_VENDOR = 'sorte-ref';

/**
 * Gives the demo merchant its game catalog (the in-house and reference vendors, switched on) and
 * credentials for the reference vendor: a random secret made once and kept (the vendor side reads it
 * from the same database in the demo, tests and benchmarks).
 */
export async function seedDemoVendors(ctx: SeedContext): Promise<void> {
  const merchant = await ctx.db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', 'demo')
    .executeTakeFirst();
  if (!merchant) return;
  await seedCatalog(ctx.db, merchant.id);
  await ctx.db
    .insertInto('game_vendor_credentials')
    .values({ merchant_id: merchant.id, vendor: REFERENCE_VENDOR, secret: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.columns(['merchant_id', 'vendor']).doNothing())
    .execute();
}
