import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { settledScreenshot, withoutAnnouncementPopups } from './harness.ts';
import { t } from './i18n.ts';
import { JOURNEYS, journeyPage, useJourney } from './journey.ts';
import { playerApi, signInContext } from './player.ts';

/**
 * The agent centre in a real Chromium against the built server: the demo agent opens it from the
 * avatar menu, reads its team's overview (the demo player's dice rounds in it), creates a downline
 * agent in the registration centre, finds it in Team Management and sets the demo player's lottery
 * series from the row's actions (a menu on a phone) — PT-BR on a phone and EN on a desktop, each page
 * pictured in both themes.
 */
const j = useJourney({ env: { BET_ROLLUPS: 'true' }, demoPlayer: { agentCentre: true, memberCentre: true } });
let agentToken: string;

beforeAll(async () => {
  // The demo player (in the demo agent's team) plays, so the team's figures are not all zero.
  for (const [amountMinor, target] of [
    [1_000, 50],
    [2_500, 70],
  ] as const)
    await playerApi(j.server, j.token, 'POST', '/wps/originals/dice/bet', {
      amountMinor,
      target,
      direction: 'under',
      idempotencyKey: randomUUID(),
    });
  const session = await playerApi<{ token: string }>(j.server, undefined, 'POST', '/wps/session/login', {
    username: 'demoagent',
    password: 'agent123',
    type: 'username',
  });
  agentToken = session.token;
});

/** The page in the current theme, then in the other one, under `name`-<theme>. */
async function inBothThemes(page: Page, name: string, ready: () => Promise<void>) {
  const current = await page.evaluate(() => document.documentElement.dataset.theme ?? 'dark');
  await settledScreenshot(page, `agent-centre/${name}-${current}`);
  const other = current === 'light' ? 'dark' : 'light';
  await page.evaluate((theme) => localStorage.setItem('theme', theme), other);
  await page.reload();
  await ready();
  await settledScreenshot(page, `agent-centre/${name}-${other}`);
  await page.evaluate((theme) => localStorage.setItem('theme', theme), current);
}

