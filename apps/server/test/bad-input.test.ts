import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * Fires malformed JSON, wrong types, oversized fields, unknown merchants and missing tokens at every
 * registered route. Each answer must be a 4xx with a code and a message, and no table may change.
 */
const SKIPPED = [/^\/docs/, /^\/healthz/, /^\/readyz/, /^\/dev\//, /\*/];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OPERATOR_API_KEY: 'test-operator-key-0123456789' });
});
afterAll(async () => t?.close());

async function tableCounts(): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(
    t.ctx.db,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    // Throttle and attempt counters legitimately record refused requests; money and accounts must not move.
    if (/attempt|throttle|rate|audit|login_history|captcha/.test(table_name)) continue;
    const r = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table_name)}`.execute(
      t.ctx.db,
    );
    counts[table_name] = Number(r.rows[0]?.n);
  }
  return counts;
}

function concrete(url: string): string {
  return url.replace(/:code\b/g, 'demo').replace(/:[A-Za-z]+/g, 'x');
}

const oversized = 'x'.repeat(20_000);
const wrongTypes = {
  username: 12,
  password: [],
  type: 7,
  mobileNum: {},
  pageNo: 'a',
  newPassword: false,
  verification: 'no',
  flags: 3,
  status: 'x',
};
const bigFields = {
  username: oversized,
  password: oversized,
  email: oversized,
  mobileNum: oversized,
  newPassword: oversized,
  oldPassword: oversized,
  confirmNewPassword: oversized,
  type: 'username',
  title: oversized,
};

const cases: { name: string; headers: Record<string, string>; payload?: string }[] = [
  { name: 'malformed JSON', headers: { 'content-type': 'application/json' }, payload: '{"username": "abc",' },
  {
    name: 'wrong types',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(wrongTypes),
  },
  {
    name: 'oversized fields',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(bigFields),
  },
  {
    name: 'unknown merchant',
    headers: { 'content-type': 'application/json', merchant: 'no-such-merchant' },
    payload: '{}',
  },
  {
    name: 'bogus token',
    headers: { 'content-type': 'application/json', token: 'not-a-real-token' },
    payload: '{}',
  },
  { name: 'wrong content type', headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
  {
    name: 'bad operator key',
    headers: { 'content-type': 'application/json', 'x-operator-key': 'wrong-key-wrong-key' },
    payload: '{"x":1}',
  },
];

describe('bad input on every route', () => {
  it('answers 4xx with a code and a message, and writes nothing', async () => {
    const routes = t.app.routeSummaries.filter(
      (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !SKIPPED.some((s) => s.test(r.url)),
    );
    expect(routes.length).toBeGreaterThan(10);
    const before = await tableCounts();
    const failures: string[] = [];
    for (const route of routes) {
      for (const c of cases) {
        const hasBody = !['GET', 'DELETE'].includes(route.method);
        const url = `${concrete(route.url)}${hasBody ? '' : `?pageNo=abc&pageSize=99999&code=${'z'.repeat(3000)}`}`;
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: c.headers,
          payload: hasBody ? c.payload : undefined,
        });
        const body = res.headers['content-type']?.toString().includes('json') ? res.json() : {};
        const ok2xx = res.statusCode < 300; // some public GETs legitimately answer; they must not write.
        if (res.statusCode >= 500 || (!ok2xx && (!body.code || !body.message))) {
          failures.push(
            `${route.method} ${route.url} [${c.name}] → ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await tableCounts()).toEqual(before);
  });
});
