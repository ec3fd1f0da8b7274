import { createHash, webcrypto } from 'node:crypto';
import { ENCRYPTION_ALGORITHM, encryptedEnvelope, fromBase64 } from '@sorte/contracts';
import { sql } from 'kysely';
import type { Db } from '../database/database.ts';
import { AppError } from '../http/app-error.ts';

/** One RSA key pair for the whole deployment; the row id names its generation. */
const KEY_ROW_ID = 'payload-v1';
const subtle = webcrypto.subtle;

export interface PayloadKeys {
  keyId: string;
  publicKey: string;
  privateKey: webcrypto.CryptoKey;
  algorithm: typeof ENCRYPTION_ALGORITHM;
}

const loaded = new WeakMap<Db, Promise<PayloadKeys>>();

/**
 * Loads the deployment's key pair from `server_keys`, creating it on first start. Every instance
 * races the same insert-if-absent and then reads whichever row won, so all of them share one key.
 */
export function loadPayloadKeys(db: Db): Promise<PayloadKeys> {
  let keys = loaded.get(db);
  if (!keys) {
    keys = loadOrCreate(db);
    // A failed load (database down at start) must not be cached forever.
    keys.catch(() => loaded.delete(db));
    loaded.set(db, keys);
  }
  return keys;
}

async function loadOrCreate(db: Db): Promise<PayloadKeys> {
  let row = await readKeyRow(db);
  if (!row) {
    const pair = await subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['wrapKey', 'unwrapKey'],
    );
    const spki = Buffer.from(await subtle.exportKey('spki', pair.publicKey)).toString('base64');
    const pkcs8 = Buffer.from(await subtle.exportKey('pkcs8', pair.privateKey)).toString('base64');
    await sql`insert into server_keys (id, public_key, private_key) values (${KEY_ROW_ID}, ${spki}, ${pkcs8}) on conflict (id) do nothing`.execute(
      db,
    );
    row = await readKeyRow(db);
  }
  if (!row) throw new Error('server_keys row missing after insert');
  const privateKey = await subtle.importKey(
    'pkcs8',
    fromBase64(row.private_key),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['unwrapKey'],
  );
  const keyId = createHash('sha256').update(row.public_key).digest('hex').slice(0, 16);
  return { keyId, publicKey: row.public_key, privateKey, algorithm: ENCRYPTION_ALGORITHM };
}

async function readKeyRow(db: Db) {
  const result = await sql<{
    public_key: string;
    private_key: string;
  }>`select public_key, private_key from server_keys where id = ${KEY_ROW_ID}`.execute(db);
  return result.rows[0];
}

/** True when the body is shaped like an encrypted envelope (whether or not it is valid). */
export function looksEncrypted(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'encrypted' in body;
}

/** Opens an `encryptedEnvelope`; any defect (wrong key, tampering, bad JSON) is AUTH_DECRYPTION_FAILED. */
export async function decryptEnvelope(keys: PayloadKeys, body: unknown): Promise<unknown> {
  const parsed = encryptedEnvelope.safeParse(body);
  if (!parsed.success || parsed.data.encrypted.keyId !== keys.keyId)
    throw new AppError('AUTH_DECRYPTION_FAILED');
  const { wrappedKey, iv, ciphertext } = parsed.data.encrypted;
  try {
    const aesKey = await subtle.unwrapKey(
      'raw',
      fromBase64(wrappedKey),
      keys.privateKey,
      { name: 'RSA-OAEP' },
      { name: 'AES-GCM' },
      false,
      ['decrypt'],
    );
    const ivBytes = fromBase64(iv);
    if (ivBytes.length !== 12) throw new Error('iv length');
    const plain = await subtle.decrypt({ name: 'AES-GCM', iv: ivBytes }, aesKey, fromBase64(ciphertext));
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain));
  } catch {
    throw new AppError('AUTH_DECRYPTION_FAILED');
  }
}

/**
 * The body of an endpoint marked encrypted: the envelope is always accepted; a plain body only
 * while the merchant has encryption switched off.
 */
export async function decryptBody(db: Db, body: unknown, encryptionRequired: boolean): Promise<unknown> {
  if (looksEncrypted(body)) return decryptEnvelope(await loadPayloadKeys(db), body);
  if (encryptionRequired) throw new AppError('AUTH_ENCRYPTION_REQUIRED');
  return body;
}
