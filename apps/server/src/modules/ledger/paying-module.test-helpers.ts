import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import type { Db } from '../../platform/database/database.ts';
import { createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { memberBalance } from './index.ts';
import { expectVerified, type Fixture, fixture } from './ledger.test-helpers.ts';

/**
 * Test set-up for the modules that pay members (rebates, rewards), apart from ledger.test-helpers.ts
 * because it registers vitest hooks and the benches import that file.
 */

/**
 * A paying module's test file: the app on the demo merchant (sign-up by username allowed) opened
 * before the tests and handed with its fixture to `open` (which keeps them and may set the file's
 * data up), closed after them; after each test the ledger must verify and the module's own
 * `verify` find no fault.
 */
export function payingModuleTestApp(
  verify: (db: Db) => Promise<unknown[]>,
  open: (t: TestApp, f: Fixture) => void | Promise<void>,
): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createAuthTestApp({ USERNAMEREG3: true });
    await open(t, await fixture(t));
  });
  afterAll(() => t?.close());
  afterEach(async () => {
    await expectVerified(t!.ctx.db);
    expect(await verify(t!.ctx.db)).toEqual([]);
  });
}

/** The member's main wallet balance in the fixture's currency (0 without one), as the wallet reports it. */
export async function mainBalance(f: Fixture, memberId: string): Promise<bigint> {
  const { wallets } = await memberBalance(f.db, memberId, f.merchantId, f.currency);
  return wallets.find((w) => w.kind === 'main')?.balanceMinor ?? 0n;
}
