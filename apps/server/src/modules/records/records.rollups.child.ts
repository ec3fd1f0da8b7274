import { openDatabase } from '../../platform/database/database.ts';
import { rollupBatch } from './records.rollups.ts';

/**
 * A rollup consumer for records.stream.test.ts, run as its own process so the test can kill it with
 * SIGKILL: on DATABASE_URL it folds in one batch of the given size and says so, then stalls inside
 * the next batch's transaction (its upserts made, the checkpoint not yet moved) until it is killed.
 */
const size = Number(process.argv[2]);
const handle = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 2 });
const first = await rollupBatch(handle.db, size);
process.stdout.write(`committed ${first}\n`);
await rollupBatch(handle.db, size, {
  inBatch: async () => {
    process.stdout.write('stalled\n');
    await new Promise((resolve) => setTimeout(resolve, 120_000));
  },
});
await handle.close();
