/** The benches' database side: a migrated, demo-seeded database and players funded in bulk. */
import { MODULES } from '../../apps/server/src/app.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { openDatabase, runMigrations } from '../../apps/server/src/platform/database/database.ts';
import { createLogger } from '../../apps/server/src/platform/logging/logger.ts';
import {
  MAX_BATCH,
  memberAccountId,
  systemAccountId,
  type TransferRequest,
  transferBatch,
} from '../../apps/server/src/modules/ledger/index.ts';
import type { Db } from '../../apps/server/src/platform/database/database.ts';

/** Migrates `url`'s database and seeds every module's demo data; answers the handle and the demo merchant. */
export async function openSeededDatabase(url: string) {
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'warn', NODE_ENV: 'production' });
  const log = createLogger('warn');
  const handle = await openDatabase({ url, log });
  await runMigrations(handle.db);
  const ctx = { config, db: handle.db, log, clock: systemClock };
  for (const module of MODULES) await module.seedDemo?.(ctx);
  const merchant = await handle.db
    .selectFrom('merchants')
    .select(['id', 'currency'])
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  return { handle, merchant };
}

/** Funds bench players in bulk: one adjustment per member, posted MAX_BATCH at a time. */
export async function fundMembers(
  db: Db,
  merchantId: string,
  currency: string,
  memberIds: string[],
  amountMinor: bigint,
): Promise<void> {
  const source = await systemAccountId(db, merchantId, 'adjustment', currency);
  let funding: TransferRequest[] = [];
  for (const [i, memberId] of memberIds.entries()) {
    funding.push({
      merchantId,
      idempotencyKey: `bench-fund:${memberId}`,
      code: 'adjustment',
      debitAccountId: source,
      creditAccountId: await memberAccountId(db, memberId, merchantId, 'main', currency),
      amountMinor,
      currency,
    });
    if (funding.length === MAX_BATCH || i === memberIds.length - 1) {
      await transferBatch(db, funding);
      funding = [];
    }
  }
}
