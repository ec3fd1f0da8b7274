import type { SeedContext } from '../../platform/context.ts';
import {
  DEFAULT_COUNTRIES,
  DEFAULT_THEME,
  defaultFlags,
  defaultRegistrationFields,
} from './system.defaults.ts';
import * as repo from './system.repository.ts';
import { seedDemoMerchant } from './system.seed.ts';

/**
 * A production start without demo data still needs the merchant it serves by default: this makes it
 * bare — brand named by its code, every flag off, the default registration rules, and no domains,
 * banners, announcements, help, operators or members — so nothing is exposed until an operator
 * configures it (`npm run merchant`, then the back office once `npm run operator -- create` has made
 * the first operator). Idempotent and safe when several instances start at once.
 */
export async function ensureBareMerchant(ctx: SeedContext, code: string): Promise<void> {
  if (await repo.findMerchantByCode(ctx.db, code)) return;
  const inserted = await ctx.db
    .insertInto('merchants')
    .values({
      code,
      brand_name: code,
      logo_url: '/assets-brand/logo.svg',
      currency: 'BRL',
      currency_symbol: 'R$',
      theme: JSON.stringify(DEFAULT_THEME),
      flags: JSON.stringify(defaultFlags()),
      security: JSON.stringify({}),
      registration_fields: JSON.stringify(defaultRegistrationFields()),
      countries: JSON.stringify(DEFAULT_COUNTRIES),
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) ctx.log.info(`created the bare merchant "${code}" (no demo content)`);
}

/**
 * For the command-line tools, which start like the server: the merchant they act on exists on a
 * fresh database — the demo merchant where demo data is seeded, the bare default one in production.
 */
export async function ensureStartMerchant(ctx: SeedContext): Promise<void> {
  if (ctx.config.seedDemo) await seedDemoMerchant(ctx);
  else if (ctx.config.NODE_ENV === 'production') await ensureBareMerchant(ctx, ctx.config.DEFAULT_MERCHANT);
}
