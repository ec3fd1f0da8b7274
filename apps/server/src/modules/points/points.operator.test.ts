import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { hashPassword } from '../auth/index.ts';
import { boCall, operatorToken } from '../backoffice/backoffice.test-helpers.ts';
import { expectVerified, type Fixture, fixture, key, outcome } from '../ledger/ledger.test-helpers.ts';
import { pointsHoldCommitted } from './points.earning.ts';
import { canMove } from './points.operator.ts';
import { createItem, pointsBalance, redeemItem, verifyPoints } from './points.service.ts';
import { pointsMember, settledBet } from './points.test-helpers.ts';

const PASSWORD = '246810';
const ADDRESS = {
  name: 'Ana Souza',
  phone: '+55 11 99999-0000',
  line: 'Rua A, 10',
  city: 'São Paulo',
  postalCode: '01000-000',
};
let t: TestApp;
let f: Fixture;
let admin: string;
let passwordHash: string;
beforeAll(async () => {
  t = await createAuthTestApp({ USERNAMEREG3: true });
  f = await fixture(t);
  admin = await operatorToken(t, 'admin');
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => t.close());
afterEach(async () => {
  await expectVerified(t.ctx.db);
  expect(await verifyPoints(t.ctx.db)).toEqual([]);
});

/** A member with a withdrawal password and `stakeMinor` of valid bets turned into points (1 per 100). */
async function memberWithPoints(stakeMinor: bigint) {
  const m = await pointsMember(f, passwordHash, 'ptsop');
  await settledBet(f, m.memberId, stakeMinor);
  await pointsHoldCommitted(f.db);
  const { rows } = await sql<{
    account: string;
  }>`select account from members where id = ${m.memberId}`.execute(f.db);
  return { ...m, account: rows[0]!.account };
}

async function goods(stock = 5, costPoints = 10) {
  return createItem(f.db, f.merchantId, {
    kind: 'goods',
    names: { en: 'Mug', 'pt-BR': 'Caneca' },
    costPoints,
    stock,
  });
}

/** A member who redeemed one unit of a new goods item: the redemption, the item, the member. */
async function redeemed() {
  const m = await memberWithPoints(2_500n);
  const item = await goods();
  const r = await redeemItem(
    f.db,
    m.caller,
    { itemId: item.id, address: ADDRESS, withdrawalPassword: PASSWORD, idempotencyKey: key('op') },
    new Date(),
  );
  return { m, item, r };
}

const balanceOf = async (memberId: string) => (await pointsBalance(f.db, memberId)).balance;
async function stockOf(itemId: number) {
  const { rows } = await sql<{ stock: number; redeemed: number }>`
    select stock, redeemed from points_items where id = ${itemId}`.execute(f.db);
  return rows[0];
}
async function auditOf(id: number) {
  const { rows } = await sql<{ action: string; reason: string | null }>`
    select action, reason from audit_log where target_type = 'points_redemption' and target_id = ${String(id)}
     order by id`.execute(f.db);
  return rows;
}
const decide = (id: number, body: unknown, token = admin) =>
  boCall(t, token, 'POST', `/bo/points/redemptions/${id}/decision`, body);

describe('transitions', () => {
  test('goods go processing → shipped → delivered, or are cancelled before delivery', () => {
    expect(canMove('processing', 'shipped')).toBe(true);
    expect(canMove('processing', 'delivered')).toBe(true);
    expect(canMove('shipped', 'cancelled')).toBe(true);
    expect(canMove('shipped', 'shipped')).toBe(false);
    expect(canMove('delivered', 'cancelled')).toBe(false);
    expect(canMove('cancelled', 'shipped')).toBe(false);
    expect(canMove('approved', 'cancelled')).toBe(false);
  });
});

describe('the redemptions queue', () => {
  test('only merchant.config reads it; newest first, filtered by status and account, with the address', async () => {
    const { m, r } = await redeemed();
    expect((await boCall(t, null, 'GET', '/bo/points/redemptions')).status).toBe(401);
    for (const role of ['support', 'finance'] as const) {
      const other = await boCall(t, await operatorToken(t, role), 'GET', '/bo/points/redemptions');
      expect(other.status).toBe(403);
    }
    const mine = await boCall(
      t,
      admin,
      'GET',
      `/bo/points/redemptions?account=${m.account}&status=processing`,
    );
    expect(mine.status).toBe(200);
    expect(mine.value).toMatchObject({ total: 1, pageNo: 1 });
    expect(mine.value.list[0]).toMatchObject({
      id: r.id,
      account: m.account,
      kind: 'goods',
      points: 10,
      status: 'processing',
      address: ADDRESS,
      names: { en: 'Mug' },
      trackingNote: null,
    });
    const shippedOnly = await boCall(
      t,
      admin,
      'GET',
      `/bo/points/redemptions?account=${m.account}&status=shipped`,
    );
    expect(shippedOnly.value.total).toBe(0);
    const second = await redeemed();
    const all = await boCall(t, admin, 'GET', '/bo/points/redemptions?pageSize=2');
    expect(all.value.list.map((x: { id: number }) => x.id)).toEqual([second.r.id, r.id]);
    const bad = await boCall(t, admin, 'GET', '/bo/points/redemptions?status=lost');
    expect([bad.status, bad.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('deciding', () => {
  test('ship with a note, then deliver; each audited; a final status does not move', async () => {
    const { r } = await redeemed();
    const shipped = await decide(r.id, { decision: 'shipped', trackingNote: 'BR123456789' });
    expect(shipped.status).toBe(200);
    expect(shipped.value).toMatchObject({ status: 'shipped', trackingNote: 'BR123456789' });
    expect(shipped.value.shippedAt).not.toBeNull();
    const again = await decide(r.id, { decision: 'shipped' });
    expect([again.status, again.code]).toEqual([409, 'POINTS_REDEMPTION_STATE']);
    const delivered = await decide(r.id, { decision: 'delivered' });
    expect(delivered.value).toMatchObject({ status: 'delivered', trackingNote: 'BR123456789' });
    const late = await decide(r.id, { decision: 'cancelled', reason: 'lost in transit' });
    expect([late.status, late.code]).toEqual([409, 'POINTS_REDEMPTION_STATE']);
    expect((await auditOf(r.id)).map((a) => a.action)).toEqual([
      'points_redemption.shipped',
      'points_redemption.delivered',
    ]);
  });

  test('a cancellation gives the points and the unit back once, audited with its reason', async () => {
    const { m, item, r } = await redeemed();
    expect(await balanceOf(m.memberId)).toBe(15);
    expect(await stockOf(item.id)).toEqual({ stock: 4, redeemed: 1 });
    const cancelled = await decide(r.id, { decision: 'cancelled', reason: 'address unreachable' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.value).toMatchObject({ status: 'cancelled', cancelReason: 'address unreachable' });
    expect(await balanceOf(m.memberId)).toBe(25);
    expect(await pointsBalance(f.db, m.memberId)).toEqual({ balance: 25, earned: 25, spent: 0 });
    expect(await stockOf(item.id)).toEqual({ stock: 5, redeemed: 0 });
    expect(await auditOf(r.id)).toEqual([
      { action: 'points_redemption.cancelled', reason: 'address unreachable' },
    ]);
    const again = await decide(r.id, { decision: 'cancelled', reason: 'twice' });
    expect([again.status, again.code]).toEqual([409, 'POINTS_REDEMPTION_STATE']);
    expect(await balanceOf(m.memberId)).toBe(25);
  });

  test('bad input, unknown ids, cash items and other roles are refused with codes', async () => {
    const { r } = await redeemed();
    const noReason = await decide(r.id, { decision: 'cancelled' });
    expect([noReason.status, noReason.code]).toEqual([400, 'VALIDATION_FAILED']);
    const unknown = await decide(r.id, { decision: 'lost' });
    expect([unknown.status, unknown.code]).toEqual([400, 'VALIDATION_FAILED']);
    const badId = await decide(0, { decision: 'delivered' });
    expect([badId.status, badId.code]).toEqual([400, 'VALIDATION_FAILED']);
    const missing = await decide(999_999_999, { decision: 'delivered' });
    expect([missing.status, missing.code]).toEqual([404, 'POINTS_REDEMPTION_NOT_FOUND']);
    const finance = await decide(r.id, { decision: 'delivered' }, await operatorToken(t, 'finance'));
    expect(finance.status).toBe(403);

    await sql`update points_settings set cash_enabled = true where merchant_id = ${f.merchantId}`.execute(
      f.db,
    );
    try {
      const m = await memberWithPoints(1_000n);
      const cash = await createItem(f.db, f.merchantId, {
        kind: 'cash',
        names: { en: 'R$ 1', 'pt-BR': 'R$ 1' },
        costPoints: 10,
        cashMinor: 100,
      });
      const paid = await redeemItem(
        f.db,
        m.caller,
        { itemId: cash.id, withdrawalPassword: PASSWORD, idempotencyKey: key('cash') },
        new Date(),
      );
      const refused = await decide(paid.id, { decision: 'cancelled', reason: 'no cash back' });
      expect([refused.status, refused.code]).toEqual([409, 'POINTS_REDEMPTION_NOT_GOODS']);
      expect(await balanceOf(m.memberId)).toBe(0);
    } finally {
      await sql`update points_settings set cash_enabled = false where merchant_id = ${f.merchantId}`.execute(
        f.db,
      );
    }
    expect(await auditOf(r.id)).toEqual([]);
  });

  test('20 cancellations of one redemption at once: one 200, 19 409, the points back once', async () => {
    const { m, item, r } = await redeemed();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => decide(r.id, { decision: 'cancelled', reason: `race ${i}` })),
    );
    expect(results.filter((x) => x.status === 200)).toHaveLength(1);
    const refused = results.filter((x) => x.status !== 200);
    expect(refused.map((x) => [x.status, x.code])).toEqual(
      Array.from({ length: 19 }, () => [409, 'POINTS_REDEMPTION_STATE']),
    );
    expect(await balanceOf(m.memberId)).toBe(25);
    expect(await stockOf(item.id)).toEqual({ stock: 5, redeemed: 0 });
    const { rows } = await sql<{ n: bigint }>`
      select count(*)::bigint as n from points_entries where kind = 'refund' and reference = ${`redemption:${r.id}`}`.execute(
      f.db,
    );
    expect(Number(rows[0]!.n)).toBe(1);
    expect(await auditOf(r.id)).toHaveLength(1);
  });
});

describe('items and rules', () => {
  test('the items list shows inactive items with their switch', async () => {
    const item = await goods(2);
    const off = await boCall(t, admin, 'PATCH', `/bo/points/items/${item.id}`, { active: false });
    expect(off.status).toBe(200);
    const list = await boCall(t, admin, 'GET', '/bo/points/items');
    expect(list.value.list.find((i: { id: number }) => i.id === item.id)).toMatchObject({
      active: false,
      stock: 2,
    });
  });

  test('an edit changes names, descriptions, picture and cost (audited before and after); the next redemption pays the new cost', async () => {
    const item = await goods(4, 10);
    const edited = await boCall(t, admin, 'PATCH', `/bo/points/items/${item.id}`, {
      names: { en: 'Blue mug', 'pt-BR': 'Caneca azul' },
      descriptions: { en: 'Holds 300 ml', 'pt-BR': 'Cabe 300 ml' },
      imageUrl: '/media/mug.png',
      costPoints: 15,
    });
    expect(edited.status).toBe(200);
    expect(edited.value).toMatchObject({
      names: { en: 'Blue mug', 'pt-BR': 'Caneca azul' },
      descriptions: { en: 'Holds 300 ml', 'pt-BR': 'Cabe 300 ml' },
      imageUrl: '/media/mug.png',
      costPoints: 15,
      stock: 4,
      active: true,
    });
    const { rows } = await sql<{ before: { costPoints: number }; after: { costPoints: number } }>`
      select before, after from audit_log where action = 'points_item.update' and target_id = ${String(item.id)}`.execute(
      f.db,
    );
    expect(rows.map((r) => [r.before.costPoints, r.after.costPoints])).toEqual([[10, 15]]);
    const m = await memberWithPoints(2_000n);
    const redeemed = await redeemItem(
      f.db,
      m.caller,
      { itemId: item.id, address: ADDRESS, withdrawalPassword: PASSWORD, idempotencyKey: key('edit') },
      new Date(),
    );
    expect(redeemed.points).toBe(15);
    expect((await pointsBalance(f.db, m.memberId)).balance).toBe(5);

    for (const body of [
      { names: { en: ' ', 'pt-BR': 'Caneca' } },
      { costPoints: 0 },
      { cashMinor: 100 }, // a goods item pays no cash
      { stockDelta: -4 }, // 3 left
    ]) {
      const bad = await boCall(t, admin, 'PATCH', `/bo/points/items/${item.id}`, body);
      expect([bad.status, bad.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await boCall(t, admin, 'PATCH', '/bo/points/items/999999999', { costPoints: 5 })).status).toBe(
      404,
    );
  });

  test('stock edits racing redemptions never oversell: stock + redeemed moves only by the edits applied', async () => {
    const item = await goods(3, 10);
    const members = await Promise.all(
      Array.from({ length: 20 }, () => pointsMember(f, passwordHash, 'ptsrace')),
    );
    for (const m of members) await settledBet(f, m.memberId, 1_000n);
    await pointsHoldCommitted(f.db);
    const deltas = [-2, 1, -3, 2, -1];
    const [redemptions, edits] = await Promise.all([
      Promise.all(
        members.map((m) =>
          outcome(
            redeemItem(
              f.db,
              m.caller,
              {
                itemId: item.id,
                address: ADDRESS,
                withdrawalPassword: PASSWORD,
                idempotencyKey: key('race'),
              },
              new Date(),
            ),
          ),
        ),
      ),
      Promise.all(
        deltas.map((stockDelta) => boCall(t, admin, 'PATCH', `/bo/points/items/${item.id}`, { stockDelta })),
      ),
    ]);
    expect(edits.every((e) => e.status === 200 || (e.status === 400 && e.code === 'VALIDATION_FAILED'))).toBe(
      true,
    );
    const applied = deltas.filter((_, i) => edits[i]!.status === 200).reduce((a, b) => a + b, 0);
    const sold = redemptions.filter((r) => r === 'ok').length;
    expect(redemptions.filter((r) => r !== 'ok').every((r) => r === 'POINTS_OUT_OF_STOCK')).toBe(true);
    const { stock, redeemed } = (await stockOf(item.id))!;
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(redeemed).toBe(sold);
    expect(stock + redeemed).toBe(3 + applied);
  });

  test('the WhatsApp and Zalo redeem prompts: offered only when the merchant gives its contact, then required', async () => {
    const item = await goods(5, 10);
    const m = await memberWithPoints(5_000n);
    const redeem = (contact?: { channel: 'whatsapp' | 'zalo'; handle: string }) =>
      redeemItem(
        f.db,
        m.caller,
        {
          itemId: item.id,
          address: ADDRESS,
          contact,
          withdrawalPassword: PASSWORD,
          idempotencyKey: key('wa'),
        },
        new Date(),
      );
    expect((await boCall(t, null, 'GET', '/wps/points/config')).value.contacts).toEqual({
      whatsapp: null,
      zalo: null,
    });
    // Not offered: no prompt, and a contact sent anyway is not kept.
    expect((await redeem({ channel: 'zalo', handle: '0901234567' })).contact).toBeNull();

    const bad = await boCall(t, admin, 'PUT', '/bo/points/rules', { whatsappContact: 'call me' });
    expect([bad.status, bad.code]).toEqual([400, 'VALIDATION_FAILED']);
    const on = await boCall(t, admin, 'PUT', '/bo/points/rules', { whatsappContact: '+55 11 98888-7777' });
    expect(on.value).toMatchObject({ whatsappContact: '+55 11 98888-7777', zaloContact: null });
    expect((await boCall(t, null, 'GET', '/wps/points/config')).value.contacts).toEqual({
      whatsapp: '+55 11 98888-7777',
      zalo: null,
    });
    expect(await outcome(redeem())).toBe('POINTS_CONTACT_REQUIRED');
    expect(await outcome(redeem({ channel: 'zalo', handle: '0901234567' }))).toBe('POINTS_CONTACT_REQUIRED');
    const done = await redeem({ channel: 'whatsapp', handle: '+55 21 97777-6666' });
    expect(done.contact).toEqual({ channel: 'whatsapp', handle: '+55 21 97777-6666' });
    const queue = await boCall(t, admin, 'GET', `/bo/points/redemptions?account=${m.account}`);
    expect(queue.value.list[0].contact).toEqual({ channel: 'whatsapp', handle: '+55 21 97777-6666' });

    await boCall(t, admin, 'PUT', '/bo/points/rules', { whatsappContact: null });
    expect((await boCall(t, null, 'GET', '/wps/points/config')).value.contacts.whatsapp).toBeNull();
    expect((await redeem()).contact).toBeNull();
  });

  test('rules: cash off by default; a change is saved, audited and read by players', async () => {
    const before = await boCall(t, admin, 'GET', '/bo/points/rules');
    expect(before.status).toBe(200);
    expect(before.value).toMatchObject({ enabled: true, cashEnabled: false, currency: f.currency });
    expect(before.value.rates).toContainEqual({ category: 'INHOUSE', stakeUnitMinor: 100, pointsPerUnit: 1 });
    expect(before.value.rates).toHaveLength(9); // every category, 0 points where none is set
    const fish = before.value.rates.find((r: { category: string }) => r.category === 'FISH');
    const support = await boCall(t, await operatorToken(t, 'support'), 'GET', '/bo/points/rules');
    expect(support.status).toBe(403);

    const saved = await boCall(t, admin, 'PUT', '/bo/points/rules', {
      convertCashMinor: 50,
      convertMinPoints: 300,
      rates: [{ category: 'FISH', stakeUnitMinor: 500, pointsPerUnit: 2 }],
    });
    expect(saved.status).toBe(200);
    expect(saved.value).toMatchObject({ cashEnabled: false, convertCashMinor: 50, convertMinPoints: 300 });
    expect(saved.value.rates).toContainEqual({ category: 'FISH', stakeUnitMinor: 500, pointsPerUnit: 2 });
    const config = await boCall(t, null, 'GET', '/wps/points/config');
    expect(config.value.rates).toContainEqual({ category: 'FISH', stakeUnitMinor: 500, pointsPerUnit: 2 });
    expect(config.value.convert).toBeNull(); // cash stays off, so no conversion is offered
    const { rows } = await sql<{ before: { convertCashMinor: number }; after: { convertCashMinor: number } }>`
      select before, after from audit_log where action = 'points_rules.update' order by id desc limit 1`.execute(
      f.db,
    );
    expect([rows[0]!.before.convertCashMinor, rows[0]!.after.convertCashMinor]).toEqual([
      before.value.convertCashMinor,
      50,
    ]);

    for (const body of [
      { rates: [{ category: 'NOPE', stakeUnitMinor: 100, pointsPerUnit: 1 }] },
      {
        rates: [
          { category: 'FISH', stakeUnitMinor: 100, pointsPerUnit: 1 },
          { category: 'FISH', stakeUnitMinor: 200, pointsPerUnit: 1 },
        ],
      },
      { rates: [{ category: 'FISH', stakeUnitMinor: 0, pointsPerUnit: 1 }] },
      { convertPoints: 0 },
      { cashEnabled: 'yes' },
    ]) {
      const bad = await boCall(t, admin, 'PUT', '/bo/points/rules', body);
      expect([bad.status, bad.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    await boCall(t, admin, 'PUT', '/bo/points/rules', {
      convertCashMinor: before.value.convertCashMinor,
      convertMinPoints: before.value.convertMinPoints,
      rates: [fish],
    });
  });
});
