import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';

/**
 * The demo seed needs the demo merchant's id and currency before any request exists; the system
 * module exports no lookup by code, so this one read of its table lives here.
 */
export async function findMerchantForSeed(db: Db, code: string) {
  const r = await sql<{
    id: string;
    currency: string;
  }>`select id, currency from merchants where code = ${code}`.execute(db);
  return r.rows[0];
}
