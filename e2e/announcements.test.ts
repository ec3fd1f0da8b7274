import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  operator,
  POPUPS_URL,
  type RunningServer,
  screenshot,
  startServer,
} from './harness.ts';
import { t } from './i18n.ts';
import { demoPlayerToken, playerApi, signInContext } from './player.ts';

/**
 * Announcements and banners as a player meets them: a popup (PU) opens once — per browser for a
 * visitor, per player once signed in — and again when the operator publishes a new one; the home's
 * ticker runs the announcements in effect in the reader's language and opens one's text; banners show
 * their own language's art (or words). PT-BR on a phone, EN on a desktop.
 */

type Lang = 'pt-BR' | 'en';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

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

/** A context in the site language at a size, with popup announcements let through (the harness holds them back). */
async function open(
  lang: Lang,
  viewport: typeof PHONE,
  signedIn = false,
  motion: 'reduce' | 'no-preference' = 'reduce',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: lang, reducedMotion: motion });
  await context.unroute(POPUPS_URL);
  await context.addInitScript((value) => localStorage.setItem('lang', value), lang);
  if (signedIn) await signInContext(context, token);
  return { context, page: await context.newPage() };
}

const popup = (page: Page) => page.locator('[data-modal="announcementPopup"]');

/** The home with its ticker drawn: by then the popups' answer is in too (both follow the shell). */
async function openHome(page: Page): Promise<void> {
  await page.goto(`${server.url}/`);
  await page.locator('.an-ticker').waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}

async function publishPopup(title: Record<Lang, string>): Promise<string> {
  const created = (await operator(server, 'POST', '/bo/merchants/demo/announcements', {
    type: 'PU',
    title,
    content: { 'pt-BR': `<p>${title['pt-BR']}: texto</p>`, en: `<p>${title.en}: text</p>` },
  })) as { id: string };
  return created.id;
}

describe('popup announcements', () => {
  it('pt-BR phone, visitor: the welcome popup opens once per browser, and a new one opens', async () => {
    const lang = 'pt-BR' as const;
    const { context, page } = await open(lang, PHONE);
    await openHome(page);
    await expect.poll(() => popup(page).locator('.modal__title').textContent()).toBe('Bem-vindo à Sorte');
    await screenshot(page, `announcements-popup-${lang}-phone`);
    await popup(page)
      .getByRole('button', { name: t(lang, 'notices', 'gotIt') })
      .click();
    await popup(page).waitFor({ state: 'detached' });

    await page.reload();
    await openHome(page);
    await page.waitForTimeout(500);
    expect(await popup(page).count()).toBe(0);

    const title = { 'pt-BR': 'Novo aviso para você', en: 'A new notice for you' };
    await publishPopup(title);
    await page.reload();
    await openHome(page);
    await expect.poll(() => popup(page).locator('.modal__title').textContent()).toBe(title['pt-BR']);
    await expect.poll(() => popup(page).locator('.an-body').textContent()).toBe(`${title['pt-BR']}: texto`);
    await popup(page)
      .getByRole('button', { name: t(lang, 'notices', 'gotIt') })
      .click();
    await context.close();
  });

  it('en desktop, player: every popup opens once, and the server remembers it for the player', async () => {
    const lang = 'en' as const;
    const first = await open(lang, DESKTOP, true);
    // Each popup shown is reported to the server; the context must not close before the reports land.
    let reported = 0;
    first.page.on('response', (r) => {
      if (/\/wps\/announcements\/[^/]+\/seen$/.test(r.url()) && r.ok()) reported += 1;
    });
    await openHome(first.page);
    // Every popup in effect opens, one after the other, then none.
    const titles: string[] = [];
    for (let i = 0; i < 5 && (await popup(first.page).count()) === 0; i++)
      await first.page.waitForTimeout(300);
    while ((await popup(first.page).count()) > 0) {
      titles.push((await popup(first.page).locator('.modal__title').textContent()) ?? '');
      if (titles.length === 1) await screenshot(first.page, `announcements-popup-${lang}-desktop`);
      await popup(first.page)
        .getByRole('button', { name: t(lang, 'notices', 'gotIt') })
        .click();
      await first.page.waitForTimeout(300);
    }
    expect(titles).toContain('Welcome to Sorte');
    expect(titles).toContain('A new notice for you');
    await expect.poll(() => reported, { timeout: 15_000 }).toBe(titles.length);
    await first.context.close();

    // The server remembers what this player saw: no popup is left for another browser.
    const left = await playerApi<{ list: unknown[] }>(server, token, 'GET', '/wps/announcements/popups');
    expect(left.list).toEqual([]);
  });
});

