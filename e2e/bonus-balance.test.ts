import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { backofficeAdmin, openBackoffice } from './backoffice-api.ts';
import { minorOf, newPage, screenshot } from './harness.ts';
import { t, tBackoffice } from './i18n.ts';
import { useJourney } from './journey.ts';
import { playerApi, registerPlayer, signInContext } from './player.ts';

/**
 * The bonus's small parts (issue 17 item 3): the header's bonus line beside the cash, the withdraw
 * page's notice under the merchant rule `block`, the rule beside the bonus switch in the back office
 * and "Grant bonus" offered on the member page only while bonuses are on. Every player screen in
 * both languages and themes, on a phone and a desktop.
 */
const j = useJourney({
  flags: { encryption: false, captchaOnLogin: false, captchaOnRegister: false, REGMOBVERF3: false },
});

const bo = async (method: string, path: string, body?: unknown) =>
  (await backofficeAdmin(j.server)).call(method, path, body);

const PIN = '135790';
const CASH_MINOR = 20_000;
const BONUS_MINOR = 1_234;
const TIMES = 10;

let token: string;
let memberId: string;

/**
 * A registered player ready to withdraw (withdrawal PIN, a PIX payout account) with `cash` on main and
 * an operator's bonus of `bonus` to wager `TIMES` over, in-house games counting 100 %.
 */
async function bonusPlayer(prefix: string, cash: number, bonus: number) {
  const username = `${prefix}${randomUUID().slice(0, 8)}`;
  const playerToken = await registerPlayer(j.server, username);
  await playerApi(j.server, playerToken, 'POST', '/wps/member/withdrawal-password', {
    newPassword: PIN,
    confirmPassword: PIN,
  });
  await playerApi(j.server, playerToken, 'POST', '/wps/member/payout-accounts', {
    type: 'pix',
    pixKeyType: 'cpf',
    pixKey: '52998224725',
    holderName: 'Maria da Silva',
  });
  const found = (await bo('GET', `/bo/members?q=${username}`)) as { list: { id: string; account: string }[] };
  const id = found.list.find((m) => m.account === username)!.id;
  await bo('POST', `/bo/members/${id}/adjustments`, {
    wallet: 'main',
    direction: 'credit',
    amountMinor: cash,
    reason: 'e2e cash for the bonus screens',
    idempotencyKey: `e2e-bb-cash-${username}`,
  });
  await bo('PUT', '/bo/promotions/settings', { bonusesEnabled: true });
  await bo('POST', `/bo/members/${id}/bonuses`, {
    amountMinor: bonus,
    basis: 'bonus',
    times: TIMES,
    maxBetMinor: 1_000,
    validDays: 7,
    contributionBps: { INHOUSE: 10_000 },
    reason: 'e2e bonus for the header',
    idempotencyKey: `e2e-bb-bonus-${username}`,
  });
  return { token: playerToken, memberId: id };
}

beforeAll(async () => {
  await bo('PUT', '/bo/promotions/settings', { bonusesEnabled: true, bonusWithdrawalRule: 'block' });
  ({ token, memberId } = await bonusPlayer('bb', CASH_MINOR, BONUS_MINOR));
}, 60_000);

const SETTINGS = (['pt-BR', 'en'] as const).flatMap((lang) =>
  (['dark', 'light'] as const).flatMap((theme) =>
    [true, false].map((phone) => ({
      lang,
      theme,
      phone,
      name: `${lang} ${theme} ${phone ? 'phone' : 'desktop'}`,
    })),
  ),
);

