import type { Db } from '../../../platform/database/database.ts';
import { ensureVnDraws } from './vn.draws.ts';
import { vnSettlementStep } from './vn.settle.ts';

/**
 * One tick of the Vietnamese lottery for the engine: today's and tomorrow's draws exist for every
 * active merchant, and any settlement or refund left unfinished is finished. Safe to run on every
 * instance at once (inserts are on-conflict-do-nothing, settling takes row locks).
 */
export async function vnEngineStep(db: Db, now: Date): Promise<void> {
  const merchants = await db.selectFrom('merchants').select('id').execute();
  for (const merchant of merchants) await ensureVnDraws(db, merchant.id, now);
  await vnSettlementStep(db, now);
}
