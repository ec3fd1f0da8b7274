import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { MODAL_NAMES, type ModalName, ROUTE_PATHS, type RoutePath } from '../apps/web/src/lib/route-table.ts';
import { newPage, ROOT, type RunningServer, settledScreenshot } from './harness.ts';
import { JOURNEYS } from './journey.ts';
import { t } from './i18n.ts';
import { playerApi, signInContext } from './player.ts';

/**
 * The direct-load sweep of issue 13: every address of the web app (lib/route-table.ts) opened from
 * the address bar and refreshed, logged out and in, in both languages and both themes, on a phone and
 * a desktop; each load checked for errors, raw keys or codes, the other language's words, sideways
 * scrolling and the route's error panel, and photographed.
 *
 * A run is one context per {login} × {width}, its address list split in `PARTS` (each part a context of
 * its own, so the lanes stay even). In it each address is loaded cold in one look (a language and a
 * theme) and refreshed in the other look (the other language, the other theme): the site's language
 * and theme are the player's choice kept in localStorage, so a refresh may switch both. The looks are
 * crossed over the cells so that every pair of {login, language, theme, width, cold/refresh} meets
 * (one run per row below: each level of a factor meets each level of every other factor):
 *
 *   logged out, phone:   cold pt-BR light → refresh en dark
 *   logged out, desktop: cold en dark     → refresh pt-BR light
 *   logged in, phone:    cold en light    → refresh pt-BR dark
 *   logged in, desktop:  cold pt-BR dark  → refresh en light
 *
 * Every address is so seen in both languages × both themes × both widths, cold and refreshed, logged
 * out and in — the 32 combinations' pairs in 8 loads (it was 16: each cell held one language).
 */
export type Lang = 'pt-BR' | 'en';
export type Theme = 'light' | 'dark';
export interface Cell {
  login: boolean;
  phone: boolean;
}
/** How a load shows the site: its language and theme. */
export interface Look {
  lang: Lang;
  theme: Theme;
}

/** The address list of a cell is split in this many contexts, so 8 even parts share the lanes. */
export const PARTS = 2;

/**
 * Logged in first: the lanes take the parts in this order, and a signed-in part (the member centre's
 * pages, more requests per page) takes about 1.5 times a logged-out one, so the long ones start first and
 * the short ones fill the lanes at the end (at 15f6e54 the signed-in parts came last and the run
 * ended on them alone).
 */
export const CELLS: Cell[] = [true, false].flatMap((login) =>
  [false, true].map((phone) => ({ login, phone })),
);

/** The look of the cold load (the table above); the refresh gets the other language and theme. */
const coldLook = (c: Cell): Look => ({
  lang: c.login === !c.phone ? 'pt-BR' : 'en',
  theme: c.phone ? 'light' : 'dark',
});
const otherLook = (look: Look): Look => ({
  lang: look.lang === 'pt-BR' ? 'en' : 'pt-BR',
  theme: look.theme === 'light' ? 'dark' : 'light',
});

export const cellName = (c: Cell, look?: Look) =>
  `${c.phone ? 'phone' : 'desktop'}${look ? `-${look.lang}-${look.theme}` : ''}-${c.login ? 'logged-in' : 'logged-out'}`;

/** Values of the demo seed that routes with parameters need. */
export interface Seed {
  lotteryCode: string;
  vendorGameId: number;
  bannerId: string;
  roundId: string;
  /** A football and an e-sports fixture of the reference odds feed (the sweep's server runs one). */
  sportsEventId: string;
  esportsEventId: string;
}

/** Reads the seed's values as the player API gives them (one dice round is played for a round id). */
export async function readSeed(server: RunningServer, token: string): Promise<Seed> {
  const api = <T>(method: string, path: string, body?: unknown) =>
    playerApi<T>(server, token, method, path, body);
  const games = await api<{ gameCode: string }[]>('GET', '/wps/lottery/games');
  const launched = await api<{ gameId: number }>(
    'GET',
    '/wps/game/launchGame?vassalage=sorte-ref&gameCode=lucky-card',
  );
  const whitelabel = await api<{ banners: { bannerId?: string; link?: string }[] }>(
    'GET',
    '/wps/system/whitelabel',
  );
  const banner = whitelabel.banners.find((b) => b.bannerId ?? b.link);
  const round = await api<{ id: string }>('POST', '/wps/originals/dice/bet', {
    amountMinor: 100,
    target: 50,
    direction: 'under',
    idempotencyKey: randomUUID(),
  });
  // The odds feed's first fixtures reach the book within seconds of the start. The one starting last
  // (the list is live first, then by start) is still offered when the sweep reaches its page.
  const firstEvent = async (sport: string) => {
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      const events = await api<{ id: string }[]>('GET', `/wps/sports/events?sport=${sport}`);
      const last = events.at(-1);
      if (last) return last.id;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`no ${sport} event from the reference odds feed in 60 s`);
  };
  return {
    sportsEventId: await firstEvent('football'),
    esportsEventId: await firstEvent('esports'),
    lotteryCode: games[0]!.gameCode,
    vendorGameId: launched.gameId,
    bannerId: String(banner?.bannerId ?? banner?.link ?? 'none'),
    roundId: round.id,
  };
}

