import type { EncryptedEnvelope } from './auth.ts';

/**
 * The hybrid body encryption of ARCHITECTURE §5, written once against WebCrypto so the browser,
 * the Node tests and the benchmarks seal bodies with the very same code: a fresh AES-256-GCM key
 * per request seals the UTF-8 JSON, and RSA-OAEP (SHA-256) wraps that key for the server.
 */
/** WebCrypto's SubtleCrypto, named through the global so the DOM and Node typings both fit. */
type Subtle = typeof globalThis.crypto.subtle;

export const ENCRYPTION_ALGORITHM = 'RSA-OAEP-256+A256GCM' as const;

export interface PublicEncryptionKey {
  keyId: string;
  /** SPKI DER, base64. */
  publicKey: string;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunked so large bodies do not overflow the argument list of fromCharCode.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function importPublicKey(key: PublicEncryptionKey, subtle: Subtle = globalThis.crypto.subtle) {
  return subtle.importKey('spki', fromBase64(key.publicKey), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'wrapKey',
  ]);
}

/** Seals a JSON body for an endpoint marked encrypted; the result is the `encryptedEnvelope` contract. */
export async function encryptPayload(
  key: PublicEncryptionKey,
  payload: unknown,
  subtle: Subtle = globalThis.crypto.subtle,
): Promise<EncryptedEnvelope> {
  const rsaKey = await importPublicKey(key, subtle);
  const aesKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(payload));
  const ciphertext = new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv }, aesKey, plain));
  const wrappedKey = new Uint8Array(await subtle.wrapKey('raw', aesKey, rsaKey, { name: 'RSA-OAEP' }));
  return {
    encrypted: {
      keyId: key.keyId,
      wrappedKey: toBase64(wrappedKey),
      iv: toBase64(iv),
      ciphertext: toBase64(ciphertext),
    },
  };
}
