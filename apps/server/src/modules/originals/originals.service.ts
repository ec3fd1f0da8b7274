import { createHash, randomBytes } from 'node:crypto';
import type { FairnessState } from '@sorte/contracts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { hasOpen } from './multistep.repository.ts';
import { lockActiveSeed } from './originals.bets.repository.ts';
import * as repo from './originals.repository.ts';

export interface SeedOwner {
  memberId: string;
  merchantId: string;
}

/** SHA-256 hex: the commitment to a server seed that the player sees before betting with it. */
export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeed).digest('hex');
}

/** 32 random bytes as hex for the server seed; a short random client seed until the player picks one. */
function newPair(owner: SeedOwner, clientSeed?: string): repo.NewSeedPair {
  const serverSeed = randomBytes(32).toString('hex');
  return {
    merchant_id: owner.merchantId,
    member_id: owner.memberId,
    server_seed: serverSeed,
    server_seed_hash: hashServerSeed(serverSeed),
    client_seed: clientSeed ?? randomBytes(8).toString('hex'),
  };
}

function stateOf(row: repo.SeedRow): FairnessState {
  return { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: Number(row.nonce) };
}

/** The member's active pair, made on first use. */
export async function activePair(db: Db, owner: SeedOwner): Promise<repo.SeedRow> {
  const existing = await repo.findActive(db, owner.memberId);
  if (existing) return existing;
  await repo.insertActive(db, newPair(owner));
  const created = await repo.findActive(db, owner.memberId);
  if (!created) throw new Error('fairness: no active seed pair after insert');
  return created;
}

export async function fairnessState(db: Db, owner: SeedOwner): Promise<FairnessState> {
  return stateOf(await activePair(db, owner));
}

/**
 * Reveals the active pair (its server seed can now be checked against the hash shown before every
 * bet made with it) and starts a new one, with the player's client seed or a random one. One
 * transaction under the member's row lock: two rotations at once reveal two different pairs and
 * leave exactly one active.
 */
export async function rotateSeeds(db: Db, owner: SeedOwner, clientSeed: string | undefined, now: Date) {
  return db.transaction().execute(async (trx) => {
    await repo.lockMember(trx, owner.memberId);
    await activePair(trx, owner);
    // The strict choice: no rotation while a mines or hilo round is open, since revealing its server
    // seed would reveal the mine layout or the next cards. The seed row lock waits for a start under
    // way, so its round is seen here.
    await lockActiveSeed(trx, owner.memberId);
    if (await hasOpen(trx, owner.memberId)) throw new AppError('ORIGINALS_ROUND_OPEN');
    const revealed = await repo.revealActive(trx, owner.memberId, now);
    if (!revealed) throw new Error('fairness: the active pair vanished under the member lock');
    await repo.insertActive(trx, newPair(owner, clientSeed));
    const next = await activePair(trx, owner);
    return {
      revealed: {
        serverSeed: revealed.server_seed,
        serverSeedHash: revealed.server_seed_hash,
        clientSeed: revealed.client_seed,
        nonceCount: Number(revealed.nonce),
        createdAt: revealed.created_at.toISOString(),
        revealedAt: (revealed.revealed_at ?? now).toISOString(),
      },
      next: stateOf(next),
    };
  });
}
