import type { Selectable } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { FairnessSeedsTable } from './originals.tables.ts';

export type SeedRow = Selectable<FairnessSeedsTable>;

export interface NewSeedPair {
  merchant_id: string;
  member_id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
}

export async function findActive(db: Db, memberId: string): Promise<SeedRow | undefined> {
  return db
    .selectFrom('fairness_seeds')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/** Inserts an active pair unless the member already has one (the partial unique index decides). */
export async function insertActive(db: Db, pair: NewSeedPair): Promise<void> {
  await db
    .insertInto('fairness_seeds')
    .values({ ...pair, status: 'active' })
    .onConflict((oc) => oc.column('member_id').where('status', '=', 'active').doNothing())
    .execute();
}

export async function revealActive(db: Db, memberId: string, now: Date): Promise<SeedRow | undefined> {
  return db
    .updateTable('fairness_seeds')
    .set({ status: 'revealed', revealed_at: now })
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirst();
}

/**
 * Serialises a member's seed rotations (rotations racing each other). `for no key update`, not `for update`: a bet racing the
 * rotation may insert rows whose foreign key takes `for key share` on the member, which `for update`
 * would block while the rotation waits for that bet's seed lock — a deadlock.
 */
export async function lockMember(db: Db, memberId: string): Promise<void> {
  await db.selectFrom('members').select('id').where('id', '=', memberId).forNoKeyUpdate().execute();
}
