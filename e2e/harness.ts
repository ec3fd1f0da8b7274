import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const ROOT = resolve(import.meta.dirname, '..');
/** Screenshots of every journey land here; CI keeps the folder (README: "Test artifacts"). */
export const SCREENSHOT_DIR = join(ROOT, 'artifacts', 'screenshots');
export const OPERATOR_KEY = 'e2e-operator-key-0123456789abcdef';

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the built server (npm run build first) as a child process on a fresh database: a new
 * database on the PostgreSQL server when DATABASE_URL is set, otherwise a temporary PGlite folder.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  let port = freePortGuess();
  const childEnv: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ...portEnv(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    OPERATOR_API_KEY: OPERATOR_KEY,
    // E2E_WEB_DIST: a copy of the built web app, for a run that must not see a rebuild halfway.
    WEB_DIST: process.env.E2E_WEB_DIST ?? join(ROOT, 'apps/web/dist'),
    // The reference odds feed stays off: no journey bets on sports yet, and on its fixed default port
    // parallel servers would share one feed (the first to bind it) and consume another file's server.
    // The sportsbook's journeys start it on a port of their own (`env`).
    REFERENCE_FEED_PORT: '0',
    ...env,
  };
  let cleanup = async () => {};
  if (process.env.DATABASE_URL) {
    const name = `sorte_e2e_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    childEnv.DATABASE_URL = url.toString();
    cleanup = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    delete childEnv.DATABASE_URL;
    const dir = mkdtempSync(join(tmpdir(), 'sorte-e2e-'));
    childEnv.DATA_DIR = dir;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  // A guessed port (or the vendor's, the next one) can be taken by another file's server: the child
  // then exits at listen, and the server is started again on another guess, on the same database.
  let child: ChildProcess;
  let url: string;
  for (let attempt = 1; ; attempt++) {
    // E2E_SERVER_MAIN: a server bundle built elsewhere (a helper's copy beside the shared checkout's dist).
    child = spawn(process.execPath, [process.env.E2E_SERVER_MAIN ?? join(ROOT, 'apps/server/dist/main.js')], {
      env: childEnv,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    url = `http://127.0.0.1:${port}`;
    try {
      await waitForReady(url, child);
      break;
    } catch (error) {
      if (child.exitCode === null || attempt === 3) {
        child.kill('SIGKILL');
        await cleanup();
        throw error;
      }
      port = freePortGuess();
      Object.assign(childEnv, portEnv(port));
    }
  }
  return {
    url,
    port,
    async close() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      await cleanup();
    },
  };
}

/**
 * A port pair (the server's, the reference vendor's next to it) below Linux's ephemeral range
 * (32768–60999), where the machine's own outgoing connections take their local ports.
 */
function freePortGuess(): number {
  return 20_000 + 2 * Math.floor(Math.random() * 6_000);
}

/** The server's port, and the reference game vendor beside it (apps/reference-vendor) on the next. */
function portEnv(port: number): Record<string, string> {
  return {
    PORT: String(port),
    REFERENCE_VENDOR_PORT: String(port + 1),
    REFERENCE_VENDOR_URL: `http://127.0.0.1:${port + 1}`,
  };
}

async function waitForReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become ready in 90 s');
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** The popup announcements' address (the demo seeds a welcome popup). */
export const POPUPS_URL = /\/wps\/announcements\/popups/;

/**
 * Chromium for the journeys. Every context it opens gets no popup announcements (the demo's welcome
 * popup would cover what a journey clicks); the announcements journey lets them through again with
 * `context.unroute(POPUPS_URL)`. Contexts prefer reduced motion unless a test asks otherwise: the
 * site's endless animations (ticker, spinners, floating art) otherwise repaint every frame in every
 * open page, and without a GPU that painting took most of the runner's two cores once test files ran
 * side by side. The site honours the preference (global.css), so pages still render as a player with
 * that setting sees them; the ticker's own journey asks for motion.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const open = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await open({ reducedMotion: 'reduce', ...options });
    await context.route(POPUPS_URL, (route) =>
      route.fulfill({ json: { success: true, value: { list: [] } } }),
    );
    return context;
  };
  return browser;
}

/** A fresh context (own storage) at phone or desktop size, in the given site language. */
export async function newPage(
  browser: Browser,
  opts: {
    lang?: 'pt-BR' | 'en';
    phone?: boolean;
    /** A touch screen that reports itself as a phone (isMobile, hasTouch). */
    touch?: boolean;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: opts.phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    locale: opts.lang ?? 'pt-BR',
    ...(opts.touch ? { isMobile: true, hasTouch: true } : {}),
  });
  if (opts.lang) {
    await context.addInitScript((lang) => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', lang);
    }, opts.lang);
  }
  const page = await context.newPage();
  return { context, page };
}

/** A viewport picture under artifacts/screenshots (`name` may hold folders); JPEG where many are taken. */
export async function screenshot(page: Page, name: string, format: 'png' | 'jpeg' = 'png'): Promise<void> {
  const path = join(SCREENSHOT_DIR, `${name}.${format === 'png' ? 'png' : 'jpg'}`);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({
    path,
    fullPage: false,
    ...(format === 'jpeg' ? { type: 'jpeg', quality: 70 } : {}),
  });
}

/** A screenshot once transitions have finished, so the picture shows the state just asserted. */
export async function settledScreenshot(
  page: Page,
  name: string,
  format: 'png' | 'jpeg' = 'png',
): Promise<void> {
  // Endless ones (spinners, a carousel) never finish, so only the finite ones are waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  await screenshot(page, name, format);
}

/**
 * The announcements' popups (shown once per announcement, on the first page a browser opens) answered
 * with none in this context, for a journey that needs the home uncovered. The direct-load sweep lets
 * them show once and closes them instead.
 */
export async function withoutAnnouncementPopups(context: BrowserContext): Promise<void> {
  await context.route('**/wps/announcements/popups*', (route) =>
    route.fulfill({ json: { success: true, value: { list: [] } } }),
  );
}

/** '1,020.00' or '1.020,00' → 102000: the digits of a two-decimal amount are its minor units. */
export const minorOf = (text: string | null): number => Number((text ?? '').replace(/\D/g, ''));

/** The operator API, as an operator's script would call it. */
export async function operator(
  server: RunningServer,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-operator-key': OPERATOR_KEY },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; value?: unknown };
  if (!res.ok || !json.success) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json.value;
}

/** Reads the newest development-outbox message to an address (SMS codes, reset links). */
export async function outbox(server: RunningServer, to: string): Promise<{ body: string; code?: string }[]> {
  const res = await fetch(`${server.url}/dev/outbox?to=${encodeURIComponent(to)}`);
  const json = (await res.json()) as { value: { body: string; code?: string }[] };
  return json.value;
}
