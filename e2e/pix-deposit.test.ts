import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { brCodeCrcValid, parseBrCodeFields } from '../apps/server/src/modules/wallet/pix-brcode.ts';
import { minorOf, settledScreenshot } from './harness.ts';
import { t } from './i18n.ts';
import { JOURNEYS, journeyPage, useJourney } from './journey.ts';
import { signInContext } from './player.ts';

/**
 * The PIX deposit as Brazilian players know it (issue 13): inside the site, the charge's QR code, its
 * "copia e cola" BR Code (valid to its CRC) with a copy button and a countdown; the sandbox bank pays
 * in another tab, and the open page turns paid and the header balance rises without a reload.
 * PT-BR on a phone, EN on a desktop; each in one theme, the reopened charge in the other.
 */
const CALLBACK_DELAY_MS = 2000;
const j = useJourney({
  env: { SANDBOX_CALLBACK_DELAY_MS: String(CALLBACK_DELAY_MS) },
  demoPlayer: { memberCentre: true },
});

type Lang = 'pt-BR' | 'en';
const AMOUNT: Record<Lang, { input: string; shown: string }> = {
  'pt-BR': { input: '50,00', shown: 'R$ 50,00' },
  en: { input: '50.00', shown: 'R$ 50.00' },
};
/** The sandbox's hosted page speaks the browser's language with its own words. */
const SANDBOX_PAY: Record<Lang, string> = { 'pt-BR': 'Pagar', en: 'Pay' };

const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
}

/** Each setting's charge in one theme, reopened in the other. */
const THEMES: Record<Lang, ['light' | 'dark', 'light' | 'dark']> = {
  'pt-BR': ['light', 'dark'],
  en: ['dark', 'light'],
};

describe.each(JOURNEYS)('PIX deposit, $name', (setting) => {
  it('shows the QR code and copia e cola, then turns paid live when the sandbox bank pays', async () => {
    const { server, token } = j;
    const { lang, phone } = setting;
    const [theme, otherTheme] = THEMES[lang];
    const c = (key: string, vars?: Record<string, string>) => t(lang, 'cashier', key, vars);
    const { context, page } = await journeyPage(j.browser, setting);
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      await signInContext(context, token);
      await setTheme(page, theme);
      await page.goto(`${server.url}/?modal=member&m_page=depositv2`);
      const balance = page.getByTestId('balance');
      await expect
        .poll(async () => minorOf(await balance.textContent()), { timeout: 20_000 })
        .toBeGreaterThan(0);
      const before = minorOf(await balance.textContent());

      await page.getByRole('button', { name: /PIX instantâneo/ }).click();
      await page.getByLabel(c('deposit.amount'), { exact: true }).fill(AMOUNT[lang].input);
      await page.getByRole('button', { name: c('deposit.submitGateway') }).click();

      // The charge, inside the site: no trip to another page.
      const code = page.getByTestId('pix-brcode');
      await code.waitFor({ timeout: 20_000 });
      expect(page.url()).toContain(server.url);
      const brCode = plain(await code.textContent());
      expect(brCode.startsWith('000201')).toBe(true);
      expect(brCodeCrcValid(brCode), brCode).toBe(true);
      const fields = parseBrCodeFields(brCode)!;
      expect(fields.get('54')).toBe('50.00');
      expect(fields.get('53')).toBe('986');
      expect(parseBrCodeFields(fields.get('26')!)?.get('00')).toBe('br.gov.bcb.pix');
      const qr = page.getByRole('img', { name: c('deposit.pix.qrLabel') });
      await expect.poll(() => qr.evaluate((img) => img.tagName), { timeout: 10_000 }).toBe('IMG');
      expect(plain(await page.getByRole('timer').textContent())).toMatch(/^1[45]:\d\d$/);
      expect(plain(await page.locator('.cs-pix__amount strong').textContent())).toBe(AMOUNT[lang].shown);
      await page.getByRole('button', { name: c('copyLabel', { label: c('deposit.pix.copyPaste') }) }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(brCode);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()?.width ?? 0,
      );
      await settledScreenshot(page, `pix-${lang}-${phone ? 'phone' : 'desktop'}-${theme}-charge`);

      // The same charge reopened from its address (a reload, a link), in the other theme.
      const again = await context.newPage();
      await setTheme(again, otherTheme);
      const orderId = new URL(
        (await page.getByRole('link', { name: c('deposit.pix.sandboxPay') }).getAttribute('href')) ?? '',
        server.url,
      ).pathname
        .split('/')
        .pop();
      await again.goto(`${server.url}/?modal=member&m_page=depositv2&m_order=${orderId}`);
      await again.getByTestId('pix-brcode').waitFor({ timeout: 20_000 });
      expect(plain(await again.getByTestId('pix-brcode').textContent())).toBe(brCode);
      await settledScreenshot(again, `pix-${lang}-${phone ? 'phone' : 'desktop'}-${otherTheme}-reopened`);
      await again.close();

      // The sandbox plays the bank in another tab; this page stays as it is.
      let loads = 0;
      page.on('load', () => loads++);
      const [bank] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('link', { name: c('deposit.pix.sandboxPay') }).click(),
      ]);
      await bank.getByText(AMOUNT[lang].shown).waitFor({ timeout: 20_000 });
      await bank.getByRole('button', { name: SANDBOX_PAY[lang], exact: true }).click();
      await bank.waitForURL(/m_order=/, { timeout: 20_000 });
      await bank.close();

      const status = page.getByTestId('pix-status');
      await status.getByText(c('status.approved')).waitFor({ timeout: 30_000 });
      await page.getByText(c('deposit.returnApproved', { amount: AMOUNT[lang].shown })).waitFor();
      await expect
        .poll(async () => minorOf(await balance.textContent()), { timeout: 20_000 })
        .toBe(before + 5_000);
      expect(loads, 'no page load while the deposit turned paid').toBe(0);
      await settledScreenshot(page, `pix-${lang}-${phone ? 'phone' : 'desktop'}-${theme}-paid`);
    } finally {
      await context.close();
    }
  });
});
