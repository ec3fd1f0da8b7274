import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  hold,
  houseAccountFor,
  houseShardFor,
  MAX_BATCH,
  memberAccountId,
  postHold,
  systemAccountId,
  transfer,
  transferBatch,
  verifyLedger,
  voidHold,
} from './index.ts';
import {
  balanceOf,
  expectVerified,
  type Fixture,
  fixture,
  fund,
  key,
  newMember,
  outcome,
  request,
} from './ledger.test-helpers.ts';

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await fixture(t);
});
afterAll(() => t.close());
// Every test leaves a ledger that passes every invariant.
afterEach(() => expectVerified(t.ctx.db));

describe('transfer', () => {
  test('moves money by double entry: the debit falls, the credit rises, two entries sum to zero', async () => {
    const { memberId, mainId } = await newMember(f);
    await fund(f, mainId, 10_000n);
    const house = await houseAccountFor(f.db, f.merchantId, f.currency, memberId);
    const houseBefore = (await balanceOf(f, house)).balance;
    const bet = await transfer(
      f.db,
      request(f, { debitAccountId: mainId, creditAccountId: house, amountMinor: 2_500n }),
    );
    expect(bet).toMatchObject({ status: 'posted', code: 'bet', amountMinor: 2_500n, pendingId: null });
    expect((await balanceOf(f, mainId)).balance).toBe(7_500n);
    expect((await balanceOf(f, house)).balance).toBe(houseBefore + 2_500n);
    const entries = await f.db
      .selectFrom('ledger_entries')
      .select(['account_id', 'amount_minor'])
      .where('transfer_id', '=', bet.id)
      .orderBy('amount_minor')
      .execute();
    expect(entries).toEqual([
      { account_id: mainId, amount_minor: -2_500n },
      { account_id: house, amount_minor: 2_500n },
    ]);
  });

  test('refuses what the wallet cannot afford and moves nothing', async () => {
    const { memberId, mainId } = await newMember(f);
    await fund(f, mainId, 1_000n);
    const house = await houseAccountFor(f.db, f.merchantId, f.currency, memberId);
    const r = request(f, { debitAccountId: mainId, creditAccountId: house, amountMinor: 1_001n });
    expect(await outcome(transfer(f.db, r))).toBe('WALLET_INSUFFICIENT_FUNDS');
    expect(await balanceOf(f, mainId)).toEqual({ balance: 1_000n, pending: 0n });
    // Exactly the balance is affordable.
    expect(await outcome(transfer(f.db, { ...r, idempotencyKey: key(), amountMinor: 1_000n }))).toBe('ok');
    expect((await balanceOf(f, mainId)).balance).toBe(0n);
  });

  test('a retried key returns the original transfer and moves the money once', async () => {
    const { memberId, mainId } = await newMember(f);
    await fund(f, mainId, 5_000n);
    const house = await houseAccountFor(f.db, f.merchantId, f.currency, memberId);
    const r = request(f, {
      debitAccountId: mainId,
      creditAccountId: house,
      amountMinor: 1_200n,
      metadata: { round: 7 },
    });
    const first = await transfer(f.db, r);
    const again = await transfer(f.db, r);
    expect(again).toEqual(first);
    expect((await balanceOf(f, mainId)).balance).toBe(3_800n);
    // Even when the wallet could no longer afford it, the retry answers with the original.
    await transfer(f.db, request(f, { debitAccountId: mainId, creditAccountId: house, amountMinor: 3_800n }));
    expect(await transfer(f.db, r)).toEqual(first);
  });

  test('the same key with a different amount is a conflict', async () => {
    const { memberId, mainId } = await newMember(f);
    await fund(f, mainId, 5_000n);
    const house = await houseAccountFor(f.db, f.merchantId, f.currency, memberId);
    const r = request(f, { debitAccountId: mainId, creditAccountId: house, amountMinor: 100n });
    await transfer(f.db, r);
    expect(await outcome(transfer(f.db, { ...r, amountMinor: 101n }))).toBe('LEDGER_IDEMPOTENCY_CONFLICT');
    expect(
      await outcome(transfer(f.db, { ...r, code: 'win', debitAccountId: house, creditAccountId: mainId })),
    ).toBe('LEDGER_IDEMPOTENCY_CONFLICT');
    expect((await balanceOf(f, mainId)).balance).toBe(4_900n);
  });

  test('refuses another currency, unknown accounts and bad amounts', async () => {
    const { memberId, mainId } = await newMember(f);
    await fund(f, mainId, 5_000n);
    const usd = await memberAccountId(f.db, memberId, f.merchantId, 'main', 'USD');
    const house = await houseAccountFor(f.db, f.merchantId, f.currency, memberId);
    expect(
      await outcome(
        transfer(f.db, request(f, { debitAccountId: mainId, creditAccountId: usd, amountMinor: 1n })),
      ),
    ).toBe('LEDGER_CURRENCY_MISMATCH');
    expect(
      await outcome(
        transfer(
          f.db,
          request(f, { debitAccountId: mainId, creditAccountId: 987_654_321n, amountMinor: 1n }),
        ),
      ),
    ).toBe('LEDGER_ACCOUNT_NOT_FOUND');
    for (const amountMinor of [0n, -5n, 10n ** 18n])
      expect(
        await outcome(
          transfer(f.db, request(f, { debitAccountId: mainId, creditAccountId: house, amountMinor })),
        ),
      ).toBe('VALIDATION_FAILED');
    expect(
      await outcome(
        transfer(f.db, request(f, { debitAccountId: mainId, creditAccountId: mainId, amountMinor: 1n })),
      ),
    ).toBe('VALIDATION_FAILED');
    expect((await balanceOf(f, mainId)).balance).toBe(5_000n);
  });

  test('another merchant cannot move a member account of this one', async () => {
    const { memberId, mainId } = await newMember(f);
    await fund(f, mainId, 5_000n);
    const house = await houseAccountFor(f.db, f.merchantId, f.currency, memberId);
    const other = '00000000-0000-4000-8000-000000000000';
    expect(
      await outcome(
        transfer(f.db, {
          ...request(f, { debitAccountId: mainId, creditAccountId: house, amountMinor: 1n }),
          merchantId: other,
        }),
      ),
    ).toBe('LEDGER_ACCOUNT_NOT_FOUND');
  });

  test('system accounts may go negative, member accounts never (the database refuses it too)', async () => {
    const { mainId } = await newMember(f);
    const clearing = await systemAccountId(f.db, f.merchantId, 'payment_clearing', f.currency);
    await transfer(
      f.db,
      request(f, { code: 'deposit', debitAccountId: clearing, creditAccountId: mainId, amountMinor: 700n }),
    );
    expect((await balanceOf(f, clearing)).balance).toBeLessThan(0n);
    await expect(
      sql`update ledger_accounts set balance_minor = -1 where id = ${mainId}`.execute(f.db),
    ).rejects.toThrow(/check constraint/);
  });

  test('house accounts are sharded by member', async () => {
    const shards = new Set<number>();
    for (let i = 0; i < 40; i++) shards.add(houseShardFor(`member-${i}`));
    expect(shards.size).toBeGreaterThan(8);
    const { memberId } = await newMember(f);
    expect(await houseAccountFor(f.db, f.merchantId, f.currency, memberId)).toBe(
      await houseAccountFor(f.db, f.merchantId, f.currency, memberId),
    );
  });
});

