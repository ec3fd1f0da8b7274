import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { minorOf, settledScreenshot } from './harness.ts';
import { t } from './i18n.ts';
import { JOURNEYS, journeyPage, useJourney } from './journey.ts';
import { playerApi, signInContext } from './player.ts';

/**
 * The sportsbook's player screens (issue 16 item 4) against the built server with the reference
 * odds feed beside it, on a port of its own: a visitor browses and is asked to log in to bet; on a
 * phone in PT-BR the player opens an event and bets a pre-match single, then finds it in My bets;
 * on a desktop in EN the player builds a three-leg multiple from the lobby, whose return the slip
 * computed exactly as the server did. A price may drift between the screen and the bet (the feed's
 * pre-match odds move): the slip then asks to accept the new odds, and the journey accepts them.
 */
const j = useJourney({
  demoPlayer: {},
  // SPORTSBOOK_FEED: a test server runs no background work unless asked (the feed and its consumer).
  env: { SPORTSBOOK_FEED: 'true', REFERENCE_FEED_PORT: String(10_000 + Math.floor(Math.random() * 9_000)) },
});

const [PHONE, DESKTOP] = JOURNEYS as [(typeof JOURNEYS)[0], (typeof JOURNEYS)[0]];
const until = <T>(read: () => T | Promise<T>, timeout = 20_000) => expect.poll(read, { timeout });

interface Bet {
  id: string;
  type: string;
  stakeMinor: number;
  potentialReturnMinor: number;
  legs: { eventId: string; odds: number }[];
}

/** Minor units as the site writes them, without the symbol ('1234' → '12,34' in PT-BR, '12.34' in EN). */
const amount = (minor: number, decimal: ',' | '.') =>
  `${Math.floor(minor / 100)}${decimal}${String(minor % 100).padStart(2, '0')}`;

const openBets = () => playerApi<Bet[]>(j.server, j.token, 'GET', '/wps/sports/bets?status=open');

/** Places the slip; when a price moved meanwhile the slip offers "accept new odds": accept, place again. */
async function place(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const accept = page.getByTestId('slip-accept');
    const placeButton = page.getByTestId('slip-place');
    await until(async () => (await accept.isVisible()) || (await placeButton.isEnabled())).toBe(true);
    if (await accept.isVisible()) {
      await accept.click();
      continue;
    }
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/wps/sports/bets') && r.request().method() === 'POST',
    );
    await placeButton.click();
    if ((await answer).ok()) {
      await page.getByTestId('slip-receipt').waitFor();
      return;
    }
    // Refused (a price moved): the slip shows old → new and the accept button.
    await page.getByTestId('slip-problem').waitFor();
  }
  throw new Error('the slip was not placed after 5 attempts');
}

