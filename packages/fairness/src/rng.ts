/**
 * The provably-fair random source, as Stake publishes it so that anyone can verify a round with
 * public tools: bytes come from HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${round}`),
 * round 0, 1, 2… giving 32 bytes each; every 4 bytes make one float in [0, 1):
 * b0/256 + b1/256² + b2/256³ + b3/256⁴.
 *
 * The HMAC itself is injected, so this package stays pure and runs anywhere: the server passes
 * node:crypto's (synchronous), the browser's verifier Web Crypto's (asynchronous, see `floatsAsync`).
 */
export interface Seeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** HMAC-SHA256 of `message` under `key`, both UTF-8; 32 bytes. */
export type HmacSha256 = (key: string, message: string) => Uint8Array;
export type HmacSha256Async = (key: string, message: string) => Promise<Uint8Array>;

/** Floats per HMAC round (32 bytes / 4). */
export const FLOATS_PER_ROUND = 8;
/** Bounds every game's draw: no game needs more than this many floats for one bet. */
export const MAX_FLOATS = 1024;

function checkCount(count: number): void {
  if (!Number.isInteger(count) || count < 1 || count > MAX_FLOATS)
    throw new RangeError(`float count ${count}`);
}

/** One float from 4 bytes starting at `offset`. */
export function floatFromBytes(bytes: Uint8Array, offset: number): number {
  return (
    bytes[offset]! / 256 +
    bytes[offset + 1]! / 256 ** 2 +
    bytes[offset + 2]! / 256 ** 3 +
    bytes[offset + 3]! / 256 ** 4
  );
}

function roundMessage(seeds: Seeds, round: number): string {
  return `${seeds.clientSeed}:${seeds.nonce}:${round}`;
}

function take(rounds: Uint8Array[], count: number): number[] {
  const floats: number[] = [];
  for (const bytes of rounds)
    for (let offset = 0; offset < 32 && floats.length < count; offset += 4)
      floats.push(floatFromBytes(bytes, offset));
  return floats;
}

/** The first `count` floats of a bet. */
export function floats(hmac: HmacSha256, seeds: Seeds, count: number): number[] {
  checkCount(count);
  const rounds: Uint8Array[] = [];
  for (let round = 0; round * FLOATS_PER_ROUND < count; round++)
    rounds.push(hmac(seeds.serverSeed, roundMessage(seeds, round)));
  return take(rounds, count);
}

/** The same floats with an asynchronous HMAC (Web Crypto in the browser's verifier). */
export async function floatsAsync(hmac: HmacSha256Async, seeds: Seeds, count: number): Promise<number[]> {
  checkCount(count);
  const rounds: Uint8Array[] = [];
  for (let round = 0; round * FLOATS_PER_ROUND < count; round++)
    rounds.push(await hmac(seeds.serverSeed, roundMessage(seeds, round)));
  return take(rounds, count);
}
