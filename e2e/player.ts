import type { BrowserContext } from 'playwright-core';
import { operator, type RunningServer } from './harness.ts';

/** The demo player of the seed (apps/server/src/modules/members), funded at start. */
export const DEMO_PLAYER = { username: 'demoplayer', password: 'player123' } as const;

/**
 * Switches off on the demo merchant what a script cannot pass when it signs in through the API: the
 * login captcha and the encrypted request bodies. `flags` adds what a journey needs on top.
 */
export async function openDemoMerchant(
  server: RunningServer,
  flags: Record<string, boolean> = {},
): Promise<void> {
  await operator(server, 'PATCH', '/bo/merchants/demo/flags', {
    encryption: false,
    captchaOnLogin: false,
    ...flags,
  });
}

/** Signs the demo player in through the API (plain body: openDemoMerchant first) and returns the token. */
export async function loginDemoPlayer(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.url}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEMO_PLAYER, type: 'username' }),
  });
  const json = (await res.json()) as { success: boolean; value: { token: string } };
  if (!json.success) throw new Error(`login refused: ${JSON.stringify(json)}`);
  return json.value.token;
}

/** openDemoMerchant, then loginDemoPlayer: the usual start of a journey that plays as the demo player. */
export async function demoPlayerToken(
  server: RunningServer,
  flags: Record<string, boolean> = {},
): Promise<string> {
  await openDemoMerchant(server, flags);
  return loginDemoPlayer(server);
}

/** Hands a session token to every page of the context, where the login form stores it. */
export async function signInContext(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((value) => sessionStorage.setItem('token', value), token);
}

/**
 * The player API as the web app calls it: the session token in the `token` header, a JSON body,
 * and the `{ success, value }` envelope opened (a refusal throws with the answer).
 */
export async function playerApi<T>(
  server: RunningServer,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; value: T };
  if (!json.success) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  return json.value;
}

/**
 * Signs a new player up through the API (a server whose registration asks for no captcha, SMS code
 * or encrypted body) and answers the new session's token.
 */
export async function registerPlayer(server: RunningServer, username: string): Promise<string> {
  const registered = await playerApi<{ session: { token: string } }>(
    server,
    undefined,
    'PUT',
    '/wps/member/register',
    {
      username,
      password: 'Sorte2026ok',
      confirmPassword: 'Sorte2026ok',
      ageConfirmed: true,
      termsAccepted: true,
      login: true,
    },
  );
  return registered.session.token;
}
