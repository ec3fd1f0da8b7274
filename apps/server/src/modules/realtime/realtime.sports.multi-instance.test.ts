import { afterAll, beforeAll, expect, test } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { applyStreamMessage, publishOddsChanges } from '../sportsbook/index.ts';
import { listen, startTwoInstances } from './realtime.test-helpers.ts';
import {
  connectOdds,
  homeOnly,
  ingestSmallBook,
  nextOddsChange,
  watch,
} from './realtime.sports.test-helpers.ts';

/**
 * A change applied by the ingest on instance A reaches the sockets watching its fixture on A and on
 * B: the only path to B is the Redis event bus (B has its own connection pool, as a separate process
 * would). Real coalescing timers (100 ms). Needs PostgreSQL and Redis (CI sets both).
 */
const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

let a: TestApp;
let b: TestApp;
let close: (() => Promise<void>) | undefined;
beforeAll(async () => {
  if (enabled) ({ a, b, close } = await startTwoInstances());
});
afterAll(async () => close?.());

test.skipIf(!enabled)('an odds change ingested on instance A reaches watchers on A and on B', async () => {
  expect(b.ctx.bus.kind).toBe('redis');
  const { fixtures, last } = await ingestSmallBook(a.ctx.db);
  const onA = await connectOdds(`${await listen(a)}/sports`);
  const onB = await connectOdds(`${await listen(b)}/sports`);
  await watch(onA, [fixtures[0]!]);
  await watch(onB, [fixtures[0]!]);
  const message = await nextOddsChange(a.ctx.db, last.get(fixtures[0]!)!, 7_777);
  await applyStreamMessage(a.ctx.db, message, (changes) => publishOddsChanges(a.ctx, changes));
  const expected = {
    type: 'sports.odds',
    fixtureId: fixtures[0],
    markets: homeOnly(7_777),
  };
  expect(await onA.next((m) => m.type === 'sports.odds')).toEqual(expected);
  expect(await onB.next((m) => m.type === 'sports.odds')).toEqual(expected);
  onA.socket.close();
  onB.socket.close();
});
