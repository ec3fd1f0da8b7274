import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  minorOf,
  newPage,
  type RunningServer,
  settledScreenshot,
  startServer,
} from './harness.ts';
import { t } from './i18n.ts';
import { demoPlayerToken, playerApi, signInContext } from './player.ts';

/**
 * The Vietnamese lottery at /vnlottery in a real Chromium against the built server on a fresh
 * database: the demo player picks an open draw, chooses lô 2 số and a number on the grid, sees the
 * cost the server will charge, adds it to the slip and places it; the ticket shows pending in my
 * tickets with its detail, the page's balance drops by the cost, and the results board shows the
 * seeded results with their lô tô table. Once in PT-BR at phone size, once in EN on a desktop.
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

type Lang = 'pt-BR' | 'en';

interface Menu {
  regions: {
    region: string;
    betTypes: { betType: string; rate: { kind: string; pricePerPointMinor?: number } }[];
    provinces: { code: string; openToday: boolean }[];
  }[];
}

const until = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

async function journey(lang: Lang, phone: boolean, number: string) {
  const tr = (key: string, vars?: Record<string, string | number>) => t(lang, 'vnlottery', key, vars);
  const size = phone ? 390 : 1440;
  const { context, page } = await newPage(browser, { lang, phone });
  await signInContext(context, token);
  await page.goto(`${server.url}/vnlottery`);
  await page.getByTestId('vn-page').waitFor();
  await until(() => page.getByTestId('vn-tab-bet').textContent()).toContain(tr('tabs.bet'));
  const balanceBefore = await (async () => {
    await until(async () => minorOf(await page.getByTestId('vn-balance').textContent())).toBeGreaterThan(0);
    return minorOf(await page.getByTestId('vn-balance').textContent());
  })();

  // An open draw of today when there is one (there always is a next draw: the one selected by default).
  const open = page.locator('[data-testid^="vn-province-"][data-open="true"]');
  if ((await open.count()) > 0) await open.first().click();
  await page.getByTestId('vn-selected').waitFor();
  const selected = page.locator('[data-testid^="vn-province-"][aria-pressed="true"]');
  const code = ((await selected.getAttribute('data-testid')) ?? '').replace('vn-province-', '');
  const menu = await playerApi<Menu>(server, token, 'GET', '/lgw/vn/games/game_menu?device=WEB');
  const region = menu.regions.find((r) => r.provinces.some((p) => p.code === code))!;
  const price = region.betTypes.find((b) => b.betType === 'lo2')!.rate.pricePerPointMinor!;

  await page.getByTestId('vn-type-lo2').click();
  // The rate line in the player's language ("1 ponto custa …", "1 point costs …").
  await until(() => page.getByTestId('vn-rate').textContent()).toMatch(
    new RegExp(`^${tr('rate.perPoint', { price: '@' }).split('@')[0]}`),
  );
  await page.getByTestId(`vn-ball-${number}`).click();
  await until(async () => minorOf(await page.getByTestId('vn-cost').textContent())).toBe(price);
  await settledScreenshot(page, `vnlottery-${size}-${lang}-bet`);
  await page.getByTestId('vn-add').click();
  await until(() => page.getByTestId('vn-slip-entry').count()).toBe(1);
  await until(async () => minorOf(await page.getByTestId('vn-slip-total').textContent())).toBe(price);

  const answer = page.waitForResponse((r) => r.url().endsWith('/wps/lottery/vn/bets'));
  await page.getByTestId('vn-submit').click();
  const placed = (await (await answer).json()) as { success: boolean; value: { stakeMinor: number } };
  expect(placed.success).toBe(true);
  expect(placed.value.stakeMinor).toBe(price);

  // The page moves to my tickets: the new ticket is pending, and the balance dropped by its cost.
  await page.getByTestId('vn-tickets').waitFor();
  const first = page.getByTestId('vn-ticket').first();
  await until(() => first.getAttribute('data-status')).toBe('pending');
  await until(() => first.getByTestId('vn-ticket-status').textContent()).toBe(tr('tickets.status.pending'));
  await until(() => first.textContent()).toContain(number);
  await until(async () => minorOf(await page.getByTestId('vn-balance').textContent())).toBe(
    balanceBefore - price,
  );
  await settledScreenshot(page, `vnlottery-${size}-${lang}-tickets`);
  await first.click();
  const detail = page.getByTestId('vn-ticket-detail');
  await detail.waitFor();
  await until(() => detail.textContent()).toContain(tr('tickets.waiting'));
  await page.keyboard.press('Escape');
  await detail.waitFor({ state: 'detached' });

  // The latest results: the seed's settled draws, one board with its lô tô table and đề.
  await page.getByTestId('vn-tab-results').click();
  const board = page.getByTestId('vn-board');
  await board.waitFor();
  await until(() => board.textContent()).toContain('ĐB');
  await until(() => board.textContent()).toContain(tr('results.loTable'));
  await until(async () => (await page.getByTestId('vn-de').textContent())?.length).toBe(2);
  await settledScreenshot(page, `vnlottery-${size}-${lang}-results`);
  await context.close();
}

describe('vnlottery', () => {
  it('places a lô bet on an open draw and finds it pending in my tickets (phone, pt-BR)', async () => {
    await journey('pt-BR', true, '07');
  });

  it('places a lô bet on an open draw and finds it pending in my tickets (desktop, en)', async () => {
    await journey('en', false, '68');
  });
});
