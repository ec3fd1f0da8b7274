import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp, registerUser } from '../auth/auth.test-helpers.ts';
import { hashPassword } from '../auth/index.ts';
import { memberBalance } from '../ledger/index.ts';
import { expectVerified, type Fixture, fixture, key, outcome } from '../ledger/ledger.test-helpers.ts';
import { findMemberByAccount } from '../members/index.ts';
import { recordBet } from '../records/index.ts';
import { earn, floorDiv, pointsHoldCommitted } from './points.earning.ts';
import { convertPoints, createItem, pointsBalance, redeemItem, verifyPoints } from './points.service.ts';
import { pointsMember, settledBet } from './points.test-helpers.ts';

const PASSWORD = '246810';
let t: TestApp;
let f: Fixture;
let passwordHash: string;
beforeAll(async () => {
  t = await createAuthTestApp({ USERNAMEREG3: true });
  f = await fixture(t);
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => t.close());
afterEach(async () => {
  await expectVerified(t.ctx.db);
  expect(await verifyPoints(t.ctx.db)).toEqual([]);
});

async function setCash(enabled: boolean, convertCashMinor = 0n): Promise<void> {
  await sql`update points_settings set cash_enabled = ${enabled}, convert_points = 100, convert_cash_minor = ${convertCashMinor},
    convert_min_points = 200 where merchant_id = ${f.merchantId}`.execute(f.db);
}

const member = () => pointsMember(f, passwordHash);
/** Points the way the game path gives them: a settled bet, then the earning consumer. */
const bet = (memberId: string, stakeMinor: bigint, category?: string, ref?: string) =>
  settledBet(f, memberId, stakeMinor, category, ref);

const points = async (memberId: string) => (await pointsBalance(f.db, memberId)).balance;

describe('earning', () => {
  test('floor division and the remainder never award a fraction, also below zero', () => {
    expect([floorDiv(7n, 2n), floorDiv(-7n, 2n), floorDiv(-8n, 2n), floorDiv(0n, 3n)]).toEqual([
      3n,
      -4n,
      -4n,
      0n,
    ]);
    expect(earn(0n, 250n, 100n, 1n)).toEqual({ points: 2n, remainder: 50n });
    expect(earn(50n, -250n, 100n, 3n)).toEqual({ points: -6n, remainder: 0n });
    expect(earn(10n, -240n, 100n, 1n)).toEqual({ points: -3n, remainder: 70n });
  });

  test('valid bets earn per category rate, exactly once; a void takes its points back', async () => {
    const m = await member();
    // Demo rates: INHOUSE 1 point per R$ 1,00, LIVE 1 per R$ 2,00.
    const first = await bet(m.memberId, 250n);
    await pointsHoldCommitted(f.db);
    expect(await points(m.memberId)).toBe(2);
    await bet(m.memberId, 60n);
    await bet(m.memberId, 390n, 'LIVE');
    await bet(m.memberId, 10_000n, 'NO_RATE');
    await pointsHoldCommitted(f.db);
    await pointsHoldCommitted(f.db); // a second catch-up finds nothing to count again
    expect(await points(m.memberId)).toBe(3 + 1);
    await recordBet(f.db, {
      merchantId: f.merchantId,
      memberId: m.memberId,
      source: 'test',
      sourceRef: first,
      category: 'INHOUSE',
      vendor: 'SORTE',
      gameCode: 'dice',
      currency: f.currency,
      status: 'cancelled',
      at: new Date(),
    });
    await pointsHoldCommitted(f.db);
    // INHOUSE valid stake is now 60: ⌊60 / 100⌋ = 0; LIVE keeps its 1.
    expect(await points(m.memberId)).toBe(1);
  });
});

describe('redeeming', () => {
  test('50 concurrent redemptions of the last item in stock succeed exactly once', async () => {
    const item = await createItem(f.db, f.merchantId, {
      kind: 'goods',
      names: { en: 'Last one', 'pt-BR': 'Último' },
      costPoints: 10,
      stock: 1,
    });
    const members = await Promise.all(Array.from({ length: 50 }, () => member()));
    for (const m of members) await bet(m.memberId, 1_000n);
    await pointsHoldCommitted(f.db);
    const address = {
      name: 'Ana Souza',
      phone: '+55 11 99999-0000',
      line: 'Rua A, 10',
      city: 'São Paulo',
      postalCode: '01000-000',
    };
    const results = await Promise.all(
      members.map((m) =>
        outcome(
          redeemItem(
            f.db,
            m.caller,
            { itemId: item.id, address, withdrawalPassword: PASSWORD, idempotencyKey: key('r') },
            new Date(),
          ),
        ),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'POINTS_OUT_OF_STOCK')).toHaveLength(49);
    const { rows } = await sql<{ stock: number; redeemed: number }>`
      select stock, redeemed from points_items where id = ${item.id}`.execute(f.db);
    expect(rows[0]).toEqual({ stock: 0, redeemed: 1 });
    const spent = await Promise.all(members.map((m) => points(m.memberId)));
    expect(spent.filter((p) => p === 0)).toHaveLength(1);
    expect(spent.filter((p) => p === 10)).toHaveLength(49);
  });

  test('a retry answers the first redemption; a wrong password, too few points or no address take nothing', async () => {
    const m = await member();
    await bet(m.memberId, 2_500n);
    await pointsHoldCommitted(f.db);
    const item = await createItem(f.db, f.merchantId, {
      kind: 'goods',
      names: { en: 'Mug', 'pt-BR': 'Caneca' },
      costPoints: 20,
      stock: 5,
    });
    const address = {
      name: 'Ana Souza',
      phone: '11999990000',
      line: 'Rua A, 10',
      city: 'Recife',
      postalCode: '50000-000',
    };
    const input = { itemId: item.id, address, withdrawalPassword: PASSWORD, idempotencyKey: key('r') };
    const copies = await Promise.all(
      Array.from({ length: 5 }, () => redeemItem(f.db, m.caller, input, new Date())),
    );
    expect(new Set(copies.map((c) => c.id)).size).toBe(1);
    expect(copies[0]).toMatchObject({ kind: 'goods', points: 20, status: 'processing', address });
    expect(await points(m.memberId)).toBe(5);
    expect(
      await outcome(redeemItem(f.db, m.caller, { ...input, idempotencyKey: key('r') }, new Date())),
    ).toBe('POINTS_NOT_ENOUGH');
    expect(
      await outcome(
        redeemItem(
          f.db,
          m.caller,
          { ...input, withdrawalPassword: '000000', idempotencyKey: key('r') },
          new Date(),
        ),
      ),
    ).toBe('CASHIER_WITHDRAWAL_PASSWORD_WRONG');
    expect(
      await outcome(
        redeemItem(f.db, m.caller, { ...input, address: undefined, idempotencyKey: key('r') }, new Date()),
      ),
    ).toBe('POINTS_ADDRESS_REQUIRED');
    const { rows } = await sql<{
      stock: number;
    }>`select stock from points_items where id = ${item.id}`.execute(f.db);
    expect(rows[0]?.stock).toBe(4);
  });

  test('cash items and conversion credit the main wallet only where the merchant allows cash', async () => {
    const m = await member();
    await bet(m.memberId, 100_000n);
    await pointsHoldCommitted(f.db);
    const cashItem = await createItem(f.db, f.merchantId, {
      kind: 'cash',
      names: { en: 'R$ 5', 'pt-BR': 'R$ 5' },
      costPoints: 300,
      cashMinor: 500,
      stock: null,
    });
    const redeem = { itemId: cashItem.id, withdrawalPassword: PASSWORD, idempotencyKey: key('c') };
    const convert = { points: 200, withdrawalPassword: PASSWORD, idempotencyKey: key('v') };
    await setCash(false);
    expect(await outcome(redeemItem(f.db, m.caller, redeem, new Date()))).toBe('POINTS_CASH_DISABLED');
    expect(await outcome(convertPoints(f.db, m.caller, convert, new Date()))).toBe('POINTS_CASH_DISABLED');
    await setCash(true, 50n);
    try {
      await redeemItem(f.db, m.caller, redeem, new Date());
      await redeemItem(f.db, m.caller, redeem, new Date()); // the retry credits nothing more
      expect(
        await outcome(
          convertPoints(f.db, m.caller, { ...convert, points: 100, idempotencyKey: key('v') }, new Date()),
        ),
      ).toBe('POINTS_BELOW_MINIMUM');
      expect(
        await outcome(
          convertPoints(f.db, m.caller, { ...convert, points: 250, idempotencyKey: key('v') }, new Date()),
        ),
      ).toBe('VALIDATION_FAILED');
      const converted = await convertPoints(f.db, m.caller, convert, new Date());
      expect(converted).toMatchObject({ kind: 'convert', points: 200, cashMinor: 100, status: 'approved' });
      expect(await points(m.memberId)).toBe(1_000 - 300 - 200);
      const wallet = await memberBalance(f.db, m.memberId, f.merchantId, f.currency);
      expect(wallet.wallets.find((w) => w.kind === 'main')?.balanceMinor).toBe(600n);
    } finally {
      await setCash(false);
    }
  });
});

describe('routes', () => {
  test('a visitor reads the rules and the items; the member reads only their own points and history', async () => {
    const config = await call(t, { method: 'GET', url: '/wps/points/config' });
    expect(config.value).toMatchObject({ enabled: true, cashEnabled: false, convert: null });
    expect(config.value.rates).toContainEqual({ category: 'INHOUSE', stakeUnitMinor: 100, pointsPerUnit: 1 });
    const items = await call(t, { method: 'GET', url: '/wps/points/reward' });
    expect(items.value.list.length).toBeGreaterThan(0);
    expect(items.value.list.every((i: { kind: string }) => i.kind === 'goods')).toBe(true);
    expect((await call(t, { method: 'GET', url: '/wps/member/points/balance' })).status).toBe(401);

    const username = `pts${Math.random().toString(36).slice(2, 8)}`;
    const { session } = await registerUser(t, username);
    const row = (await findMemberByAccount(f.db, f.merchantId, username))!;
    await f.db
      .updateTable('members')
      .set({ payment_password_hash: passwordHash })
      .where('id', '=', row.id)
      .execute();
    await bet(row.id, 1_000n);
    await pointsHoldCommitted(f.db);
    const balance = await call(t, { method: 'GET', url: '/wps/member/points/balance', token: session.token });
    expect(balance.value).toEqual({ balance: 10, earned: 10, spent: 0 });
    const target = await createItem(f.db, f.merchantId, {
      kind: 'goods',
      names: { en: 'Pen', 'pt-BR': 'Caneta' },
      costPoints: 10,
      stock: 3,
    });
    const redeemed = await call(t, {
      method: 'POST',
      url: '/wps/member/points/redeem',
      token: session.token,
      payload: {
        itemId: target.id,
        address: {
          name: 'Ana Souza',
          phone: '11999990000',
          line: 'Rua A, 10',
          city: 'Recife',
          postalCode: '50000-000',
        },
        withdrawalPassword: PASSWORD,
        idempotencyKey: key('http'),
      },
    });
    expect(redeemed.status).toBe(200);
    expect(redeemed.value.balance.balance).toBe(0);
    const history = await call(t, {
      method: 'GET',
      url: '/wps/member/points/redeem/list',
      token: session.token,
    });
    expect(history.value).toMatchObject({
      total: 1,
      list: [{ itemId: target.id, points: 10, status: 'processing' }],
    });
    const bad = await call(t, {
      method: 'POST',
      url: '/wps/member/points/redeem',
      token: session.token,
      payload: { itemId: 'x', withdrawalPassword: PASSWORD, idempotencyKey: key('http') },
    });
    expect([bad.status, bad.code]).toEqual([400, 'VALIDATION_FAILED']);
    const missing = await call(t, {
      method: 'POST',
      url: '/wps/member/points/redeem',
      token: session.token,
      payload: { itemId: 999_999_999, withdrawalPassword: PASSWORD, idempotencyKey: key('http') },
    });
    expect([missing.status, missing.code]).toEqual([404, 'POINTS_ITEM_NOT_FOUND']);
  });
});
