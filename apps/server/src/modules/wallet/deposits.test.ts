import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { expectIdempotentBurst } from '../../../test/idempotent-burst.ts';
import { call } from '../auth/auth.test-helpers.ts';
import { expectVerified, fixture } from '../ledger/ledger.test-helpers.ts';
import { getCashierSettings } from './cashier-settings.ts';
import { seedDemoCashier } from './wallet.seed.ts';
import {
  channelNamed,
  createCashierTestApp,
  deposit,
  MANUAL_PIX,
  mainBalance,
  newPlayer,
  SANDBOX,
  testChannel,
} from './deposits.test-helpers.ts';

let t: TestApp;
let merchantId: string;

beforeAll(async () => {
  t = await createCashierTestApp();
  merchantId = (await fixture(t)).merchantId;
});
afterAll(async () => t?.close());

async function extraChannel(overrides: Parameters<typeof testChannel>[2] = {}) {
  return (await testChannel(t, merchantId, overrides)).id;
}

describe('GET /wps/cashier/channels', () => {
  it('lists the enabled channels in order, in the merchant currency, without gateway or secret', async () => {
    const { token } = await newPlayer(t);
    const r = await call(t, { method: 'GET', url: '/wps/cashier/channels', token });
    expect(r.status).toBe(200);
    const names = r.value.map((c: { name: string }) => c.name);
    expect(names.slice(0, 3)).toEqual(['PIX instantâneo', 'PIX manual', 'TED / transferência bancária']);
    const pix = r.value[0];
    expect(pix).toMatchObject({ type: 'gateway', currency: 'BRL', minMinor: 1_000, maxMinor: 5_000_000 });
    expect(pix.quickAmountsMinor).toEqual([2_000, 5_000, 10_000, 20_000, 50_000, 100_000]);
    expect(r.value[1].account.pixKey).toBeTruthy();
    const raw = JSON.stringify(r.value);
    expect(raw).not.toMatch(/secret|sandbox/i);
  });

  it('leaves out a disabled channel, and refuses without a session', async () => {
    const hidden = await extraChannel({ enabled: false });
    const { token } = await newPlayer(t);
    const r = await call(t, { method: 'GET', url: '/wps/cashier/channels', token });
    expect(r.value.map((c: { id: string }) => c.id)).not.toContain(hidden);
    expect((await call(t, { method: 'GET', url: '/wps/cashier/channels' })).status).toBe(401);
  });
});

describe('demo cashier seed', () => {
  it('sets the Brazilian demo rules and is idempotent, keeping operator changes', async () => {
    await t.ctx.db
      .updateTable('payment_channels')
      .set({ min_minor: 2_000n })
      .where('merchant_id', '=', merchantId)
      .where('name', '=', MANUAL_PIX)
      .execute();
    await seedDemoCashier(t.ctx);
    await seedDemoCashier(t.ctx);
    const names = await t.ctx.db
      .selectFrom('payment_channels')
      .select(['name', 'min_minor'])
      .where('merchant_id', '=', merchantId)
      .where('name', 'in', [SANDBOX, MANUAL_PIX, 'TED / transferência bancária'])
      .orderBy('sort_order')
      .execute();
    expect(names).toEqual([
      { name: SANDBOX, min_minor: 1_000n },
      { name: MANUAL_PIX, min_minor: 2_000n },
      { name: 'TED / transferência bancária', min_minor: 5_000n },
    ]);
    const settings = await getCashierSettings(t.ctx.db, merchantId);
    expect(settings).toMatchObject({
      depositTurnoverBps: 0,
      withdrawMinMinor: 2_000n,
      withdrawMaxMinor: 5_000_000n,
      withdrawDailyCount: 5,
      autoReceiptMinutes: 30,
      singleWallet: false,
      transferVendors: [
        { vendor: 'evo', name: 'Evolution' },
        { vendor: 'pp', name: 'Pragmatic Play' },
      ],
    });
    await t.ctx.db
      .updateTable('payment_channels')
      .set({ min_minor: 1_000n })
      .where('merchant_id', '=', merchantId)
      .where('name', '=', MANUAL_PIX)
      .execute();
  });
});