describe('sportsbook', () => {
  it(`a visitor browses and is asked to log in to bet (${PHONE.name})`, async () => {
    const { context, page } = await journeyPage(j.browser, PHONE);
    await page.goto(`${j.server.url}/sports`);
    await until(() => page.getByTestId('upcoming').getByTestId('event-row').count()).toBeGreaterThan(0);
    await page.getByRole('tab', { name: t(PHONE.lang, 'sportsbook', 'sport.tennis') }).click();
    await until(() => new URL(page.url()).searchParams.get('sport')).toBe('tennis');
    await until(() => page.getByTestId('event-row').count()).toBeGreaterThan(0);
    await page.getByTestId('upcoming').getByTestId('odds').first().click();
    await page.getByTestId('slip-bar').click();
    await page.getByTestId('slip-login').click();
    await until(() => new URL(page.url()).searchParams.get('modal')).toBe('login');
    await context.close();
  });

  it(`bets a pre-match single on an event and sees it in My bets (${PHONE.name})`, async () => {
    const { lang } = PHONE;
    const { context, page } = await journeyPage(j.browser, PHONE);
    await signInContext(context, j.token);
    await page.goto(`${j.server.url}/sports`);
    await until(async () => minorOf(await page.getByTestId('balance').textContent())).toBe(100_000);
    const row = page.getByTestId('upcoming').getByTestId('event-row').first();
    await row.waitFor({ timeout: 30_000 });
    const eventId = (await row.getAttribute('data-event'))!;
    await settledScreenshot(page, 'sportsbook-phone-pt-lobby');

    await row.getByTestId('event-link').click();
    await page.waitForURL(`**/sports/event/${eventId}`);
    await page.getByTestId('scoreboard').waitFor();
    await until(() =>
      page.getByRole('region', { name: t(lang, 'sportsbook', 'market.1x2') }).isVisible(),
    ).toBe(true);
    const home = page.locator('[data-testid="odds"][data-market="1x2"][data-outcome="home"]');
    await home.click();
    await until(() => home.getAttribute('aria-pressed')).toBe('true');
    await settledScreenshot(page, 'sportsbook-phone-pt-event');

    await page.getByTestId('slip-bar').click();
    await until(() => page.getByTestId('slip-pick').count()).toBe(1);
    await page.getByTestId('slip-stake').fill('5,00');
    await until(() => page.getByTestId('slip-total').textContent()).toContain('5,00');
    await settledScreenshot(page, 'sportsbook-phone-pt-slip');
    await place(page);

    const [bet] = await openBets();
    expect(bet).toBeDefined();
    expect(bet!.type).toBe('single');
    expect(bet!.stakeMinor).toBe(500);
    expect(bet!.legs).toEqual([expect.objectContaining({ eventId, market: '1x2', outcome: 'home' })]);
    // Stake × odds, rounded down to the cent once.
    expect(bet!.potentialReturnMinor).toBe(Math.floor((500 * bet!.legs[0]!.odds) / 1000));
    await until(() => page.getByTestId('receipt-return').textContent()).toContain(
      amount(bet!.potentialReturnMinor, ','),
    );
    await until(async () => minorOf(await page.getByTestId('balance').textContent())).toBe(99_500);

    await page.getByTestId('dock-bets').click();
    const shown = page.locator(`[data-testid="bet"][data-bet="${bet!.id}"]`);
    await until(() => shown.count()).toBe(1);
    expect(await shown.getAttribute('data-status')).toBe('open');
    await settledScreenshot(page, 'sportsbook-phone-pt-my-bets');
    await context.close();
  });

  it(`bets a three-leg multiple from the lobby (${DESKTOP.name})`, async () => {
    const { context, page } = await journeyPage(j.browser, DESKTOP);
    await signInContext(context, j.token);
    await page.goto(`${j.server.url}/sports`);
    const rows = page.getByTestId('upcoming').getByTestId('event-row');
    await until(() => rows.count(), 30_000).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < 3; i++)
      await rows.nth(i).locator('[data-testid="odds"][data-outcome="away"]').click();
    await until(() => page.getByTestId('slip-pick').count()).toBe(3);
    // A second selection made the slip a multiple; three allow the systems too.
    await until(() => page.getByTestId('slip-type-multiple').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('slip-type-system').isEnabled()).toBe(true);
    await page.getByTestId('slip-stake').fill('2.00');
    await until(() => page.getByTestId('slip-total').textContent()).toContain('2.00');
    await settledScreenshot(page, 'sportsbook-desktop-en-multiple');
    const before = (await openBets()).length;
    await place(page);

    const bets = await openBets();
    expect(bets).toHaveLength(before + 1);
    const bet = bets[0]!;
    expect(bet.type).toBe('multiple');
    expect(bet.stakeMinor).toBe(200);
    expect(bet.legs).toHaveLength(3);
    // 2.00 × the exact product of the three odds, rounded down once — what the receipt shows.
    const product = bet.legs.reduce((p, l) => p * BigInt(l.odds), 1n);
    expect(bet.potentialReturnMinor).toBe(Number((200n * product) / 1_000_000_000n));
    await until(() => page.getByTestId('receipt-return').textContent()).toContain(
      amount(bet.potentialReturnMinor, '.'),
    );
    await page.getByTestId('dock-bets').click();
    await until(() => page.locator(`[data-testid="bet"][data-bet="${bet.id}"]`).count()).toBe(1);
    await settledScreenshot(page, 'sportsbook-desktop-en-my-bets');
    await context.close();
  });
});
