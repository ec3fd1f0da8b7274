import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, newPage, operator, type RunningServer, screenshot, startServer } from './harness.ts';
import { t } from './i18n.ts';

/**
 * The member centre's money journeys in a real Chromium against the built server on a fresh
 * database: a gateway deposit through the sandbox's hosted page and back, and a first withdrawal
 * (real name, withdrawal password, PIX account, request). The header balance must follow both.
 */
let server: RunningServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await operator(server, 'PATCH', '/bo/merchants/demo/flags', {
    captchaOnLogin: false,
    encryption: false,
    memberCentre: true,
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Signs the demo player in through the API and hands the token to the page, as the login form does. */
async function signIn(context: BrowserContext): Promise<void> {
  const res = await fetch(`${server.url}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demoplayer', password: 'player123', type: 'username' }),
  });
  const json = (await res.json()) as { success: boolean; value: { token: string } };
  if (!json.success) throw new Error(`login refused: ${JSON.stringify(json)}`);
  await context.addInitScript((token) => sessionStorage.setItem('token', token), json.value.token);
}

/** '1,020.00' or '1.020,00' → 102000: the digits of a two-decimal amount are its minor units. */
function minorOf(text: string): number {
  return Number(text.replace(/\D/g, ''));
}

/** The member centre's own menu (the header has a Withdraw button too). */
function menu(page: Page, lang: 'pt-BR' | 'en') {
  return page.getByRole('navigation', { name: t(lang, 'cashier', 'centre.menu') });
}

async function headerBalance(page: Page): Promise<string> {
  return ((await page.getByTestId('balance').textContent()) ?? '').replace(/\s/g, ' ');
}

it('deposits through the sandbox gateway from the header button and sees the balance grow (pt-BR, desktop)', async () => {
  const lang = 'pt-BR';
  const { context, page } = await newPage(browser, { lang });
  await signIn(context);
  await page.goto(`${server.url}/`);
  await expect.poll(() => headerBalance(page), { timeout: 20_000 }).toBe('R$ 1.000,00');

  await page.getByRole('button', { name: t(lang, 'common', 'actions.deposit') }).click();
  await page.getByRole('button', { name: /PIX instantâneo/ }).click();
  await page.getByRole('button', { name: 'R$ 20,00', exact: true }).click();
  expect(await page.getByLabel(t(lang, 'cashier', 'deposit.amount')).inputValue()).toBe('20,00');
  await screenshot(page, 'cashier-deposit-form-pt-BR');
  await page.getByRole('button', { name: t(lang, 'cashier', 'deposit.submitGateway') }).click();

  await page.waitForURL(/\/providers\/payments\/sandbox\//, { timeout: 20_000 });
  // The sandbox's hosted page speaks the browser's language.
  await page.getByRole('button', { name: 'Pagar' }).click();
  await page.waitForURL(/modal=member&m_page=depositv2&m_order=/, { timeout: 20_000 });
  await page
    .getByText(t(lang, 'cashier', 'deposit.returnApproved', { amount: 'R$ 20,00' }))
    .waitFor({ timeout: 30_000 });
  await expect.poll(() => headerBalance(page), { timeout: 20_000 }).toBe('R$ 1.020,00');
  await screenshot(page, 'cashier-deposit-returned-pt-BR');
  await context.close();
});

it('makes a first withdrawal: real name, withdrawal password, PIX account, request (en, phone)', async () => {
  const lang = 'en';
  const { context, page } = await newPage(browser, { lang, phone: true });
  await signIn(context);
  await page.goto(`${server.url}/`);
  // Independent of the deposit test: whatever the balance is, the withdrawal takes 50.00 from it.
  await expect.poll(() => headerBalance(page), { timeout: 20_000 }).toMatch(/^R\$ [1-9][\d,]*\.\d\d$/);
  const before = minorOf(await headerBalance(page));

  await page.getByRole('button', { name: t(lang, 'common', 'account.menu') }).click();
  await page.getByRole('menuitem', { name: t(lang, 'common', 'account.memberCentre') }).click();
  await menu(page, lang)
    .getByRole('button', { name: t(lang, 'cashier', 'centre.pages.withdraw') })
    .click();

  // No real name yet: the notice leads to My account, where the name is set once, after a confirmation.
  await page.getByRole('button', { name: t(lang, 'cashier', 'withdraw.openAccount') }).click();
  await page.getByLabel(t(lang, 'cashier', 'security.realName')).fill('Demo Player');
  await page
    .locator('form.cs-inline')
    .nth(1)
    .getByRole('button', { name: t(lang, 'cashier', 'save') })
    .click();
  await page.getByRole('button', { name: t(lang, 'common', 'actions.confirm') }).click();
  await page.getByText('Demo Player', { exact: true }).waitFor();

  await menu(page, lang)
    .getByRole('button', { name: t(lang, 'cashier', 'centre.pages.withdraw') })
    .click();
  await page.getByLabel(t(lang, 'cashier', 'pin.new'), { exact: true }).fill('246810');
  await page.getByLabel(t(lang, 'cashier', 'pin.confirm'), { exact: true }).fill('246810');
  await page.getByRole('button', { name: t(lang, 'cashier', 'pin.setAction') }).click();

  // With no payout account the add form is already open; the holder is the real name.
  await page.getByLabel(t(lang, 'cashier', 'payout.pixKey'), { exact: true }).fill('123.456.789-09');
  expect(await page.getByLabel(t(lang, 'cashier', 'payout.holderName')).inputValue()).toBe('Demo Player');
  await page.getByRole('button', { name: t(lang, 'cashier', 'payout.save') }).click();
  await page
    .getByText(t(lang, 'cashier', 'payout.default'))
    .first()
    .waitFor();

  await page.getByLabel(t(lang, 'cashier', 'withdraw.amount'), { exact: true }).fill('50');
  await page.getByLabel(t(lang, 'cashier', 'pin.label'), { exact: true }).fill('246810');
  await screenshot(page, 'cashier-withdraw-form-en');
  await page.getByRole('button', { name: t(lang, 'cashier', 'withdraw.submit') }).click();
  await page.getByText(t(lang, 'cashier', 'withdraw.submitted')).waitFor();
  await page
    .locator('.cs-list .cs-status', { hasText: t(lang, 'cashier', 'status.pending') })
    .first()
    .waitFor();
  await expect.poll(async () => minorOf(await headerBalance(page)), { timeout: 20_000 }).toBe(before - 5_000);
  await screenshot(page, 'cashier-withdraw-requested-en');
  await context.close();
});