describe('POST /wps/cashier/deposit', () => {
  it('opens a manual order: pending, the account to pay into, the reference, an order number', async () => {
    const { token } = await newPlayer(t);
    const pix = await channelNamed(t, token, MANUAL_PIX);
    const r = await deposit(t, token, { channelId: pix.id, amountMinor: 5_000, reference: 'E2E-123' });
    expect(r.status).toBe(200);
    expect(r.value).toMatchObject({
      status: 'pending',
      amountMinor: 5_000,
      feeMinor: 0,
      creditMinor: 5_000,
      currency: 'BRL',
      channelName: MANUAL_PIX,
      channelType: 'manual_pix',
      reference: 'E2E-123',
      redirectUrl: null,
    });
    expect(r.value.account.pixKey).toBe('12.345.678/0001-90');
    expect(r.value.orderNo).toMatch(/^D\d{6}\d{8}$/);
    // Opening an order moves no money.
    expect(await mainBalance(t, token)).toBe(0);
  });

  it('opens a gateway order with the sandbox checkout address', async () => {
    const { token } = await newPlayer(t);
    const pix = await channelNamed(t, token, SANDBOX);
    const r = await deposit(t, token, { channelId: pix.id, amountMinor: 2_000 });
    expect(r.value.status).toBe('pending');
    expect(r.value.account).toBeNull();
    expect(r.value.redirectUrl).toBe(`/providers/payments/sandbox/checkout/${r.value.id}`);
  });

  it('refuses an unknown, disabled or foreign-currency channel', async () => {
    const { token } = await newPlayer(t);
    const disabled = await extraChannel({ enabled: false });
    const usd = await extraChannel({ currency: 'USD' });
    for (const channelId of [randomUUID(), 'not-a-uuid', disabled, usd]) {
      const r = await deposit(t, token, { channelId, amountMinor: 5_000 });
      expect(r.status, channelId).toBe(404);
      expect(r.code).toBe('CASHIER_CHANNEL_UNAVAILABLE');
    }
  });

  it('refuses an amount outside the channel bounds, naming them', async () => {
    const { token } = await newPlayer(t);
    const pix = await channelNamed(t, token, SANDBOX);
    for (const amountMinor of [999, 5_000_001]) {
      const r = await deposit(t, token, { channelId: pix.id, amountMinor });
      expect(r.status).toBe(422);
      expect(r.code).toBe('CASHIER_AMOUNT_OUT_OF_RANGE');
      expect(r.details).toEqual({ min: 1_000, max: 5_000_000 });
    }
    const bad = await deposit(t, token, { channelId: pix.id, amountMinor: -5 });
    expect(bad.code).toBe('VALIDATION_FAILED');
  });

  it('refuses an amount the fee would eat entirely', async () => {
    const { token } = await newPlayer(t);
    const channelId = await extraChannel({ fee_fixed_minor: 1_500n });
    const r = await deposit(t, token, { channelId, amountMinor: 1_500 });
    expect(r.code).toBe('CASHIER_AMOUNT_OUT_OF_RANGE');
    const ok = await deposit(t, token, { channelId, amountMinor: 1_501 });
    expect(ok.value).toMatchObject({ feeMinor: 1_500, creditMinor: 1 });
  });

  it('charges basis points rounded up plus the fixed fee', async () => {
    const { token } = await newPlayer(t);
    const channelId = await extraChannel({ fee_bps: 150, fee_fixed_minor: 100n });
    const r = await deposit(t, token, { channelId, amountMinor: 10_001 });
    // 1.5 % of 100.01 = 1.50015 → 1.51, plus 1.00.
    expect(r.value).toMatchObject({ feeMinor: 251, creditMinor: 9_750 });
  });

  it('enforces the per-member daily count and daily amount of a channel', async () => {
    const counted = await extraChannel({ daily_count_limit: 2 });
    const capped = await extraChannel({ daily_limit_minor: 10_000n });
    const { token } = await newPlayer(t);
    expect((await deposit(t, token, { channelId: counted, amountMinor: 1_000 })).status).toBe(200);
    expect((await deposit(t, token, { channelId: counted, amountMinor: 1_000 })).status).toBe(200);
    const third = await deposit(t, token, { channelId: counted, amountMinor: 1_000 });
    expect(third.code).toBe('CASHIER_DAILY_LIMIT');
    // Another member's count is their own.
    const other = await newPlayer(t);
    expect((await deposit(t, other.token, { channelId: counted, amountMinor: 1_000 })).status).toBe(200);

    expect((await deposit(t, token, { channelId: capped, amountMinor: 6_000 })).status).toBe(200);
    const over = await deposit(t, token, { channelId: capped, amountMinor: 4_001 });
    expect(over.code).toBe('CASHIER_DAILY_LIMIT');
    expect((await deposit(t, token, { channelId: capped, amountMinor: 4_000 })).status).toBe(200);
  });

  it('is idempotent per key: a retry returns the same order, a different body with the key is refused', async () => {
    const { token } = await newPlayer(t);
    const pix = await channelNamed(t, token, MANUAL_PIX);
    const idempotencyKey = randomUUID();
    const body = { channelId: pix.id, amountMinor: 7_000, reference: 'R1', idempotencyKey };
    const first = await expectIdempotentBurst(() => deposit(t, token, body), {
      db: t.ctx.db,
      balance: async () => BigInt(await mainBalance(t, token)),
      moved: 0n,
    });
    expect(first).toMatchObject({ status: 200, value: { status: 'pending', amountMinor: 7_000 } });
    const conflict = await deposit(t, token, { ...body, amountMinor: 7_001 });
    expect(conflict.status).toBe(409);
    expect(conflict.code).toBe('LEDGER_IDEMPOTENCY_CONFLICT');
    const list = await call(t, { method: 'GET', url: '/wps/cashier/deposits', token });
    expect(list.value.total).toBe(1);
  });

  it('refuses a trial (free play) account', async () => {
    const { token, memberId } = await newPlayer(t);
    await t.ctx.db.updateTable('members').set({ type: 4 }).where('id', '=', memberId).execute();
    const pix = await channelNamed(t, token, MANUAL_PIX);
    const r = await deposit(t, token, { channelId: pix.id, amountMinor: 5_000 });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });
});

