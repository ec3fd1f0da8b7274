import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BASE_FLAGS, validRegistration } from '../src/modules/auth/auth.test-helpers.ts';
import { verifyLedger } from '../src/modules/ledger/index.ts';
import { signBody } from '../src/modules/wallet/gateway.adapters.ts';
import { createTestDatabase, type TestDatabase } from './harness.ts';

/**
 * A server killed with SIGKILL in the middle of deposit, withdrawal and wallet-transfer load: the
 * ledger must verify straight after the kill and after the restart; every request the server
 * answered must be in the database; every request is either fully applied or not at all; and
 * replaying the requests that got no answer, with their idempotency keys, completes each one once.
 *
 * PostgreSQL only: the embedded PGlite is one process's database and never fsyncs (ARCHITECTURE §1),
 * so "killed mid-write" is not a state it promises to survive.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const OPERATOR_KEY = 'crash-operator-key-0123456789';
const PLAYERS = 12;
const onPostgres = Boolean(process.env.DATABASE_URL);

interface Player {
  token: string;
  memberId: string;
  payoutAccountId: string;
}
type Op =
  | { kind: 'deposit'; player: Player; amountMinor: number; key: string }
  | { kind: 'withdraw'; player: Player; amountMinor: number; key: string }
  | { kind: 'transfer'; player: Player; amountMinor: number; key: string; from: string; to: string };
interface Sent {
  op: Op;
  /** The envelope the server answered with, or null when the connection died first. */
  answer: { status: number; success: boolean; code?: string; value?: { id?: string } } | null;
}

let database: TestDatabase;
let server: { child: ChildProcess; url: string } | null = null;

beforeAll(async () => {
  if (onPostgres) database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  server?.child.kill('SIGKILL');
  if (onPostgres) await database.close();
});

