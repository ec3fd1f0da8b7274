import { fundsConsolidated, merchantWalletInfo, walletBalanceResponse } from '@sorte/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { expectIdempotentBurst } from '../../../test/idempotent-burst.ts';
import { call, createAuthTestApp, registerUser } from '../auth/auth.test-helpers.ts';
import { hashPassword } from '../auth/index.ts';
import {
  type BalanceChange,
  hold,
  memberAccountId,
  onMemberBalancesChanged,
  systemAccountId,
  transfer,
} from '../ledger/index.ts';
import { expectVerified, type Fixture, fixture, fund, key } from '../ledger/ledger.test-helpers.ts';
import { findMemberByAccount } from '../members/index.ts';
import { getCashierSettings } from './cashier-settings.ts';
import { addTurnoverRequirement } from './turnover.ts';

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createAuthTestApp({ USERNAMEREG3: true });
  f = await fixture(t);
});
afterAll(() => t.close());
afterEach(() => expectVerified(t.ctx.db));

const VENDORS = [
  { vendor: 'pg', name: 'PG Soft' },
  { vendor: 'jili', name: 'JILI' },
];

/** The merchant's wallet mode, written the way an operator's settings change would leave the row. */
async function setWalletMode(singleWallet: boolean, vendors = VENDORS): Promise<void> {
  await getCashierSettings(f.db, f.merchantId);
  await f.db
    .updateTable('cashier_settings')
    .set({ single_wallet: singleWallet, transfer_vendors: JSON.stringify(vendors) })
    .where('merchant_id', '=', f.merchantId)
    .execute();
}

let members = 0;
/** A registered, logged-in player with `mainMinor` on the main wallet. */
async function player(mainMinor = 0n, extra: Record<string, unknown> = {}) {
  members += 1;
  const username = `xfer${members}${Math.random().toString(36).slice(2, 6)}`;
  const { session } = await registerUser(t, username, extra);
  const member = (await findMemberByAccount(f.db, f.merchantId, username))!;
  const main = await memberAccountId(f.db, member.id, f.merchantId, 'main', f.currency);
  if (mainMinor > 0n) await fund(f, main, mainMinor);
  return { token: session.token, id: member.id, account: username, main };
}

/** Each wallet's balance by kind, as the member's balance endpoint reports it. */
async function wallets(token: string): Promise<Record<string, number>> {
  const r = await call(t, { method: 'GET', url: '/wps/v2/wallets/balance', token });
  return Object.fromEntries(
    (r.value.wallets as { kind: string; balanceMinor: number }[]).map((w) => [w.kind, w.balanceMinor]),
  );
}

const move = (token: string, payload: Record<string, unknown>) =>
  call(t, {
    method: 'POST',
    url: '/wps/v2/wallets/transfer',
    token,
    payload: { idempotencyKey: key(), ...payload },
  });

describe('merchant wallet mode', () => {
  test('a new merchant is single-wallet with no game wallets; transfer mode lists each vendor with games on the site', async () => {
    const { token } = await player();
    await setWalletMode(true);
    const single = await call(t, { method: 'GET', url: '/wps/v2/wallets/merchant', token });
    expect([single.status, merchantWalletInfo.parse(single.value)]).toEqual([
      200,
      { isSingle: true, gameWallets: [] },
    ]);
    // Only vendors whose games the site shows get a wallet: the reference vendor, not pg or jili.
    await setWalletMode(false, [...VENDORS, { vendor: 'sorte-ref', name: 'Sorte Reference' }]);
    const multi = await call(t, { method: 'GET', url: '/wps/v2/wallets/merchant', token });
    expect(multi.value).toEqual({
      isSingle: false,
      gameWallets: [{ kind: 'game:sorte-ref', vendor: 'sorte-ref', name: 'Sorte Reference' }],
    });
    // Switched off for the merchant, its games vanish and so does its wallet.
    const switchOff = (enabled: boolean) =>
      f.db
        .updateTable('merchant_game_vendors')
        .set({ enabled })
        .where('merchant_id', '=', f.merchantId)
        .where('vendor', '=', 'sorte-ref')
        .execute();
    await switchOff(false);
    try {
      const none = await call(t, { method: 'GET', url: '/wps/v2/wallets/merchant', token });
      expect(none.value).toEqual({ isSingle: false, gameWallets: [] });
    } finally {
      await switchOff(true);
    }
  });

  test('without a token the mode is refused', async () => {
    const r = await call(t, { method: 'GET', url: '/wps/v2/wallets/merchant' });
    expect([r.status, r.code]).toEqual([401, 'UNAUTHENTICATED']);
  });
});

