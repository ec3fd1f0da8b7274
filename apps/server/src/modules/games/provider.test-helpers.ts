import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../test/harness.ts';
import { REFERENCE_VENDOR, signProviderCall } from './index.ts';

/** Helpers shared by the seamless-wallet tests (imported by *.test.ts only). */

/** The reference vendor's signing secret for a merchant, as the seed stored it. */
export async function vendorSecret(t: TestApp, merchantId: string): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('game_vendor_credentials')
    .select('secret')
    .where('merchant_id', '=', merchantId)
    .where('vendor', '=', REFERENCE_VENDOR)
    .executeTakeFirstOrThrow();
  return row.secret;
}

/** A wallet call as a vendor sends it; each field left out is filled in correctly (fresh nonce, now, signed). */
export interface SignedCall {
  body: Record<string, unknown>;
  nonce?: string;
  timestamp?: number;
  /** Signs with this key instead of the secret. */
  key?: string;
  vendor?: string;
  /** Sends this signature instead of computing one. */
  signature?: string;
}

export type WalletReply = { status: number; success: boolean; code?: string; value?: never; details?: never };

/** POSTs a signed call to the demo merchant's wallet API (`name`: debit, credit, rollback, end-round, …). */
export async function signedWalletCall(
  t: TestApp,
  secret: string,
  name: string,
  s: SignedCall,
): Promise<WalletReply> {
  const raw = JSON.stringify(s.body);
  const timestamp = String(s.timestamp ?? t.clock.now().getTime());
  const nonce = s.nonce ?? randomUUID().replaceAll('-', '');
  const r = await t.app.inject({
    method: 'POST',
    url: `/providers/${s.vendor ?? REFERENCE_VENDOR}/demo/wallet/${name}`,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-signature': s.signature ?? signProviderCall(s.key ?? secret, timestamp, nonce, raw),
    },
    payload: raw,
  });
  return { status: r.statusCode, ...(r.json() as Omit<WalletReply, 'status'>) };
}

/** A wallet call by name with its body (and, to replay one, its nonce), signed as `signedWalletCall` does. */
export type WalletCall = (
  name: string,
  body: Record<string, unknown>,
  nonce?: string,
) => Promise<WalletReply>;

/** A new round of a player as a vendor plays it: each txn id fresh unless given. */
export function vendorRound(call: WalletCall, playerId: string, currency: string) {
  const roundId = `r-${randomUUID()}`;
  const base = { playerId, roundId, currency };
  return {
    roundId,
    debit: (amountMinor: number, txnId: string = randomUUID()) =>
      call('debit', { ...base, txnId, amountMinor, gameCode: 'coin' }),
    credit: (amountMinor: number, txnId: string = randomUUID(), nonce?: string) =>
      call('credit', { ...base, txnId, amountMinor }, nonce),
    rollback: (txnId: string) => call('rollback', { ...base, txnId }),
    end: () => call('end-round', base),
  };
}