describe.each(SETTINGS)('the bonus on the site, $name', ({ lang, theme, phone }) => {
  const shot = (step: string) => `bonus-balance-${step}-${lang}-${phone ? 'phone' : 'desktop'}-${theme}`;
  const c = (key: string, vars?: Record<string, string | number>) => t(lang, 'cashier', key, vars);

  it('shows the bonus beside the cash in the header, and the block notice on the withdraw page', async () => {
    const { context, page } = await newPage(j.browser, { lang, phone });
    await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1366, height: 900 });
    await context.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
    await signInContext(context, token);
    try {
      await page.goto(`${j.server.url}/`);
      const line = page.getByTestId('bonus-balance');
      await line.waitFor({ timeout: 20_000 });
      // The cash alone on the first line, the bonus on the second, to the cent.
      expect(minorOf(await page.getByTestId('balance').textContent())).toBe(CASH_MINOR);
      expect(minorOf(await line.textContent())).toBe(BONUS_MINOR);
      expect(await line.textContent()).toContain(t(lang, 'common', 'balance.bonus', { amount: '' }).trim());
      await screenshot(page, shot('header'));

      await page.goto(`${j.server.url}/?modal=member&m_page=withdraw`);
      // Said before the player asks: the rule and what is left to wager, from the bonus details.
      const before = page.getByRole('note').filter({ hasText: c('withdraw.bonusBlockedTitle') });
      await before.waitFor({ timeout: 20_000 });
      expect(minorOf(await before.locator('p').textContent())).toBe(BONUS_MINOR * TIMES);
      await before.scrollIntoViewIfNeeded();
      await screenshot(page, shot('withdraw-notice'));
      await page.getByLabel(c('withdraw.amount'), { exact: true }).fill('50');
      await page.getByLabel(c('pin.label'), { exact: true }).fill(PIN);
      await page.getByRole('button', { name: c('withdraw.submit') }).click();
      const notice = page.getByRole('alert').filter({ hasText: c('withdraw.bonusBlockedTitle') });
      await notice.waitFor({ timeout: 15_000 });
      expect(await before.count()).toBe(0);
      // What is left to wager: 10 × the bonus, nothing wagered yet.
      expect(minorOf(await notice.locator('p').textContent())).toBe(BONUS_MINOR * TIMES);
      await notice.scrollIntoViewIfNeeded();
      await screenshot(page, shot('withdraw-blocked'));
    } finally {
      await context.close();
    }
  });
});

describe.each([
  { lang: 'pt-BR', phone: true, theme: 'light' },
  { lang: 'en', phone: false, theme: 'dark' },
] as const)('a bonus bet still open and the forfeit rule, $lang', ({ lang, phone, theme }) => {
  const c = (key: string, vars?: Record<string, string | number>) => t(lang, 'cashier', key, vars);
  const bn = (key: string, vars?: Record<string, string | number>) => t(lang, 'bonuses', key, vars);
  const shot = (step: string) => `bonus-balance-${step}-${lang}-${phone ? 'phone' : 'desktop'}-${theme}`;
  const OPEN_CASH = 200;
  const OPEN_STAKE = 500;

  it('lists the open mines round under the bonus, and the withdraw page says first that a withdrawal forfeits it', async () => {
    await bo('PUT', '/bo/promotions/settings', { bonusesEnabled: true, bonusWithdrawalRule: 'forfeit' });
    const p = await bonusPlayer('bo', OPEN_CASH, BONUS_MINOR);
    // 500 on 200 cash: cash first, 300 from the bonus; the round stays open (no tile revealed).
    await playerApi(j.server, p.token, 'POST', '/wps/originals/mines/start', {
      amountMinor: OPEN_STAKE,
      mines: 3,
      idempotencyKey: `e2e-bb-mines-${randomUUID()}`,
    });
    const { context, page } = await newPage(j.browser, { lang, phone });
    await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1366, height: 900 });
    await context.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
    await signInContext(context, p.token);
    try {
      await page.goto(`${j.server.url}/?modal=member&m_page=bonusDetails`);
      const open = page.getByRole('region', { name: bn('open.title') });
      await open.waitFor({ timeout: 20_000 });
      const row = open.locator('.bn-open__row');
      expect(await row.count()).toBe(1);
      expect(minorOf(await row.locator('.bn-num').textContent())).toBe(OPEN_STAKE);
      expect(await row.textContent()).toContain(t(lang, 'records', 'categories.INHOUSE'));
      expect(minorOf((await row.locator('.cs-fine').textContent())!.split('·')[0]!)).toBe(
        OPEN_STAKE - OPEN_CASH,
      );
      // The page's rules say what a withdrawal does under this merchant's rule.
      expect(await page.locator('.bn-note').textContent()).toContain(bn('rulesWithdrawal.forfeit'));
      await open.scrollIntoViewIfNeeded();
      await screenshot(page, shot('open-bets'));

      await page.goto(`${j.server.url}/?modal=member&m_page=withdraw`);
      const before = page.getByRole('note').filter({ hasText: c('withdraw.bonusBlockedTitle') });
      await before.waitFor({ timeout: 20_000 });
      // The forfeit rule's words, with the bonus balance left (1,234 − 300 on the round) and all of
      // 10 × 1,234 still to wager, in that order.
      const text = (await before.locator('p').textContent()) ?? '';
      expect(text).toContain(
        c('withdraw.bonusActiveForfeit', { amount: '|', left: '|' }).split('|')[0]!.trim(),
      );
      expect(text.match(/\d[\d.,]*\d/g)?.map(minorOf)).toEqual([
        BONUS_MINOR - (OPEN_STAKE - OPEN_CASH),
        BONUS_MINOR * TIMES,
      ]);
      await before.scrollIntoViewIfNeeded();
      await screenshot(page, shot('withdraw-forfeit-notice'));
    } finally {
      await bo('PUT', '/bo/promotions/settings', { bonusWithdrawalRule: 'block' });
      await context.close();
    }
  });
});

