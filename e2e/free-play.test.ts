import type { LotteryGameDetail } from '@sorte/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { minorOf, settledScreenshot } from './harness.ts';
import { t } from './i18n.ts';
import { JOURNEYS, journeyPage, useJourney } from './journey.ts';
import { playerApi } from './player.ts';

/**
 * Free play (issue 13, item 2), in PT-BR on a phone and in EN on a desktop: a visitor starts free
 * play and sees a labelled play balance of R$ 1.000,00; dice rounds win and lose play money; a
 * fast-draw slip is placed with it; a vendor game opens in the vendor's demo mode; the cashier is
 * refused with the reason; the top-up brings the play money back; the player is invited to create a
 * real account. Screenshots in both themes.
 */
const run = useJourney({
  env: { LOTTERY_ENGINE: 'true' },
  flags: { FREEPLAY3: true, encryption: false, captchaOnLogin: false },
});

const START = 100_000;
const until = <T>(read: () => T | Promise<T>, timeout = 20_000) => expect.poll(read, { timeout });

interface Round {
  stakeMinor: number;
  payoutMinor: number;
  balanceAfterMinor: number;
  currency: string;
}

/** Closes the popup announcements (each opens once per visitor and once per player) if any shows. */
async function closePopups(page: Page): Promise<void> {
  const popup = page.locator('[data-modal="announcementPopup"]');
  for (let i = 0; i < 5; i++) {
    try {
      await popup.first().waitFor({ state: 'visible', timeout: 2_500 });
    } catch {
      return;
    }
    await page.keyboard.press('Escape');
    await popup
      .first()
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => {});
  }
}

const headerBalance = async (page: Page) =>
  minorOf(await page.locator('.header [data-testid="balance"]').textContent());

