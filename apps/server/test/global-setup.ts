import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, runMigrations } from '../src/platform/database/database.ts';

/**
 * Migrates one template database before the server files run, so each file's fresh database is a
 * copy of it instead of a new cluster migrated from nothing (test/harness.ts): on PostgreSQL a
 * database created from the template, on PGlite an in-memory database started from the template's
 * data directory image. The harness still runs the migrations on each copy, which finds nothing to do.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `sorte_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `create database ${name}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${name}`;
    const handle = await openDatabase({ url: templateUrl.toString(), poolSize: 2 });
    await runMigrations(handle.db);
    // A template with a connection open cannot be copied.
    await handle.close();
    project.provide('testDatabaseTemplate', { postgres: name });
    return () => adminQuery(url, `drop database if exists ${name} with (force)`);
  }
  const handle = await openDatabase({});
  await runMigrations(handle.db);
  const file = join(tmpdir(), `sorte-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  writeFileSync(file, Buffer.from(await (await handle.image!()).arrayBuffer()));
  await handle.close();
  project.provide('testDatabaseTemplate', { pgliteImage: file });
  return async () => rmSync(file, { force: true });
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