describe.each(['pt-BR', 'en'] as const)('the bonus in the back office, %s', (lang) => {
  const b = (key: string) => tBackoffice(lang, key);
  it('sets the withdrawal rule beside the switch; offers "Grant bonus" only while bonuses are on', async () => {
    await bo('PUT', '/bo/promotions/settings', { bonusesEnabled: true, bonusWithdrawalRule: 'block' });
    const { context, page } = await openBackoffice(j.browser, j.server, lang, '/promotions');
    try {
      const rule = page.getByLabel(b('promotions.withdrawalRule.label'));
      await rule.waitFor({ timeout: 20_000 });
      expect(await rule.inputValue()).toBe('block');
      await page.getByText(b('promotions.withdrawalRule.blockHint')).waitFor();
      await screenshot(page, `bonus-balance-bo-settings-${lang}`);

      await page.goto(`${j.server.url}/backoffice/members/${memberId}`);
      const grant = page.getByRole('heading', { name: b('bonus.grant.heading') });
      await grant.waitFor({ timeout: 20_000 });
      await screenshot(page, `bonus-balance-bo-member-on-${lang}`);

      await bo('PUT', '/bo/promotions/settings', { bonusesEnabled: false });
      // The page after reading the switch (off): the member's figures, no grant.
      const read = page.waitForResponse((r) => r.url().endsWith('/bo/bonuses/switch'));
      await page.reload();
      expect(((await (await read).json()) as { value: unknown }).value).toEqual({ bonusesEnabled: false });
      await page.locator('.stat').first().waitFor();
      expect(await grant.count()).toBe(0);
      expect(await page.getByRole('button', { name: b('bonus.grant.open') }).count()).toBe(0);
      await screenshot(page, `bonus-balance-bo-member-off-${lang}`);
    } finally {
      await bo('PUT', '/bo/promotions/settings', { bonusesEnabled: true });
      await context.close();
    }
  });

  it("counts a converted bonus in the GGR report's bonus cost, on a row of its own", async () => {
    // Another player (this file's has a bonus running), granted a bonus with nothing to wager: it
    // converts to cash at once, and the house has paid it.
    const username = `bc${randomUUID().slice(0, 8)}`;
    await registerPlayer(j.server, username);
    const found = (await bo('GET', `/bo/members?q=${username}`)) as {
      list: { id: string; account: string }[];
    };
    const converted = (await bo(
      'POST',
      `/bo/members/${found.list.find((m) => m.account === username)!.id}/bonuses`,
      {
        amountMinor: 777,
        basis: 'bonus',
        times: 0,
        maxBetMinor: 1_000,
        validDays: 1,
        contributionBps: {},
        reason: 'e2e converted bonus for the GGR report',
        idempotencyKey: `e2e-bb-converted-${username}`,
      },
    )) as { status: string };
    expect(converted.status).toBe('completed');
    const { context, page } = await openBackoffice(j.browser, j.server, lang, '/reports');
    try {
      const label = page.getByRole('cell', { name: b('reports.costs.bonus') });
      await label.first().waitFor({ timeout: 20_000 });
      await label.first().scrollIntoViewIfNeeded();
      await screenshot(page, `bonus-balance-bo-ggr-${lang}`);
    } finally {
      await context.close();
    }
  });
});
