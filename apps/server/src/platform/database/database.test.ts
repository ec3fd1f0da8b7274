import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseLockedError, openDatabase, runMigrations } from './database.ts';

/** The embedded database has no lock between processes; the lock file is what keeps a second server off. */
describe('embedded database folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sorte-lock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second opener with a clear message, and opens again once released', async () => {
    const first = await openDatabase({ dataDir: dir });
    await runMigrations(first.db);
    // A live process (this one's parent) holding the lock stands for a second server.
    writeFileSync(join(dir, 'sorte.lock'), String(process.ppid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DatabaseLockedError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by process .*DATABASE_URL/s);
    writeFileSync(join(dir, 'sorte.lock'), String(process.pid));
    await first.close();

    const again = await openDatabase({ dataDir: dir });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from schema_migrations`.execute(
      again.db,
    );
    expect(rows[0]?.n).toBeGreaterThan(0); // the data survived the restart
    await again.close();
  });

  it('takes over a stale lock left by a dead process', async () => {
    writeFileSync(join(dir, 'sorte.lock'), '999999999');
    const handle = await openDatabase({ dataDir: dir });
    await handle.close();
  });
});
