import { walletBalanceResponse } from '@sorte/contracts';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { DEMO_AGENT } from '../agents/index.ts';
import { createAuthTestApp, registerUser } from '../auth/auth.test-helpers.ts';
import { findMemberByAccount } from '../members/index.ts';
import { hold, memberAccountId, memberBalance, systemAccountId } from './index.ts';
import { DEMO_STARTING_BALANCE_MINOR, seedDemoBalances } from './ledger.seed.ts';
import { expectVerified, type Fixture, fixture, fund, request } from './ledger.test-helpers.ts';

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createAuthTestApp({ USERNAMEREG3: true });
  f = await fixture(t);
});
afterAll(() => t.close());
afterEach(() => expectVerified(t.ctx.db));

const balance = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance', headers: token ? { token } : {} });

test('without a token the balance is refused with UNAUTHENTICATED', async () => {
  const r = await balance();
  expect([r.statusCode, r.json().code]).toEqual([401, 'UNAUTHENTICATED']);
  const bad = await balance('not-a-token');
  expect([bad.statusCode, bad.json().code]).toEqual([401, 'UNAUTHENTICATED']);
});

test('a new member sees zero in every wallet, created on first read', async () => {
  const { session } = await registerUser(t, 'walletnew1');
  const r = await balance(session.token);
  expect(r.statusCode).toBe(200);
  const value = walletBalanceResponse.parse(r.json().value);
  expect(value).toEqual({
    sumBalance: 0,
    balanceMinor: 0,
    currency: 'BRL',
    currencySymbol: 'R$',
    // A real account's balance is real money, kept in its own currency (a trial's says XBRL).
    playMoney: false,
    ledgerCurrency: 'BRL',
    wallets: [
      { kind: 'main', balanceMinor: 0, pendingMinor: 0 },
      { kind: 'bonus', balanceMinor: 0, pendingMinor: 0 },
    ],
  });
});

test('the balance shows each wallet and a spendable sum net of holds, as integers in minor units', async () => {
  const { session } = await registerUser(t, 'walletfund1');
  const member = await findMemberByAccount(f.db, f.merchantId, 'walletfund1');
  const main = await memberAccountId(f.db, member!.id, f.merchantId, 'main', f.currency);
  const bonus = await memberAccountId(f.db, member!.id, f.merchantId, 'bonus', f.currency);
  const game = await memberAccountId(f.db, member!.id, f.merchantId, 'game:pg', f.currency);
  await fund(f, main, 123_456n);
  await fund(f, bonus, 1_000n);
  await fund(f, game, 50n);
  const clearing = await systemAccountId(f.db, f.merchantId, 'payment_clearing', f.currency);
  await hold(
    f.db,
    request(f, { code: 'withdrawal', debitAccountId: main, creditAccountId: clearing, amountMinor: 20_000n }),
  );
  const r = await balance(session.token);
  expect(r.statusCode).toBe(200);
  expect(r.json().value).toEqual({
    sumBalance: 104_506,
    balanceMinor: 104_506,
    currency: 'BRL',
    currencySymbol: 'R$',
    // A real account's balance is real money, kept in its own currency (a trial's says XBRL).
    playMoney: false,
    ledgerCurrency: 'BRL',
    wallets: [
      { kind: 'main', balanceMinor: 123_456, pendingMinor: 20_000 },
      { kind: 'bonus', balanceMinor: 1_000, pendingMinor: 0 },
      { kind: 'game:pg', balanceMinor: 50, pendingMinor: 0 },
    ],
  });
});

test('the demo seed credits seeded demo members once, through an adjustment transfer', async () => {
  const agent = await findMemberByAccount(f.db, f.merchantId, DEMO_AGENT.account);
  expect(agent).toBeTruthy();
  await seedDemoBalances(t.ctx);
  await seedDemoBalances(t.ctx);
  const seeded = await memberBalance(f.db, agent!.id, f.merchantId, f.currency);
  expect(seeded.sumBalanceMinor).toBe(DEMO_STARTING_BALANCE_MINOR);
  const transfers = await f.db
    .selectFrom('ledger_transfers')
    .select(['code', 'amount_minor'])
    .where('idempotency_key', '=', `demo-seed:${agent!.id}`)
    .execute();
  expect(transfers).toEqual([{ code: 'adjustment', amount_minor: DEMO_STARTING_BALANCE_MINOR }]);
});
