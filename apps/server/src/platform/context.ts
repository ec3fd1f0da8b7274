import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config/config.ts';
import type { Db } from './database/database.ts';
import type { Logger } from './logging/logger.ts';
import type { EventBus } from './realtime/event-bus.ts';

/** What every module gets from the composition root. */
export interface AppContext {
  config: Config;
  db: Db;
  log: Logger;
  clock: Clock;
  bus: EventBus;
}

/** Seeding runs before the server (and from CLIs): it gets the database, not the event bus. */
export type SeedContext = Omit<AppContext, 'bus'>;

/** A domain module's one public door: it registers its routes and, optionally, seeds demo data. */
export interface ServerModule {
  name: string;
  register(app: FastifyInstance, ctx: AppContext): Promise<void>;
  seedDemo?(ctx: SeedContext): Promise<void>;
}
