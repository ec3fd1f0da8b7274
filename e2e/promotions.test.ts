import { describe, expect, it } from 'vitest';
import { screenshot, withoutAnnouncementPopups } from './harness.ts';
import { t } from './i18n.ts';
import { JOURNEYS, journeyPage, useJourney } from './journey.ts';
import { signInContext } from './player.ts';

/**
 * Promotions of the CMS (issue 17 item 1), on the demo merchant's seeded promotions: a visitor sees
 * the new-player promotion in the register page's carousel; on /promotions the cards (cover,
 * category, countdown) and never the deposit bonus (the merchant's bonus switch is off by default);
 * a card opens /promoDetail with its sanitized body, and the activity promotion offers the
 * application form to the signed-in player. PT-BR on a phone, EN on a desktop.
 */
const j = useJourney({ demoPlayer: {} });

const TITLES = {
  welcome: { en: 'Welcome to Sorte', 'pt-BR': 'Bem-vindo à Sorte' },
  share: { en: 'Show us your best round', 'pt-BR': 'Mostre sua melhor rodada' },
  bonus: { en: 'First deposit bonus', 'pt-BR': 'Bônus de primeiro depósito' },
} as const;

describe.each(JOURNEYS)('promotions, $name', (setting) => {
  const { lang } = setting;
  const tag = `${setting.phone ? 'phone' : 'desktop'}-${lang}`;

  it('the register page shows the new-player promotion to a visitor', async () => {
    const { context, page } = await journeyPage(j.browser, setting);
    await withoutAnnouncementPopups(context);
    await page.goto(`${j.server.url}/register`);
    const carousel = page.locator('.promo-carousel');
    await carousel.waitFor({ timeout: 20_000 });
    await expect.poll(() => carousel.locator('strong').first().textContent()).toBe(TITLES.welcome[lang]);
    // The deposit bonus is a new-player promotion too, but bonuses are off on this merchant.
    expect(await page.getByText(TITLES.bonus[lang]).count()).toBe(0);
    await page.locator('.promo-carousel__image').evaluate((img: HTMLImageElement) => img.decode());
    await screenshot(page, `promotions-register-${tag}`);
    // The slide opens the promotion's page.
    await carousel.locator('a').click();
    await page.locator('.promo-rich').waitFor({ timeout: 20_000 });
    expect(await page.locator('.promo-rich h2').textContent()).toBe(
      lang === 'en' ? 'Start in three steps' : 'Comece em três passos',
    );
    await context.close();
  });

  it('/promotions lists the cards by category; a card opens its sanitized body and the application form', async () => {
    const { context, page } = await journeyPage(j.browser, setting);
    await withoutAnnouncementPopups(context);
    await signInContext(context, j.token);
    await page.goto(`${j.server.url}/promotions`);
    const tiles = page.locator('.promo-tile');
    await tiles.first().waitFor({ timeout: 20_000 });
    expect(await tiles.count()).toBe(3);
    expect(await page.getByText(TITLES.bonus[lang]).count()).toBe(0);
    // A countdown to the end on the dated ones.
    expect(await page.locator('.promo-countdown[role="timer"]').count()).toBe(2);
    // The tabs: all and one per category shown; a category narrows the list.
    await page.getByRole('tab', { name: t(lang, 'promotions', 'category.casino') }).click();
    await expect.poll(() => tiles.count()).toBe(1);
    await page.getByRole('tab', { name: t(lang, 'promotions', 'category.all') }).click();
    await expect.poll(() => tiles.count()).toBe(3);
    await page.evaluate(() =>
      Promise.all(Array.from(document.images, (img) => img.decode().catch(() => undefined))),
    );
    await screenshot(page, `promotions-list-${tag}`);

    await page.locator('.promo-tile', { hasText: TITLES.share[lang] }).click();
    await page.locator('.promo-rich').waitFor({ timeout: 20_000 });
    expect(page.url()).toMatch(/\/promoDetail\?id=\d+$/);
    expect(await page.locator('.page__title').textContent()).toBe(TITLES.share[lang]);
    expect(await page.locator('.promo-rich li').count()).toBe(3);
    // The activity promotion takes applications: the existing form is under the body.
    await page.locator('.act-card').first().waitFor({ timeout: 20_000 });
    expect(await page.locator('textarea').count()).toBeGreaterThan(0);
    await page.locator('.promo-detail__image').evaluate((img: HTMLImageElement) => img.decode());
    await screenshot(page, `promotions-detail-${tag}`);
    await context.close();
  });
});
