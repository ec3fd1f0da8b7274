import { Writable } from 'node:stream';
import { encryptPayload } from '@sorte/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, MODULES } from '../../app.ts';
import { ManualClock } from '../../platform/clock.ts';
import { loadConfig } from '../../platform/config/config.ts';
import type { AppContext } from '../../platform/context.ts';
import { REDACTED_PATHS } from '../../platform/logging/logger.ts';
import { createEventBus } from '../../platform/realtime/event-bus.ts';
import { createTestDatabase, type TestApp, type TestDatabase } from '../../../test/harness.ts';
import { BASE_FLAGS, call, encrypted, OPERATOR_KEY, setFlags } from './auth.test-helpers.ts';

/** The app with its log captured in memory, so the test can read every line it wrote. */
let t: TestApp;
let database: TestDatabase;
const logLines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'trace',
    WEB_DIST: '/nonexistent',
    OPERATOR_API_KEY: OPERATOR_KEY,
  });
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const log = pino({ level: 'trace', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, sink);
  const clock = new ManualClock(new Date());
  const ctx: AppContext = {
    config,
    db: database.handle.db,
    log,
    clock,
    bus: await createEventBus(undefined, log, database.handle.db),
  };
  for (const module of MODULES) await module.seedDemo?.(ctx);
  const app = await buildApp(ctx);
  await app.ready();
  t = { app, ctx, clock, database, close: async () => {} };
  await setFlags(t, { ...BASE_FLAGS, USERNAMEREG3: true, encryption: true });
});
afterAll(async () => {
  await t.app.close();
  await database.close();
});

const registration = {
  username: 'sealed01',
  password: 'Sup3rSecretPw',
  confirmPassword: 'Sup3rSecretPw',
  ageConfirmed: true,
  termsAccepted: true,
};

describe('payload encryption', () => {
  test('encrypted register and login round trip; plain bodies refused while encryption is on', async () => {
    const key = await call(t, { method: 'GET', url: '/wps/system/encryption' });
    expect(key.value).toMatchObject({
      enabled: true,
      algorithm: 'RSA-OAEP-256+A256GCM',
      keyId: expect.any(String),
    });
    const plain = await call(t, { method: 'PUT', url: '/wps/member/register', payload: registration });
    expect([plain.status, plain.code]).toEqual([400, 'AUTH_ENCRYPTION_REQUIRED']);
    const reg = await call(t, {
      method: 'PUT',
      url: '/wps/member/register',
      payload: await encrypted(t, registration),
    });
    expect(reg.status).toBe(200);
    const loginBody = { type: 'username', username: 'sealed01', password: 'Sup3rSecretPw' };
    expect((await call(t, { method: 'POST', url: '/wps/session/login', payload: loginBody })).code).toBe(
      'AUTH_ENCRYPTION_REQUIRED',
    );
    const r = await call(t, {
      method: 'POST',
      url: '/wps/session/login',
      payload: await encrypted(t, loginBody),
    });
    expect(r.status).toBe(200);
    expect(
      (await call(t, { method: 'GET', url: '/wps/member/info', token: r.value.token })).value.account,
    ).toBe('sealed01');
  });

  test('tampered, foreign-key and malformed envelopes are AUTH_DECRYPTION_FAILED', async () => {
    const loginBody = { type: 'username', username: 'sealed01', password: 'Sup3rSecretPw' };
    const good = await encrypted(t, loginBody);
    const tampered = structuredClone(good);
    const bytes = Buffer.from(tampered.encrypted.ciphertext, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    tampered.encrypted.ciphertext = bytes.toString('base64');
    const other = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['wrapKey', 'unwrapKey'],
    );
    const otherSpki = Buffer.from(await crypto.subtle.exportKey('spki', other.publicKey)).toString('base64');
    const foreign = await encryptPayload({ keyId: good.encrypted.keyId, publicKey: otherSpki }, loginBody);
    for (const payload of [
      tampered,
      foreign,
      { encrypted: { keyId: good.encrypted.keyId, wrappedKey: '!!', iv: 'AAAA', ciphertext: '' } },
      { encrypted: 5 },
    ]) {
      const r = await call(t, { method: 'POST', url: '/wps/session/login', payload });
      expect([r.status, r.code]).toEqual([400, 'AUTH_DECRYPTION_FAILED']);
    }
  });

  test('plain bodies are accepted once encryption is off', async () => {
    await setFlags(t, { encryption: false });
    const r = await call(t, {
      method: 'POST',
      url: '/wps/session/login',
      payload: { type: 'username', username: 'sealed01', password: 'Sup3rSecretPw' },
    });
    expect(r.status).toBe(200);
    await setFlags(t, { encryption: true });
  });

  test('no password or token reaches the log', async () => {
    const r = await call(t, {
      method: 'POST',
      url: '/wps/session/login',
      payload: await encrypted(t, { type: 'username', username: 'sealed01', password: 'Sup3rSecretPw' }),
    });
    await call(t, { method: 'GET', url: '/wps/member/info', token: r.value.token });
    await call(t, {
      method: 'POST',
      url: '/wps/session/login',
      payload: { type: 'username', username: 'sealed01', password: 'Sup3rSecretPw' },
    });
    const all = logLines.join('');
    expect(all.length).toBeGreaterThan(0);
    expect(all).toContain('/wps/session/login');
    expect(all).not.toContain('Sup3rSecretPw');
    expect(all).not.toContain(r.value.token);
  });
});
