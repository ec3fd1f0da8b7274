import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp, registerUser } from '../auth/auth.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createAuthTestApp({});
});
afterAll(() => t.close());

let players = 0;
async function player() {
  players += 1;
  const { session } = await registerUser(t, `fair${players}${Math.random().toString(36).slice(2, 6)}`);
  return session.token as string;
}

const state = (token: string) => call(t, { method: 'GET', url: '/wps/originals/fairness', token });
const rotate = (token: string, payload: unknown = {}) =>
  call(t, { method: 'POST', url: '/wps/originals/fairness/rotate', token, payload });

it('shows only the hash of the server seed, and the revealed seed matches the hash shown before', async () => {
  const token = await player();
  const before = await state(token);
  expect(before.value).toMatchObject({ nonce: 0 });
  expect(before.value.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
  expect(JSON.stringify(before.value)).not.toContain('serverSeed"');
  expect((await state(token)).value).toEqual(before.value);

  const r = await rotate(token, { clientSeed: 'my-lucky-seed' });
  expect(r.status).toBe(200);
  const { revealed, next } = r.value;
  expect(createHash('sha256').update(revealed.serverSeed).digest('hex')).toBe(before.value.serverSeedHash);
  expect(revealed).toMatchObject({
    serverSeedHash: before.value.serverSeedHash,
    clientSeed: before.value.clientSeed,
  });
  expect(next).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 0 });
  expect(next.serverSeedHash).not.toBe(before.value.serverSeedHash);
  expect((await state(token)).value).toEqual(next);
});

it('five rotations at once reveal five different pairs and leave exactly one active', async () => {
  const token = await player();
  await state(token);
  const answers = await Promise.all(Array.from({ length: 5 }, () => rotate(token)));
  for (const a of answers) expect(a.status).toBe(200);
  const revealed = new Set(answers.map((a) => a.value.revealed.serverSeed));
  expect(revealed.size).toBe(5);
  const member = await t.ctx.db
    .selectFrom('fairness_seeds')
    .select(['status'])
    .where('server_seed_hash', '=', (await state(token)).value.serverSeedHash)
    .execute();
  expect(member).toEqual([{ status: 'active' }]);
});

it('each member has their own pair; bad client seeds and missing tokens are refused', async () => {
  const a = await player();
  const b = await player();
  expect((await state(a)).value.serverSeedHash).not.toBe((await state(b)).value.serverSeedHash);
  expect(await rotate(a, { clientSeed: 'has space' })).toMatchObject({
    status: 400,
    code: 'VALIDATION_FAILED',
  });
  expect(await rotate(a, { clientSeed: 'x'.repeat(65) })).toMatchObject({
    status: 400,
    code: 'VALIDATION_FAILED',
  });
  expect((await call(t, { method: 'GET', url: '/wps/originals/fairness' })).status).toBe(401);
});
