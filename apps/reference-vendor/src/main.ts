import { startReferenceVendor } from './index.ts';

/**
 * The reference vendor on its own (the demo starts it inside the server instead): the platform's
 * address and one merchant's secret come from the environment, as a real vendor would keep them.
 *   PLATFORM_URL=http://localhost:3000 REFERENCE_VENDOR_MERCHANT=demo REFERENCE_VENDOR_SECRET=… npm start
 */
const secret = process.env.REFERENCE_VENDOR_SECRET;
const merchant = process.env.REFERENCE_VENDOR_MERCHANT ?? 'demo';
if (!secret) {
  console.error('REFERENCE_VENDOR_SECRET is required (the merchant secret of game_vendor_credentials)');
  process.exit(2);
}
const vendor = await startReferenceVendor({
  port: Number(process.env.REFERENCE_VENDOR_PORT ?? 3001),
  platformUrl: process.env.PLATFORM_URL ?? 'http://localhost:3000',
  secretFor: async (code) => (code === merchant ? secret : undefined),
});
console.log(`reference vendor at ${vendor.url}`);
