import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/platform/logging/logger.ts';
import { createEventBus, type EventBus } from '../src/platform/realtime/event-bus.ts';
import { createTestDatabase, type TestDatabase } from './harness.ts';

/**
 * Two databases sharing one Redis (parallel test servers, a staging copy): each database's instances
 * hear each other and never the other database's, whose member ids repeat theirs.
 */
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('the event bus on a shared Redis', () => {
  const log = createLogger('silent');
  let first: TestDatabase;
  let second: TestDatabase;
  const buses: EventBus[] = [];
  beforeAll(async () => {
    first = await createTestDatabase();
    second = await createTestDatabase();
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await first?.close();
    await second?.close();
  });

  it('carries a message to every instance of its own database and to none of another', async () => {
    const open = async (database: TestDatabase) => {
      const bus = await createEventBus(redisUrl, log, database.handle.db);
      buses.push(bus);
      return bus;
    };
    const [a1, a2, b1] = [await open(first), await open(first), await open(second)];
    const heard: Record<string, string[]> = { a1: [], a2: [], b1: [] };
    await a1.subscribe('balance', (m) => heard.a1!.push(m));
    await a2.subscribe('balance', (m) => heard.a2!.push(m));
    await b1.subscribe('balance', (m) => heard.b1!.push(m));
    await a1.publish('balance', 'member-1 of the first');
    await b1.publish('balance', 'member-1 of the second');
    // Redis delivers in publish order per connection; a last message on each side marks the end.
    await a2.publish('balance', 'end');
    await b1.publish('balance', 'end');
    await expect.poll(() => heard.a1!.at(-1) === 'end' && heard.b1!.at(-1) === 'end').toBe(true);
    expect(heard.a1).toEqual(['member-1 of the first', 'end']);
    expect(heard.a2).toEqual(['member-1 of the first', 'end']);
    expect(heard.b1).toEqual(['member-1 of the second', 'end']);
  });
});
