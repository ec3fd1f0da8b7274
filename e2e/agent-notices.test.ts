import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { operator, settledScreenshot, withoutAnnouncementPopups } from './harness.ts';
import { t } from './i18n.ts';
import { JOURNEYS, journeyPage, useJourney } from './journey.ts';
import { playerApi, signInContext } from './player.ts';

/**
 * The agent centre's Announcement page (first in its menu: an announcement for agents, opened and
 * then read; the contract notices, with the merchant's offer to the demo agent) and Team
 * Management's transfer to a direct member (amount, withdrawal password, confirmation; then the
 * transfer in Transaction Details) — PT-BR on a phone and EN on a desktop, pictured in both themes.
 */
const j = useJourney({ demoPlayer: { agentCentre: true, memberCentre: true, dailySalary: true } });
let agentToken: string;
const PIN = '246813';
const SUB = `ntsub${Date.now().toString(36).slice(-6)}`;
const TITLE = { 'pt-BR': 'Novas taxas para agentes', en: 'New rates for agents' };

beforeAll(async () => {
  const session = await playerApi<{ token: string }>(j.server, undefined, 'POST', '/wps/session/login', {
    username: 'demoagent',
    password: 'agent123',
    type: 'username',
  });
  agentToken = session.token;
  await playerApi(j.server, agentToken, 'POST', '/wps/member/withdrawal-password', {
    newPassword: PIN,
    confirmPassword: PIN,
  });
  // The demo agent creates a sub-agent and offers it a daily salary, which the sub-agent rejects: a notice for the agent.
  const created = await playerApi<{ id: string }>(j.server, agentToken, 'POST', '/wps/agent/team/members', {
    kind: 'agent',
    account: SUB,
    password: 'agent456',
  });
  const offer = await playerApi<{ requestId: string }>(
    j.server,
    agentToken,
    'POST',
    '/wps/agent/contract/dailysalary',
    {
      action: 'offer',
      downlineId: created.id,
      tiers: [{ minValidBetMinor: 0, rateUnits: 5_000 }],
    },
  );
  const sub = await playerApi<{ token: string }>(j.server, undefined, 'POST', '/wps/session/login', {
    username: SUB,
    password: 'agent456',
    type: 'username',
  });
  await playerApi(j.server, sub.token, 'POST', '/wps/agent/contract/dailysalary', {
    action: 'reject',
    requestId: offer.requestId,
  });
  await operator(j.server, 'POST', '/bo/merchants/demo/announcements', {
    type: 'B',
    audience: 'agents',
    title: TITLE,
    content: {
      'pt-BR': '<p>A partir de segunda-feira, o salário diário paga 1,5% a partir de R$ 10.000.</p>',
      en: '<p>From Monday, the daily salary pays 1.5% from R$ 10,000.</p>',
    },
  });
});

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

describe.each(JOURNEYS)('agent centre: announcements, notices and transfers ($name)', (setting) => {
  const { lang } = setting;
  const say = (key: string, vars?: Record<string, string | number>) => t(lang, 'agents', key, vars);
  const sayN = (key: string, vars?: Record<string, string | number>) => t(lang, 'agentnotices', key, vars);
  const c = (key: string, vars?: Record<string, string | number>) => t(lang, 'cashier', key, vars);
  const shot = (page: Page, name: string, ready: () => Promise<void>) =>
    inBothThemes(page, `${name}-${lang}-${setting.phone ? 'phone' : 'desktop'}`, ready);

  it('reads an announcement for agents and its contract notices, and sends money to a direct member', async () => {
    const { context, page } = await journeyPage(j.browser, setting);
    await withoutAnnouncementPopups(context);
    await signInContext(context, agentToken);
    await page.goto(`${j.server.url}/?modal=agent&m_page=agentAnnouncement`);
    const dialog = page.getByRole('dialog', { name: say('title') });
    // Announcement is the menu's first entry.
    await expect
      .poll(() => dialog.locator('.mc__item').first().textContent(), { timeout: 15_000 })
      .toContain(say('pages.agentAnnouncement'));
    const item = dialog.getByRole('button', { name: new RegExp(TITLE[lang]) });
    await item.waitFor({ timeout: 15_000 });
    // The sub-agent's answer to the demo agent's offer is a notice.
    const rejected = sayN('kinds.rejected', { who: SUB, contract: sayN('types.daily') });
    await dialog.getByText(rejected).first().waitFor({ timeout: 15_000 });
    await item.click();
    await dialog.locator('.agn-item__body').first().waitFor();
    const openAnnouncement = async () => {
      const again = dialog.getByRole('button', { name: new RegExp(TITLE[lang]) });
      await again.waitFor({ timeout: 15_000 });
      await again.click();
      await dialog.locator('.agn-item__body').first().waitFor();
    };
    await shot(page, 'announcement', openAnnouncement);

    // Team Management: transfer R$ 1,00 to the demo player, a direct member.
    await dialog.getByRole('button', { name: say('pages.agentTeamManagement'), exact: true }).click();
    await page.waitForURL(/m_page=agentTeamManagement/);
    const transfer = dialog.getByRole('button', { name: say('team.transferTo', { account: 'demoplayer' }) });
    // On a phone a row's actions fold into its menu.
    if (setting.phone) {
      const menu = dialog.getByRole('button', { name: say('team.actionsOf', { account: 'demoplayer' }) });
      await menu.waitFor({ timeout: 15_000 });
      await menu.click();
    }
    await transfer.waitFor({ timeout: 15_000 });
    await transfer.click();
    const send = page.getByRole('dialog', { name: c('downline.title') });
    await send.getByLabel(c('wallet.amount')).fill('1');
    await send.getByLabel(c('pin.label')).fill(PIN);
    await settledScreenshot(
      page,
      `agent-centre/transfer-form-${lang}-${setting.phone ? 'phone' : 'desktop'}`,
    );
    await send.getByRole('button', { name: c('downline.review') }).click();
    await send.getByRole('button', { name: c('downline.confirm') }).waitFor();
    await settledScreenshot(
      page,
      `agent-centre/transfer-confirm-${lang}-${setting.phone ? 'phone' : 'desktop'}`,
    );
    await send.getByRole('button', { name: c('downline.confirm') }).click();
    await expect.poll(() => send.count(), { timeout: 10_000 }).toBe(0);

    // Transaction Details lists it.
    await dialog.getByRole('button', { name: say('pages.agentTransactions'), exact: true }).click();
    const rows = dialog.getByRole('listitem').filter({ hasText: 'demoplayer' });
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await context.close();
  });
});
