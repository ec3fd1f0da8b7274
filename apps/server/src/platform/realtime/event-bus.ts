import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Logger } from '../logging/logger.ts';

/**
 * Messages between server instances (config invalidation now; balance and draw pushes later).
 * With REDIS_URL it is Redis pub/sub, so every instance hears every message; without it, messages
 * stay inside this process, which is all a single instance needs.
 */
export interface EventBus {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'redis' | 'memory';
}

export async function createEventBus(redisUrl: string | undefined, log: Logger): Promise<EventBus> {
  return redisUrl ? createRedisBus(redisUrl, log) : createMemoryBus();
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

async function createRedisBus(url: string, log: Logger): Promise<EventBus> {
  // A subscribed Redis connection can do nothing else, so publishing needs its own connection.
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const handlers = new Map<string, ((message: string) => void)[]>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  });
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error: Error) => log.warn({ err: error.message }, 'redis connection error'));
  }
  return {
    kind: 'redis',
    async publish(channel, message) {
      await publisher.publish(channel, message);
    },
    async subscribe(channel, handler) {
      if (!handlers.has(channel)) {
        handlers.set(channel, []);
        await subscriber.subscribe(channel);
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