describe.each(JOURNEYS)('free play ($name)', (setting) => {
  const { lang } = setting;
  const tr = (ns: string, key: string) => t(lang, ns, key);
  const shot = (page: Page, name: string) =>
    settledScreenshot(page, `free-play/${setting.phone ? 'phone' : 'desktop'}-${lang}-${name}`);

  it('starts free play, plays dice and a lottery with play money, opens a demo vendor game, tops up', async () => {
    const { context, page } = await journeyPage(run.browser, setting);
    await page.goto(`${run.server.url}/`);
    await closePopups(page);

    // Start free play: the header's button on a desktop, the menu drawer on a phone.
    if (setting.phone) {
      await page
        .getByRole('button', { name: tr('common', 'actions.openMenu') })
        .first()
        .click();
      await page
        .locator('.side')
        .getByRole('button', { name: tr('common', 'actions.freeDemo') })
        .click();
    } else {
      await page.locator('.header__demo').click();
    }
    const badge = page.locator('.header [data-testid="play-money-badge"]');
    await until(() => badge.isVisible()).toBe(true);
    await closePopups(page);
    expect(await badge.textContent()).toBe(tr('common', 'playMoney.badgeShort'));
    expect(await badge.getAttribute('title')).toBe(tr('common', 'playMoney.explain'));
    await until(() => headerBalance(page)).toBe(START);
    // No cashier buttons: top up and "create a real account" (the tab bar's last tab on a phone).
    expect(await page.locator('.header__deposit').count()).toBe(0);
    const invite = setting.phone
      ? page.locator('.tabbar [data-tab="register"]')
      : page.locator('.header__convert');
    await until(() => invite.isVisible()).toBe(true);
    expect(await invite.textContent()).toBe(
      tr('common', setting.phone ? 'playMoney.registerShort' : 'playMoney.register'),
    );
    await shot(page, 'started');
    const token = await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const api = <T>(method: string, path: string, body?: unknown) =>
      playerApi<T>(run.server, token ?? undefined, method, path, body);
    const wallet = await api<{ playMoney: boolean; ledgerCurrency: string }>(
      'GET',
      '/wps/v2/wallets/balance',
    );
    expect(wallet).toMatchObject({ playMoney: true, ledgerCurrency: 'XBRL' });

    // Dice: the stake field is labelled play money; rounds win and lose it until both were seen
    // and the balance is below the start.
    await page.goto(`${run.server.url}/inhouse/dice`);
    await until(() => page.getByTestId('bet-amount').isVisible()).toBe(true);
    expect(await page.locator('.og-field [data-testid="play-money-badge"]').first().textContent()).toBe(
      tr('common', 'playMoney.badge'),
    );
    await page.getByTestId('bet-amount').fill(lang === 'en' ? '50.00' : '50,00');
    await page.getByTestId('bet-amount').press('Enter');
    let won = false;
    let lost = false;
    let last: Round | null = null;
    for (let i = 0; i < 30 && !(won && lost && last && last.balanceAfterMinor < START); i++) {
      const answer = page.waitForResponse((r) => r.url().endsWith('/wps/originals/dice/bet'));
      await until(() => page.getByTestId('play').isEnabled()).toBe(true);
      await page.getByTestId('play').click();
      const round = ((await (await answer).json()) as { value: Round }).value;
      expect(round.currency).toBe('XBRL');
      expect(round.stakeMinor).toBe(5_000);
      if (round.payoutMinor > 0) won = true;
      else lost = true;
      last = round;
      await until(() => headerBalance(page)).toBe(round.balanceAfterMinor);
    }
    expect([won, lost]).toEqual([true, true]);
    await shot(page, 'dice');

    // A fast-draw slip: ten units of 1.00 on the 1st position, paid with play money.
    await page.goto(`${run.server.url}/lottery?gameCode=FD5_1M&playType=5D_POSITION`);
    await until(() => page.getByTestId('picker').getAttribute('data-play')).toBe('5D_POSITION');
    await page.locator('[data-testid="picker-row"][data-row="0"] [data-quick="all"]').click();
    await page.getByTestId('unit-stake').fill(lang === 'en' ? '1.00' : '1,00');
    await page.getByTestId('multiple').fill('1');
    await page.getByTestId('add-to-slip').click();
    await until(() => page.getByTestId('slip-line').count()).toBe(1);
    await until(async () => {
      const game = await api<LotteryGameDetail>('GET', '/wps/lottery/games/FD5_1M');
      return game.openDraw ? Date.parse(game.openDraw.closesAt) - Date.parse(game.serverTime) : 0;
    }, 80_000).toBeGreaterThan(10_000);
    const before = await headerBalance(page);
    const placed = page.waitForResponse((r) => r.url().endsWith('/wps/lottery/bets'));
    await page.getByTestId('slip-submit').click();
    const order = (await (await placed).json()) as { success: boolean; value: { stakeMinor: number } };
    expect(order.success, JSON.stringify(order)).toBe(true);
    expect(order.value.stakeMinor).toBe(1_000);
    await until(() => headerBalance(page)).toBe(before - 1_000);
    await shot(page, 'lottery');

    // A vendor game in the vendor's demo mode: its own play balance, the platform's untouched.
    const games = await api<{ games: { gameId: number; freePlay: boolean }[] }>(
      'GET',
      '/lgw/games/game_list?vassalage=sorte-ref&pageSize=1',
    );
    const vendorGame = games.games[0]!;
    expect(vendorGame.freePlay).toBe(true);
    const platformBefore = await headerBalance(page);
    await page.goto(`${run.server.url}/game?gameId=${vendorGame.gameId}`);
    await until(() => page.getByTestId('demo-badge').textContent()).toBe(tr('games', 'frame.demo'));
    const frame = page.frameLocator('iframe');
    await until(() => frame.locator('#flip').isEnabled()).toBe(true);
    expect(await frame.locator('#demo').isVisible()).toBe(true);
    await frame.locator('#flip').click();
    await until(() => frame.locator('#msg').getAttribute('data-result')).toMatch(/won|lost/);
    expect(await headerBalance(page)).toBe(platformBefore);
    await shot(page, 'vendor-demo');

    // The cashier: the member centre's deposit page says why not.
    await page.goto(`${run.server.url}/?modal=member&m_page=depositv2`);
    await until(() => page.getByText(tr('common', 'playMoney.cashierText')).isVisible()).toBe(true);
    await shot(page, 'cashier-refused');
    await page.keyboard.press('Escape');

    // Top up: back to the starting play balance. Play money can be ahead here (dice and the
    // lottery may both have won), so each round stakes the whole excess plus one real on a 10 %
    // chance: a loss always lands below the start, and 40 wins in a row (10⁻⁴⁰) never happen.
    let playBalance = (await api<{ balanceMinor: number }>('GET', '/wps/v2/wallets/balance')).balanceMinor;
    for (let i = 0; i < 40 && playBalance >= START; i++) {
      const round = await api<Round>('POST', '/wps/originals/dice/bet', {
        amountMinor: playBalance - START + 100,
        target: 10,
        direction: 'under',
        idempotencyKey: `free-play-${lang}-${i}-${Date.now()}`,
      });
      playBalance = round.balanceAfterMinor;
    }
    await until(() => headerBalance(page)).toBe(playBalance);
    expect(playBalance).toBeLessThan(START);
    await page.locator('.header__topup').click();
    await until(() => headerBalance(page)).toBe(START);
    await until(() => page.getByText(tr('common', 'playMoney.toppedUp')).first().isVisible()).toBe(true);

    // The invitation to a real account opens the registration.
    await invite.click();
    await until(() => page.url()).toContain('modal=register');
    await shot(page, 'register-invite');
    await page.keyboard.press('Escape');

    // The other theme, for a look at the labels.
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.goto(`${run.server.url}/inhouse/dice`);
    await until(() => badge.isVisible()).toBe(true);
    await shot(page, 'dice-light');
    await page.goto(`${run.server.url}/`);
    await until(() => badge.isVisible()).toBe(true);
    await shot(page, 'home-light');
    await context.close();
  });
});
