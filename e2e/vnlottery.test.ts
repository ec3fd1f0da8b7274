import { describe, expect, it } from 'vitest';
import { minorOf, settledScreenshot } from './harness.ts';
import { t } from './i18n.ts';
import { JOURNEYS, type JourneySetting, journeyPage, useJourney } from './journey.ts';
import { playerApi, signInContext } from './player.ts';

/**
 * The Vietnamese lottery at /vnlottery in a real Chromium against the built server on a fresh
 * database, with the server's clock at the moment of issue 13 #9: Thursday 26/11/2026 14:47 UTC,
 * 21:47 in Vietnam, when every region has drawn for the day. The lobby must then list no closed
 * draw and no next-week draw under the first day: each region leads with Friday 27/11's games, open
 * (Miền Bắc's daily draw among them), then "later days" in date order within the week; the latest
 * result is Thursday's. Then the demo player picks an open draw, chooses lô 2 số and a number on the
 * grid, sees the cost the server will charge, adds it to the slip and places it; the ticket shows
 * pending in my tickets with its detail, the page's balance drops by the cost, and the results
 * board shows the newest results with their lô tô table. In PT-BR on a phone and EN on a desktop.
 */
const THURSDAY = '2026-11-26';
const FRIDAY = '2026-11-27';
const NEXT_THURSDAY = '2026-12-03';
const j = useJourney({ env: { TEST_CLOCK_START: `${THURSDAY}T14:47:00Z` }, demoPlayer: {} });

type Lang = 'pt-BR' | 'en';

interface Menu {
  regions: {
    region: string;
    betTypes: { betType: string; rate: { kind: string; pricePerPointMinor?: number } }[];
    provinces: { code: string; openToday: boolean }[];
  }[];
}

const until = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** How the page writes a day in each language ("qui., 26/11", "Thu, 11/26"): its day and month. */
const dayMonth = (lang: Lang, day: string) =>
  lang === 'en' ? `${day.slice(5, 7)}/${day.slice(8)}` : `${day.slice(8)}/${day.slice(5, 7)}`;

async function journey(setting: JourneySetting, number: string) {
  const { server, token } = j;
  const { lang } = setting;
  const tr = (key: string, vars?: Record<string, string | number>) => t(lang, 'vnlottery', key, vars);
  const size = setting.viewport.width;
  const { context, page } = await journeyPage(j.browser, setting);
  await signInContext(context, token);
  await page.goto(`${server.url}/vnlottery`);
  await page.getByTestId('vn-page').waitFor();
  await until(() => page.getByTestId('vn-tab-bet').textContent()).toContain(tr('tabs.bet'));
  const balanceBefore = await (async () => {
    await until(async () => minorOf(await page.getByTestId('vn-balance').textContent())).toBeGreaterThan(0);
    return minorOf(await page.getByTestId('vn-balance').textContent());
  })();

  // Each region at 21:47 in Vietnam: Friday's games first, every one open, under "tomorrow's draws"
  // (nothing of next week, nothing closed); the later days after them in date order, within a week.
  const cards = (scope: string) =>
    page
      .locator(`${scope} [data-testid^="vn-province-"]`)
      .evaluateAll((list) =>
        list.map((el) => `${el.getAttribute('data-day')} ${el.getAttribute('data-open')}`),
      );
  for (const region of ['north', 'central', 'south'] as const) {
    await page.getByTestId(`vn-region-${region}`).click();
    const next = page.getByTestId('vn-provinces-next');
    await until(() => next.getAttribute('data-day')).toBe('tomorrow');
    expect(await page.locator('.vn-provinces > h3').first().textContent()).toBe(tr('draws.tomorrow'));
    const first = await cards('[data-testid="vn-provinces-next"]');
    expect(first.length).toBeGreaterThan(0);
    expect(new Set(first)).toEqual(new Set([`${FRIDAY} true`]));
    const later = (await cards('.vn-later')).map((card) => card.split(' ')[0]!);
    expect(later).toEqual([...later].sort());
    for (const day of later) expect(day > FRIDAY && day <= NEXT_THURSDAY, day).toBe(true);
    if (region === 'north') {
      expect(await cards('[data-testid="vn-provinces-next"]')).toEqual([`${FRIDAY} true`]);
      await settledScreenshot(page, `vnlottery-${size}-${lang}-thursday-night`);
    }
  }
  // Miền Bắc's daily game: betting on Friday's draw, its latest result Thursday's.
  await page.getByTestId('vn-region-north').click();
  await page.getByTestId('vn-province-MB').click();
  await until(() => page.getByTestId('vn-selected').textContent()).toContain(dayMonth(lang, FRIDAY));
  await until(() => page.getByTestId('vn-last-result').textContent()).toContain(dayMonth(lang, THURSDAY));
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

  // The latest results: the newest is Thursday's (drawn this evening), one board with its lô tô table and đề.
  await page.getByTestId('vn-tab-results').click();
  const board = page.getByTestId('vn-board');
  await board.waitFor();
  const shownDay = page.getByTestId('vn-results-date').locator('option:checked');
  await until(() => shownDay.textContent()).toContain(dayMonth(lang, THURSDAY));
  await until(() => board.textContent()).toContain('ĐB');
  await until(() => board.textContent()).toContain(tr('results.loTable'));
  await until(async () => (await page.getByTestId('vn-de').textContent())?.length).toBe(2);
  await settledScreenshot(page, `vnlottery-${size}-${lang}-results`);
  await context.close();
}

const NUMBER: Record<Lang, string> = { 'pt-BR': '07', en: '68' };

describe.each(JOURNEYS)('vnlottery on Thursday 26/11 at 21:47 in Vietnam, $name', (setting) => {
  it('lists Friday’s open draws first, the later days in order, Thursday’s result; places a lô bet', async () => {
    await journey(setting, NUMBER[setting.lang]);
  });
});
