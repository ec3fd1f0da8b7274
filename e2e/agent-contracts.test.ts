import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, minorOf, type RunningServer, settledScreenshot, startServer } from './harness.ts';
import { t } from './i18n.ts';
import { JOURNEYS, type JourneySetting, journeyPage } from './journey.ts';
import { openDemoMerchant, playerApi, signInContext } from './player.ts';

/**
 * Issue 15's contract journey in a real Chromium against the built server: the demo agent creates a
 * downline agent in the registration centre and offers it a daily salary (0.5 %, the demo agent's own
 * is 1 %); the downline accepts in its own session; a player of the downline's team bets; the day
 * ends; both agents find the day's payout in My Income and in the header balance — PT-BR on a phone,
 * EN on a desktop, each on its own server.
 *
 * The day ends when the journey says so: the server's test clock starts now (TEST_CLOCK_START; the
 * bet stream is stamped by the database's clock, so the team's bets fall on today's rollup day, and
 * contract days are UTC, the rollups' days) and, once the team has bet, POST /dev/clock moves it past
 * the next midnight UTC; the jump outlasts a session's idle time, so both agents sign in again; the settlement engine ticks every second with a one-second grace (AGENT_CONTRACTS_TICK_MS,
 * AGENT_CONTRACTS_GRACE_MS), so the payout follows within seconds.
 */
const STAKE_MINOR = 20_000;

async function login(server: RunningServer, username: string, password: string): Promise<string> {
  const session = await playerApi<{ token: string }>(server, undefined, 'POST', '/wps/session/login', {
    username,
    password,
    type: 'username',
  });
  return session.token;
}

interface Income {
  list: { type: string; amountMinor: number; status: string; validBetMinor: number }[];
}

