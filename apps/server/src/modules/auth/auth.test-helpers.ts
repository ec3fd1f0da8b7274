import { encryptPayload } from '@sorte/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

/** Helpers shared by the auth and members tests (imported by *.test.ts only). */
export const OPERATOR_KEY = 'test-operator-key-0123456789';

export async function setFlags(t: TestApp, flags: Record<string, boolean>): Promise<void> {
  const r = await t.app.inject({
    method: 'PATCH',
    url: '/bo/merchants/demo/flags',
    headers: { 'x-operator-key': OPERATOR_KEY },
    payload: flags,
  });
  if (r.statusCode !== 200) throw new Error(`setFlags: ${r.statusCode} ${r.body}`);
}

export async function setSecurity(t: TestApp, security: Record<string, unknown>): Promise<void> {
  const r = await t.app.inject({
    method: 'PATCH',
    url: '/bo/merchants/demo/security',
    headers: { 'x-operator-key': OPERATOR_KEY },
    payload: security,
  });
  if (r.statusCode !== 200) throw new Error(`setSecurity: ${r.statusCode} ${r.body}`);
}

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  token?: string;
  ip?: string;
}

export async function call(t: TestApp, c: Call) {
  const r = await t.app.inject({
    method: c.method,
    url: c.url,
    payload: c.payload as never,
    remoteAddress: c.ip ?? '10.0.0.1',
    headers: c.token ? { token: c.token } : {},
  });
  const body = r.json() as {
    success: boolean;
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers field by field.
    value?: any;
    code?: string;
    details?: Record<string, unknown>;
  };
  return { status: r.statusCode, ...body };
}

export const validRegistration = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  password: 'secret12',
  confirmPassword: 'secret12',
  ageConfirmed: true,
  termsAccepted: true,
  login: true,
  ...extra,
});

export async function registerUser(t: TestApp, username: string, extra: Record<string, unknown> = {}) {
  const r = await call(t, {
    method: 'PUT',
    url: '/wps/member/register',
    payload: validRegistration(username, extra),
  });
  if (r.status !== 200)
    throw new Error(`register ${username}: ${r.status} ${r.code} ${JSON.stringify(r.details)}`);
  return r.value as { account: string; session: { token: string } };
}

export async function login(
  t: TestApp,
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
  ip?: string,
) {
  return call(t, {
    method: 'POST',
    url: '/wps/session/login',
    payload: { type: 'username', username, password, ...extra },
    ip,
  });
}

/** Newest message for an address from the development outbox. */
export async function lastOutbox(t: TestApp, to: string) {
  const r = await call(t, { method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(to)}` });
  return r.value.list[0] as { code: string | null; body: string } | undefined;
}

export async function encrypted(t: TestApp, payload: unknown) {
  const key = await call(t, { method: 'GET', url: '/wps/system/encryption' });
  return encryptPayload(key.value, payload);
}

/** Every flag the accounts tests touch, in the state most tests assume (plain bodies, no captcha). */
export const BASE_FLAGS = {
  encryption: false,
  captchaOnRegister: false,
  captchaOnLogin: false,
  REGMOBVERF3: false,
  ipVerification: false,
};

/** The in-process app with the operator key the helpers use, and the base flags plus `flags` on. */
export async function createAuthTestApp(
  flags: Record<string, boolean>,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const t = await createTestApp({ OPERATOR_API_KEY: OPERATOR_KEY, ...env });
  await setFlags(t, { ...BASE_FLAGS, ...flags });
  return t;
}