/**
 * The addresses opened for each route and modal. Typed against the route table, so a route or modal
 * added there fails the type check until it has its sample here.
 */
const ROUTE_SAMPLES: Record<RoutePath, (s: Seed) => string[]> = {
  '': () => ['/'],
  index: () => ['/index'],
  'index.html': () => ['/index.html'],
  home: () => ['/home'],
  register: () => ['/register'],
  'register.html': () => ['/register.html'],
  pointMall: () => ['/pointMall'],
  lottery: (s) => ['/lottery', `/lottery?gameCode=${s.lotteryCode}`],
  vnlottery: () => ['/vnlottery', '/vnlottery?tab=results', '/vnlottery?tab=tickets'],
  elott: () => ['/elott'],
  rng: () => ['/rng'],
  pvp: () => ['/pvp'],
  live: () => ['/live'],
  fish: () => ['/fish'],
  sports: () => ['/sports'],
  esports: () => ['/esports'],
  'sports/event/:id': (s) => [`/sports/event/${s.sportsEventId}`],
  'esports/event/:id': (s) => [`/esports/event/${s.esportsEventId}`],
  inhouse: () => ['/inhouse'],
  'inhouse/dice': () => ['/inhouse/dice'],
  'inhouse/limbo': () => ['/inhouse/limbo'],
  'inhouse/wheel': () => ['/inhouse/wheel'],
  'inhouse/plinko': () => ['/inhouse/plinko'],
  'inhouse/keno': () => ['/inhouse/keno'],
  'inhouse/mines': () => ['/inhouse/mines'],
  'inhouse/hilo': () => ['/inhouse/hilo'],
  'inhouse/crash': () => ['/inhouse/crash'],
  'inhouse/carnaval': () => ['/inhouse/carnaval'],
  verify: (s) => ['/verify', `/verify?round=${s.roundId}`],
  pge: () => ['/pge'],
  promotions: () => ['/promotions'],
  promoDetail: (s) => [`/promoDetail?id=${encodeURIComponent(s.bannerId)}`],
  seamless: () => ['/seamless'],
  helpmc: () => ['/helpmc'],
  game: (s) => [`/game?gameId=${s.vendorGameId}`],
  help: () => ['/help'],
  login: () => ['/login'],
  download: () => ['/download'],
  '*': () => ['/no-such-page'],
};

/**
 * The member (and agent) centre's pages, read from its menu (app/<centre>/menu.ts: `{ key: '…', icon }`
 * entries; importing it would bring the web's JSX types into the e2e type check).
 */