describe.each(JOURNEYS)('agent contracts ($name)', (setting: JourneySetting) => {
  const { lang } = setting;
  const say = (key: string, vars?: Record<string, string | number>) => t(lang, 'agents', key, vars);
  const common = (key: string) => t(lang, 'common', key);
  const size = setting.phone ? 'phone' : 'desktop';
  const shot = (page: Page, name: string) =>
    settledScreenshot(page, `agent-contracts/${name}-${lang}-${size}`);
  let server: RunningServer;
  let browser: Browser;
  let agentToken: string;

  beforeAll(async () => {
    server = await startServer({
      TEST_CLOCK_START: new Date().toISOString(),
      BET_ROLLUPS: 'true',
      AGENT_CONTRACTS: 'true',
      AGENT_CONTRACTS_TICK_MS: '1000',
      AGENT_CONTRACTS_GRACE_MS: '1000',
      SANDBOX_CALLBACK_DELAY_MS: '0',
    });
    browser = await launchBrowser();
    await openDemoMerchant(server, {
      agentCentre: true,
      memberCentre: true,
      dailySalary: true,
      dividendContract: true,
      // Off, so the jump of the clock does not make the engine catch up a day of hours and 5 minutes.
      hourlySalary: false,
      realtimeSalary: false,
    });
    agentToken = await login(server, 'demoagent', 'agent123');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('offers a daily salary, the downline accepts, its team bets and the day pays both', async () => {
    const { context, page } = await journeyPage(browser, setting);
    await signInContext(context, agentToken);
    await page.goto(`${server.url}/?modal=agent&m_page=agentAccount`);
    const dialog = page.getByRole('dialog', { name: say('title') });

    // Registration centre: the downline agent.
    const downline = `dl${lang === 'en' ? 'en' : 'pt'}${Date.now().toString(36).slice(-6)}`;
    await dialog.locator('label.ag-chip', { hasText: say('kinds.agent') }).click();
    await dialog.getByLabel(say('account.account')).fill(downline);
    await dialog.getByLabel(say('account.password'), { exact: true }).fill('agent456');
    await dialog.getByRole('button', { name: say('account.createAgent') }).click();
    await dialog.getByRole('status').filter({ hasText: downline }).waitFor();

    // Its team: a player it registers, funded by the operator, plays dice twice.
    const downlineToken = await login(server, downline, 'agent456');
    const player = await playerApi<{ id: string; account: string }>(
      server,
      downlineToken,
      'POST',
      '/wps/agent/team/members',
      { kind: 'player', account: `${downline}p`, password: 'player456' },
    );
    const playerToken = await login(server, player.account, 'player456');
    // A deposit through the sandbox gateway (it calls back at once once paid: SANDBOX_CALLBACK_DELAY_MS=0).
    const channels = await playerApi<{ id: string; type: string }[]>(
      server,
      playerToken,
      'GET',
      '/wps/cashier/channels',
    );
    const deposit = await playerApi<{ id: string }>(server, playerToken, 'POST', '/wps/cashier/deposit', {
      channelId: channels.find((c) => c.type === 'gateway')!.id,
      amountMinor: 100_000,
      idempotencyKey: randomUUID(),
    });
    // The player pays on the sandbox gateway's checkout page (its form, posted as a browser would).
    await fetch(`${server.url}/providers/payments/sandbox/checkout/${deposit.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=pay',
    });
    await expect
      .poll(
        async () =>
          (await playerApi<{ balanceMinor: number }>(server, playerToken, 'GET', '/wps/v2/wallets/balance'))
            .balanceMinor,
        { timeout: 15_000 },
      )
      .toBe(100_000);
    for (const target of [50, 60])
      await playerApi(server, playerToken, 'POST', '/wps/originals/dice/bet', {
        amountMinor: STAKE_MINOR / 2,
        target,
        direction: 'under',
        idempotencyKey: randomUUID(),
      });

    // Team Management: the agent row offers a contract.
    await dialog.getByRole('button', { name: say('pages.agentTeamManagement'), exact: true }).click();
    const members = dialog.getByRole('list', { name: say('team.label') });
    const row = members.getByRole('listitem').filter({ hasText: downline });
    // On a phone a row's actions fold into its menu.
    if (setting.phone)
      await row.getByRole('button', { name: say('team.actionsOf', { account: downline }) }).click();
    await row.getByRole('button', { name: say('team.offerContract') }).click();

    // The first contract page on (Dividend) opens with its offer form preselected on the downline;
    // the journey's contract is a daily salary, offered from that page.
    await page.waitForURL(/m_page=agentDividend&m_downline=/);
    await expect
      .poll(() => dialog.getByLabel(say('contracts.downline')).inputValue(), { timeout: 15_000 })
      .not.toBe('');
    await dialog.getByRole('button', { name: say('pages.agentDailySalary'), exact: true }).click();
    await page.waitForURL(/m_page=agentDailySalary/);
    // The daily salary's own form (not the dividend one it replaces) before choosing in it.
    await dialog.getByLabel(say('contracts.fields.daily.minValidBetMinor'), { exact: true }).waitFor();
    const picker = dialog.getByLabel(say('contracts.downline'));
    await picker.selectOption({ label: downline });
    await dialog
      .getByLabel(say('contracts.fields.daily.rateUnits'), { exact: true })
      .fill(lang === 'en' ? '0.5' : '0,5');
    await dialog.getByRole('button', { name: say('contracts.send') }).click();
    const sent = dialog.getByText(say('contracts.request.new.fromMe', { account: downline }));
    await sent.waitFor();
    await shot(page, 'offered');

    // The downline, in its own browser session, accepts.
    const own = await journeyPage(browser, setting);
    await signInContext(own.context, downlineToken);
    await own.page.goto(`${server.url}/?modal=agent&m_page=agentDailySalary`);
    const ownDialog = own.page.getByRole('dialog', { name: say('title') });
    await ownDialog.getByText(say('contracts.request.new.toMe', { account: 'demoagent' })).waitFor();
    await shot(own.page, 'offer-received');
    await ownDialog.getByRole('button', { name: say('contracts.accept.new'), exact: true }).click();
    await own.page
      .getByRole('dialog', { name: say('contracts.confirm.accept.new.title') })
      .getByRole('button', { name: common('actions.confirm') })
      .click();
    await ownDialog.getByRole('heading', { name: say('contracts.held') }).waitFor();
    await ownDialog.getByText(say('contracts.from', { account: 'demoagent' })).waitFor();
    await shot(own.page, 'accepted');

    // The day ends; the engine settles it: the downline earns 0.5 % of its team's valid bet, the
    // demo agent the rest of its own 1 % on that sub-team (and 1 % of the demo player's, if any).
    const moved = await fetch(`${server.url}/dev/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ at: new Date(new Date().setUTCHours(24, 0, 2, 0)).toISOString() }),
    });
    expect(moved.status).toBe(200);
    agentToken = await login(server, 'demoagent', 'agent123');
    const downlineAgain = await login(server, downline, 'agent456');
    await signInContext(context, agentToken);
    await signInContext(own.context, downlineAgain);
    const paid = async (token: string) =>
      (await playerApi<Income>(server, token, 'GET', '/wps/agent/income?pageSize=10')).list.find(
        (r) => r.type === 'daily' && r.status === 'paid',
      );
    await expect.poll(() => paid(downlineAgain), { timeout: 60_000, interval: 1000 }).toBeTruthy();
    const downlinePay = (await paid(downlineAgain))!;
    expect(downlinePay.validBetMinor).toBe(STAKE_MINOR);
    expect(downlinePay.amountMinor).toBe(STAKE_MINOR / 200);
    const agentPay = (await paid(agentToken))!;
    expect(agentPay.amountMinor).toBeGreaterThanOrEqual(STAKE_MINOR / 200);

    // Both see it in My Income and in the header balance (a commission is part of the balance).
    for (const [who, token, amount] of [
      [own.page, downlineAgain, downlinePay.amountMinor],
      [page, agentToken, agentPay.amountMinor],
    ] as const) {
      await who.goto(`${server.url}/?modal=agent&m_page=agentIncome`);
      const incomeDialog = who.getByRole('dialog', { name: say('title') });
      const list = incomeDialog.getByRole('list', { name: say('income.label') });
      const income = list.getByRole('listitem').filter({ hasText: say('contracts.types.daily') });
      await income.first().waitFor();
      await expect
        .poll(() => income.first().locator('strong').last().textContent().then(minorOf), { timeout: 15_000 })
        .toBe(amount);
      await shot(who, who === page ? 'income-upline' : 'income-downline');
      const balance = await playerApi<{ balanceMinor: number }>(
        server,
        token,
        'GET',
        '/wps/v2/wallets/balance',
      );
      await incomeDialog.getByRole('button', { name: common('actions.close') }).click();
      await expect
        .poll(() => who.getByTestId('balance').first().textContent().then(minorOf), { timeout: 15_000 })
        .toBe(balance.balanceMinor);
      expect(balance.balanceMinor).toBeGreaterThanOrEqual(amount);
    }
    await shot(own.page, 'header-downline');
    await own.context.close();
    await context.close();
  }, 240_000);
});
