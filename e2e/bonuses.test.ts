import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { backofficeAdmin } from './backoffice-api.ts';
import { minorOf, screenshot } from './harness.ts';
import { t } from './i18n.ts';
import { JOURNEYS, journeyPage, useJourney } from './journey.ts';
import { playerApi, registerPlayer, signInContext } from './player.ts';

/**
 * Bonus details (issue 17 item 3) in the member centre: with the merchant's bonuses off (the
 * default) the entry is not offered; an operator turns bonuses on and grants the demo player a bonus
 * with a wagering requirement, and the page shows its balance, progress and terms. PT-BR on a phone
 * in the dark theme, EN on a desktop in the light theme.
 */
const j = useJourney({
  demoPlayer: {},
  // The sandbox bank calls back at once: the deposit is credited while the journey waits for it.
  env: { SANDBOX_CALLBACK_DELAY_MS: '0' },
  // Plain request bodies and no captcha or SMS code, for the sign-up through the API.
  flags: { encryption: false, captchaOnLogin: false, captchaOnRegister: false, REGMOBVERF3: false },
});

const bo = async (method: string, path: string, body?: unknown) =>
  (await backofficeAdmin(j.server)).call(method, path, body);

describe.each(JOURNEYS)('bonus details, $name', (setting) => {
  const { lang } = setting;
  const theme = setting.phone ? 'dark' : 'light';
  const shot = (step: string) => `bonuses-${step}-${lang}-${setting.phone ? 'phone' : 'desktop'}-${theme}`;

  it('is not offered while bonuses are off, then shows a granted bonus with its progress', async () => {
    await bo('PUT', '/bo/promotions/settings', { bonusesEnabled: false });
    const { context, page } = await journeyPage(j.browser, setting);
    await context.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
    await signInContext(context, j.token);
    const entry = t(lang, 'cashier', 'centre.pages.bonusDetails');
    await page.goto(`${j.server.url}/?modal=member&m_page=bonusDetails`);
    // Off: asked for by address, the centre falls back to My account and lists no bonus entry.
    await page
      .getByRole('navigation', { name: t(lang, 'cashier', 'centre.menu') })
      .waitFor({ timeout: 20_000 });
    await screenshot(page, shot('off'));
    expect(await page.getByRole('button', { name: entry }).count()).toBe(0);

    await bo('PUT', '/bo/promotions/settings', { bonusesEnabled: true });
    const found = await bo('GET', '/bo/members?q=demoplayer');
    const member = (found.list as { id: string; account: string }[]).find((m) => m.account === 'demoplayer')!;
    // One grant for both runs: the second answers the first by its key.
    await bo('POST', `/bo/members/${member.id}/bonuses`, {
      amountMinor: 5_000,
      basis: 'bonus',
      times: 10,
      maxBetMinor: 1_000,
      validDays: 7,
      contributionBps: { INHOUSE: 10_000, RNG: 10_000, LOTT: 2_000 },
      reason: 'welcome back bonus',
      idempotencyKey: 'e2e-bonus-demo',
    });
    const details = await playerApi<{ enabled: boolean; balanceMinor: number }>(
      j.server,
      j.token,
      'GET',
      '/wps/member/bonuses',
    );
    expect(details).toMatchObject({ enabled: true, balanceMinor: 5_000 });

    await page.goto(`${j.server.url}/?modal=member&m_page=bonusDetails`);
    // The phone hides the panel's heading: the menu's current entry names the page.
    await page.locator('[aria-current="page"]', { hasText: entry }).waitFor({ timeout: 20_000 });
    await page.getByRole('progressbar').waitFor();
    await expect.poll(() => page.locator('.bn-value').textContent()).toMatch(/50[.,]00/);
    expect(await page.getByText(t(lang, 'bonuses', 'active.maxBet')).count()).toBe(1);
    await screenshot(page, shot('active'));
    await page.locator('.bn-note').scrollIntoViewIfNeeded();
    await screenshot(page, shot('terms'));
    await context.close();
  });
});

/** Dice stake of each round while wagering: the welcome bonus's max bet. */
const STAKE_MINOR = 2_500;
const DEPOSIT_MINOR = 5_000;

/** Plays one dice round on the open dice page and answers the round the server settled. */
async function rollDice(page: Page): Promise<{ stakeMinor: number; payoutMinor: number }> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/wps/originals/dice/bet'));
  await page.getByTestId('play').click();
  const json = (await (await answer).json()) as {
    success: boolean;
    value: { stakeMinor: number; payoutMinor: number };
  };
  expect(json.success).toBe(true);
  return json.value;
}

/**
 * Issue 17's welcome bonus from end to end: with bonuses on, a visitor finds the first-deposit bonus
 * in the register page's carousel, signs up and deposits R$ 50 through the sandbox bank; the deposit
 * grants 100 % as bonus (the promotion's terms, set by the operator to 1× the bonus and R$ 25 a bet
 * so the journey stays short); the player rolls dice at R$ 25 until the requirement is wagered —
 * cash is staked first, so two rounds — and the member centre shows the bonus completed and
 * converted, the header balance the cash plus the converted bonus.
 */