describe('holds', () => {
  test('a hold reserves funds; posting it spends them once', async () => {
    const { memberId, mainId } = await newMember(f);
    await fund(f, mainId, 1_000n);
    const clearing = await systemAccountId(f.db, f.merchantId, 'payment_clearing', f.currency);
    const h = await hold(
      f.db,
      request(f, {
        code: 'withdrawal',
        debitAccountId: mainId,
        creditAccountId: clearing,
        amountMinor: 600n,
      }),
    );
    expect(h.status).toBe('pending');
    expect(await balanceOf(f, mainId)).toEqual({ balance: 1_000n, pending: 600n });
    // The reserved part is not spendable.
    const house = await houseAccountFor(f.db, f.merchantId, f.currency, memberId);
    expect(
      await outcome(
        transfer(f.db, request(f, { debitAccountId: mainId, creditAccountId: house, amountMinor: 401n })),
      ),
    ).toBe('WALLET_INSUFFICIENT_FUNDS');
    const posted = await postHold(f.db, f.merchantId, h.id);
    expect(posted).toMatchObject({ status: 'posted', pendingId: h.id, amountMinor: 600n });
    expect(await balanceOf(f, mainId)).toEqual({ balance: 400n, pending: 0n });
    expect(await postHold(f.db, f.merchantId, h.id)).toEqual(posted);
    expect(await outcome(voidHold(f.db, f.merchantId, h.id))).toBe('LEDGER_HOLD_RESOLVED');
    expect(await balanceOf(f, mainId)).toEqual({ balance: 400n, pending: 0n });
  });

  test('voiding a hold releases the reservation and writes no entries', async () => {
    const { mainId } = await newMember(f);
    await fund(f, mainId, 1_000n);
    const clearing = await systemAccountId(f.db, f.merchantId, 'payment_clearing', f.currency);
    const h = await hold(
      f.db,
      request(f, {
        code: 'withdrawal',
        debitAccountId: mainId,
        creditAccountId: clearing,
        amountMinor: 1_000n,
      }),
    );
    expect(
      await outcome(
        hold(
          f.db,
          request(f, {
            code: 'withdrawal',
            debitAccountId: mainId,
            creditAccountId: clearing,
            amountMinor: 1n,
          }),
        ),
      ),
    ).toBe('WALLET_INSUFFICIENT_FUNDS');
    const voided = await voidHold(f.db, f.merchantId, h.id);
    expect(voided.status).toBe('voided');
    expect(await balanceOf(f, mainId)).toEqual({ balance: 1_000n, pending: 0n });
    expect(await outcome(postHold(f.db, f.merchantId, h.id))).toBe('LEDGER_HOLD_RESOLVED');
    const entries = await f.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('transfer_id', 'in', [h.id, voided.id])
      .execute();
    expect(entries).toEqual([]);
  });

  test('only a pending transfer of this merchant can be posted or voided', async () => {
    const { memberId, mainId } = await newMember(f);
    await fund(f, mainId, 100n);
    const house = await houseAccountFor(f.db, f.merchantId, f.currency, memberId);
    const posted = await transfer(
      f.db,
      request(f, { debitAccountId: mainId, creditAccountId: house, amountMinor: 10n }),
    );
    expect(await outcome(postHold(f.db, f.merchantId, posted.id))).toBe('LEDGER_HOLD_NOT_FOUND');
    expect(await outcome(voidHold(f.db, f.merchantId, 999_999_999n))).toBe('LEDGER_HOLD_NOT_FOUND');
    const h = await hold(
      f.db,
      request(f, { debitAccountId: mainId, creditAccountId: house, amountMinor: 10n }),
    );
    expect(await outcome(voidHold(f.db, '00000000-0000-4000-8000-000000000000', h.id))).toBe(
      'LEDGER_HOLD_NOT_FOUND',
    );
    await voidHold(f.db, f.merchantId, h.id);
  });
});

