/**
 * The fan-out bench's server, a process of its own (bench/sportsbook/fanout.ts starts it): the real
 * app on its own database (PostgreSQL with DATABASE_URL, else PGlite) with a small book from the
 * reference feed, listening on loopback with the per-address socket limit raised for one client
 * address. On {"change": i} from its parent it applies the next odds change of the watched fixture
 * through the feed ingest (home odds 2000 + i, published after the commit, as the consumer does) and
 * answers when it started and when the commit was published.
 */
import type { AddressInfo } from 'node:net';
import { MODULES } from '../../apps/server/src/app.ts';
import { createRealtimeModule, realtimeModule } from '../../apps/server/src/modules/realtime/index.ts';
import {
  ingestSmallBook,
  nextOddsChange,
} from '../../apps/server/src/modules/realtime/realtime.sports.test-helpers.ts';
import { applyStreamMessage, publishOddsChanges } from '../../apps/server/src/modules/sportsbook/index.ts';
import { createTestApp } from '../../apps/server/test/harness.ts';

const SOCKETS = Number(process.env.SOCKETS ?? 10_000);
MODULES[MODULES.indexOf(realtimeModule)] = createRealtimeModule({ maxSportsSocketsPerIp: SOCKETS + 100 });
const t = await createTestApp();
const { fixtures, last } = await ingestSmallBook(t.ctx.db);
const fixtureId = fixtures[0]!;
await t.app.listen({ port: 0, host: '127.0.0.1' });
const now = () => performance.timeOrigin + performance.now();

process.on('message', async (message: { change?: number; stop?: boolean }) => {
  if (message.stop) {
    await t.close();
    process.exit(0);
  }
  const i = message.change!;
  const change = await nextOddsChange(t.ctx.db, last.get(fixtureId)!, 2_000 + i);
  const startedAt = now();
  let publishedAt = 0;
  await applyStreamMessage(t.ctx.db, change, (changes) => {
    publishedAt = now();
    publishOddsChanges(t.ctx, changes);
  });
  process.send!({ change: i, startedAt, publishedAt });
});
process.send!({
  port: (t.app.server.address() as AddressInfo).port,
  fixtureId,
  db: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
});
