import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LotteryGame, LotteryGameDetail, LotteryOrder, LotteryTicket } from '@sorte/contracts';
import { unitPayoutMinor } from '@sorte/lottery';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { minorOf, newPage, ROOT, SCREENSHOT_DIR, settledScreenshot } from './harness.ts';
import { t } from './i18n.ts';
import { useJourney } from './journey.ts';
import { playerApi, signInContext } from './player.ts';

/**
 * The fast-draw lottery of issue 5 in a real Chromium against the built server with the draw engine
 * on (tests switch it off by default). The demo player opens the lobby, then the 1-minute 5-digit
 * game, picks all ten digits at the 1st position (ten units, exactly one of which wins whatever is
 * drawn), adds the selection to the slip and places it; the draw comes within about a minute, the
 * ticket settles as won with unit stake × multiple × odds, the header balance ends at
 * before − stake + payout, the ticket's detail verifies the draw in the browser, and the betting
 * records list the settled ticket.
 */
const GAME = 'FD5_1M';
const PLAY = '5D_POSITION';
const UNIT_STAKE_MINOR = 100;
const MULTIPLE = 2;
/** Ten units (digits 0–9 at the 1st position) × 1.00 × 2. */
const STAKE_MINOR = 10 * UNIT_STAKE_MINOR * MULTIPLE;
const SHOTS = '/tmp/shots';

const j = useJourney({ env: { LOTTERY_ENGINE: 'true' }, demoPlayer: {} });

type Lang = 'pt-BR' | 'en';

const api = <T>(method: string, path: string, body?: unknown) =>
  playerApi<T>(j.server, j.token, method, path, body);
const signIn = (context: BrowserContext) => signInContext(context, j.token);
/** Polls the page quickly; the server (`interval` 1 s) gently, so the draw engine keeps the database. */
const until = <T>(read: () => T | Promise<T>, timeout = 15_000, interval = 100) =>
  expect.poll(read, { timeout, interval });

/** The harness's screenshot (kept by CI), also copied under /tmp/shots for review. */
async function shot(page: Page, name: string): Promise<void> {
  await settledScreenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(join(SCREENSHOT_DIR, `${name}.png`), join(SHOTS, `${name}.png`));
}

async function balanceMinor(): Promise<number> {
  const value = await api<Record<string, number>>('GET', '/wps/v2/wallets/balance');
  return Number(value.balanceMinor ?? value.totalBalanceMinor ?? value.availableMinor ?? value.balance);
}

/** Waits (on the server's clock) until the open draw has at least `ms` of betting left. */
async function openDrawWithTime(ms: number): Promise<string> {
  let drawNo = '';
  await until(
    async () => {
      const game = await api<LotteryGameDetail>('GET', `/wps/lottery/games/${GAME}`);
      const left = game.openDraw ? Date.parse(game.openDraw.closesAt) - Date.parse(game.serverTime) : 0;
      drawNo = game.openDraw?.drawNo ?? '';
      return left >= ms;
    },
    80_000,
    1_000,
  ).toBe(true);
  return drawNo;
}

