import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { expectIdempotentBurst } from '../../../test/idempotent-burst.ts';
import { call, createAuthTestApp, registerUser } from '../auth/auth.test-helpers.ts';
import { hashPassword } from '../auth/index.ts';
import { memberAccountId } from '../ledger/index.ts';
import { expectVerified, type Fixture, fixture, fund, key } from '../ledger/ledger.test-helpers.ts';
import { findMemberByAccount } from '../members/index.ts';

/**
 * Team Management's "transfer to a downline" (issue 15): POST /wps/agent/transfer/downline under
 * load — many transfers from one agent at once never overdraw it, copies of one key move the money
 * once — and the transfer in the agent's Transaction Details and both members' account records.
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL set.
 */
let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createAuthTestApp({ USERNAMEREG3: true, agentCentre: true });
  f = await fixture(t);
});
afterAll(() => t.close());
afterEach(() => expectVerified(t.ctx.db));

const PASSWORD = '246810';
let made = 0;

async function member(mainMinor: bigint, extra: Record<string, unknown> = {}) {
  made += 1;
  const account = `tt${made}${Math.random().toString(36).slice(2, 7)}`;
  const { session } = await registerUser(t, account, extra);
  const row = (await findMemberByAccount(f.db, f.merchantId, account))!;
  const main = await memberAccountId(f.db, row.id, f.merchantId, 'main', f.currency);
  if (mainMinor > 0n) await fund(f, main, mainMinor);
  const hash = await hashPassword(PASSWORD);
  await f.db.updateTable('members').set({ payment_password_hash: hash }).where('id', '=', row.id).execute();
  return { token: session.token, id: row.id, account, main };
}

/** An agent holding `agentMinor` with `directs` direct players. */
async function team(agentMinor: bigint, directs: number) {
  const agent = await member(agentMinor);
  const code = `TT${made}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  await f.db
    .updateTable('members')
    .set({ type: 1, affiliate_code: code })
    .where('id', '=', agent.id)
    .execute();
  const members = [];
  for (let i = 0; i < directs; i += 1) members.push(await member(0n, { affiliateCode: code }));
  return { agent, members };
}

const balance = async (p: { main: bigint }) =>
  (
    await f.db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('id', '=', p.main)
      .executeTakeFirstOrThrow()
  ).balance_minor;

const send = (token: string, payload: Record<string, unknown>) =>
  call(t, {
    method: 'POST',
    url: '/wps/agent/transfer/downline',
    token,
    payload: { withdrawalPassword: PASSWORD, idempotencyKey: key('team-xfer'), ...payload },
  });

describe('transfer to a downline (Team Management)', () => {
  test('40 transfers at once from one agent never overdraw it: the ones that fit pass, the rest are refused', async () => {
    const { agent, members } = await team(10_000n, 4);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send(agent.token, { account: members[i % 4]!.account, amountMinor: 300 }),
      ),
    );
    const passed = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status !== 200);
    // 10,000 holds 33 transfers of 300; the 7 that do not fit are refused, none with a 5xx.
    expect(passed).toBe(33);
    expect(new Set(refused.map((a) => `${a.status} ${a.code}`))).toEqual(
      new Set(['409 WALLET_INSUFFICIENT_FUNDS']),
    );
    expect(await balance(agent)).toBe(100n);
    const received = await Promise.all(members.map(balance));
    expect(received.reduce((s, b) => s + b, 0n)).toBe(9_900n);
  });

  test('30 copies of one idempotency key move the money once', async () => {
    const { agent, members } = await team(5_000n, 1);
    const payload = { account: members[0]!.account, amountMinor: 1_250, idempotencyKey: key('copies') };
    const first = await expectIdempotentBurst(() => send(agent.token, payload), {
      db: t.ctx.db,
      balance: () => balance(members[0]!),
      moved: 1_250n,
      copies: 30,
    });
    expect(first.status).toBe(200);
    expect(await balance(agent)).toBe(3_750n);
  });

  test("listed in the agent's Transaction Details and in both members' account records", async () => {
    const { agent, members } = await team(5_000n, 1);
    const to = members[0]!;
    expect((await send(agent.token, { account: to.account, amountMinor: 800 })).status).toBe(200);
    const details = await call(t, { method: 'GET', url: '/wps/agent/transactions', token: agent.token });
    expect(details.value.list).toEqual([
      expect.objectContaining({ direction: 'out', counterparty: to.account, amountMinor: 800 }),
    ]);
    for (const [who, signed] of [
      [agent, -800],
      [to, 800],
    ] as const) {
      const records = await call(t, {
        method: 'GET',
        url: '/wps/member/transaction/history',
        token: who.token,
      });
      expect(records.value.list).toContainEqual(
        expect.objectContaining({ type: expect.any(String), wallet: 'main', amountMinor: signed }),
      );
    }
  });
});
