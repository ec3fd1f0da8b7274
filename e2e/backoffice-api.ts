import type { Browser, BrowserContext, Page } from 'playwright-core';
import { totpCode } from '../apps/server/src/modules/backoffice/backoffice.totp.ts';
import type { RunningServer } from './harness.ts';

/**
 * The demo admin operator through the back-office API, for journeys whose operator steps are not
 * the subject (or that open the back office signed in): signed in and enrolled in TOTP on first use,
 * as the back office does. One per server.
 */
export interface BackofficeAdmin {
  token: string;
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
}

const admins = new WeakMap<RunningServer, Promise<BackofficeAdmin>>();

async function send(server: RunningServer, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'bo-token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; value?: unknown };
  if (!json.success) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json.value;
}

export function backofficeAdmin(server: RunningServer): Promise<BackofficeAdmin> {
  let admin = admins.get(server);
  if (!admin) {
    admin = (async () => {
      const login = (await send(server, '', 'POST', '/bo/session/login', {
        merchant: 'demo',
        username: 'admin',
        password: 'admin12345',
      })) as { token: string };
      const setup = (await send(server, login.token, 'POST', '/bo/session/totp/setup', {})) as {
        secret: string;
      };
      await send(server, login.token, 'POST', '/bo/session/totp/enable', {
        code: totpCode(setup.secret, new Date()),
      });
      return {
        token: login.token,
        call: <T>(method: string, path: string, body?: unknown) =>
          send(server, login.token, method, path, body) as Promise<T>,
      };
    })();
    admins.set(server, admin);
  }
  return admin;
}

/** A desktop back-office page at `path`, signed in as the demo admin, in `lang` (the sign-in form is cashier.test.ts's). */
export async function openBackoffice(
  browser: Browser,
  server: RunningServer,
  lang: 'pt-BR' | 'en',
  path: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const { token } = await backofficeAdmin(server);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: lang });
  await context.addInitScript(
    ({ t, l }) => {
      localStorage.setItem('bo-token', t);
      localStorage.setItem('bo-merchant', 'demo');
      localStorage.setItem('bo-lang', l);
    },
    { t: token, l: lang },
  );
  const page = await context.newPage();
  await page.goto(`${server.url}/backoffice${path}`);
  return { context, page };
}
