import { type TransactionRecord, transactionHistoryResponse } from '@sorte/contracts';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { createAuthTestApp, registerUser } from '../auth/auth.test-helpers.ts';
import { findMemberByAccount } from '../members/index.ts';
import {
  hold,
  memberAccountId,
  postHold,
  systemAccountId,
  transfer,
  transferBatch,
  voidHold,
} from './index.ts';
import { expectVerified, type Fixture, fixture, fund, request } from './ledger.test-helpers.ts';

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createAuthTestApp({ USERNAMEREG3: true });
  f = await fixture(t);
});
afterAll(() => t.close());
afterEach(() => expectVerified(t.ctx.db));

/** A registered member with a session, its main and bonus accounts, and the house shard it bets against. */
async function player(username: string) {
  const { session } = await registerUser(t, username);
  const member = await findMemberByAccount(f.db, f.merchantId, username);
  const memberId = member!.id;
  return {
    token: session.token,
    main: await memberAccountId(f.db, memberId, f.merchantId, 'main', f.currency),
    bonus: await memberAccountId(f.db, memberId, f.merchantId, 'bonus', f.currency),
    house: await systemAccountId(f.db, f.merchantId, 'house', f.currency),
    clearing: await systemAccountId(f.db, f.merchantId, 'payment_clearing', f.currency),
  };
}

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { token } : {} });

async function history(token: string, query = '') {
  const r = await get(`/wps/member/transaction/history${query ? `?${query}` : ''}`, token);
  expect(r.statusCode, r.body).toBe(200);
  return transactionHistoryResponse.parse(r.json().value);
}

const brief = (r: TransactionRecord) => [r.type, r.wallet, r.amountMinor, r.balanceAfterMinor, r.status];

test('records come newest first with signed amounts, the balance after each entry, and holds by status', async () => {
  const p = await player('histmix1');
  await transfer(f.db, {
    ...request(f, {
      code: 'adjustment',
      debitAccountId: p.house,
      creditAccountId: p.main,
      amountMinor: 10_000n,
    }),
    metadata: { reason: 'welcome credit', operatorNote: 'internal only' },
  });
  await transfer(f.db, request(f, { debitAccountId: p.main, creditAccountId: p.house, amountMinor: 3_000n }));
  await transfer(
    f.db,
    request(f, { code: 'win', debitAccountId: p.house, creditAccountId: p.main, amountMinor: 500n }),
  );
  const withdrawal = (amountMinor: bigint) =>
    hold(
      f.db,
      request(f, { code: 'withdrawal', debitAccountId: p.main, creditAccountId: p.clearing, amountMinor }),
    );
  const open = await withdrawal(2_000n);
  const rejected = await withdrawal(1_000n);
  await voidHold(f.db, f.merchantId, rejected.id);
  const paid = await withdrawal(1_500n);
  const payment = await postHold(f.db, f.merchantId, paid.id);
  await fund(f, p.bonus, 700n);

  const page = await history(p.token);
  expect(page.list.map(brief)).toEqual([
    ['adjustment', 'bonus', 700, 700, 'posted'],
    ['withdrawal', 'main', -1_500, 6_000, 'posted'],
    ['withdrawal', 'main', -1_000, null, 'voided'],
    ['withdrawal', 'main', -2_000, null, 'pending'],
    ['win', 'main', 500, 7_500, 'posted'],
    ['bet', 'main', -3_000, 7_000, 'posted'],
    ['adjustment', 'main', 10_000, 10_000, 'posted'],
  ]);
  expect([page.total, page.totalPages, page.pageNo, page.pageSize]).toEqual([7, 1, 1, 20]);
  // The posted hold shows once, as its payment; the open and voided holds under their own ids.
  expect(page.list[1]!.reference).toBe(String(payment.id));
  expect(page.list[2]).toMatchObject({ id: `h${rejected.id}`, reference: String(rejected.id) });
  expect(page.list[3]).toMatchObject({ id: `h${open.id}`, currency: 'BRL', reason: null });
  // Only whitelisted metadata, and no idempotency key, ever leaves the server.
  expect(page.list[6]!.reason).toBe('welcome credit');
  expect(JSON.stringify(page)).not.toMatch(/internal only|idempotency|fund-|k-\d/);
  const times = page.list.map((r) => Date.parse(r.time));
  expect([...times].sort((a, b) => b - a)).toEqual(times);

  // The detail answers the same record.
  for (const record of [page.list[0]!, page.list[3]!]) {
    const r = await get(`/wps/member/transaction/detail?id=${record.id}`, p.token);
    expect([r.statusCode, r.json().value]).toEqual([200, record]);
  }
});