describe('GET /wps/cashier/deposits', () => {
  it('pages the member own orders, newest first, filtered by status and date', async () => {
    const { token } = await newPlayer(t);
    const pix = await channelNamed(t, token, MANUAL_PIX);
    const ids: string[] = [];
    for (const amountMinor of [1_000, 2_000, 3_000]) {
      const r = await deposit(t, token, { channelId: pix.id, amountMinor });
      ids.push(r.value.id);
      t.clock.advance(1_000);
    }
    const page = await call(t, { method: 'GET', url: '/wps/cashier/deposits?pageSize=2', token });
    expect(page.value).toMatchObject({ total: 3, totalPages: 2, pageNo: 1, pageSize: 2 });
    expect(page.value.list.map((o: { amountMinor: number }) => o.amountMinor)).toEqual([3_000, 2_000]);
    const none = await call(t, { method: 'GET', url: '/wps/cashier/deposits?status=approved', token });
    expect(none.value.total).toBe(0);
    const today = t.clock.now().toISOString().slice(0, 10);
    const dated = await call(t, {
      method: 'GET',
      url: `/wps/cashier/deposits?dateFrom=${today}&dateTo=${today}`,
      token,
    });
    expect(dated.value.total).toBe(3);
    const past = await call(t, { method: 'GET', url: '/wps/cashier/deposits?dateTo=2020-01-01', token });
    expect(past.value.total).toBe(0);

    const one = await call(t, { method: 'GET', url: `/wps/cashier/deposits/${ids[0]}`, token });
    expect(one.value.amountMinor).toBe(1_000);
  });

  it("answers 404 for another member's order and for nonsense ids", async () => {
    const owner = await newPlayer(t);
    const pix = await channelNamed(t, owner.token, MANUAL_PIX);
    const order = await deposit(t, owner.token, { channelId: pix.id, amountMinor: 1_000 });
    const stranger = await newPlayer(t);
    for (const id of [order.value.id, randomUUID(), 'nope']) {
      const r = await call(t, { method: 'GET', url: `/wps/cashier/deposits/${id}`, token: stranger.token });
      expect(r.status).toBe(404);
      expect(r.code).toBe('CASHIER_ORDER_NOT_FOUND');
    }
    const list = await call(t, { method: 'GET', url: '/wps/cashier/deposits', token: stranger.token });
    expect(list.value.total).toBe(0);
    await expectVerified(t.ctx.db);
  });
});