describe.each([
  ['pt-BR', true],
  ['en', false],
] as const)('fast-draw lottery (%s, phone: %s)', (lang: Lang, phone: boolean) => {
  it('bets all ten digits at the 1st position, wins exactly unit × multiple × odds and sees it everywhere', async () => {
    const size = phone ? '390' : '1440';
    const { context, page } = await newPage(j.browser, { lang, phone });
    await signIn(context);

    // The lobby: a card per fast game with its countdown and last result.
    await page.goto(`${j.server.url}/elott`);
    const card = page.locator(`[data-testid="lottery-card"][data-game="${GAME}"]`);
    await until(() => card.count()).toBe(1);
    await expect(card.getByTestId('countdown')).toBeTruthy();
    await until(() => page.getByRole('heading', { name: t(lang, 'lottery', 'lobby.title') }).count()).toBe(1);
    // The star keeps the game under LOTTFAV for this username, and the card moves first.
    const star = card.getByTestId('lottery-star');
    if ((await star.getAttribute('aria-pressed')) !== 'true') await star.click();
    await until(() => star.getAttribute('aria-pressed')).toBe('true');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('LOTTFAV') ?? '{}'));
    expect(stored.demoplayer).toContain(GAME);
    await page.reload();
    await until(() => page.locator('[data-testid="lottery-card"]').first().getAttribute('data-game')).toBe(
      GAME,
    );
    await until(() => card.getByTestId('lottery-star').getAttribute('aria-pressed')).toBe('true');
    const games = await api<LotteryGame[]>('GET', '/wps/lottery/games');
    expect(games.map((g) => g.gameCode)).toContain(GAME);
    await shot(page, `lottery-lobby-${size}-${lang}`);

    // The game screen on its default play type.
    const detail = await api<LotteryGameDetail>('GET', `/wps/lottery/games/${GAME}`);
    expect(detail.defaultPlayType).toBe(PLAY);
    const play = detail.playTypes.find((p) => p.code === PLAY)!;
    await page.goto(`${j.server.url}/lottery?gameCode=${GAME}&playType=${detail.defaultPlayType}`);
    await until(() => page.getByTestId('picker').getAttribute('data-play')).toBe(PLAY);
    await until(async () => minorOf(await page.getByTestId('balance').first().textContent())).toBeGreaterThan(
      0,
    );
    await until(() => page.getByTestId('countdown').count()).toBeGreaterThan(0);
    await shot(page, `lottery-game-${size}-${lang}-open`);

    // All ten digits at the 1st position, 1.00 a unit, 2×.
    await page.locator('[data-testid="picker-row"][data-row="0"] [data-quick="all"]').click();
    await page.getByTestId('unit-stake').fill('1.00');
    await page.getByTestId('multiple').fill(String(MULTIPLE));
    await until(() => page.getByTestId('units').textContent()).toBe(
      t(lang, 'lottery', 'stake.units_other', { count: 10 }),
    );
    await until(async () => minorOf(await page.getByTestId('selection-stake').textContent())).toBe(
      STAKE_MINOR,
    );
    await page.getByTestId('add-to-slip').click();
    await until(() => page.getByTestId('slip-line').count()).toBe(1);
    await until(async () => minorOf(await page.getByTestId('slip-total').textContent())).toBe(STAKE_MINOR);

    // Place it with time to spare before betting closes (else on the next draw).
    const drawNo = await openDrawWithTime(12_000);
    await until(() => page.getByTestId('open-draw').textContent()).toBe(drawNo);
    await until(() => page.getByTestId('countdown').first().getAttribute('data-phase')).toBe('open');
    const before = await balanceMinor();
    const answer = page.waitForResponse((r) => r.url().endsWith('/wps/lottery/bets'));
    await page.getByTestId('slip-submit').click();
    const placed = (await (await answer).json()) as { success: boolean; value: LotteryOrder };
    expect(placed.success, JSON.stringify(placed)).toBe(true);
    const order = placed.value;
    expect(order.stakeMinor).toBe(STAKE_MINOR);
    expect(order.tickets).toHaveLength(1);
    const ticket = order.tickets[0]!;
    expect(ticket).toMatchObject({
      drawNo,
      playType: PLAY,
      units: 10,
      multiple: MULTIPLE,
      status: 'pending',
    });
    expect(ticket.selection).toEqual([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], []]);
    await until(() => page.getByTestId('slip-line').count()).toBe(0);
    await until(async () => minorOf(await page.getByTestId('balance').first().textContent())).toBe(
      before - STAKE_MINOR,
    );
    const row = page.locator(`[data-testid="ticket-row"][data-ticket="${ticket.id}"]`);
    await until(() => row.getByTestId('ticket-status').getAttribute('data-status')).toBe('pending');
    await shot(page, `lottery-game-${size}-${lang}-placed`);

    // The draw (the 1-minute game: within about 70 s), then its settlement.
    let settled: LotteryTicket = ticket;
    await until(
      async () => {
        settled = await api<LotteryTicket>('GET', `/wps/lottery/tickets/${ticket.id}`);
        return settled.status;
      },
      110_000,
      1_000,
    ).toBe('won');
    const perUnit = BigInt(UNIT_STAKE_MINOR * MULTIPLE);
    const expected = Number(unitPayoutMinor({ wins: 1, outOf: 10 }, perUnit, settled.series));
    expect(settled.payoutMinor).toBe(expected);
    // The odds the screen showed are the same figure: unit stake × multiple × odds.
    expect(Math.abs(settled.payoutMinor - UNIT_STAKE_MINOR * MULTIPLE * play.odds)).toBeLessThan(1);
    expect(settled.result).toHaveLength(5);
    expect(settled.winning).toEqual([{ key: `p1:${settled.result![0]}`, payoutMinor: expected }]);

    // The screen follows: the ticket won, the header balance paid, the result in the results table.
    await until(() => row.getByTestId('ticket-status').getAttribute('data-status'), 20_000).toBe('won');
    await until(async () => minorOf(await row.getByTestId('ticket-payout').textContent())).toBe(expected);
    await until(async () => minorOf(await page.getByTestId('balance').first().textContent()), 20_000).toBe(
      before - STAKE_MINOR + expected,
    );
    expect(await balanceMinor()).toBe(before - STAKE_MINOR + expected);
    await page.getByTestId('tab-trend').click();
    await until(() =>
      page.getByTestId('results-table').getByText(settled.drawNo, { exact: true }).count(),
    ).toBe(1);
    await shot(page, `lottery-game-${size}-${lang}-trend`);
    await page.getByTestId('tab-tickets').click();
    await shot(page, `lottery-game-${size}-${lang}-won`);

    // The ticket's detail: payout, the revealed seed and the in-browser verification.
    await row.click();
    const dialog = page.getByTestId('ticket-detail');
    await until(async () => minorOf(await dialog.getByTestId('detail-payout').textContent())).toBe(expected);
    // The game by its name in the reader's language, never its code.
    const named = await api<LotteryGame[]>('GET', `/wps/lottery/games?lang=${lang}`);
    const name = named.find((g) => g.gameCode === GAME)!.name;
    expect(name).not.toBe(GAME);
    await until(() => dialog.getByTestId('detail-game').textContent()).toBe(name);
    await dialog.getByRole('button', { name: t(lang, 'lottery', 'verify.run') }).click();
    await until(() => dialog.getByTestId('verify-result').textContent()).toBe(
      t(lang, 'lottery', 'verify.ok', { result: settled.result!.join(' ') }),
    );
    await shot(page, `lottery-ticket-${size}-${lang}`);
    await page.keyboard.press('Escape');

    // The betting records list the settled ticket, and its recall is the lottery ticket.
    await page.goto(`${j.server.url}/?modal=member&m_page=personalHistoryCopy`);
    const list = page.getByRole('list', { name: t(lang, 'records', 'history.label') });
    await until(() => list.getByRole('listitem').count()).toBeGreaterThan(0);
    await list.getByRole('listitem').first().getByRole('button').first().click();
    await until(() => page.locator(`[data-testid="ticket-detail"][data-ticket="${ticket.id}"]`).count()).toBe(
      1,
    );
    await shot(page, `lottery-records-${size}-${lang}`);
    await context.close();
  }, 300_000);
});

