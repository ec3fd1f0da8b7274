import { createHmac, timingSafeEqual } from 'node:crypto';
import { PROVIDER_CLOCK_SKEW_MS } from '@sorte/contracts';

/** What a vendor signs: timestamp, nonce and the exact body bytes, so none can be swapped alone. */
export function signProviderCall(
  secret: string,
  timestamp: string,
  nonce: string,
  body: string | Buffer,
): string {
  return createHmac('sha256', secret).update(`${timestamp}.${nonce}.`).update(body).digest('hex');
}

export type SignatureProblem = 'PROVIDER_SIGNATURE_INVALID' | 'PROVIDER_TIMESTAMP_STALE';

/**
 * Checks the three signing headers against the secret. The signature is checked before the clock,
 * so an unsigned caller learns nothing about our time window. Constant-time comparison.
 */
export function checkProviderSignature(
  secret: string,
  headers: { timestamp?: string; nonce?: string; signature?: string },
  body: Buffer,
  nowMs: number,
): SignatureProblem | null {
  const { timestamp, nonce, signature } = headers;
  if (!timestamp || !/^[0-9]{10,16}$/.test(timestamp)) return 'PROVIDER_SIGNATURE_INVALID';
  if (!nonce || !/^[A-Za-z0-9_-]{8,64}$/.test(nonce)) return 'PROVIDER_SIGNATURE_INVALID';
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return 'PROVIDER_SIGNATURE_INVALID';
  const expected = Buffer.from(signProviderCall(secret, timestamp, nonce, body), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'PROVIDER_SIGNATURE_INVALID';
  if (Math.abs(nowMs - Number(timestamp)) > PROVIDER_CLOCK_SKEW_MS) return 'PROVIDER_TIMESTAMP_STALE';
  return null;
}