function centrePageKeys(centre: 'member-centre' | 'agent-centre'): string[] {
  const menu = readFileSync(join(ROOT, `apps/web/src/app/${centre}/menu.ts`), 'utf8');
  const keys = [...menu.matchAll(/\{ key: '(\w+)', icon: /g)].map((m) => m[1]!);
  if (keys.length === 0) throw new Error(`no ${centre} page found in menu.ts: update e2e/sweep.ts`);
  return keys;
}

const MODAL_SAMPLES: Record<ModalName, (login: boolean) => string[]> = {
  login: () => ['/?modal=login'],
  register: () => ['/?modal=register'],
  registerSuccess: () => ['/?modal=registerSuccess'],
  changePassword: () => ['/?modal=changePassword'],
  forgotPassword: () => ['/?modal=forgotPassword'],
  resetPassword: () => ['/?modal=resetPassword&m_resetToken=not-a-token'],
  notice: () => ['/?modal=notice'],
  download: () => ['/?modal=download'],
  help: () => ['/?modal=help'],
  member: (login) => centrePages('member-centre', login).map((key) => `/?modal=member&m_page=${key}`),
  // The sweep signs in as the demo player, not an agent: the agent centre is never open to it. Its
  // pages, as the demo agent sees them, are the agent journeys' (e2e/agent-*.test.ts), not loaded
  // from the address bar here.
  agent: () => centrePages('agent-centre', false).map((key) => `/?modal=agent&m_page=${key}`),
};

/**
 * A centre's pages: all of them when the centre is open to the visitor; otherwise every page shows the
 * same guard (sign in; or, for the demo player, "not an agent"), so its first page stands for the rest
 * (a quarter of the sweep's loads once went to those guards).
 */
function centrePages(centre: 'member-centre' | 'agent-centre', open: boolean): string[] {
  const keys = centrePageKeys(centre);
  return open ? keys : keys.slice(0, 1);
}

/** Every address of the sweep for a cell, in table order. */
export function sweepUrls(seed: Seed, cell: Cell): string[] {
  return [
    ...ROUTE_PATHS.flatMap((path) => ROUTE_SAMPLES[path](seed)),
    ...MODAL_NAMES.flatMap((name) => MODAL_SAMPLES[name](cell.login)),
  ];
}

// ---- What a page must not show ----

type Catalog = Record<string, string>;
const LOCALES = join(ROOT, 'apps/web/src/locales');

function flatten(node: unknown, prefix: string, out: Catalog): Catalog {
  if (typeof node === 'string') out[prefix] = node;
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

/** Every string of a language, keyed `namespace:dotted.key`. */
function catalog(lang: Lang): Catalog {
  const out: Catalog = {};
  for (const file of readdirSync(join(LOCALES, lang))) {
    const ns = file.replace(/\.json$/, '');
    const flat = flatten(JSON.parse(readFileSync(join(LOCALES, lang, file), 'utf8')), '', {});
    for (const [key, value] of Object.entries(flat)) out[`${ns}:${key}`] = value;
  }
  return out;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

export interface Vocabulary {
  /** Catalog keys as they would show untranslated: `ns:a.b`, `ns.a.b` and `a.b`. */
  keys: Set<string>;
  /** Per language, phrases only the other language's catalog has. */
  foreign: Record<Lang, string[]>;
}

/**
 * The words that betray a page: catalog keys (any key with a dot, with or without its namespace),
 * and for each language the other language's phrases — the fixed parts (between `{{…}}`) of the
 * strings that differ between the languages, at least two words and 10 characters long, and found
 * nowhere in this language's own catalog.
 */
export function vocabulary(): Vocabulary {
  const en = catalog('en');
  const pt = catalog('pt-BR');
  const keys = new Set<string>();
  for (const full of Object.keys(en)) {
    keys.add(full);
    keys.add(full.replace(':', '.'));
    const bare = full.slice(full.indexOf(':') + 1);
    if (bare.includes('.')) keys.add(bare);
  }
  const phrases = (mine: Catalog, theirs: Catalog): string[] => {
    const own = squash(Object.values(mine).join('\n')).toLowerCase();
    const found = new Set<string>();
    for (const [key, value] of Object.entries(theirs)) {
      if (mine[key] === value) continue;
      for (const part of value.split(/\{\{[^}]*\}\}|<[^>]*>|\$t\([^)]*\)/)) {
        const phrase = squash(part).replace(/^[\s,.;:!?·–—()-]+|[\s,.;:!?·–—()-]+$/g, '');
        if (phrase.length >= 10 && phrase.includes(' ') && !own.includes(phrase.toLowerCase()))
          found.add(phrase);
      }
    }
    return [...found];
  };
  return { keys, foreign: { en: phrases(en, pt), 'pt-BR': phrases(pt, en) } };
}

/** Codes in SCREAMING_SNAKE_CASE (a game code such as FD5_1M, an error code): never for a player's eyes. */
const RAW_CODE = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g;
const KEY_LIKE = /[A-Za-z][\w-]*:[\w.-]+|[A-Za-z][\w-]*(?:\.[A-Za-z][\w-]*)+/g;

/** What is wrong with a page's visible text, in words (empty when nothing is). */
export function textProblems(text: string, lang: Lang, words: Vocabulary, path: string): string[] {
  const problems: string[] = [];
  const flat = squash(text);
  const keys = [...new Set(flat.match(KEY_LIKE) ?? [])].filter((token) => words.keys.has(token));
  if (keys.length) problems.push(`raw catalog keys: ${keys.join(', ')}`);
  const codes = [...new Set(flat.match(RAW_CODE) ?? [])];
  if (codes.length) problems.push(`raw codes: ${codes.join(', ')}`);
  const foreign = words.foreign[lang].filter((phrase) => flat.includes(phrase));
  if (foreign.length)
    problems.push(`${lang === 'en' ? 'Portuguese' : 'English'} text: ${foreign.join(' | ')}`);
  if (flat.includes(t(lang, 'common', 'errors.pageTitle'))) problems.push('the error panel');
  if (path !== '/no-such-page' && flat.includes(t(lang, 'common', 'errors.notFoundTitle')))
    problems.push('the not-found panel (a route of the table the router does not serve?)');
  return problems;
}

// ---- Waiting for a page to have rendered ----

/** Placeholders the app shows while something loads. */
const LOADING = [
  '.page-loader',
  '.modal-pending',
  '.skeleton-card',
  '.vn-skeleton',
  '.nt-skeleton',
  '.au-skeleton',
  '.lt-card--skeleton',
  '.cs-loading',
  '.lt-loading',
  '.game-frame__loading',
  '[aria-busy="true"]:not(button)',
].join(',');

/** Requests of a page still waiting for their answer (the sockets are not requests). */
function trackRequests(page: Page) {
  const open = new Set<Request>();
  let wake: (() => void) | null = null;
  const done = (r: Request) => {
    open.delete(r);
    if (open.size === 0) wake?.();
  };
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    reset: () => open.clear(),
    pending: () => [...open].map((r) => r.url()),
    idle: () => (open.size === 0 ? Promise.resolve() : new Promise<void>((r) => (wake = r))),
  };
}

