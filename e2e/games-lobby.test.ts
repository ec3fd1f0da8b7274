import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot, settledScreenshot } from './harness.ts';
import { t } from './i18n.ts';
import { useJourney } from './journey.ts';
import { signInContext } from './player.ts';

/**
 * The game lobbies as a visitor and as a player: tiles from the catalog, search, the login popup on a
 * tile when logged out, hall tabs kept in /rng's `?page=` and remembered, a favourite star that fills
 * the favourites row, an in-house tile opening its screen, a vendor tile opening /game, and an empty
 * category's state.
 */
const j = useJourney({ demoPlayer: {} });

const tiles = (page: Page) => page.locator('.game-grid .game-tile');
const lang = 'pt-BR' as const;

describe('game lobbies', () => {
  it('a visitor browses and searches; a tile opens the login popup', async () => {
    const { context, page } = await newPage(j.browser, { lang, phone: true });
    await page.goto(`${j.server.url}/inhouse`);
    await expect.poll(() => tiles(page).count(), { timeout: 20_000 }).toBe(8);
    await page.getByPlaceholder(t(lang, 'games', 'search.placeholder')).fill('dados');
    await expect.poll(() => tiles(page).count()).toBe(1);
    await expect.poll(() => tiles(page).first().textContent()).toContain('Dados');
    await tiles(page).first().getByRole('button').first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get('modal')).toBe('login');
    await screenshot(page, 'games-inhouse-login-popup-phone');

    // /sports is the sportsbook's lobby (e2e/sportsbook.test.ts); this server runs no odds feed.
    await page.goto(`${j.server.url}/sports`);
    await expect
      .poll(() => page.getByText(t(lang, 'sportsbook', 'noEvents')).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await context.close();
  });

  it('a player keeps the slot hall, stars a game and opens in-house and vendor games', async () => {
    const { context, page } = await newPage(j.browser, { lang });
    await signInContext(context, j.token);
    await page.goto(`${j.server.url}/rng`);
    await expect.poll(() => tiles(page).count(), { timeout: 20_000 }).toBe(3);
    await page
      .getByRole('tab', { name: t(lang, 'games', 'hallSuffix', { name: 'Sorte' }), exact: true })
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('SORTE');
    await expect.poll(() => tiles(page).count()).toBe(1);
    // Back to /rng without the query: the stored vassalage selects the same hall.
    await page.goto(`${j.server.url}/rng`);
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
    await page.goto(`${j.server.url}/inhouse`);
    await page
      .getByRole('button', { name: t(lang, 'games', 'tile.play', { name: 'Dados' }) })
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/inhouse/dice');

    // A vendor tile opens /game with the vendor's page framed under the header.
    await page.goto(`${j.server.url}/live`);
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

    await page.goto(`${j.server.url}/inhouse`);
    const recent = page.getByRole('region', { name: t(lang, 'games', 'rows.recent') });
    await expect
      .poll(() => recent.locator('.game-tile').first().textContent(), { timeout: 10_000 })
      .toContain('Dados');
    await context.close();
  });

  it('the home sells the games in rows and the header search finds one (pt-BR, phone, visitor)', async () => {
    const { context, page } = await newPage(j.browser, { lang, phone: true });
    await page.goto(`${j.server.url}/`);
    // The rows load once the player scrolls near them.
    await page.locator('.home-rows-slot').scrollIntoViewIfNeeded();
    const inhouse = page.getByRole('region', { name: t(lang, 'home', 'rows.inhouse') });
    await expect.poll(() => inhouse.locator('.game-tile').count(), { timeout: 20_000 }).toBe(8);
    await expect
      .poll(() =>
        inhouse
          .getByRole('link', {
            name: t(lang, 'home', 'rows.seeAllOf', { row: t(lang, 'home', 'rows.inhouse') }),
          })
          .getAttribute('href'),
      )
      .toBe('/inhouse');
    // A visitor has no recent games or favourites: those rows are not there at all.
    await expect(page.getByRole('region', { name: t(lang, 'home', 'rows.recent') }).count()).resolves.toBe(0);
    await inhouse.scrollIntoViewIfNeeded();
    await settledScreenshot(page, 'home-rows-phone-pt');
    await inhouse.getByRole('button', { name: t(lang, 'games', 'tile.play', { name: 'Dados' }) }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('modal')).toBe('login');

    await page.goto(`${j.server.url}/`);
    await page.getByRole('button', { name: t(lang, 'common', 'actions.search') }).click();
    const search = page.getByRole('dialog', { name: t(lang, 'games', 'search.label') });
    await search.getByRole('searchbox').fill('dados');
    await expect
      .poll(() => search.locator('.game-tile').first().textContent(), { timeout: 10_000 })
      .toContain('Dados');
    await settledScreenshot(page, 'home-search-phone-pt');
    await page.keyboard.press('Escape');
    await expect.poll(() => search.count()).toBe(0);
    await context.close();
  });

  it('a player opens a game from a home row and from the header search (en, desktop)', async () => {
    const en = 'en' as const;
    const { context, page } = await newPage(j.browser, { lang: en });
    await signInContext(context, j.token);
    await page.goto(`${j.server.url}/`);
    await page.locator('.home-rows-slot').scrollIntoViewIfNeeded();
    const inhouse = page.getByRole('region', { name: t(en, 'home', 'rows.inhouse') });
    await inhouse
      .getByRole('button', { name: t(en, 'games', 'tile.play', { name: 'Dice' }) })
      .first()
      .click({ timeout: 20_000 });
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/inhouse/dice');

    // Back home, the launch shows under recently played.
    await page.goto(`${j.server.url}/`);
    await page.locator('.home-rows-slot').scrollIntoViewIfNeeded();
    const recent = page.getByRole('region', { name: t(en, 'home', 'rows.recent') });
    await expect
      .poll(() => recent.locator('.game-tile').first().textContent(), { timeout: 20_000 })
      .toContain('Dice');
    await settledScreenshot(page, 'home-rows-desktop-en');

    // The header search: type, Enter opens the first match.
    await page.getByRole('button', { name: t(en, 'common', 'actions.search') }).click();
    const search = page.getByRole('dialog', { name: t(en, 'games', 'search.label') });
    await search.getByRole('searchbox').fill('Dice');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/inhouse/dice');
    await expect.poll(() => search.count()).toBe(0);
    await context.close();
  });
});
