import { openDatabase } from '../../platform/database/database.ts';
import { settleDue } from './contracts.settlement.ts';

/**
 * A settlement worker for contracts.settlement.test.ts, run as its own process so the test can kill
 * it with SIGKILL: on DATABASE_URL it settles what is due at the given instant and stalls inside the
 * first run that pays anything (its payouts posted, not committed) until it is killed.
 */
const now = new Date(process.argv[2]!);
const handle = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 2 });
await settleDue(handle.db, now, {
  maxPeriods: 200,
  inRun: async (run) => {
    if (run.paidMinor === 0n) return;
    process.stdout.write('stalled\n');
    await new Promise((resolve) => setTimeout(resolve, 120_000));
  },
});
await handle.close();
