import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from '../logging/logger.ts';
import { runMigrations } from './migrate.ts';
import type { Database } from './schema.ts';

// BIGINT (int8) and NUMERIC come back as strings by default; money is bigint end to end.
pg.types.setTypeParser(20, (v) => BigInt(v));

export type Db = Kysely<Database>;
export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** An in-memory embedded database's data directory as an image `openDatabase` can start from. */
  image?(): Promise<Blob>;
  close(): Promise<void>;
}

export class DatabaseLockedError extends Error {}

/**
 * Opens the database: a PostgreSQL server when a URL is given, otherwise an embedded PGlite data
 * directory. PGlite has no lock between processes, so a lock file keeps a second server off the
 * same directory (a stale lock from a dead process is taken over).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  log?: Logger;
  poolSize?: number;
  /**
   * Starts an in-memory embedded database from an image (`DatabaseHandle.image`) instead of an empty
   * cluster: the tests migrate one template and start each database from it, which skips PGlite's
   * initdb and the migrations (≈ 2–6 s a database on the CI machine).
   */
  image?: Blob;
}): Promise<DatabaseHandle> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 20 });
    // An idle pooled connection can be ended by the server (restart, failover, admin terminate). pg
    // reports that as an 'error' event on the pool; unhandled, it would crash the process. The pool
    // drops that connection by itself, so a warning is all it needs.
    pool.on('error', (error) => opts.log?.warn({ err: error.message }, 'idle database connection lost'));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  let releaseLock = () => {};
  let pglite: InstanceType<typeof PGlite>;
  if (opts.dataDir) {
    const dir = resolve(opts.dataDir);
    mkdirSync(dir, { recursive: true });
    releaseLock = takeLock(join(dir, 'sorte.lock'));
    pglite = new PGlite(join(dir, 'pgdata'));
  } else {
    pglite = new PGlite(opts.image ? { loadDataDir: opts.image } : {});
  }
  await pglite.waitReady;
  const pool = new pg.Pool(createPgConfig(pglite) as unknown as pg.PoolConfig);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    image: () => pglite.dumpDataDir('none'),
    async close() {
      await db.destroy();
      await pglite.close();
      releaseLock();
    },
  };
}

function takeLock(path: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(path, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DatabaseLockedError(
          `The embedded database in ${path.replace(/sorte\.lock$/, '')} is in use by process ${holder}. ` +
            'Stop that server, or set DATA_DIR to another folder, or use DATABASE_URL for a PostgreSQL server.',
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not take the lock ${path}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export { runMigrations };