/**
 * Resolves once the page has content, no loading placeholder and no request in flight, twice in a
 * row across two animation frames (a finished request may start the next one or a lazy chunk).
 */
async function rendered(page: Page, requests: ReturnType<typeof trackRequests>): Promise<void> {
  const deadline = Date.now() + 20_000;
  let calm = 0;
  while (calm < 2) {
    if (Date.now() > deadline)
      throw new Error(`still loading after 20 s: ${requests.pending().join(', ') || 'placeholders'}`);
    await Promise.race([requests.idle(), page.waitForTimeout(Math.max(0, deadline - Date.now()))]);
    await page
      .waitForFunction(
        (loading) =>
          (document.getElementById('root')?.childElementCount ?? 0) > 0 && !document.querySelector(loading),
        LOADING,
        { polling: 'raf', timeout: Math.max(1, deadline - Date.now()) },
      )
      .catch((error: Error) => {
        // Name what held the page (the timeout alone said "Timeout 1ms exceeded").
        throw new Error(
          `still loading after 20 s: ${requests.pending().join(', ') || 'placeholders'} (${error.message.split('\n')[0]})`,
        );
      });
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
    );
    calm = requests.pending().length === 0 && (await page.locator(LOADING).count()) === 0 ? calm + 1 : 0;
  }
  await page.evaluate(() => document.fonts.ready.then(() => null));
}