describe('the other families', () => {
  it('pick, price and chase on dice, race and 11-choose-5 (phone pt-BR, desktop en); a slip beyond the balance is refused in words', async () => {
    const cases = [
      { game: 'K3_1M', play: 'K3_SUM', row: 0, pick: '10', units: 1 },
      // The race's ten places fold on a phone: the third place is opened from its tab first.
      { game: 'PK10_1M', play: 'PK10_POSITION', row: 2, pick: '3', units: 1, place: true },
      // Quick "all" on 11 balls in "any 5": C(11, 5) = 462 units.
      { game: 'SD11_3M', play: '11X5_ANY_5', row: 0, quick: 'all', units: 462 },
    ] as const;
    for (const [lang, phone] of [
      ['pt-BR', true],
      ['en', false],
    ] as const) {
      const { context, page } = await newPage(j.browser, { lang, phone });
      await signIn(context);
      for (const c of cases) {
        await page.goto(`${j.server.url}/lottery?gameCode=${c.game}&playType=${c.play}`);
        await until(() => page.getByTestId('picker').getAttribute('data-play')).toBe(c.play);
        const row = page.locator(`[data-testid="picker-row"][data-row="${c.row}"]`);
        if ('place' in c) {
          const tab = page.locator(`[data-place="${c.row}"]`);
          expect(await tab.isVisible()).toBe(phone);
          if (phone) {
            expect(await row.isVisible()).toBe(false);
            await tab.click();
          }
        }
        if ('quick' in c) await row.locator(`[data-quick="${c.quick}"]`).click();
        else await row.locator(`[data-pick="${c.pick}"]`).click();
        await page.getByTestId('unit-stake').fill('1.00');
        await page.getByTestId('multiple').fill('1');
        const unitsText = t(lang, 'lottery', c.units === 1 ? 'stake.units_one' : 'stake.units_other', {
          count: c.units,
        });
        await until(() => page.getByTestId('units').textContent()).toBe(unitsText);
        await until(async () => minorOf(await page.getByTestId('selection-stake').textContent())).toBe(
          c.units * 100,
        );
        await page.getByTestId('add-to-slip').click();
        // A chase of 3 draws, doubling: 1 + 2 + 4 = 7 times the slip.
        await page.getByTestId('chase-toggle').check();
        await page.getByTestId('chase-draws').fill('3');
        await page.getByRole('button', { name: t(lang, 'lottery', 'chase.double') }).click();
        await until(async () => minorOf(await page.getByTestId('slip-total').textContent())).toBe(
          c.units * 100 * 7,
        );
        await shot(page, `lottery-${c.game}-${phone ? '390' : '1440'}-${lang}`);
      }
      // 462 units × 7 draws × 1.00 = 3,234.00: more than the balance. The server refuses and nothing moves.
      const before = await balanceMinor();
      expect(before).toBeLessThan(462 * 100 * 7);
      await until(() => page.getByTestId('countdown').first().getAttribute('data-phase'), 70_000).toBe(
        'open',
      );
      const answer = page.waitForResponse((r) => r.url().endsWith('/wps/lottery/bets'));
      await page.getByTestId('slip-submit').click();
      const refused = (await (await answer).json()) as { success: boolean; code: string };
      expect(refused.success).toBe(false);
      // The refusal reads in the player's language, from the contracts' error catalog.
      const catalog = JSON.parse(
        readFileSync(join(ROOT, 'packages/contracts/src/locales', lang, 'errors.json'), 'utf8'),
      ) as Record<string, string>;
      expect(catalog[refused.code], refused.code).toBeTruthy();
      await until(() => page.getByTestId('bet-error').textContent()).toBe(catalog[refused.code]);
      expect(await balanceMinor()).toBe(before);
      await context.close();
    }
  }, 300_000);
});
