import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, operator, type RunningServer, screenshot, startServer } from './harness.ts';
import { t } from './i18n.ts';

/**
 * The foundation journeys of issue 2, in a real Chromium against the built server on a fresh
 * database: register → logged in → success popup → log out → log in; three wrong passwords bring
 * the captcha; the language switch; the maintenance screen; home screenshots in both languages.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // Registration without SMS or captcha steps so the journey runs unattended; the operator API is
  // the same one an operator would use, so this also proves the site follows a config change.
  await operator(server, 'PATCH', '/bo/merchants/demo/flags', {
    captchaOnRegister: false,
    captchaOnLogin: false,
    REGMOBVERF3: false,
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A form input by its field name — the names of the registration contract, the same in every language. */
function field(scope: Page | Locator, name: string): Locator {
  return scope.locator(`input[name="${name}"]`);
}

const uniqueName = () => `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.slice(0, 16);

async function expectLoggedIn(page: Page, lang: 'pt-BR' | 'en') {
  await page.getByRole('button', { name: t(lang, 'common', 'account.menu') }).waitFor({ timeout: 20_000 });
}

describe.each(['pt-BR', 'en'] as const)('accounts journey in %s', (lang) => {
  it('registers, is logged in with the success popup, logs out and logs in again', async () => {
    const { context, page } = await newPage(browser, { lang });
    const username = uniqueName();
    const password = 'Sorte2026ok';
    await page.goto(`${server.url}/register`);
    await field(page, 'username').fill(username);
    await field(page, 'password').fill(password);
    await field(page, 'confirmPassword').fill(password);
    await screenshot(page, `register-form-${lang}`);
    await page.getByRole('button', { name: t(lang, 'auth', 'register.submit') }).click();

    await page.getByText(t(lang, 'auth', 'success.title', { brand: 'Sorte' })).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    await screenshot(page, `register-success-${lang}`);
    await page.keyboard.press('Escape');
    await expectLoggedIn(page, lang);

    await page.getByRole('button', { name: t(lang, 'common', 'account.menu') }).click();
    await page.getByRole('menuitem', { name: t(lang, 'common', 'actions.logout') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t(lang, 'common', 'actions.confirm') })
      .click();
    await page
      .getByRole('button', { name: t(lang, 'common', 'actions.login'), exact: true })
      .first()
      .waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();

    await page.goto(`${server.url}/?modal=login`);
    const dialog = page.getByRole('dialog');
    await field(dialog, 'username').fill(username);
    await field(dialog, 'password').fill(password);
    await dialog.getByRole('button', { name: t(lang, 'auth', 'actions.login'), exact: true }).click();
    await expectLoggedIn(page, lang);
    await screenshot(page, `logged-in-${lang}`);
    await context.close();
  });
});

describe('login defences', () => {
  it('shows the captcha after three wrong passwords', async () => {
    const { context, page } = await newPage(browser, { lang: 'en' });
    await page.goto(`${server.url}/?modal=login`);
    const dialog = page.getByRole('dialog');
    const captcha = field(dialog, 'captcha');
    expect(await captcha.count()).toBe(0);
    for (let attempt = 0; attempt < 3; attempt++) {
      await field(dialog, 'username').fill('nobody12345');
      await field(dialog, 'password').fill(`Wrong${attempt}pass`);
      await dialog.getByRole('button', { name: t('en', 'auth', 'actions.login'), exact: true }).click();
      await page.waitForResponse(
        (r) => r.url().includes('/wps/session/login') && r.request().method() === 'POST',
      );
    }
    await captcha.waitFor({ timeout: 15_000 });
    await dialog.getByRole('img', { name: t('en', 'auth', 'captcha.image') }).waitFor();
    await screenshot(page, 'login-captcha-en');
    await context.close();
  });
});

describe('site shell', () => {
  it('switches the language from PT-BR to EN and keeps it', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/`);
    await page
      .getByRole('link', { name: t('pt-BR', 'common', 'nav.home') })
      .first()
      .waitFor();
    await screenshot(page, 'home-pt-BR');
    await page.locator('#side-language').selectOption('en');
    await page
      .getByRole('link', { name: t('en', 'common', 'nav.home') })
      .first()
      .waitFor();
    expect(
      await page.evaluate(() => [
        localStorage.getItem('lang'),
        localStorage.getItem('hisLang'),
        document.documentElement.lang,
      ]),
    ).toEqual(['en', 'pt-BR', 'en']);
    await screenshot(page, 'home-en');
    await page.reload();
    await page
      .getByRole('link', { name: t('en', 'common', 'nav.home') })
      .first()
      .waitFor();
    await context.close();
  });

  it('shows home on a phone in both languages', async () => {
    for (const lang of ['pt-BR', 'en'] as const) {
      const { context, page } = await newPage(browser, { lang, phone: true });
      await page.goto(`${server.url}/`);
      await page.getByRole('button', { name: t(lang, 'common', 'actions.openMenu') }).waitFor();
      await screenshot(page, `home-phone-${lang}`);
      await context.close();
    }
  });

  it('shows the maintenance screen while the merchant is in maintenance', async () => {
    await operator(server, 'PUT', '/bo/merchants/demo/status', {
      status: 1,
      maintenanceEndTime: '2030-01-01T10:00:00Z',
    });
    try {
      const { context, page } = await newPage(browser, { lang: 'en' });
      await page.goto(`${server.url}/`);
      await page.getByText(t('en', 'common', 'status.maintenanceTitle')).waitFor({ timeout: 15_000 });
      await page.getByText(t('en', 'common', 'status.maintenanceSubtitle')).waitFor();
      await screenshot(page, 'maintenance-en');
      await context.close();
    } finally {
      await operator(server, 'PUT', '/bo/merchants/demo/status', { status: 0 });
    }
  });
});
