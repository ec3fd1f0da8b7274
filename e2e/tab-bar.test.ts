import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, screenshot, startServer } from './harness.ts';
import { t } from './i18n.ts';
import { demoPlayerToken, playerApi, signInContext } from './player.ts';

/**
 * The phone's bottom tab bar: exactly the tabs the merchant offers (the game menu decides casino,
 * lotteries and sports), each one navigates and is marked active on its pages, the wallet tab opens
 * the cashier's deposit (log in when logged out), the bar leaves game screens and modals alone and
 * never shows at a desktop width. Screenshots in both languages and themes.
 */

let server: RunningServer;
let browser: Browser;
let token: string;
let offered: Set<string>;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = await demoPlayerToken(server);
  const menus = await playerApi<{ list: { title: string; cards: unknown[] }[] }>(
    server,
    undefined,
    'GET',
    '/lgw/games/game_menus',
  );
  offered = new Set(menus.list.filter((m) => m.cards.length > 0).map((m) => m.title));
  // The sportsbook is ours, not a vendor's hall: its merchant flag offers the sports tab.
  const whitelabel = await playerApi<{ flags: { sportsbook: boolean } }>(
    server,
    undefined,
    'GET',
    '/wps/system/whitelabel',
  );
  if (whitelabel.flags.sportsbook) offered.add('SPORTS');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type Lang = 'pt-BR' | 'en';

/** The tabs the bar must show, in order, with the path each opens. */
function expectedTabs(login: boolean): { key: string; path: string | null }[] {
  return [
    { key: 'home', path: '/' },
    { key: 'casino', path: offered.has('RNG') ? '/rng' : '/inhouse' },
    ...(offered.has('ELOTT') ? [{ key: 'lotteries', path: '/elott' }] : []),
    offered.has('SPORTS') ? { key: 'sports', path: '/sports' } : { key: 'promotions', path: '/promotions' },
    { key: login ? 'wallet' : 'login', path: null },
  ];
}

const bar = (page: Page) => page.locator('nav.tabbar');
const activeTabs = (page: Page) =>
  bar(page)
    .locator('.tabbar__tab.is-active')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-tab')));

describe('the tab bar on a phone', () => {
  it('pt-BR, logged out: the offered tabs, each navigates and is marked; login opens the login modal', async () => {
    const lang = 'pt-BR' as const;
    const { context, page } = await newPage(browser, { lang, phone: true });
    await page.goto(`${server.url}/`);
    await bar(page).waitFor({ timeout: 20_000 });
    const tabs = expectedTabs(false);
    // The game menu arrives after the shell: wait until the bar holds every offered tab.
    await expect.poll(() => bar(page).locator('.tabbar__tab').count(), { timeout: 15_000 }).toBe(tabs.length);
    const keys = await bar(page)
      .locator('.tabbar__tab')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-tab')));
    expect(keys).toEqual(tabs.map((tab) => tab.key));
    // The demo merchant has the fast draws and the sportsbook: the lotteries and sports tabs show.
    expect(keys).toContain('lotteries');
    expect(keys).toContain('sports');
    const labels = await bar(page).locator('.tabbar__tab').allTextContents();
    expect(labels).toEqual(tabs.map((tab) => t(lang, 'common', `tabs.${tab.key}`)));
    expect(await activeTabs(page)).toEqual(['home']);

    for (const tab of tabs) {
      if (!tab.path) continue;
      await bar(page).locator(`[data-tab="${tab.key}"]`).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(tab.path);
      await expect.poll(() => activeTabs(page)).toEqual([tab.key]);
      expect(await bar(page).locator('[aria-current="page"]').getAttribute('data-tab')).toBe(tab.key);
    }

    // Nothing of the page hides under the bar: the footer's last line ends above it.
    await page.goto(`${server.url}/`);
    await bar(page).waitFor();
    // Scrolled to the end on every try: the home's game rows load as they near the screen and
    // lengthen the page after the first scroll.
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, document.body.scrollHeight);
          const footer = document.querySelector('.footer')!.getBoundingClientRect();
          const tabbar = document.querySelector('.tabbar')!.getBoundingClientRect();
          return footer.bottom <= tabbar.top + 1;
        }),
      )
      .toBe(true);

    await bar(page).locator('[data-tab="login"]').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('modal')).toBe('login');
    // It steps aside while the modal is open.
    await expect.poll(() => bar(page).count()).toBe(0);
    await context.close();
  });

  it('logged in: the wallet tab opens the cashier’s deposit; the bar leaves a game’s screen', async () => {
    const lang = 'pt-BR' as const;
    const { context, page } = await newPage(browser, { lang, phone: true });
    await signInContext(context, token);
    await page.goto(`${server.url}/inhouse`);
    const wallet = bar(page).locator('[data-tab="wallet"]');
    await wallet.waitFor({ timeout: 20_000 });
    expect(await wallet.textContent()).toBe(t(lang, 'common', 'tabs.wallet'));
    // Polled with room for a busy runner (expect.poll's default is 1 s): on a loaded CI machine the
    // active mark, the modal and the bar's exit each took longer than that once.
    const slow = { timeout: 15_000 };
    await expect.poll(() => activeTabs(page), slow).toEqual(['casino']);
    await wallet.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('modal'), slow).toBe('member');
    expect(new URL(page.url()).searchParams.get('m_page')).toBe('depositv2');
    await expect.poll(() => bar(page).count(), slow).toBe(0);

    await page.goto(`${server.url}/inhouse/dice`);
    await page.locator('.app__main').waitFor();
    await expect.poll(() => page.locator('.app').getAttribute('data-tabs'), slow).toBe('off');
    expect(await bar(page).count()).toBe(0);
    await context.close();
  });

  it('does not show at a desktop width', async () => {
    const { context, page } = await newPage(browser, { lang: 'pt-BR' });
    await page.goto(`${server.url}/`);
    await page.locator('.header').waitFor({ timeout: 20_000 });
    await expect.poll(() => bar(page).isVisible()).toBe(false);
    await context.close();
  });

  it('screenshots in both languages and themes, logged out and in', async () => {
    for (const lang of ['pt-BR', 'en'] as Lang[]) {
      for (const theme of ['dark', 'light'] as const) {
        const { context, page } = await newPage(browser, { lang, phone: true });
        await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
        if (theme === 'light') await signInContext(context, token);
        await page.goto(`${server.url}/elott`);
        await bar(page).waitFor({ timeout: 20_000 });
        await expect
          .poll(() => bar(page).locator('.tabbar__tab').count(), { timeout: 15_000 })
          .toBe(expectedTabs(theme === 'light').length);
        await page.waitForTimeout(300);
        await screenshot(page, `tab-bar-phone-${lang}-${theme}${theme === 'light' ? '-in' : ''}`);
        await context.close();
      }
    }
  });
});