describe.each(JOURNEYS)('agent centre ($name)', (setting) => {
  const { lang } = setting;
  const say = (key: string, vars?: Record<string, string | number>) => t(lang, 'agents', key, vars);
  const shot = (page: Page, name: string, ready: () => Promise<void>) =>
    inBothThemes(page, `${name}-${lang}-${setting.phone ? 'phone' : 'desktop'}`, ready);

  it('opens from the avatar menu, creates a downline agent and finds it in the team', async () => {
    const { context, page } = await journeyPage(j.browser, setting);
    await withoutAnnouncementPopups(context);
    await signInContext(context, agentToken);
    await page.goto(j.server.url);
    await page.getByRole('button', { name: t(lang, 'common', 'account.menu') }).click();
    await page.getByRole('menuitem', { name: t(lang, 'common', 'account.agentCentre') }).click();
    await page.waitForURL(/modal=agent&m_page=agentTeamOverview/);

    // Overview: the team as the server counts it (the demo player, and the agents earlier journeys
    // made), and the demo player's two rounds as today's valid bet.
    const { teamSize: size } = await playerApi<{ teamSize: number }>(
      j.server,
      agentToken,
      'GET',
      '/wps/agent/team/overview',
    );
    expect(size).toBeGreaterThanOrEqual(1);
    const dialog = page.getByRole('dialog', { name: say('title') });
    const teamSize = dialog.locator('.ag-stat', { hasText: say('overview.teamSize') });
    await expect
      .poll(() => teamSize.locator('.ag-stat__value').textContent(), { timeout: 15_000 })
      .toBe(String(size));
    const validBet = dialog
      .locator('.ag-stat', { hasText: say('figures.validBet') })
      .locator('.ag-stat__value');
    await expect
      .poll(async () => (await validBet.textContent())?.replace(/\D/g, ''), { timeout: 15_000 })
      .toBe('3500');
    await shot(page, 'overview', () => teamSize.waitFor());

    // Registration centre: a downline agent with a password the agent sets.
    await dialog.getByRole('button', { name: say('pages.agentAccount'), exact: true }).click();
    await page.waitForURL(/m_page=agentAccount/);
    const account = `sub${lang === 'en' ? 'en' : 'pt'}${Date.now().toString(36).slice(-6)}`;
    await dialog.locator('label.ag-chip', { hasText: say('kinds.agent') }).click();
    await dialog.getByLabel(say('account.account')).fill(account);
    await dialog.getByLabel(say('account.password'), { exact: true }).fill('agent456');
    await dialog.getByRole('button', { name: say('account.createAgent') }).click();
    const done = dialog.getByRole('status').filter({ hasText: account });
    await expect.poll(() => done.count(), { timeout: 10_000 }).toBe(1);
    // An invitation link for agents: its address, a copy button and, opened, its QR code.
    const links = dialog.locator('.ag-link');
    // The list has loaded once it shows a link or says there is none.
    await links
      .or(dialog.getByText(say('links.none')))
      .first()
      .waitFor();
    const before = await links.count();
    await dialog.getByRole('button', { name: say('links.new.agent') }).click();
    // Newest first: wait for the new row before opening it (an earlier journey may have made one).
    await expect.poll(() => links.count(), { timeout: 10_000 }).toBe(before + 1);
    const link = links.first();
    await expect
      .poll(() => link.locator('.ag-link__url').textContent(), { timeout: 10_000 })
      .toMatch(/\/register\?affiliateCode=[A-Z2-9]{8}$/);
    await link.getByRole('button', { name: say('links.copy') }).waitFor();
    await link.locator('button[aria-expanded]').click();
    await link.locator('img.qr').waitFor();
    const openQr = async () => {
      const first = dialog.locator('.ag-link').first();
      await first.locator('button[aria-expanded]').click();
      await first.locator('img.qr').waitFor();
    };
    await shot(page, 'account', openQr);

    // Team Management lists it as a direct agent, beside the demo player.
    await dialog.getByRole('button', { name: say('pages.agentTeamManagement'), exact: true }).click();
    await page.waitForURL(/m_page=agentTeamManagement/);
    const list = dialog.getByRole('list', { name: say('team.label') });
    const row = list.getByRole('listitem').filter({ hasText: account });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => row.locator('.ag-tag').textContent()).toBe(say('kinds.agent'));
    await expect.poll(() => list.getByRole('listitem').filter({ hasText: 'demoplayer' }).count()).toBe(1);
    await shot(page, 'team', () => list.waitFor());

    // A row's actions (in the row on a desktop, in its menu on a phone): set the demo player's
    // lottery series, below the agent's own; the player's games are then priced at it.
    const mine = await playerApi<{ series: number; minSeries: number }>(
      j.server,
      agentToken,
      'GET',
      '/wps/lottery/series',
    );
    const series = Math.max(mine.minSeries, mine.series - 10);
    const player = list.getByRole('listitem').filter({ hasText: 'demoplayer' });
    if (setting.phone) {
      await player.getByRole('button', { name: say('team.actionsOf', { account: 'demoplayer' }) }).click();
      await shot(page, 'team-actions', async () => {
        await list.waitFor();
        await player.getByRole('button', { name: say('team.actionsOf', { account: 'demoplayer' }) }).click();
      });
    }
    await player.getByRole('button', { name: say('team.setSeriesOf', { account: 'demoplayer' }) }).click();
    const seriesDialog = page.getByRole('dialog', { name: say('series.title', { account: 'demoplayer' }) });
    await seriesDialog.getByLabel(say('series.label')).fill(String(series));
    await seriesDialog.getByRole('button', { name: say('series.save') }).click();
    await seriesDialog.waitFor({ state: 'detached' });
    expect(
      (await playerApi<{ series: number }>(j.server, j.token, 'GET', '/wps/lottery/series')).series,
    ).toBe(series);

    // Team Betting and User Profit and Loss read the same rounds.
    await dialog.getByRole('button', { name: say('pages.agentUserProfit'), exact: true }).click();
    const profit = dialog.getByRole('list', { name: say('profit.label') });
    await expect
      .poll(() => profit.getByRole('listitem').filter({ hasText: 'demoplayer' }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await shot(page, 'profit', () => profit.waitFor());

    // Team Betting by category, and the (empty) transfers with the team: pictured, both themes.
    await dialog.getByRole('button', { name: say('pages.agentTeamBetting'), exact: true }).click();
    await dialog.getByRole('button', { name: say('betting.by.category') }).click();
    const bets = dialog.getByRole('list', { name: say('betting.label') });
    await expect.poll(() => bets.getByRole('listitem').count(), { timeout: 10_000 }).toBe(1);
    await shot(page, 'betting', () => bets.waitFor());
    await dialog.getByRole('button', { name: say('pages.agentTransactions'), exact: true }).click();
    const none = dialog.getByText(say('transactions.none'));
    await none.waitFor();
    await shot(page, 'transactions', () => none.waitFor());
    await context.close();
  });
});
