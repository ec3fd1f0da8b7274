import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PixCharge } from '@sorte/contracts';
import type { DepositView } from './deposits.repository.ts';
import { sandboxPixCharge } from './sandbox-pix.ts';

/**
 * The payment gateways this server can talk to. Each adapter names where the player's browser goes
 * to pay; callbacks all share one format (contracts' gatewayCallback) and one signature scheme.
 * 'sandbox' is the built-in test gateway (sandbox-gateway.ts).
 */
interface GatewayAdapter {
  checkoutUrl(depositId: string): string;
  /** A gateway that charges by PIX: the charge it issued for a pending order, shown inside the site. */
  pixCharge?(order: DepositView): PixCharge | null;
}

const ADAPTERS: Record<string, GatewayAdapter> = {};

/**
 * Makes the sandbox a known gateway. Called only when the sandbox is served (config.sandboxGateway:
 * off in production by default), so in production its channels cannot be created or used and no
 * player can "pay" through it.
 */
export function enableSandboxAdapter(): void {
  ADAPTERS.sandbox = {
    checkoutUrl: (depositId) => `/providers/payments/sandbox/checkout/${depositId}`,
    pixCharge: sandboxPixCharge,
  };
}

export function isKnownGateway(name: string): boolean {
  return Object.hasOwn(ADAPTERS, name);
}

export function checkoutUrl(gateway: string, depositId: string): string | null {
  return isKnownGateway(gateway) ? ADAPTERS[gateway]!.checkoutUrl(depositId) : null;
}

export function pixChargeFor(gateway: string, order: DepositView): PixCharge | null {
  return isKnownGateway(gateway) ? (ADAPTERS[gateway]!.pixCharge?.(order) ?? null) : null;
}

/** Hex HMAC-SHA256 of the exact bytes sent: what a gateway puts in `x-signature`. */
export function signBody(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Constant-time comparison, so response timing reveals nothing about the expected signature. */
export function signatureValid(secret: string, body: Buffer, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signBody(secret, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
