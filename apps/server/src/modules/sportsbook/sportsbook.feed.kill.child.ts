import { openDatabase } from '../../platform/database/database.ts';
import { FeedConsumer } from './sportsbook.consumer.ts';

/**
 * A feed consumer for sportsbook.consumer.test.ts, run as its own process so the test can kill it
 * with SIGKILL mid-stream: it consumes the feed at the given address into DATABASE_URL, holding a
 * short lease, and says 'stalled' once it has applied 30 stream messages (and keeps consuming).
 */
const [url, leaseMs] = process.argv.slice(2);
const handle = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 4 });
const quiet = { warn: () => {}, info: () => {} };
const consumer = new FeedConsumer(handle.db, quiet as never, {
  url: url!,
  leaseMs: Number(leaseMs),
  retryMs: 50,
});
await consumer.start();
const timer = setInterval(() => {
  if (consumer.ingestor.stats.applied >= 30) {
    process.stdout.write(`applied ${consumer.ingestor.stats.applied}\nstalled\n`);
    clearInterval(timer);
  }
}, 20);
