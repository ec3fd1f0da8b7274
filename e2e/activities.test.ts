import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pngImage } from '../apps/server/src/platform/storage/image-fixtures.test-helpers.ts';
import { openBackoffice } from './backoffice-api.ts';
import { screenshot } from './harness.ts';
import { t, tBackoffice } from './i18n.ts';
import { JOURNEYS, journeyPage, useJourney } from './journey.ts';
import { signInContext } from './player.ts';

/**
 * Activity applications (issue 17 item 2): the demo player opens the demo promotion's page, writes a
 * comment, attaches two pictures (a PNG and a JPEG the browser draws) and sees their previews, sends,
 * and sees the application under review; an operator approves it with a reward in the back office's
 * review queue (both pictures shown), and the player reads "approved" with the reward. PT-BR on a phone in the dark theme,
 * EN on a desktop in the light theme.
 */
const ACTIVITY = 'share-your-win';
const j = useJourney({ demoPlayer: {} });

/**
 * An operator approves the demo player's pending application in the back office's review queue
 * (signed in through the API; the sign-in form has its own journey in cashier.test.ts): both
 * pictures load, the reward is typed in the locale's format, and the queue says it is paid.
 */
async function approveInBackoffice(lang: 'pt-BR' | 'en'): Promise<void> {
  const b = (key: string, vars?: Record<string, string | number>) => tBackoffice(lang, key, vars);
  const { context, page } = await openBackoffice(j.browser, j.server, lang, '/activities?status=pending');
  try {
    const row = page.getByRole('row').filter({ hasText: 'demoplayer' }).first();
    await row.waitFor({ timeout: 20_000 });
    await expect.poll(() => row.locator('img.thumb').count(), { timeout: 20_000 }).toBe(2);
    await screenshot(page, `activities-backoffice-queue-${lang}`);
    await row.getByRole('button', { name: b('action.approve') }).click();
    const dialog = page.getByRole('dialog', {
      name: b('activities.approveTitle', { account: 'demoplayer' }),
    });
    await dialog
      .getByLabel(b('activities.reward', { currency: 'BRL' }))
      .fill(lang === 'en' ? '10.00' : '10,00');
    await dialog.getByRole('button', { name: b('action.approve') }).click();
    await page.getByText(b('activities.approved', { account: 'demoplayer' })).waitFor({ timeout: 20_000 });
  } finally {
    await context.close();
  }
}

/** A real JPEG, drawn and encoded by the browser. */
async function browserJpeg(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const g = canvas.getContext('2d')!;
    const gradient = g.createLinearGradient(0, 0, 320, 200);
    gradient.addColorStop(0, '#1d4ed8');
    gradient.addColorStop(1, '#22c55e');
    g.fillStyle = gradient;
    g.fillRect(0, 0, 320, 200);
    g.fillStyle = '#fff';
    g.font = 'bold 40px sans-serif';
    g.fillText('x250', 110, 115);
    return canvas.toDataURL('image/jpeg', 0.85);
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

describe.each(JOURNEYS)('activity application, $name', (setting) => {
  const { lang } = setting;
  const theme = setting.phone ? 'dark' : 'light';
  const tr = (key: string, vars?: Record<string, string | number>) => t(lang, 'activities', key, vars);

  it('applies with two images, sees it under review, then approved with the reward', async () => {
    const { context, page } = await journeyPage(j.browser, setting);
    await context.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
    await signInContext(context, j.token);
    await page.goto(`${j.server.url}/promoDetail?id=${ACTIVITY}`);
    await page.getByRole('heading', { name: tr('title') }).waitFor({ timeout: 20_000 });

    await page
      .getByLabel(tr('comment'))
      .fill(lang === 'en' ? 'x250 on Dice last night!' : 'x250 no Dice ontem!');
    const jpeg = await browserJpeg(page);
    await page.getByTestId('activity-files').setInputFiles([
      { name: 'win.png', mimeType: 'image/png', buffer: pngImage(240, 160, [234, 179, 8]) },
      { name: 'win.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    ]);
    await expect.poll(() => page.locator('.act-preview img').count()).toBe(2);
    await page.getByRole('button', { name: tr('submit') }).scrollIntoViewIfNeeded();
    await screenshot(page, `activities-form-${lang}-${setting.phone ? 'phone' : 'desktop'}-${theme}`);

    await page.getByRole('button', { name: tr('submit') }).click();
    await page.getByTestId('activity-pending').waitFor({ timeout: 20_000 });
    const item = page.getByTestId('activity-application').first();
    await expect.poll(() => item.locator('.act-status').textContent()).toBe(tr('status.pending'));
    await expect.poll(() => item.locator('.act-thumbs img').count()).toBe(2);
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, `activities-pending-${lang}-${setting.phone ? 'phone' : 'desktop'}-${theme}`);

    await approveInBackoffice(lang);

    await page.reload();
    const decided = page.getByTestId('activity-application').first();
    await expect
      .poll(() => decided.locator('.act-status').textContent(), { timeout: 20_000 })
      .toBe(tr('status.approved'));
    await expect.poll(() => decided.locator('.act-item__reward').textContent()).toMatch(/10[.,]00/);
    // Decided: the form is offered again.
    await page.getByRole('button', { name: tr('submit') }).waitFor();
    await decided.scrollIntoViewIfNeeded();
    await screenshot(page, `activities-approved-${lang}-${setting.phone ? 'phone' : 'desktop'}-${theme}`);
    await context.close();
  });
});
