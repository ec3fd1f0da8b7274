import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { BASE_FLAGS, call, OPERATOR_KEY, registerUser, setFlags } from '../auth/auth.test-helpers.ts';
import { insertChannel } from './channels.repository.ts';

/** Helpers shared by the deposit and gateway tests (imported by *.test.ts only). */

export async function createCashierTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({ OPERATOR_API_KEY: OPERATOR_KEY, SANDBOX_CALLBACK_DELAY_MS: '0', ...env });
  await setFlags(t, BASE_FLAGS);
  return t;
}

let players = 0;

/** A freshly registered, signed-in real player: their token and member id. */
export async function newPlayer(t: TestApp): Promise<{ token: string; memberId: string; account: string }> {
  players += 1;
  const username = `payer${players}${Math.random().toString(36).slice(2, 7)}`;
  const { session, account } = await registerUser(t, username);
  const member = await t.ctx.db
    .selectFrom('members')
    .select('id')
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  return { token: session.token, memberId: member.id, account };
}

/** The demo channel with this name, as the player sees it. */
export async function channelNamed(t: TestApp, token: string, name: string) {
  const r = await call(t, { method: 'GET', url: '/wps/cashier/channels', token });
  const channel = (r.value as { id: string; name: string }[]).find((c) => c.name === name);
  if (!channel) throw new Error(`no channel ${name}`);
  return channel as { id: string; name: string; minMinor: number; maxMinor: number };
}

/**
 * A channel made for one test, straight in the table (the operator API has its own tests): a manual
 * PIX channel of 10 to 1,000 BRL unless the overrides say otherwise.
 */
export function testChannel(
  t: TestApp,
  merchantId: string,
  overrides: Partial<Parameters<typeof insertChannel>[1]> = {},
) {
  return insertChannel(t.ctx.db, {
    merchant_id: merchantId,
    name: `Test ${randomUUID().slice(0, 8)}`,
    type: 'manual_pix',
    gateway: null,
    gateway_secret: null,
    currency: 'BRL',
    min_minor: 1_000n,
    max_minor: 100_000n,
    quick_amounts_minor: '[]',
    account: JSON.stringify({ pixKey: 'caixa@example.com', pixKeyType: 'email' }),
    ...overrides,
  });
}

export const SANDBOX = 'PIX instantâneo';
export const MANUAL_PIX = 'PIX manual';

export function deposit(
  t: TestApp,
  token: string,
  body: { channelId: string; amountMinor: number; reference?: string; idempotencyKey?: string },
) {
  return call(t, {
    method: 'POST',
    url: '/wps/cashier/deposit',
    token,
    payload: { idempotencyKey: randomUUID(), ...body },
  });
}

/** The member's main wallet balance in minor units, as the balance endpoint reports it. */
export async function mainBalance(t: TestApp, token: string): Promise<number> {
  const r = await call(t, { method: 'GET', url: '/wps/v2/wallets/balance', token });
  const main = (r.value.wallets as { kind: string; balanceMinor: number }[]).find((w) => w.kind === 'main');
  return main?.balanceMinor ?? 0;
}

export async function depositStatus(t: TestApp, token: string, id: string): Promise<string> {
  const r = await call(t, { method: 'GET', url: `/wps/cashier/deposits/${id}`, token });
  return r.value.status;
}

/** Polls until the predicate holds (asynchronous gateway callbacks), failing after `ms`. */
export async function eventually(predicate: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
