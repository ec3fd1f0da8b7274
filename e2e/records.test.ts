import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage, screenshot } from './harness.ts';
import { t } from './i18n.ts';
import { useJourney } from './journey.ts';
import { playerApi, signInContext } from './player.ts';

/**
 * Betting records and personal P&L in a real Chromium against the built server: the demo player
 * plays dice rounds, opens the betting records from the avatar menu, sees each round with the
 * range's totals, opens one round's recall (seeds, nonce, balances, the verifier link), and finds
 * the same totals on the profit and loss page — once per language, at phone and desktop size.
 */
const j = useJourney({ env: { BET_ROLLUPS: 'true' }, demoPlayer: { memberCentre: true } });
// biome-ignore lint/suspicious/noExplicitAny: the API's answers are read field by field.
const rounds: any[] = [];

beforeAll(async () => {
  for (const [amountMinor, target] of [
    [1_000, 50],
    [2_000, 90],
    [500, 10],
  ] as const)
    rounds.push(
      await api('POST', '/wps/originals/dice/bet', {
        amountMinor,
        target,
        direction: 'under',
        idempotencyKey: randomUUID(),
      }),
    );
});

const api = (method: string, path: string, body?: unknown) =>
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  playerApi<any>(j.server, j.token, method, path, body);
const signIn = (context: BrowserContext) => signInContext(context, j.token);

/** "R$ 1.234,50" / "-R$ 5.00" → signed minor units. */
function minorOf(text: string): number {
  const digits = Number(text.replace(/\D/g, ''));
  return text.trim().startsWith('-') ? -digits : digits;
}

describe.each([
  ['pt-BR', true],
  ['en', false],
] as const)('betting records (%s, phone: %s)', (lang, phone) => {
  it('lists the rounds with their totals, opens a round’s recall, and the P&L agrees', async () => {
    const { context, page } = await newPage(j.browser, { lang, phone });
    await signIn(context);
    await page.goto(j.server.url);
    await page.getByRole('button', { name: t(lang, 'common', 'account.menu') }).click();
    await page.getByRole('menuitem', { name: t(lang, 'common', 'account.bettingRecords') }).click();
    await page.waitForURL(/m_page=personalHistoryCopy/);

    const list = page.getByRole('list', { name: t(lang, 'records', 'history.label') });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(3);
    const stake = rounds.reduce((sum, r) => sum + r.stakeMinor, 0);
    const payout = rounds.reduce((sum, r) => sum + r.payoutMinor, 0);
    const totals = page.locator('.rc-totals');
    const total = async (key: string) =>
      minorOf(
        (await totals
          .locator('div', { has: page.getByText(t(lang, 'records', `totals.${key}`), { exact: true }) })
          .locator('dd')
          .textContent()) ?? '',
      );
    expect(await total('rounds')).toBe(3);
    expect(await total('stake')).toBe(stake);
    expect(await total('payout')).toBe(payout);
    expect(await total('profit')).toBe(payout - stake);
    await screenshot(page, `records-${lang}-${phone ? 'phone' : 'desktop'}`);

    // The newest round first; its recall shows the seeds and the nonce it was drawn with.
    const newest = rounds.at(-1);
    await list.getByRole('button').first().click();
    // The round names its game as the catalog does, in the page's language.
    const game = lang === 'en' ? 'Dice' : 'Dados';
    const detail = page.getByRole('dialog', { name: t(lang, 'records', 'detail.title', { game }) });
    await expect.poll(() => detail.getByText(newest.serverSeedHash).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => detail.getByText(newest.clientSeed, { exact: true }).count()).toBe(1);
    const verify = detail.getByRole('link', { name: t(lang, 'records', 'detail.verify') });
    expect(await verify.getAttribute('href')).toBe(`/verify?round=${newest.id}`);
    await screenshot(page, `records-round-${lang}-${phone ? 'phone' : 'desktop'}`);
    await page.keyboard.press('Escape');

    await page.goto(`${j.server.url}/?modal=member&m_page=personalProfit`);
    await expect.poll(() => total('profit'), { timeout: 15_000 }).toBe(payout - stake);
    const day = page.getByRole('list', { name: t(lang, 'records', 'profit.label') }).getByRole('listitem');
    expect(await day.count()).toBe(1);
    // The day as the site's language writes it (26/11/2026 in pt-BR, 11/26/2026 in English).
    const today = new Intl.DateTimeFormat(lang, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(await day.first().textContent()).toContain(today.format(new Date()));
    await screenshot(page, `records-profit-${lang}-${phone ? 'phone' : 'desktop'}`);
    await context.close();
  });
});
