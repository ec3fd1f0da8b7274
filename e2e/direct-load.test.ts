import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, screenshot, startServer } from './harness.ts';
import { t } from './i18n.ts';
import { demoPlayerToken, signInContext } from './player.ts';

/**
 * Every game lobby opened straight from the address bar (a cold load, then a refresh), logged out and
 * in: the page renders its lobby, never the route's error panel, and logs no error. /pge once failed
 * this way only (its fixed hall was named before the game menu arrived). Screenshots in both
 * languages and themes, at phone and desktop widths.
 */
const LOBBIES = ['/pge', '/inhouse', '/rng', '/live', '/fish', '/pvp', '/elott', '/sports', '/esports'];

let server: RunningServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = await demoPlayerToken(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type Lang = 'pt-BR' | 'en';

/** Collects uncaught errors and console errors of a page. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

async function expectLobby(page: Page, lang: Lang, path: string) {
  // /elott is the fast-draw lobby (its draw cards); the others the game lobby.
  const ready = path === '/elott' ? '[data-testid="lottery-card"]' : '.lobby__title';
  await page.locator(ready).first().waitFor({ timeout: 20_000 });
  // Rendered whole: the grid, its empty state or its skeleton gave way to content.
  await expect.poll(() => page.locator('.skeleton-card').count(), { timeout: 15_000 }).toBe(0);
  const text = (await page.locator('main, body').first().textContent()) ?? '';
  expect(text, path).not.toContain(t(lang, 'common', 'errors.pageTitle'));
}

async function visitAll(opts: { lang: Lang; phone: boolean; theme: 'light' | 'dark'; login: boolean }) {
  const { context, page } = await newPage(browser, { lang: opts.lang, phone: opts.phone });
  await context.addInitScript((theme) => localStorage.setItem('theme', theme), opts.theme);
  if (opts.login) await signInContext(context, token);
  const errors = watchErrors(page);
  for (const path of LOBBIES) {
    await page.goto(`${server.url}${path}`);
    await expectLobby(page, opts.lang, path);
    await page.reload();
    await expectLobby(page, opts.lang, path);
    if (path === '/pge' || path === '/inhouse')
      await screenshot(
        page,
        `direct-${path.slice(1)}-${opts.phone ? 'phone' : 'desktop'}-${opts.lang}-${opts.theme}${opts.login ? '-in' : ''}`,
      );
  }
  expect(errors).toEqual([]);
  await context.close();
}

describe('lobbies opened directly', () => {
  it('logged out, phone, pt-BR, light theme', async () => {
    await visitAll({ lang: 'pt-BR', phone: true, theme: 'light', login: false });
  });
  it('logged in, desktop, en, dark theme', async () => {
    await visitAll({ lang: 'en', phone: false, theme: 'dark', login: true });
  });
});

describe('the home offers only what the site has', () => {
  it('no "coming soon" tile; the footer’s affiliate start stays in this tab (help when logged in, sign-up when not)', async () => {
    const lang = 'pt-BR' as const;
    const { context, page } = await newPage(browser, { lang });
    await page.goto(`${server.url}/`);
    await page.locator('.cat-tile__meta').first().waitFor();
    await expect.poll(() => page.locator('.cat-tile__meta').first().textContent()).not.toBe('');
    const tiles = await page.locator('.cat-tile').allTextContents();
    expect(tiles.join('|')).not.toContain(t(lang, 'home', 'comingSoon'));
    expect(tiles.some((text) => text.includes(t(lang, 'home', 'tiles.PGE')))).toBe(true);
    expect(tiles.some((text) => text.includes(t(lang, 'home', 'tiles.SPORTS')))).toBe(false);

    const start = page.locator('.footer').getByRole('button', { name: t(lang, 'common', 'actions.start') });
    await start.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/register');
    expect(context.pages()).toHaveLength(1);
    await context.close();

    const signedIn = await newPage(browser, { lang });
    await signInContext(signedIn.context, token);
    await signedIn.page.goto(`${server.url}/`);
    await signedIn.page
      .locator('.footer')
      .getByRole('button', { name: t(lang, 'common', 'actions.start') })
      .click();
    await expect.poll(() => new URL(signedIn.page.url()).searchParams.get('modal')).toBe('help');
    expect(signedIn.context.pages()).toHaveLength(1);
    await screenshot(signedIn.page, 'home-affiliate-help-desktop-pt-BR');
    await signedIn.context.close();
  });
});

describe('dates in the site’s language', () => {
  it('an English browser on the pt-BR site types and reads the records’ days as dd/mm/aaaa', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => localStorage.setItem('lang', 'pt-BR'));
    await signInContext(context, token);
    const page = await context.newPage();
    await page.goto(`${server.url}/?modal=member&m_page=transactionHistory`);
    const from = page.locator('#cs-h-from');
    await from.waitFor({ timeout: 20_000 });
    expect(await from.getAttribute('placeholder')).toBe('dd/mm/aaaa');
    const asked = page.waitForRequest((r) => r.url().includes('dateFrom=2026-11-03'));
    await from.fill('03/11/2026');
    await from.press('Tab');
    await asked;
    await expect.poll(() => from.inputValue()).toBe('03/11/2026');
    await screenshot(page, 'records-dates-phone-pt-BR-en-browser');
    await context.close();
  });
});

describe('the VN lottery on a phone', () => {
  it('the floating menu button never sits on "Apostar" once the player scrolls to it', async () => {
    const { context, page } = await newPage(browser, { lang: 'pt-BR', phone: true });
    await signInContext(context, token);
    await page.goto(`${server.url}/vnlottery`);
    const submit = page.getByTestId('vn-submit');
    await submit.waitFor({ timeout: 20_000 });
    const toggle = page.locator('.bars-toggle');
    await toggle.waitFor();
    // Scroll the way a thumb does, until the button comes into view at the bottom of the screen.
    for (let i = 0; i < 40; i += 1) {
      const box = await submit.boundingBox();
      if (box && box.y + box.height <= 844) break;
      await page.mouse.wheel(0, 120);
      await page.waitForTimeout(30);
    }
    await page.waitForTimeout(400);
    const overlap = await page.evaluate(() => {
      const a = document.querySelector('[data-testid="vn-submit"]')!.getBoundingClientRect();
      const b = document.querySelector('.bars-toggle')!.getBoundingClientRect();
      return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    });
    expect(overlap).toBe(false);
    await screenshot(page, 'vnlottery-phone-submit-clear');
    // A scroll up brings it back.
    await page.mouse.wheel(0, -300);
    await expect
      .poll(() => toggle.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight))
      .toBe(true);
    await context.close();
  });
});
