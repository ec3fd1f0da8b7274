import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Logger } from '../logging/logger.ts';

/**
 * Messages between server instances (config invalidation now; balance and draw pushes later).
 * With REDIS_URL it is Redis pub/sub, so every instance hears every message; without it, messages
 * stay inside this process, which is all a single instance needs.
 *
 * Redis channels are prefixed with the database's installation id (migration 0064): instances of one
 * database share it, and another database sharing the Redis (a staging copy, parallel test servers)
 * never hears them — ids repeat across databases, so member X's balance push must not cross over.
 */
export interface EventBus {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'redis' | 'memory';
}

export async function createEventBus(
  redisUrl: string | undefined,
  log: Logger,
  db: Kysely<Database>,
): Promise<EventBus> {
  if (!redisUrl) return createMemoryBus();
  const { id } = await db.selectFrom('installation').select('id').executeTakeFirstOrThrow();
  return createRedisBus(redisUrl, log, `${id}:`);
}

function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(100);
  return {
    kind: 'memory',
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

async function createRedisBus(url: string, log: Logger, prefix: string): Promise<EventBus> {
  // A subscribed Redis connection can do nothing else, so publishing needs its own connection.
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const handlers = new Map<string, ((message: string) => void)[]>();
  subscriber.on('message', (channel: string, message: string) => {
    if (!channel.startsWith(prefix)) return;
    for (const handler of handlers.get(channel.slice(prefix.length)) ?? []) handler(message);
  });
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error: Error) => log.warn({ err: error.message }, 'redis connection error'));
  }
  return {
    kind: 'redis',
    async publish(channel, message) {
      await publisher.publish(prefix + channel, message);
    },
    async subscribe(channel, handler) {
      if (!handlers.has(channel)) {
        handlers.set(channel, []);
        await subscriber.subscribe(prefix + channel);
      }
      handlers.get(channel)!.push(handler);
    },
    async close() {
      handlers.clear();
      subscriber.disconnect();
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}