describe('transferBatch', () => {
  test('a refused transfer in the middle does not fail its neighbours', async () => {
    const a = await newMember(f);
    const b = await newMember(f);
    await fund(f, a.mainId, 1_000n);
    await fund(f, b.mainId, 50n);
    const houseA = await houseAccountFor(f.db, f.merchantId, f.currency, a.memberId);
    const houseB = await houseAccountFor(f.db, f.merchantId, f.currency, b.memberId);
    const results = await transferBatch(f.db, [
      request(f, { debitAccountId: a.mainId, creditAccountId: houseA, amountMinor: 300n }),
      request(f, { debitAccountId: b.mainId, creditAccountId: houseB, amountMinor: 51n }),
      request(f, { debitAccountId: a.mainId, creditAccountId: houseA, amountMinor: 0n }),
      request(f, { code: 'win', debitAccountId: houseB, creditAccountId: b.mainId, amountMinor: 25n }),
      request(f, { debitAccountId: b.mainId, creditAccountId: houseB, amountMinor: 75n }),
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.code))).toEqual([
      'ok',
      'WALLET_INSUFFICIENT_FUNDS',
      'VALIDATION_FAILED',
      'ok',
      'ok',
    ]);
    expect((await balanceOf(f, a.mainId)).balance).toBe(700n);
    // 50 + 25 (win) - 75: the later item saw the earlier one's credit inside the same transaction.
    expect((await balanceOf(f, b.mainId)).balance).toBe(0n);
  });

  test('a batch is idempotent item by item', async () => {
    const a = await newMember(f);
    await fund(f, a.mainId, 1_000n);
    const house = await houseAccountFor(f.db, f.merchantId, f.currency, a.memberId);
    const items = [1n, 2n, 3n].map((amountMinor) =>
      request(f, { debitAccountId: a.mainId, creditAccountId: house, amountMinor }),
    );
    const first = await transferBatch(f.db, items);
    // Each answer carries the wallet's spendable balance right after that item.
    expect(first.map((r) => r.debitSpendableMinor)).toEqual([999n, 997n, 994n]);
    const second = await transferBatch(f.db, [...items, { ...items[0]!, amountMinor: 9n }]);
    const transferOf = (r: (typeof first)[number] | undefined) => (r?.ok ? r.transfer : r);
    expect(second.slice(0, 3).map(transferOf)).toEqual(first.map(transferOf));
    expect(second[3]).toMatchObject({ ok: false, code: 'LEDGER_IDEMPOTENCY_CONFLICT' });
    expect((await balanceOf(f, a.mainId)).balance).toBe(994n);
  });
  test('a batch refuses foreign accounts, other currencies and a twin key with another amount, item by item', async () => {
    const a = await newMember(f);
    await fund(f, a.mainId, 1_000n);
    const house = await houseAccountFor(f.db, f.merchantId, f.currency, a.memberId);
    const usd = await memberAccountId(f.db, a.memberId, f.merchantId, 'main', 'USD');
    const twin = request(f, { debitAccountId: a.mainId, creditAccountId: house, amountMinor: 10n });
    const earlier = await transfer(
      f.db,
      request(f, { debitAccountId: a.mainId, creditAccountId: house, amountMinor: 5n }),
    );
    const results = await transferBatch(f.db, [
      twin,
      { ...twin, amountMinor: 11n },
      twin,
      request(f, { debitAccountId: a.mainId, creditAccountId: usd, amountMinor: 1n }),
      request(f, { debitAccountId: a.mainId, creditAccountId: 987_654_321n, amountMinor: 1n }),
      {
        ...request(f, { debitAccountId: a.mainId, creditAccountId: house, amountMinor: 1n }),
        merchantId: '00000000-0000-4000-8000-000000000000',
      },
      {
        ...request(f, { debitAccountId: a.mainId, creditAccountId: house, amountMinor: 5n }),
        idempotencyKey: earlier.idempotencyKey,
      },
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.code))).toEqual([
      'ok',
      'LEDGER_IDEMPOTENCY_CONFLICT',
      'ok',
      'LEDGER_CURRENCY_MISMATCH',
      'LEDGER_ACCOUNT_NOT_FOUND',
      'LEDGER_ACCOUNT_NOT_FOUND',
      'ok',
    ]);
    expect(results[2]).toMatchObject({ ok: true, transfer: (results[0] as { transfer: unknown }).transfer });
    expect(results[6]).toMatchObject({ ok: true, transfer: earlier });
    expect((await balanceOf(f, a.mainId)).balance).toBe(985n);
  });

  test('a batch larger than the bound is refused as bad input', async () => {
    const a = await newMember(f);
    const house = await houseAccountFor(f.db, f.merchantId, f.currency, a.memberId);
    const items = Array.from({ length: MAX_BATCH + 1 }, () =>
      request(f, { debitAccountId: a.mainId, creditAccountId: house, amountMinor: 1n }),
    );
    expect(await outcome(transferBatch(f.db, items))).toBe('VALIDATION_FAILED');
  });
});