test('entries written in one transaction (same timestamp) get the balance after each, in posting order', async () => {
  const p = await player('histbatch1');
  await fund(f, p.main, 1_000n);
  const bets = [100n, 200n, 300n].map((amountMinor) =>
    request(f, { debitAccountId: p.main, creditAccountId: p.house, amountMinor }),
  );
  expect((await transferBatch(f.db, bets)).every((r) => r.ok)).toBe(true);
  const times = await sql<{ n: number }>`select count(distinct e.created_at)::int as n from ledger_entries e
    where e.account_id = ${p.main}::bigint and e.amount_minor < 0`.execute(f.db);
  expect(times.rows[0]!.n).toBe(1);
  const page = await history(p.token);
  expect(page.list.map(brief)).toEqual([
    ['bet', 'main', -300, 400, 'posted'],
    ['bet', 'main', -200, 700, 'posted'],
    ['bet', 'main', -100, 900, 'posted'],
    ['adjustment', 'main', 1_000, 1_000, 'posted'],
  ]);
  // The same figures as an independent running sum over every entry of the account.
  const running = await sql<{ id: string; after: string }>`
    select id::text, sum(amount_minor) over (order by id)::text as after
    from ledger_entries where account_id = ${p.main}::bigint order by id desc`.execute(f.db);
  expect(page.list.map((r) => [r.id, r.balanceAfterMinor])).toEqual(
    running.rows.map((r) => [`e${r.id}`, Number(r.after)]),
  );
});

test('filters by type, wallet and date range (a bare dateTo covers its whole UTC day)', async () => {
  const p = await player('histfilter1');
  await fund(f, p.main, 5_000n);
  await fund(f, p.bonus, 300n);
  await transfer(f.db, request(f, { debitAccountId: p.main, creditAccountId: p.house, amountMinor: 400n }));
  await transfer(
    f.db,
    request(f, { code: 'win', debitAccountId: p.house, creditAccountId: p.main, amountMinor: 900n }),
  );
  // Backdate the first credit (test only: the ledger stamps now()) to noon UTC thirty days ago.
  const day = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const first = await f.db
    .selectFrom('ledger_entries')
    .select(['id', 'transfer_id'])
    .where('account_id', '=', p.main)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const noon = `${day}T12:00:00.000Z`;
  await sql`update ledger_entries set created_at = ${noon}::timestamptz where transfer_id = ${first.transfer_id}::bigint`.execute(
    f.db,
  );

  const bets = await history(p.token, 'type=bet');
  expect(bets.list.map(brief)).toEqual([['bet', 'main', -400, 4_600, 'posted']]);
  const bonus = await history(p.token, 'wallet=bonus');
  expect(bonus.list.map(brief)).toEqual([['adjustment', 'bonus', 300, 300, 'posted']]);
  expect((await history(p.token, 'wallet=game:none')).total).toBe(0);

  const ids = async (q: string) => (await history(p.token, q)).list.map((r) => r.id);
  expect(await ids(`dateFrom=${day}&dateTo=${day}`)).toEqual([`e${first.id}`]);
  expect(await ids(`dateTo=${day}`)).toEqual([`e${first.id}`]);
  expect(await ids(`dateFrom=${day}&dateTo=${encodeURIComponent(noon)}`)).toEqual([`e${first.id}`]);
  expect(await ids(`dateFrom=${day}&dateTo=${day}T11:59:59Z`)).toEqual([]);
  const tomorrow = new Date(Date.parse(noon) + 86_400_000).toISOString().slice(0, 10);
  expect(await ids(`dateFrom=${tomorrow}`)).not.toContain(`e${first.id}`);
  expect((await history(p.token, `dateFrom=${tomorrow}`)).total).toBe(3);
  expect((await history(p.token)).total).toBe(4);
  // The backdated entry keeps its balance: it was still the first to move the account.
  expect((await history(p.token, `dateTo=${day}`)).list[0]!.balanceAfterMinor).toBe(5_000);
});

