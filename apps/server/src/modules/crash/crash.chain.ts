import { createHash, createHmac, randomBytes } from 'node:crypto';
import { crashPoint, type HmacSha256, type Sha256, toHex } from '@sorte/fairness';
import type { Db } from '../../platform/database/database.ts';

/** node:crypto for the fairness package (the browser's verifier uses Web Crypto). */
export const sha256: Sha256 = (message) => new Uint8Array(createHash('sha256').update(message).digest());
const hmac: HmacSha256 = (key, message) => new Uint8Array(createHmac('sha256', key).update(message).digest());

export type ChainRow = Awaited<ReturnType<typeof activeChain>>;

export async function activeChain(db: Db, merchantId: string) {
  return db
    .selectFrom('crash_chains')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/**
 * Makes the merchant's next chain: a fresh secret, the terminating hash (hash of game #1) and a
 * salt, all stored before any round uses it, so GET /wps/crash/chain publishes the commitment in
 * advance. The house edge is fixed per chain from the merchant's in-house setting at that moment,
 * so every crash point of the chain is computed with the edge published beside it.
 *
 * The salt is random and published with the terminating hash. Stake instead takes a Bitcoin block
 * mined after publication, which also rules out the operator grinding secrets for a chain it
 * likes; we have no such outside source here (noted as a limit in docs).
 */
export async function createChain(
  db: Db,
  merchantId: string,
  length: number,
  houseEdgeBps: number,
): Promise<NonNullable<ChainRow>> {
  const secret = randomBytes(32).toString('hex');
  // Only the terminating hash is kept: game hashes are recomputed from the secret when a round opens.
  let hash = secret;
  for (let i = 0; i <= length; i++) hash = toHex(sha256(hash));
  return db
    .insertInto('crash_chains')
    .values({
      merchant_id: merchantId,
      secret,
      terminating_hash: hash,
      salt: randomBytes(32).toString('hex'),
      length,
      house_edge_bps: houseEdgeBps,
      status: 'active',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Game n's hash: the chain's element used n-th from the end. Element j (1-based from the secret)
 * is SHA-256 applied j times; game n is element length − n + 1, so game #1 is the last element
 * and its hash is the terminating hash — the order of packages/fairness hashChain.
 */
export function gameHash(chain: { secret: string; length: number }, gameNumber: number): string {
  if (gameNumber < 1 || gameNumber > chain.length)
    throw new RangeError(`game ${gameNumber} outside the chain`);
  let hash = chain.secret;
  for (let i = 0; i < chain.length - gameNumber + 1; i++) hash = toHex(sha256(hash));
  return hash;
}

/** The crash point of a game hash under the chain's salt and edge (Stake's formula). */
export function crashPointOf(chain: { salt: string; house_edge_bps: number }, hash: string): number {
  return crashPoint(hmac, hash, chain.salt, chain.house_edge_bps / 10_000);
}
