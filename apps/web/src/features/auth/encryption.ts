import { encryptPayload } from './lib/contracts';
import { apiGet } from '../../lib/api';

interface EncryptionKey {
  enabled: boolean;
  keyId: string;
  publicKey: string;
}

let keyPromise: Promise<EncryptionKey> | null = null;

/** The server's public key, fetched once per page; a failed fetch is retried on the next call. */
function encryptionKey(): Promise<EncryptionKey> {
  if (!keyPromise) {
    keyPromise = apiGet<EncryptionKey>('/wps/system/encryption').catch((error: unknown) => {
      keyPromise = null;
      throw error;
    });
  }
  return keyPromise;
}

/**
 * Body for an endpoint the spec marks "encrypted": sealed with the shared hybrid scheme
 * (packages/contracts/src/encryption.ts) when the merchant turned encryption on, plain otherwise.
 * This is on top of TLS, never instead of it.
 */
export async function sealBody(body: unknown, encrypt: boolean): Promise<unknown> {
  if (!encrypt) return body;
  const key = await encryptionKey();
  if (!key.enabled) return body;
  return encryptPayload({ keyId: key.keyId, publicKey: key.publicKey }, body);
}
