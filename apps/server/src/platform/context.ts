import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config/config.ts';
import type { Db } from './database/database.ts';
import type { Logger } from './logging/logger.ts';

/** What every module gets from the composition root. */
export interface AppContext {
  config: Config;
  db: Db;
  log: Logger;
  clock: Clock;
}

/** A domain module's one public door: it registers its routes and, optionally, seeds demo data. */
export interface ServerModule {
  name: string;
  register(app: FastifyInstance, ctx: AppContext): Promise<void>;
  seedDemo?(ctx: AppContext): Promise<void>;
}
