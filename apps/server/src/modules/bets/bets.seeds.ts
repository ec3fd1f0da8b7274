import type { Db } from '../../platform/database/database.ts';
import { type LockedSeed, lockActiveSeeds } from './bets.repository.ts';

/**
 * The ordering step of the bets that claim a seed pair's nonce (the single-round games, the start of
 * a mines or hilo round): the members' active seed pairs, locked in id order. A rotation that commits
 * while this waits for a pair's lock leaves that row revealed, and the locking statement skips it
 * without seeing the pair the rotation inserted (its snapshot is older): such members are locked
 * again by a new statement, which sees the new pair. A member still without one then has had a pair
 * rotated away at every try (or none, which the game's routes never let happen before a bet).
 */
export async function lockSeeds(trx: Db, memberIds: string[]): Promise<Map<string, LockedSeed>> {
  const seeds = new Map<string, LockedSeed>();
  let missing = memberIds;
  for (let attempt = 0; attempt < 5 && missing.length; attempt++) {
    for (const seed of await lockActiveSeeds(trx, missing)) seeds.set(seed.member_id, seed);
    missing = missing.filter((m) => !seeds.has(m));
  }
  return seeds;
}
