import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, screenshot, startServer } from './harness.ts';
import { t } from './i18n.ts';
import { demoPlayerToken, signInContext } from './player.ts';

/**
 * The game lobbies as a visitor and as a player: tiles from the catalog, search, the login popup on a
 * tile when logged out, hall tabs kept in /rng's `?page=` and remembered, a favourite star that fills
 * the favourites row, an in-house tile opening its screen, a vendor tile opening /game, and an empty
 * category's state.
 */
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

const tiles = (page: Page) => page.locator('.game-grid .game-tile');
const lang = 'pt-BR' as const;

describe('game lobbies', () => {
  it('a visitor browses and searches; a tile opens the login popup', async () => {
    const { context, page } = await newPage(browser, { lang, phone: true });
    await page.goto(`${server.url}/inhouse`);
    await expect.poll(() => tiles(page).count(), { timeout: 20_000 }).toBe(8);
    await page.getByPlaceholder(t(lang, 'games', 'search.placeholder')).fill('dados');
    await expect.poll(() => tiles(page).count()).toBe(1);
    await expect.poll(() => tiles(page).first().textContent()).toContain('Dados');
    await tiles(page).first().getByRole('button').first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get('modal')).toBe('login');
    await screenshot(page, 'games-inhouse-login-popup-phone');

    await page.goto(`${server.url}/sports`);
    await expect
      .poll(() => page.getByText(t(lang, 'games', 'emptyTitle')).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await context.close();
  });

  it('a player keeps the slot hall, stars a game and opens in-house and vendor games', async () => {
    const { context, page } = await newPage(browser, { lang });
    await signInContext(context, token);
    await page.goto(`${server.url}/rng`);
    await expect.poll(() => tiles(page).count(), { timeout: 20_000 }).toBe(3);
    await page
      .getByRole('tab', { name: t(lang, 'games', 'hallSuffix', { name: 'Sorte' }), exact: true })
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('SORTE');
    await expect.poll(() => tiles(page).count()).toBe(1);
    // Back to /rng without the query: the stored vassalage selects the same hall.
    await page.goto(`${server.url}/rng`);
    await expect.poll(() => tiles(page).count(), { timeout: 10_000 }).toBe(1);

    // Star Carnaval: the favourites row shows it.
    await page
      .getByRole('button', { name: t(lang, 'games', 'tile.favourite', { name: 'Carnaval Dourado' }) })
      .first()
      .click();
    const favourites = page.getByRole('region', { name: t(lang, 'games', 'rows.favourites') });
    await expect.poll(() => favourites.locator('.game-tile').count(), { timeout: 10_000 }).toBe(1);
    await screenshot(page, 'games-rng-desktop');

    // An in-house tile opens its screen; the launch files it under recent games.
    await page.goto(`${server.url}/inhouse`);
    await page
      .getByRole('button', { name: t(lang, 'games', 'tile.play', { name: 'Dados' }) })
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/inhouse/dice');

    // A vendor tile opens /game with the vendor's page framed under the header.
    await page.goto(`${server.url}/live`);
    await page
      .getByRole('button', { name: t(lang, 'games', 'tile.play', { name: 'Carta da Sorte' }) })
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/game');
    await expect.poll(() => page.locator('.game-frame iframe').count(), { timeout: 20_000 }).toBe(1);
    await expect
      .poll(async () => page.frameLocator('iframe').locator('h1').textContent(), { timeout: 20_000 })
      .toBe('Lucky Card');
    await screenshot(page, 'games-vendor-frame-desktop');

    await page.goto(`${server.url}/inhouse`);
    const recent = page.getByRole('region', { name: t(lang, 'games', 'rows.recent') });
    await expect
      .poll(() => recent.locator('.game-tile').first().textContent(), { timeout: 10_000 })
      .toContain('Dados');
    await context.close();
  });
});
