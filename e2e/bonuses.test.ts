import { describe, expect, it } from 'vitest';
import { totpCode } from '../apps/server/src/modules/backoffice/backoffice.totp.ts';
import { type RunningServer, screenshot } from './harness.ts';
import { t } from './i18n.ts';
import { JOURNEYS, journeyPage, useJourney } from './journey.ts';
import { playerApi, signInContext } from './player.ts';

/**
 * Bonus details (issue 17 item 3) in the member centre: with the merchant's bonuses off (the
 * default) the entry is not offered; an operator turns bonuses on and grants the demo player a bonus
 * with a wagering requirement, and the page shows its balance, progress and terms. PT-BR on a phone
 * in the dark theme, EN on a desktop in the light theme.
 */
const j = useJourney({ demoPlayer: {} });

const admin = { token: '' };
async function bo(server: RunningServer, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(admin.token ? { 'bo-token': admin.token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; value?: unknown };
  if (!json.success) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json.value as Record<string, unknown>;
}
async function adminSignIn(server: RunningServer): Promise<void> {
  if (admin.token) return;
  const login = await bo(server, 'POST', '/bo/session/login', {
    merchant: 'demo',
    username: 'admin',
    password: 'admin12345',
  });
  admin.token = String(login.token);
  const setup = await bo(server, 'POST', '/bo/session/totp/setup', {});
  await bo(server, 'POST', '/bo/session/totp/enable', { code: totpCode(String(setup.secret), new Date()) });
}

describe.each(JOURNEYS)('bonus details, $name', (setting) => {
  const { lang } = setting;
  const theme = setting.phone ? 'dark' : 'light';
  const shot = (step: string) => `bonuses-${step}-${lang}-${setting.phone ? 'phone' : 'desktop'}-${theme}`;

  it('is not offered while bonuses are off, then shows a granted bonus with its progress', async () => {
    await adminSignIn(j.server);
    await bo(j.server, 'PUT', '/bo/promotions/settings', { bonusesEnabled: false });
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

    await bo(j.server, 'PUT', '/bo/promotions/settings', { bonusesEnabled: true });
    const found = await bo(j.server, 'GET', '/bo/members?q=demoplayer');
    const member = (found.list as { id: string; account: string }[]).find((m) => m.account === 'demoplayer')!;
    // One grant for both runs: the second answers the first by its key.
    await bo(j.server, 'POST', `/bo/members/${member.id}/bonuses`, {
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