describe('main ↔ game wallet transfers', () => {
  beforeEach(() => setWalletMode(false));

  test('money goes to a game wallet and back; each answer carries the new balances', async () => {
    const p = await player(10_000n);
    const out = await move(p.token, { from: 'main', to: 'game:pg', amountMinor: 3_000 });
    expect(out.status).toBe(200);
    const value = walletBalanceResponse.parse(out.value);
    expect(value.sumBalance).toBe(10_000);
    expect(value.wallets.find((w) => w.kind === 'main')?.balanceMinor).toBe(7_000);
    expect(value.wallets.find((w) => w.kind === 'game:pg')?.balanceMinor).toBe(3_000);
    const back = await move(p.token, { from: 'game:pg', to: 'main', amountMinor: 1_000 });
    expect(back.status).toBe(200);
    expect(await wallets(p.token)).toEqual({ main: 8_000, bonus: 0, 'game:pg': 2_000 });
    const records = await f.db
      .selectFrom('ledger_transfers')
      .select(['code', 'amount_minor'])
      .where('idempotency_key', 'like', `wallet-transfer:${p.id}:%`)
      .orderBy('id')
      .execute();
    expect(records).toEqual([
      { code: 'transfer', amount_minor: 3_000n },
      { code: 'transfer', amount_minor: 1_000n },
    ]);
  });

  test.each([
    ['main', 'main'],
    ['game:pg', 'game:jili'],
    ['main', 'game:unknown'],
    ['game:unknown', 'main'],
  ])('%s → %s is WALLET_TRANSFER_INVALID and moves nothing', async (from, to) => {
    const p = await player(5_000n);
    const r = await move(p.token, { from, to, amountMinor: 100 });
    expect([r.status, r.code]).toEqual([400, 'WALLET_TRANSFER_INVALID']);
    expect(await wallets(p.token)).toEqual({ main: 5_000, bonus: 0 });
  });

  test('a wallet that is not main or a game wallet is a validation error', async () => {
    const p = await player(5_000n);
    const r = await move(p.token, { from: 'main', to: 'bonus', amountMinor: 100 });
    expect([r.status, r.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  test('a single-wallet merchant refuses transfers with WALLET_SINGLE_MODE', async () => {
    const p = await player(5_000n);
    await setWalletMode(true);
    const r = await move(p.token, { from: 'main', to: 'game:pg', amountMinor: 100 });
    expect([r.status, r.code]).toEqual([409, 'WALLET_SINGLE_MODE']);
    expect(await wallets(p.token)).toEqual({ main: 5_000, bonus: 0 });
  });

  test('more than the wallet holds is WALLET_INSUFFICIENT_FUNDS and moves nothing', async () => {
    const p = await player(1_000n);
    const r = await move(p.token, { from: 'main', to: 'game:pg', amountMinor: 1_001 });
    expect([r.status, r.code]).toEqual([409, 'WALLET_INSUFFICIENT_FUNDS']);
    const empty = await move(p.token, { from: 'game:jili', to: 'main', amountMinor: 1 });
    expect([empty.status, empty.code]).toEqual([409, 'WALLET_INSUFFICIENT_FUNDS']);
    expect((await wallets(p.token)).main).toBe(1_000);
  });

  test('one key sent 50 times at once moves the money once, and every reply is the same', async () => {
    const p = await player(10_000n);
    const payload = { from: 'main', to: 'game:pg', amountMinor: 2_500, idempotencyKey: key('same') };
    const replies = await Promise.all(Array.from({ length: 50 }, () => move(p.token, payload)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(new Set(replies.map((r) => JSON.stringify(r.value))).size).toBe(1);
    expect(await wallets(p.token)).toEqual({ main: 7_500, bonus: 0, 'game:pg': 2_500 });
    // The same key with another amount is not a retry: it is refused, and moves nothing either.
    const reused = await move(p.token, { ...payload, amountMinor: 100 });
    expect([reused.status, reused.code]).toEqual([409, 'LEDGER_IDEMPOTENCY_CONFLICT']);
  });

  test("two members' identical keys are independent requests", async () => {
    const a = await player(1_000n);
    const b = await player(1_000n);
    const idempotencyKey = key('shared');
    await move(a.token, { from: 'main', to: 'game:pg', amountMinor: 400, idempotencyKey });
    const r = await move(b.token, { from: 'main', to: 'game:pg', amountMinor: 400, idempotencyKey });
    expect(r.status).toBe(200);
    expect(await wallets(b.token)).toEqual({ main: 600, bonus: 0, 'game:pg': 400 });
  });
});

describe('recall', () => {
  beforeEach(() => setWalletMode(false));
  const recall = (token: string, idempotencyKey = key('recall')) =>
    call(t, { method: 'POST', url: '/wps/v2/wallets/recall', token, payload: { idempotencyKey } });

  test('every game wallet comes back to main, held money stays; a retry moves nothing more', async () => {
    const p = await player(10_000n);
    await move(p.token, { from: 'main', to: 'game:pg', amountMinor: 3_000 });
    await move(p.token, { from: 'main', to: 'game:jili', amountMinor: 2_000 });
    // An open bet-like hold on the PG wallet: only its spendable part may come back.
    const pg = await memberAccountId(f.db, p.id, f.merchantId, 'game:pg', f.currency);
    const clearing = await systemAccountId(f.db, f.merchantId, 'provider_clearing', f.currency);
    await hold(f.db, {
      merchantId: f.merchantId,
      idempotencyKey: key('hold'),
      code: 'bet',
      debitAccountId: pg,
      creditAccountId: clearing,
      amountMinor: 500n,
      currency: f.currency,
    });
    const idempotencyKey = key('recall');
    const r = await recall(p.token, idempotencyKey);
    expect(r.status).toBe(200);
    expect(r.value.wallets).toEqual([
      { kind: 'main', balanceMinor: 9_500, pendingMinor: 0 },
      { kind: 'bonus', balanceMinor: 0, pendingMinor: 0 },
      { kind: 'game:jili', balanceMinor: 0, pendingMinor: 0 },
      { kind: 'game:pg', balanceMinor: 500, pendingMinor: 500 },
    ]);
    // Money that arrives later is not swept by a replay of the old request.
    await move(p.token, { from: 'main', to: 'game:jili', amountMinor: 700 });
    const again = await recall(p.token, idempotencyKey);
    expect(again.status).toBe(200);
    expect(await wallets(p.token)).toEqual({ main: 8_800, bonus: 0, 'game:jili': 700, 'game:pg': 500 });
    const fresh = await recall(p.token);
    expect(fresh.status).toBe(200);
    expect((await wallets(p.token))['game:jili']).toBe(0);
  });

  test('a member with nothing in game wallets gets the unchanged balances', async () => {
    const p = await player(1_000n);
    const r = await recall(p.token);
    expect(r.status).toBe(200);
    expect(r.value.sumBalance).toBe(1_000);
  });

  test('money in the wallet of a vendor the merchant has since removed still comes home', async () => {
    const p = await player(1_000n);
    await move(p.token, { from: 'main', to: 'game:pg', amountMinor: 400 });
    await setWalletMode(
      false,
      VENDORS.filter((v) => v.vendor !== 'pg'),
    );
    const r = await recall(p.token);
    expect(r.status).toBe(200);
    expect(await wallets(p.token)).toEqual({ main: 1_000, bonus: 0, 'game:pg': 0 });
  });

  test('a merchant that switched to single wallet still lets members bring money home', async () => {
    const p = await player(1_000n);
    await move(p.token, { from: 'main', to: 'game:pg', amountMinor: 600 });
    await setWalletMode(true);
    const r = await recall(p.token);
    expect(r.status).toBe(200);
    expect(await wallets(p.token)).toEqual({ main: 1_000, bonus: 0, 'game:pg': 0 });
  });
});

describe('consolidated funds', () => {
  beforeEach(() => setWalletMode(false));

  /** Cashier orders as the deposit and withdrawal services leave them, written directly. */
  async function orders(memberId: string) {
    const channel = await f.db
      .insertInto('payment_channels')
      .values({
        merchant_id: f.merchantId,
        name: 'PIX',
        type: 'manual_pix',
        currency: f.currency,
        min_minor: 100n,
        max_minor: 1_000_000n,
        quick_amounts_minor: '[]',
        account: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const deposit = (amount: bigint, status: 'approved' | 'pending' | 'rejected') =>
      f.db
        .insertInto('deposits')
        .values({
          merchant_id: f.merchantId,
          member_id: memberId,
          order_no: key('D'),
          idempotency_key: key(),
          channel_id: channel.id,
          amount_minor: amount,
          currency: f.currency,
          status,
        })
        .execute();
    await deposit(10_000n, 'approved');
    await deposit(4_000n, 'approved');
    await deposit(9_999n, 'pending');
    await deposit(9_999n, 'rejected');
    const payout = await f.db
      .insertInto('payout_accounts')
      .values({
        merchant_id: f.merchantId,
        member_id: memberId,
        type: 'pix',
        pix_key_type: 'random',
        pix_key: 'abc',
        holder_name: 'Test Player',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const withdrawal = (amount: bigint, status: 'approved' | 'received' | 'pending' | 'rejected') =>
      f.db
        .insertInto('withdrawals')
        .values({
          merchant_id: f.merchantId,
          member_id: memberId,
          order_no: key('W'),
          idempotency_key: key(),
          payout_account_id: payout.id,
          amount_minor: amount,
          currency: f.currency,
          status,
          hold_transfer_id: 0n,
        })
        .execute();
    await withdrawal(2_000n, 'approved');
    await withdrawal(1_000n, 'received');
    await withdrawal(777n, 'pending');
    await withdrawal(888n, 'rejected');
  }

  test('each wallet, holds, cash in and out and the turnover still due add up', async () => {
    const p = await player(14_000n);
    await orders(p.id);
    await move(p.token, { from: 'main', to: 'game:pg', amountMinor: 3_000 });
    const bonus = await memberAccountId(f.db, p.id, f.merchantId, 'bonus', f.currency);
    await fund(f, bonus, 500n);
    const commission = await memberAccountId(f.db, p.id, f.merchantId, 'commission', f.currency);
    await fund(f, commission, 250n);
    const clearing = await systemAccountId(f.db, f.merchantId, 'payment_clearing', f.currency);
    await hold(f.db, {
      merchantId: f.merchantId,
      idempotencyKey: key('wd'),
      code: 'withdrawal',
      debitAccountId: p.main,
      creditAccountId: clearing,
      amountMinor: 777n,
      currency: f.currency,
    });
    await addTurnoverRequirement(f.db, {
      merchantId: f.merchantId,
      memberId: p.id,
      source: 'deposit',
      sourceId: key(),
      requiredMinor: 10_000n,
    });
    await transfer(f.db, {
      merchantId: f.merchantId,
      idempotencyKey: key('bet'),
      code: 'bet',
      debitAccountId: p.main,
      creditAccountId: await systemAccountId(f.db, f.merchantId, 'house', f.currency),
      amountMinor: 4_000n,
      currency: f.currency,
    });
    const r = await call(t, {
      method: 'GET',
      url: '/wps/member/info/funds/consolidated?dailysalreqtype=1&divtypereq=2',
      token: p.token,
    });
    expect(r.status).toBe(200);
    expect(fundsConsolidated.parse(r.value)).toEqual({
      currency: 'BRL',
      mainMinor: 7_000,
      bonusMinor: 500,
      gameWalletsMinor: 3_000,
      commissionMinor: 250,
      pendingMinor: 777,
      totalMinor: 7_000 + 500 + 3_000 + 250 - 777,
      totalDepositedMinor: 14_000,
      totalWithdrawnMinor: 3_000,
      turnoverRemainingMinor: 6_000,
      // The contract flags of the query ask for the pending contract requests of their types.
      pendingContractRequests: { daily: 0, dividend: 0 },
    });
  });

  test('a new member sees zeros; a flag that is too long is a validation error', async () => {
    const p = await player();
    const r = await call(t, { method: 'GET', url: '/wps/member/info/funds/consolidated', token: p.token });
    expect(r.status).toBe(200);
    expect(Object.values(r.value).filter((v) => v !== 0)).toEqual(['BRL']);
    const bad = await call(t, {
      method: 'GET',
      url: `/wps/member/info/funds/consolidated?divtypereq=${'x'.repeat(11)}`,
      token: p.token,
    });
    expect([bad.status, bad.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('along the agent tree', () => {
  const PASSWORD = '246810';
  let agents = 0;

  /** Makes a registered player an agent (type 1 or 2) with an invitation code others can sign up with. */
  async function promote(p: { id: string }, type = 1): Promise<string> {
    agents += 1;
    const code = `AG${agents}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    await f.db.updateTable('members').set({ type, affiliate_code: code }).where('id', '=', p.id).execute();
    return code;
  }

  async function setPassword(p: { id: string }): Promise<void> {
    const hash = await hashPassword(PASSWORD);
    await f.db.updateTable('members').set({ payment_password_hash: hash }).where('id', '=', p.id).execute();
  }

  /** An agent with a direct member, a sub-agent, and a member under the sub-agent; each has money. */
  async function tree() {
    const agent = await player(10_000n);
    const code = await promote(agent);
    const member = await player(5_000n, { affiliateCode: code });
    const sub = await player(5_000n, { affiliateCode: code });
    const subCode = await promote(sub, 2);
    const deep = await player(5_000n, { affiliateCode: subCode });
    for (const p of [agent, member, sub, deep]) await setPassword(p);
    return { agent, member, sub, deep };
  }

  const main = async (p: { main: bigint }) =>
    (
      await f.db
        .selectFrom('ledger_accounts')
        .select('balance_minor')
        .where('id', '=', p.main)
        .executeTakeFirstOrThrow()
    ).balance_minor;

  const toUpline = (token: string, payload: Record<string, unknown>) =>
    call(t, {
      method: 'POST',
      url: '/wps/member/transfer/upline',
      token,
      payload: { withdrawalPassword: PASSWORD, idempotencyKey: key('up'), ...payload },
    });
  const toDownline = (token: string, payload: Record<string, unknown>) =>
    call(t, {
      method: 'POST',
      url: '/wps/agent/transfer/downline',
      token,
      payload: { withdrawalPassword: PASSWORD, idempotencyKey: key('down'), ...payload },
    });

  test('the upline page tells a member whether, to whom and how much they may send', async () => {
    const { agent, member } = await tree();
    const info = await call(t, { method: 'GET', url: '/wps/member/transfer/upline', token: member.token });
    expect(info.value).toEqual({
      allowed: true,
      uplineAccount: agent.account,
      availableMinor: 5_000,
      hasWithdrawalPassword: true,
    });
    const loner = await player(100n);
    const none = await call(t, { method: 'GET', url: '/wps/member/transfer/upline', token: loner.token });
    expect(none.value).toEqual({
      allowed: false,
      uplineAccount: null,
      availableMinor: 100,
      hasWithdrawalPassword: false,
    });
  });

  test('a member sends to the upline agent once per key, and both members hear of it', async () => {
    const { agent, member } = await tree();
    const changed: BalanceChange[] = [];
    const stop = onMemberBalancesChanged(
      t.ctx.db,
      (c) => changed.push(c),
      () => {},
    );
    try {
      const idempotencyKey = key('up');
      // Retries one after another: the password check counts attempts before verifying (so parallel
      // guesses cannot race it), which makes parallel retries of one request look like guessing.
      const replies = [];
      for (let i = 0; i < 3; i += 1)
        replies.push(await toUpline(member.token, { amountMinor: 1_200, idempotencyKey }));
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(new Set(replies.map((r) => JSON.stringify(r.value))).size).toBe(1);
      expect(replies[0]!.value.balanceMinor).toBe(3_800);
      expect([await main(member), await main(agent)]).toEqual([3_800n, 11_200n]);
      const record = await f.db
        .selectFrom('ledger_transfers')
        .select(['code', 'metadata'])
        .where('idempotency_key', '=', `upline-transfer:${member.id}:${idempotencyKey}`)
        .executeTakeFirstOrThrow();
      expect(record).toEqual({
        code: 'transfer',
        metadata: { direction: 'upline', from: member.account, to: agent.account },
      });
      await expect
        .poll(() => changed.flatMap((c) => c.memberIds))
        .toEqual(expect.arrayContaining([member.id, agent.id]));
    } finally {
      stop();
    }
  });

  test('50 copies of one transfer at once, up or down the tree, answer the first and move the money once', async () => {
    const { agent, member, sub } = await tree();
    const burst = (p: { main: bigint }, moved: bigint) => ({ db: t.ctx.db, balance: () => main(p), moved });
    const up = { amountMinor: 1_200, idempotencyKey: key('up-burst') };
    const first = await expectIdempotentBurst(() => toUpline(member.token, up), burst(member, -1_200n));
    expect(first.status).toBe(200);
    const down = { account: sub.account, amountMinor: 700, idempotencyKey: key('down-burst') };
    expect((await expectIdempotentBurst(() => toDownline(agent.token, down), burst(sub, 700n))).status).toBe(
      200,
    );
    expect(await main(agent)).toBe(10_000n + 1_200n - 700n);
  });

  test('a member without an upline agent is refused with WALLET_NO_UPLINE', async () => {
    const loner = await player(1_000n);
    await setPassword(loner);
    const r = await toUpline(loner.token, { amountMinor: 100 });
    expect([r.status, r.code]).toEqual([403, 'WALLET_NO_UPLINE']);
    expect(await main(loner)).toBe(1_000n);
  });

  test('a wrong or missing withdrawal password moves nothing; so does more than the wallet holds', async () => {
    const { agent, member } = await tree();
    const wrong = await toUpline(member.token, { amountMinor: 100, withdrawalPassword: '000000' });
    expect([wrong.status, wrong.code]).toEqual([400, 'CASHIER_WITHDRAWAL_PASSWORD_WRONG']);
    await f.db
      .updateTable('members')
      .set({ payment_password_hash: null })
      .where('id', '=', member.id)
      .execute();
    const unset = await toUpline(member.token, { amountMinor: 100 });
    expect([unset.status, unset.code]).toEqual([422, 'CASHIER_WITHDRAWAL_PASSWORD_REQUIRED']);
    await setPassword(member);
    const tooMuch = await toUpline(member.token, { amountMinor: 5_001 });
    expect([tooMuch.status, tooMuch.code]).toEqual([409, 'WALLET_INSUFFICIENT_FUNDS']);
    expect([await main(member), await main(agent)]).toEqual([5_000n, 10_000n]);
  });

  test('an agent sends to a direct member once per key, and not to one deeper down', async () => {
    const { agent, member, deep } = await tree();
    const idempotencyKey = key('down');
    const first = await toDownline(agent.token, {
      account: member.account,
      amountMinor: 700,
      idempotencyKey,
    });
    const again = await toDownline(agent.token, {
      account: member.account,
      amountMinor: 700,
      idempotencyKey,
    });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.value).toEqual(first.value);
    // The account is matched the way login matches it: case does not matter.
    const upper = await toDownline(agent.token, { account: member.account.toUpperCase(), amountMinor: 300 });
    expect([upper.status, upper.value.balanceMinor]).toEqual([200, 9_000]);
    // Direct downline only: a sub-agent's member is answered like any account outside the team.
    const deeper = await toDownline(agent.token, { account: deep.account, amountMinor: 300 });
    expect([deeper.status, deeper.code]).toEqual([404, 'WALLET_NOT_DOWNLINE']);
    expect([await main(agent), await main(member), await main(deep)]).toEqual([9_000n, 6_000n, 5_000n]);
  });

  test('outside the downline, unknown, oneself and the upline all get the same WALLET_NOT_DOWNLINE', async () => {
    const { agent, sub } = await tree();
    const other = await tree();
    const answers = await Promise.all([
      toDownline(agent.token, { account: other.member.account, amountMinor: 100 }),
      toDownline(agent.token, { account: 'nobody-here', amountMinor: 100 }),
      toDownline(agent.token, { account: agent.account, amountMinor: 100 }),
      toDownline(sub.token, { account: agent.account, amountMinor: 100 }),
    ]);
    for (const r of answers)
      expect([r.status, r.code, r.details]).toEqual([404, 'WALLET_NOT_DOWNLINE', undefined]);
    expect([await main(agent), await main(sub), await main(other.member)]).toEqual([10_000n, 5_000n, 5_000n]);
  });

  test('a disabled member of the downline is answered like one outside it, and gets nothing', async () => {
    const { agent, member } = await tree();
    await f.db
      .updateTable('members')
      .set({ status: 'disabled' })
      .where('account', '=', member.account)
      .execute();
    const r = await toDownline(agent.token, { account: member.account, amountMinor: 100 });
    expect([r.status, r.code]).toEqual([404, 'WALLET_NOT_DOWNLINE']);
    expect(await main(agent)).toBe(10_000n);
  });

  test('a member who is not an agent is refused with AUTH_NOT_AGENT', async () => {
    const { member, deep } = await tree();
    const r = await toDownline(member.token, { account: deep.account, amountMinor: 100 });
    expect([r.status, r.code]).toEqual([403, 'AUTH_NOT_AGENT']);
    expect(await main(member)).toBe(5_000n);
  });

  test("an agent's wrong withdrawal password moves nothing to the downline", async () => {
    const { agent, member } = await tree();
    const r = await toDownline(agent.token, {
      account: member.account,
      amountMinor: 100,
      withdrawalPassword: '135791',
    });
    expect([r.status, r.code]).toEqual([400, 'CASHIER_WITHDRAWAL_PASSWORD_WRONG']);
    expect([await main(agent), await main(member)]).toEqual([10_000n, 5_000n]);
  });
});
