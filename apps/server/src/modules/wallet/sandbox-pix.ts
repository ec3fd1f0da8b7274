import type { PixCharge } from '@sorte/contracts';
import type { DepositView } from './deposits.repository.ts';
import { asciiField, buildBrCode, MAX_BRCODE_AMOUNT_MINOR, MERCHANT_NAME_MAX } from './pix-brcode.ts';

/**
 * The PIX charge the sandbox gateway issues for an order, as a PSP's "cobrança imediata" would: a
 * dynamic, single-use BR Code whose location names the charge, for the order's amount, payable until
 * it expires. The location sits under the reserved `.invalid` domain, so no bank app can ever fetch
 * it and pay by mistake; the sandbox's hosted page plays the bank instead.
 */

/** How long a charge can be paid: a common PSP default for deposits (the page counts it down). */
export const SANDBOX_PIX_TTL_MS = 15 * 60_000;
const SANDBOX_LOCATION_HOST = 'pix.sandbox.invalid/qr/v2/cob/';
/** The receiver's city on the charge (field 60); the sandbox's pretend account is in São Paulo. */
const SANDBOX_CITY = 'São Paulo';

export function sandboxPixExpiry(order: Pick<DepositView, 'created_at'>): Date {
  return new Date(order.created_at.getTime() + SANDBOX_PIX_TTL_MS);
}

/**
 * Null when the format cannot carry the order (an amount wider than field 54's 13 characters, over
 * R$ 9.999.999.999,99): the player then pays on the sandbox's page, as before, instead of an error.
 */
export function sandboxPixCharge(order: DepositView): PixCharge | null {
  if (order.amount_minor > MAX_BRCODE_AMOUNT_MINOR) return null;
  const brCode = buildBrCode({
    url: `${SANDBOX_LOCATION_HOST}${order.id.replaceAll('-', '')}`,
    amountMinor: order.amount_minor,
    // A brand written wholly outside Latin letters still needs a receiver name on the charge.
    merchantName: asciiField(order.merchant_name, MERCHANT_NAME_MAX) || 'Sandbox',
    merchantCity: SANDBOX_CITY,
    singleUse: true,
  });
  return { brCode, expiresAt: sandboxPixExpiry(order).toISOString(), sandbox: true };
}
