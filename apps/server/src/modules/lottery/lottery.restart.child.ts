import { openDatabase } from '../../platform/database/database.ts';
import { settleDrawn } from './lottery.settle.ts';

/**
 * A settlement worker for lottery.restart.test.ts, run as its own process so the test can kill it
 * with SIGKILL: it settles on DATABASE_URL at the given time and batch size, says when a batch has
 * committed, and from the second batch on stalls inside the batch's transaction (transfers posted,
 * not committed) until it is killed.
 */
const [at, size] = process.argv.slice(2);
const handle = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 2 });
let batches = 0;
await settleDrawn(handle.db, new Date(at!), Number(size), {
  workers: 1,
  inBatch: async () => {
    batches += 1;
    if (batches < 2) return;
    process.stdout.write('stalled\n');
    await new Promise((resolve) => setTimeout(resolve, 120_000));
  },
  afterBatch: (counts) => {
    process.stdout.write(`committed ${counts.tickets}\n`);
  },
});
await handle.close();