test('pages are disjoint, stable and add up to the total', async () => {
  const p = await player('histpages1');
  await fund(f, p.main, 10_000n);
  const bets = Array.from({ length: 24 }, (_, i) =>
    request(f, { debitAccountId: p.main, creditAccountId: p.house, amountMinor: BigInt(i + 1) }),
  );
  await transferBatch(f.db, bets);
  const pages = await Promise.all([1, 2, 3].map((n) => history(p.token, `pageNo=${n}&pageSize=10`)));
  expect(pages.map((pg) => [pg.list.length, pg.total, pg.totalPages])).toEqual([
    [10, 25, 3],
    [10, 25, 3],
    [5, 25, 3],
  ]);
  const all = await history(p.token, 'pageSize=100');
  expect(pages.flatMap((pg) => pg.list)).toEqual(all.list);
  expect(all.list.at(-1)!.type).toBe('adjustment');
  expect((await history(p.token, 'pageNo=4&pageSize=10')).list).toEqual([]);
});

test("another member's records are invisible: not listed, and their detail is NOT_FOUND", async () => {
  const a = await player('histmine1');
  const b = await player('histtheirs1');
  await fund(f, a.main, 111n);
  await fund(f, b.main, 222n);
  const theirHold = await hold(
    f.db,
    request(f, { code: 'withdrawal', debitAccountId: b.main, creditAccountId: b.clearing, amountMinor: 22n }),
  );
  const mine = await history(a.token);
  expect(mine.list.map((r) => r.amountMinor)).toEqual([111]);
  const theirs = await history(b.token);
  expect(theirs.list.map((r) => r.amountMinor)).toEqual([-22, 222]);
  for (const id of [...theirs.list.map((r) => r.id), `h${theirHold.id}`, 'e999999999']) {
    const r = await get(`/wps/member/transaction/detail?id=${id}`, a.token);
    expect([r.statusCode, r.json().code]).toEqual([404, 'NOT_FOUND']);
  }
});

test('bad queries are VALIDATION_FAILED and a missing token is UNAUTHENTICATED', async () => {
  const p = await player('histbad1');
  for (const q of [
    'pageSize=100000',
    'pageNo=0',
    'dateFrom=garbage',
    'dateFrom=2026-02-30',
    'type=lottery',
    'wallet=Main!',
    'dateFrom=2026-03-02&dateTo=2026-03-01',
    'dateFrom=2024-01-01&dateTo=2026-01-01',
  ]) {
    const r = await get(`/wps/member/transaction/history?${q}`, p.token);
    expect([q, r.statusCode, r.json().code]).toEqual([q, 400, 'VALIDATION_FAILED']);
  }
  for (const q of ['', 'id=abc', 'id=e0', 'id=x12', `id=e${'9'.repeat(30)}`]) {
    const r = await get(`/wps/member/transaction/detail?${q}`, p.token);
    expect([q, r.statusCode, r.json().code]).toEqual([q, 400, 'VALIDATION_FAILED']);
  }
  for (const url of ['/wps/member/transaction/history', '/wps/member/transaction/detail?id=e1']) {
    const r = await get(url);
    expect([r.statusCode, r.json().code]).toEqual([401, 'UNAUTHENTICATED']);
  }
});

test('a bet and a win name their game as the catalog does in the reader’s language', async () => {
  const p = await player('histgame1');
  await fund(f, p.main, 1_000n);
  const dice = { metadata: { game: 'dice', nonce: 1 } };
  await transfer(f.db, {
    ...request(f, { debitAccountId: p.main, creditAccountId: p.house, amountMinor: 100n }),
    ...dice,
  });
  await transfer(f.db, {
    ...request(f, { code: 'win', debitAccountId: p.house, creditAccountId: p.main, amountMinor: 198n }),
    ...dice,
  });
  const named = async (language: string) => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/wps/member/transaction/history',
      headers: { token: p.token, 'accept-language': language },
    });
    return transactionHistoryResponse.parse(r.json().value).list.map((x) => [x.type, x.gameName]);
  };
  expect(await named('pt-BR')).toEqual([
    ['win', 'Dados'],
    ['bet', 'Dados'],
    ['adjustment', null],
  ]);
  expect((await named('en'))[0]).toEqual(['win', 'Dice']);
  // A vendor's bet names its game by vendor and code, as the provider wallet writes it.
  await transfer(f.db, {
    ...request(f, { debitAccountId: p.main, creditAccountId: p.house, amountMinor: 50n }),
    metadata: { vendor: 'sorte-ref', roundId: 'r-1', game: 'coin-flip' },
  });
  expect((await named('pt-BR'))[0]).toEqual(['bet', 'Cara ou Coroa']);
  const win = (await history(p.token)).list.find((r) => r.type === 'win');
  const detail = await t.app.inject({
    method: 'GET',
    url: `/wps/member/transaction/detail?id=${win!.id}`,
    headers: { token: p.token, 'accept-language': 'pt-BR' },
  });
  expect(detail.json().value.gameName).toBe('Dados');
});
