import { startReferenceVendor } from '../../../../reference-vendor/src/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { REFERENCE_VENDOR } from './games.seed.ts';

/**
 * Starts the reference vendor (apps/reference-vendor) beside the server, for the demo: its own
 * listener on REFERENCE_VENDOR_PORT, a different origin from the platform's, calling the platform's
 * /providers API over HTTP like any vendor. The one shortcut: it is handed each merchant's secret
 * from game_vendor_credentials (seeded once at first start) instead of receiving it out of band;
 * the standalone `npm start -w @sorte/reference-vendor` takes it from REFERENCE_VENDOR_SECRET.
 * Answers a close function, or null when disabled or the port is taken (the platform runs anyway).
 */
export async function startReferenceVendorBeside(ctx: AppContext): Promise<(() => Promise<void>) | null> {
  const { config } = ctx;
  if (!config.referenceVendor || !config.REFERENCE_VENDOR_PORT || config.ROLE === 'worker') return null;
  try {
    const vendor = await startReferenceVendor({
      port: config.REFERENCE_VENDOR_PORT,
      host: config.HOST,
      platformUrl: `http://127.0.0.1:${config.PORT}`,
      vendor: REFERENCE_VENDOR,
      secretFor: async (merchantCode) => {
        const row = await ctx.db
          .selectFrom('game_vendor_credentials')
          .innerJoin('merchants', 'merchants.id', 'game_vendor_credentials.merchant_id')
          .select('secret')
          .where('merchants.code', '=', merchantCode)
          .where('vendor', '=', REFERENCE_VENDOR)
          .where('enabled', '=', true)
          .executeTakeFirst();
        return row?.secret;
      },
    });
    ctx.log.info(`reference game vendor at ${config.referenceVendorBaseUrl} (listening on ${vendor.url})`);
    return vendor.close;
  } catch (err) {
    ctx.log.warn({ err }, 'reference vendor not started (port in use?); vendor games will not open');
    return null;
  }
}