describe('the home ticker', () => {
  for (const [lang, viewport, size] of [
    ['pt-BR', PHONE, 'phone'],
    ['en', DESKTOP, 'desktop'],
  ] as const) {
    it(`${lang} ${size}: runs the announcements in effect in the language and opens one`, async () => {
      const { context, page } = await open(lang, viewport, false, 'no-preference');
      await context.route(POPUPS_URL, (route) =>
        route.fulfill({ json: { success: true, value: { list: [] } } }),
      );
      // The strip is reserved from the first render (boot data says announcements are in effect)
      // and the game menus come inlined with the page, so neither the ticker arriving in its own
      // chunk nor the menus move anything: no layout shift on the home, phone or desktop.
      await page.addInitScript(() => {
        const w = window as unknown as { shifted: number };
        w.shifted = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!entry.hadRecentInput) w.shifted += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await openHome(page);
      expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBeLessThan(
        0.01,
      );
      const ticker = page.locator('.an-ticker');
      expect(await ticker.getAttribute('aria-label')).toBe(t(lang, 'notices', 'tickerLabel'));
      const first = ticker.locator('ul:not([aria-hidden]) .an-ticker__item').first();
      const expected = lang === 'pt-BR' ? 'Confira cada rodada' : 'Verify every round';
      await expect.poll(() => ticker.locator('ul:not([aria-hidden])').textContent()).toContain(expected);
      // Hovered, it stands still so the title can be clicked.
      await ticker.hover();
      expect(
        await ticker.locator('.an-ticker__track').evaluate((el) => getComputedStyle(el).animationPlayState),
      ).toBe('paused');
      await screenshot(page, `announcements-ticker-${lang}-${size}`);
      const title = await first.textContent();
      await first.click();
      const dialog = page.locator('[data-modal="announcement"]');
      await expect.poll(() => dialog.locator('.modal__title').textContent()).toBe(title);
      expect(((await dialog.locator('.an-body').textContent()) ?? '').length).toBeGreaterThan(10);
      await screenshot(page, `announcements-ticker-open-${lang}-${size}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await context.close();
    });
  }

  it('stands still for prefers-reduced-motion', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'pt-BR', reducedMotion: 'reduce' });
    const page = await context.newPage();
    await openHome(page);
    const track = page.locator('.an-ticker__track');
    expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await context.close();
  });
});

describe('banners per language', () => {
  it('shows each language its own art, and words where a language has no image', async () => {
    await operator(server, 'POST', '/bo/merchants/demo/banners', {
      groupName: '/',
      images: { 'pt-BR': '/assets-brand/banner-live.svg', en: '/assets-brand/banner-rng.svg' },
      title: { 'pt-BR': 'Arte em português', en: 'Art in English' },
      sortOrder: 0,
    });
    await operator(server, 'POST', '/bo/merchants/demo/banners', {
      groupName: '/',
      title: { 'pt-BR': 'Só palavras', en: 'Words only' },
      sortOrder: 0,
    });

    for (const [lang, viewport, size] of [
      ['pt-BR', PHONE, 'phone'],
      ['en', DESKTOP, 'desktop'],
    ] as const) {
      const { context, page } = await open(lang, viewport);
      await context.route(POPUPS_URL, (route) =>
        route.fulfill({ json: { success: true, value: { list: [] } } }),
      );
      await page.goto(`${server.url}/`);
      const image = page.locator(
        `.banner__slide img[alt="${lang === 'pt-BR' ? 'Arte em português' : 'Art in English'}"]`,
      );
      await image.waitFor({ state: 'attached', timeout: 20_000 });
      const src = (await image.getAttribute('src')) ?? '';
      expect(src).toContain(lang === 'pt-BR' ? 'banner-live.svg' : 'banner-rng.svg');
      expect(src).toContain(`lang=${lang}`);
      const text = page.locator('.banner__text', {
        hasText: lang === 'pt-BR' ? 'Só palavras' : 'Words only',
      });
      await text.waitFor({ state: 'attached' });
      await screenshot(page, `announcements-banner-${lang}-${size}`);
      await context.close();
    }
  });
});