describe('verify', () => {
  test('reports totals that sum to zero on a healthy ledger', async () => {
    const report = await verifyLedger(f.db);
    expect(report.ok).toBe(true);
    expect(report.currencies.find((c) => c.currency === f.currency)?.sumMinor).toBe('0');
    expect(report.counts.entries).toBeGreaterThan(0);
  });

  test('detects a corrupted cached balance, a lost pending reservation and an orphan entry', async () => {
    const { mainId } = await newMember(f);
    await fund(f, mainId, 1_000n);
    const clearing = await systemAccountId(f.db, f.merchantId, 'payment_clearing', f.currency);
    try {
      await sql`update ledger_accounts set balance_minor = balance_minor + 1 where id = ${mainId}`.execute(
        f.db,
      );
      let report = await verifyLedger(f.db);
      expect(report.ok).toBe(false);
      expect(report.violations).toContainEqual({
        check: 'cached_balance',
        detail: expect.objectContaining({
          account_id: String(mainId),
          cached_minor: '1001',
          entries_minor: '1000',
        }),
      });
      await sql`update ledger_accounts set balance_minor = balance_minor - 1, pending_minor = 5 where id = ${mainId}`.execute(
        f.db,
      );
      report = await verifyLedger(f.db);
      expect(report.violations.map((v) => v.check)).toEqual(['cached_pending']);
      await sql`update ledger_accounts set pending_minor = 0 where id = ${mainId}`.execute(f.db);
      const t1 = await transfer(
        f.db,
        request(f, { code: 'deposit', debitAccountId: clearing, creditAccountId: mainId, amountMinor: 10n }),
      );
      await sql`insert into ledger_entries (transfer_id, account_id, amount_minor) values (${t1.id}, ${mainId}, 3)`.execute(
        f.db,
      );
      report = await verifyLedger(f.db);
      expect(new Set(report.violations.map((v) => v.check))).toEqual(
        new Set(['currency_sum_zero', 'transfer_entries', 'cached_balance']),
      );
      await sql`delete from ledger_entries where amount_minor = 3 and account_id = ${mainId}`.execute(f.db);
      // No foreign keys on the hot path (migration 0014): an entry naming no transfer is caught here.
      await sql`insert into ledger_entries (transfer_id, account_id, amount_minor) values (987654321, ${mainId}, 3)`.execute(
        f.db,
      );
      report = await verifyLedger(f.db);
      expect(report.violations).toContainEqual({
        check: 'dangling_reference',
        detail: expect.objectContaining({ problem: 'entry_without_transfer' }),
      });
    } finally {
      // Undo the damage (this test only) so the after-each verification checks the rest of the ledger.
      await sql`delete from ledger_entries where amount_minor = 3 and account_id = ${mainId}`.execute(f.db);
      await sql`update ledger_accounts set pending_minor = 0 where id = ${mainId}`.execute(f.db);
    }
  });
});
