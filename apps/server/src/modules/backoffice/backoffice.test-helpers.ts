import type { OperatorRole } from '@sorte/contracts';
import type { TestApp } from '../../../test/harness.ts';
import { hashPassword } from '../auth/index.ts';
import * as repo from './backoffice.repository.ts';
import { totpCode } from './backoffice.totp.ts';

/** Helpers for tests that act as a back-office operator (imported by *.test.ts only). */

/** The TOTP secret every operator made by these helpers shares (base32 of "12345678901234567890"). */
export const TEST_TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
export const TEST_OPERATOR_PASSWORD = 'operator-pass-123';

/** The code an authenticator with this secret shows at this moment. */
export function totpCodeFor(secret: string, time: Date): string {
  return totpCode(secret, time);
}

let serial = 0;

/**
 * Creates an operator of the merchant (demo by default) with a fresh name, the known password and,
 * unless `totp: false`, TOTP enrolled with TEST_TOTP_SECRET.
 */
export async function createOperator(
  t: TestApp,
  role: OperatorRole,
  options: { merchant?: string; username?: string; totp?: boolean } = {},
): Promise<{ id: string; username: string; merchant: string }> {
  const merchant = options.merchant ?? 'demo';
  const merchantId = await repo.findMerchantIdByCode(t.ctx.db, merchant);
  if (!merchantId) throw new Error(`createOperator: no merchant ${merchant}`);
  serial += 1;
  const username = options.username ?? `${role}${serial}`;
  const totp = options.totp !== false;
  const row = await repo.insertOperator(t.ctx.db, {
    merchant_id: merchantId,
    username,
    password_hash: await hashPassword(TEST_OPERATOR_PASSWORD),
    role,
    totp_secret: totp ? TEST_TOTP_SECRET : null,
    totp_enabled: totp,
    created_at: t.clock.now(),
  });
  if (!row) throw new Error(`createOperator: ${username} exists`);
  return { id: row.id, username, merchant };
}

/** Signs an operator in through the HTTP API; returns the raw response. */
export function operatorLogin(
  t: TestApp,
  body: { merchant: string; username: string; password: string; totpCode?: string },
  ip = '127.0.0.1',
) {
  return t.app.inject({ method: 'POST', url: '/bo/session/login', payload: body, remoteAddress: ip });
}

/**
 * Signs in an operator made by createOperator (so with the known password) of the merchant (demo by
 * default); `extra` adds or overrides fields such as totpCode. Returns the status and the JSON answer.
 */
export async function loginAs(
  t: TestApp,
  username: string,
  extra: { totpCode?: string; password?: string } = {},
  merchant = 'demo',
) {
  const r = await operatorLogin(t, { merchant, username, password: TEST_OPERATOR_PASSWORD, ...extra });
  return {
    status: r.statusCode,
    ...(r.json() as { value?: { next: string; token: string }; code?: string }),
  };
}

/**
 * A fully signed-in (TOTP-verified) back-office token for a new operator of the demo merchant with
 * this role, obtained through POST /bo/session/login; send it as the `bo-token` header.
 */
export async function operatorToken(t: TestApp, role: OperatorRole = 'admin'): Promise<string> {
  const operator = await createOperator(t, role);
  const r = await loginAs(
    t,
    operator.username,
    { totpCode: totpCodeFor(TEST_TOTP_SECRET, t.clock.now()) },
    operator.merchant,
  );
  if (r.status !== 200 || r.value?.next !== 'done' || !r.value.token)
    throw new Error(`operatorToken: ${JSON.stringify(r)}`);
  return r.value.token;
}

/** A request as an operator: `bo-token` header, JSON answer. */
export async function boCall(
  t: TestApp,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const r = await t.app.inject({
    method,
    url,
    payload: payload as never,
    headers: token ? { 'bo-token': token } : {},
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