async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  // Below Linux's ephemeral range (32768–60999), where outgoing connections take their local ports.
  const port = 20_000 + 2 * Math.floor(Math.random() * 6_000);
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      REDIS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      OPERATOR_API_KEY: OPERATOR_KEY,
      SANDBOX_CALLBACK_DELAY_MS: '0',
      // Its own reference vendor, and no odds feed: the fixed default ports are shared by parallel files.
      REFERENCE_VENDOR_PORT: String(port + 1),
      REFERENCE_VENDOR_URL: `http://127.0.0.1:${port + 1}`,
      REFERENCE_FEED_PORT: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { child, url };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function api(
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const r = await fetch(`${server!.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { token: init.token } : {}),
      ...init.headers,
    },
    body:
      init.body === undefined
        ? undefined
        : typeof init.body === 'string'
          ? init.body
          : JSON.stringify(init.body),
  });
  const json = (await r.json()) as { success: boolean; code?: string; value?: never };
  return { status: r.status, ...json };
}

async function ok<T>(
  promise: Promise<{ status: number; success: boolean; code?: string; value?: T }>,
): Promise<T> {
  const r = await promise;
  if (!r.success) throw new Error(`${r.status} ${r.code}`);
  return r.value as T;
}

async function newPlayer(i: number): Promise<Player> {
  const username = `crash${i}${randomUUID().slice(0, 6)}`;
  const reg = await ok<{ session: { token: string } }>(
    api('/wps/member/register', {
      method: 'PUT',
      body: validRegistration(username),
    }),
  );
  const token = reg.session.token;
  const member = await database.handle.db
    .selectFrom('members')
    .select('id')
    .where('account', '=', username)
    .executeTakeFirstOrThrow();
  await ok(
    api('/wps/member/withdrawal-password', {
      method: 'POST',
      token,
      body: { newPassword: '135790', confirmPassword: '135790' },
    }),
  );
  const account = await ok<{ id: string }>(
    api('/wps/member/payout-accounts', {
      method: 'POST',
      token,
      body: {
        type: 'pix',
        pixKeyType: 'email',
        pixKey: `${username}@example.com`,
        holderName: 'Maria Crash Teste',
      },
    }),
  );
  return { token, memberId: member.id, payoutAccountId: account.id };
}

/** Plays the gateway's part: a signed success callback for a deposit, as the sandbox would send. */
async function gatewayPays(depositId: string, amountMinor: number): Promise<void> {
  const row = await database.handle.db
    .selectFrom('deposits')
    .innerJoin('payment_channels', 'payment_channels.id', 'deposits.channel_id')
    .select(['payment_channels.gateway_secret', 'deposits.currency'])
    .where('deposits.id', '=', depositId)
    .executeTakeFirstOrThrow();
  const body = JSON.stringify({
    merchantOrderId: depositId,
    gatewayTxnId: `crash-${depositId}`,
    amountMinor,
    currency: row.currency,
    status: 'success',
  });
  await api('/providers/payments/sandbox/callback', {
    method: 'POST',
    body,
    headers: { 'x-signature': signBody(row.gateway_secret!, body) },
  });
}

let sandboxChannelId = '';

async function send(op: Op): Promise<Sent['answer']> {
  const { token } = op.player;
  try {
    if (op.kind === 'deposit') {
      const r = await api('/wps/cashier/deposit', {
        method: 'POST',
        token,
        body: { channelId: sandboxChannelId, amountMinor: op.amountMinor, idempotencyKey: op.key },
      });
      const id = (r.value as { id?: string } | undefined)?.id;
      if (r.success && id) await gatewayPays(id, op.amountMinor);
      return r;
    }
    if (op.kind === 'withdraw')
      return await api('/wps/cashier/withdraw', {
        method: 'POST',
        token,
        body: {
          amountMinor: op.amountMinor,
          payoutAccountId: op.player.payoutAccountId,
          withdrawalPassword: '135790',
          idempotencyKey: op.key,
        },
      });
    return await api('/wps/v2/wallets/transfer', {
      method: 'POST',
      token,
      body: { from: op.from, to: op.to, amountMinor: op.amountMinor, idempotencyKey: op.key },
    });
  } catch {
    return null; // the server died under this request
  }
}

function randomOp(players: Player[], n: number): Op {
  const player = players[n % players.length]!;
  const key = `crash-${n}-${randomUUID()}`;
  const amountMinor = 2_000 + (n % 7) * 500;
  switch (n % 4) {
    case 0:
      return { kind: 'deposit', player, amountMinor, key };
    case 1:
      return { kind: 'withdraw', player, amountMinor, key };
    case 2:
      return { kind: 'transfer', player, amountMinor, key, from: 'main', to: 'game:evo' };
    default:
      return { kind: 'transfer', player, amountMinor: 1_000, key, from: 'game:evo', to: 'main' };
  }
}

async function expectConsistent(sent: Sent[]): Promise<void> {
  const db = database.handle.db;
  const report = await verifyLedger(db);
  expect(report.ok, JSON.stringify(report)).toBe(true);
  // Deposits: approved ⇔ credited once; never credited while pending.
  const deposits = await sql<{ status: string; credited: string }>`
    select d.status, count(t.id)::text as credited from deposits d
    left join ledger_transfers t on t.merchant_id = d.merchant_id and t.code = 'deposit' and t.id = d.ledger_transfer_id
    group by d.id, d.status`.execute(db);
  for (const d of deposits.rows) expect(d.credited).toBe(d.status === 'approved' ? '1' : '0');
  // Withdrawals: every order has its hold, and no withdrawal hold exists without an order.
  const orphanHolds = await sql<{ n: string }>`
    select count(*)::text as n from ledger_transfers t
    where t.code = 'withdrawal' and t.status = 'pending'
      and not exists (select 1 from withdrawals w where w.hold_transfer_id = t.id)`.execute(db);
  expect(orphanHolds.rows[0]!.n).toBe('0');
  const missingHolds = await sql<{ n: string }>`
    select count(*)::text as n from withdrawals w
    where not exists (select 1 from ledger_transfers t where t.id = w.hold_transfer_id and t.amount_minor = w.amount_minor)`.execute(
    db,
  );
  expect(missingHolds.rows[0]!.n).toBe('0');
  // Every answered success is durable.
  for (const { op, answer } of sent) {
    if (!answer?.success) continue;
    if (op.kind === 'deposit') {
      const found = await db
        .selectFrom('deposits')
        .select('id')
        .where('idempotency_key', '=', op.key)
        .executeTakeFirst();
      expect(found, `deposit ${op.key}`).toBeDefined();
    } else if (op.kind === 'withdraw') {
      const found = await db
        .selectFrom('withdrawals')
        .select('id')
        .where('idempotency_key', '=', op.key)
        .executeTakeFirst();
      expect(found, `withdrawal ${op.key}`).toBeDefined();
    } else {
      const found = await db
        .selectFrom('ledger_transfers')
        .select('id')
        .where('code', '=', 'transfer')
        .where('idempotency_key', 'like', `%${op.key}`)
        .executeTakeFirst();
      expect(found, `transfer ${op.key}`).toBeDefined();
    }
  }
}

test.skipIf(!onPostgres)(
  'SIGKILL under deposit/withdraw/transfer load: verify passes, every request applied fully or not at all',
  async () => {
    server = await startServer();
    const flags = await api('/bo/merchants/demo/flags', {
      method: 'PATCH',
      headers: { 'x-operator-key': OPERATOR_KEY },
      body: BASE_FLAGS,
    });
    expect(flags.success).toBe(true);
    const players: Player[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await newPlayer(i));
    const channels = await ok<{ id: string; type: string }[]>(
      api('/wps/cashier/channels', { token: players[0]!.token }),
    );
    sandboxChannelId = channels.find((c) => c.type === 'gateway')!.id;
    // Money to work with before the load: one paid deposit each.
    for (const player of players) {
      const order = await ok<{ id: string }>(
        api('/wps/cashier/deposit', {
          method: 'POST',
          token: player.token,
          body: { channelId: sandboxChannelId, amountMinor: 50_000, idempotencyKey: randomUUID() },
        }),
      );
      await gatewayPays(order.id, 50_000);
    }

    // Load from 16 concurrent clients; the kill lands while they are busy.
    const sent: Sent[] = [];
    let n = 0;
    let killed = false;
    const clients = Array.from({ length: 16 }, async () => {
      while (!killed) {
        const op = randomOp(players, n++);
        sent.push({ op, answer: await send(op) });
      }
    });
    // The kill lands once each kind has succeeded a few times — a count, not a time: on a busy
    // runner 1.5 s of load once gave a single deposit.
    const succeeded = (kind: Op['kind']) =>
      sent.filter((s) => s.op.kind === kind && s.answer?.success).length;
    const loadDeadline = Date.now() + 60_000;
    while (!(['deposit', 'withdraw', 'transfer'] as const).every((kind) => succeeded(kind) > 3)) {
      if (Date.now() > loadDeadline) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const child = server.child;
    killed = true;
    child.kill('SIGKILL');
    await new Promise((r) => (child.exitCode !== null || child.signalCode ? r(null) : child.once('exit', r)));
    await Promise.all(clients);
    // The load really ran (each kind succeeded) and the kill really cut requests off mid-flight.
    for (const kind of ['deposit', 'withdraw', 'transfer'])
      expect(sent.filter((s) => s.op.kind === kind && s.answer?.success).length, kind).toBeGreaterThan(3);
    expect(sent.filter((s) => s.answer === null).length).toBeGreaterThan(0);

    // Straight after the kill, before any restart: the database alone is consistent.
    await expectConsistent(sent);

    server = await startServer();
    await expectConsistent(sent);

    // Requests that got no answer are retried with their keys: each completes once, a second retry changes nothing.
    const unanswered = sent.filter((s) => s.answer === null);
    for (const s of unanswered) s.answer = await send(s.op);
    const balances = async () =>
      Promise.all(
        players.map((p) =>
          api('/wps/v2/wallets/balance', { token: p.token }).then((r) => JSON.stringify(r.value)),
        ),
      );
    const before = await balances();
    for (const s of unanswered) {
      // A deposit's retry also replays the gateway's callback: idempotent by the gateway's id, it credits nothing.
      const again = await send(s.op);
      expect(again?.success).toBe(s.answer?.success);
    }
    expect(await balances()).toEqual(before);
    await expectConsistent(sent);
  },
  180_000,
);
