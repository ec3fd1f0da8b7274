import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { runVerify, summary } from './ledger.cli.ts';
import { fixture, fund, newMember } from './ledger.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('ledger:verify exits 0 on a balanced ledger and 1 once a cached balance is tampered with', async () => {
  const f = await fixture(t);
  const { mainId } = await newMember(f, 'cli');
  await fund(f, mainId, 4_200n);
  const healthy = await runVerify(t.ctx.db);
  expect(healthy.exitCode).toBe(0);
  expect(summary(healthy.report)).toMatch(/invariants ok$/);
  await sql`update ledger_accounts set balance_minor = 4199 where id = ${mainId}`.execute(t.ctx.db);
  const broken = await runVerify(t.ctx.db);
  expect(broken.exitCode).toBe(1);
  expect(summary(broken.report)).toMatch(/1 violation\(s\)$/);
  expect(broken.report.violations[0]).toMatchObject({
    check: 'cached_balance',
    detail: { account_id: String(mainId) },
  });
});