/** The widest elements past the right edge of the screen when the page scrolls sideways, else null. */
async function overflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scroll = document.scrollingElement?.scrollWidth ?? 0;
    if (scroll <= width) return null;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
        typeof el.className === 'string' && el.className
          ? `.${el.className.trim().split(/\s+/).join('.')}`
          : ''
      }`;
    const culprits: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if (box.right <= width + 0.5 || box.width === 0) continue;
      // Only elements that stick out themselves: none of their ancestors clips them.
      let clipped = false;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== 'visible') clipped = true;
      const parent = el.parentElement?.getBoundingClientRect();
      if (!clipped && (!parent || parent.right <= width + 0.5))
        culprits.push(`${describe(el)} (right ${Math.round(box.right)})`);
    }
    return `scrollWidth ${scroll} > ${width}: ${culprits.slice(0, 6).join(', ') || 'no single element'}`;
  });
}

// ---- One cell ----

/** How long each load took, checks and picture included (printed after the sweep: where time goes). */
export const loadTimes: { what: string; ms: number }[] = [];

/** The loads' count, total and median, and the slowest ones, one line each. */
export function loadTimeReport(slowest = 12): string {
  const sorted = [...loadTimes].sort((a, b) => b.ms - a.ms);
  const total = sorted.reduce((sum, l) => sum + l.ms, 0);
  const median = sorted[Math.floor(sorted.length / 2)]?.ms ?? 0;
  return [
    `sweep: ${sorted.length} loads, ${Math.round(total / 1000)} s of lane time, median ${median} ms; slowest:`,
    ...sorted.slice(0, slowest).map((l) => `  ${l.ms} ms  ${l.what}`),
  ].join('\n');
}

export interface SweepOptions {
  browser: Browser;
  server: RunningServer;
  token: string;
  seed: Seed;
  words: Vocabulary;
}

/**
 * Opens one part of a cell's addresses (`part` of `PARTS`, every PARTS-th address): a cold load in the
 * cell's cold look, then a refresh in the other look, each checked and photographed (JPEG,
 * artifacts/screenshots/sweep/<width>-<lang>-<theme>-<login>/: every address in all eight width ×
 * language × theme pictures). Returns the problems found, one line each.
 */
export async function sweepCell(cell: Cell, part: number, opts: SweepOptions): Promise<string[]> {
  const cold = coldLook(cell);
  const refreshed = otherLook(cold);
  // The journeys' screens (390×844, 1366×900); a phone is a touch screen.
  const { context, page } = await newPage(opts.browser, {
    lang: cold.lang,
    phone: cell.phone,
    touch: cell.phone,
  });
  await page.setViewportSize(JOURNEYS.find((j) => j.phone === cell.phone)!.viewport);
  await context.addInitScript((theme) => {
    if (!localStorage.getItem('theme')) localStorage.setItem('theme', theme);
  }, cold.theme);
  if (cell.login) await signInContext(context, opts.token);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  const requests = trackRequests(page);
  const problems: string[] = [];
  const visit = async (url: string, look: Look, load: () => Promise<unknown>) => {
    const began = Date.now();
    try {
      await check(url, look, load);
    } finally {
      loadTimes.push({ what: `${cellName(cell, look)} ${url}`, ms: Date.now() - began });
    }
  };
  const check = async (url: string, look: Look, load: () => Promise<unknown>) => {
    if (page.url().startsWith(opts.server.url))
      await page.evaluate(({ lang, theme }) => {
        localStorage.setItem('lang', lang);
        localStorage.setItem('theme', theme);
      }, look);
    requests.reset();
    await load();
    const where = `${url} (${look === cold ? 'cold' : 'refresh'}, ${look.lang}, ${look.theme})`;
    try {
      await rendered(page, requests);
    } catch (first) {
      // A load past 20 s is loaded once more before it counts: beside the other lanes one request
      // can stall on a loaded machine (once in 472 loads failed a CI run); a page that never settles
      // fails both times. The first failure is printed either way, so a flaky address is seen.
      console.log(`sweep: ${where} loaded again after: ${(first as Error).message}`);
      requests.reset();
      errors.splice(0); // the second load is judged on its own (the first one's aborts are not its)
      await load();
      try {
        await rendered(page, requests);
      } catch (error) {
        problems.push(
          `${where}: ${(error as Error).message} (the first load too: ${(first as Error).message})`,
        );
        return;
      }
    }
    const found = textProblems(await page.locator('body').innerText(), look.lang, opts.words, url);
    const wide = await overflow(page);
    if (wide) found.push(`sideways scroll — ${wide}`);
    found.push(...errors.splice(0));
    for (const problem of found) problems.push(`${where}: ${problem}`);
    // The address names the picture; a seeded id (a banner's uuid) does not, so runs compare.
    const slug =
      url
        .replace(/[0-9a-f-]{36}/, 'id')
        .replace(/^\//, '')
        .replace(/[^\w-]+/g, '_') || 'root';
    await settledScreenshot(page, `sweep/${cellName(cell, look)}/${slug}`, 'jpeg');
  };
  // The one place that knows the announcements' popups: each shows once per browser (per player
  // when signed in) and is remembered as seen when shown, so a first visit of the home shows them
  // and Escape closes them; the addresses after are photographed as a returning player sees them.
  // The popups are asked for once the first load has settled (Shell's DeferredPopups): wait for
  // that answer, whatever it holds, so a popup never opens over a later address.
  const popups = page.waitForResponse((r) => r.url().includes('/wps/announcements/popups'), {
    timeout: 20_000,
  });
  await page.goto(opts.server.url);
  await popups.catch(() => undefined);
  await rendered(page, requests).catch(() => undefined);
  for (let i = 0; i < 10 && (await page.locator('[role="dialog"]').count()) > 0; i += 1) {
    await page.keyboard.press('Escape');
    await rendered(page, requests).catch(() => undefined);
  }
  for (const url of sweepUrls(opts.seed, cell).filter((_, i) => i % PARTS === part)) {
    await visit(url, cold, () => page.goto(`${opts.server.url}${url}`));
    await visit(url, refreshed, () => page.reload());
  }
  await context.close();
  return problems;
}
