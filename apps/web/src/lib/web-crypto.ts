import type { HmacSha256Async } from '@sorte/fairness';

/** The browser's own crypto (Web Crypto), so a round is recomputed without trusting our code's server. */

const encoder = new TextEncoder();

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  // Web Crypto exists only in secure contexts (https or localhost).
  if (!s) throw new Error('Web Crypto is unavailable (open the page over https)');
  return s;
}

/** HMAC-SHA256(key, message), both UTF-8 — the injected HMAC of packages/fairness' floatsAsync. */
export const webHmac: HmacSha256Async = async (key, message) => {
  const k = await subtle().importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await subtle().sign('HMAC', k, encoder.encode(message)));
};

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await subtle().digest('SHA-256', encoder.encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