describe.each(JOURNEYS)('the welcome bonus, $name', (setting) => {
  const { lang } = setting;
  const shot = (step: string) => `bonuses-welcome-${step}-${lang}-${setting.phone ? 'phone' : 'desktop'}`;

  it('is offered on the register page, granted on the first deposit, wagered on dice and converted', async () => {
    await bo('PUT', '/bo/promotions/settings', { bonusesEnabled: true });
    const { list } = (await bo('GET', '/bo/promotions')) as {
      list: { id: number; type: string; content: Record<string, { title: string }> }[];
    };
    const welcome = list.find((p) => p.type === 'deposit_bonus')!;
    await bo('PUT', `/bo/promotions/${welcome.id}/bonus-terms`, {
      percentBps: 10_000,
      maxBonusMinor: 50_000,
      minDepositMinor: 1_000,
      basis: 'bonus',
      times: 1,
      maxBetMinor: STAKE_MINOR,
      validDays: 14,
      contributionBps: { INHOUSE: 10_000 },
    });
    const title = welcome.content[lang]!.title;

    const { context, page } = await journeyPage(j.browser, setting);
    try {
      // A visitor: the carousel turns through the new-player promotions; the bonus is one of them.
      await page.goto(`${j.server.url}/register`);
      const carousel = page.locator('.promo-carousel');
      await carousel.waitFor({ timeout: 20_000 });
      const dots = carousel.locator('.promo-carousel__dot');
      await expect
        .poll(async () => {
          const shown = await carousel.locator('strong').first().textContent();
          if (shown !== title && (await dots.count()) > 0)
            await dots.nth(((await dots.count()) - 1) % 2).click();
          return shown;
        })
        .toBe(title);
      await screenshot(page, shot('register'));

      const token = await registerPlayer(j.server, `wb${randomUUID().replace(/-/g, '').slice(0, 10)}`);
      const channels = await playerApi<{ id: string; type: string }[]>(
        j.server,
        token,
        'GET',
        '/wps/cashier/channels',
      );
      const deposit = await playerApi<{ id: string }>(j.server, token, 'POST', '/wps/cashier/deposit', {
        channelId: channels.find((c) => c.type === 'gateway')!.id,
        amountMinor: DEPOSIT_MINOR,
        idempotencyKey: randomUUID(),
      });
      // The player pays on the sandbox bank's checkout page (its form, posted as a browser would).
      await fetch(`${j.server.url}/providers/payments/sandbox/checkout/${deposit.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=pay',
      });
      const details = () =>
        playerApi<{
          balanceMinor: number;
          active: { grantedMinor: number; requirementMinor: number } | null;
          past: { status: string; convertedMinor: number }[];
        }>(j.server, token, 'GET', '/wps/member/bonuses');
      await expect.poll(async () => (await details()).balanceMinor, { timeout: 15_000 }).toBe(DEPOSIT_MINOR);
      expect((await details()).active).toMatchObject({
        grantedMinor: DEPOSIT_MINOR,
        requirementMinor: DEPOSIT_MINOR,
      });

      await signInContext(context, token);
      const entry = t(lang, 'cashier', 'centre.pages.bonusDetails');
      await page.goto(`${j.server.url}/?modal=member&m_page=bonusDetails`);
      await page.locator('[aria-current="page"]', { hasText: entry }).waitFor({ timeout: 20_000 });
      await expect.poll(() => page.locator('.bn-value').textContent()).toMatch(/50[.,]00/);
      await screenshot(page, shot('granted'));

      // Dice at the max bet: cash first, so the two rounds wager the requirement from the deposit.
      await page.goto(`${j.server.url}/inhouse/dice`);
      const amount = lang === 'en' ? '25.00' : '25,00';
      await page.getByTestId('bet-amount').fill(amount);
      await page.getByTestId('bet-amount').press('Enter');
      let cash = DEPOSIT_MINOR;
      for (let round = 0; round < 2; round++) {
        const played = await rollDice(page);
        expect(played.stakeMinor).toBe(STAKE_MINOR);
        cash += played.payoutMinor - played.stakeMinor;
      }
      await expect.poll(async () => (await details()).past[0]?.status, { timeout: 15_000 }).toBe('completed');
      expect((await details()).past[0]!.convertedMinor).toBe(DEPOSIT_MINOR);
      expect((await details()).balanceMinor).toBe(0);
      // The header balance: the cash left after the rounds plus the converted bonus, to the cent.
      await expect
        .poll(async () => minorOf(await page.getByTestId('balance').textContent()), { timeout: 15_000 })
        .toBe(cash + DEPOSIT_MINOR);

      await page.goto(`${j.server.url}/?modal=member&m_page=bonusDetails`);
      const row = page.locator('.bn-past__row').first();
      await row.waitFor({ timeout: 20_000 });
      await expect
        .poll(() => row.locator('.bn-status').textContent())
        .toBe(t(lang, 'bonuses', 'status.completed'));
      await screenshot(page, shot('converted'));
    } finally {
      await context.close();
    }
  });
});
