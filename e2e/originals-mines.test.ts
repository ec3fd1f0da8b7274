import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { minesMultiplier } from '../packages/fairness/src/index.ts';
import { minorOf, settledScreenshot } from './harness.ts';
import { t } from './i18n.ts';
import { JOURNEYS, type JourneySetting, journeyPage, useJourney } from './journey.ts';
import { loginDemoPlayer, playerApi, signInContext } from './player.ts';

/**
 * Mines and hilo in a real Chromium against the built server on a fresh database, in PT-BR on a phone
 * and in EN on a desktop (JOURNEYS). The mines journey of issue 4: the demo player starts a round,
 * reveals two safe tiles and cashes out; the header balance, the recent rounds, the betting records
 * and the verifier follow.
 *
 * The layout is secret until the round ends (the browser only sees the hashed server seed), so the
 * journey cannot aim for safe tiles. It plays with 1 mine — two safe tiles in a row 92% of the time —
 * and starts a new round after a mine, counting every lost stake in the balance it expects.
 */
const j = useJourney({ demoPlayer: {} });

interface StepRound {
  id: string;
  status: 'open' | 'won' | 'lost';
  stakeMinor: number;
  payoutMinor: number;
  multiplier: number;
  canCashOut: boolean;
  nonce: number;
  serverSeedHash: string;
  mines: { mineCount: number; revealed: { tile: number; safe: boolean }[]; mines: number[] | null } | null;
  hilo: { start: { value: number }; steps: { correct: boolean; card: { value: number } }[] } | null;
}

/** A fresh API sign-in per context, handed to its pages; returns the token. */
async function signIn(context: BrowserContext): Promise<string> {
  const token = await loginDemoPlayer(j.server);
  await signInContext(context, token);
  return token;
}

/** Room for a loaded machine: the default second of expect.poll is too short on two shared cores. */
const until = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/**
 * The server seed's hash the page commits to, once it is drawn: the seeds arrive after the page, so
 * the journey waits for the 64 hex digits themselves rather than a fixed second.
 */
async function committedHash(page: Page): Promise<string> {
  await page.waitForFunction(
    () => /^[0-9a-f]{64}$/.test(document.querySelector('[data-testid="seed-hash"]')?.textContent ?? ''),
    undefined,
    { timeout: 20_000 },
  );
  return (await page.getByTestId('seed-hash').textContent()) ?? '';
}

/** The wallet's balance, once the header shows it (the header's balance is a request of its own). */
async function shownBalance(page: Page, token: string): Promise<number> {
  const { balanceMinor } = await playerApi<{ balanceMinor: number }>(
    j.server,
    token,
    'GET',
    '/wps/v2/wallets/balance',
  );
  await until(() => balance(page)).toBe(balanceMinor);
  return balanceMinor;
}

/** A decimal as the setting's language writes it ('1.07' → '1,07' in pt-BR). */
const decimal = (setting: JourneySetting, text: string) =>
  setting.lang === 'pt-BR' ? text.replace('.', ',') : text;

const shot = settledScreenshot;

/** Clicks and answers the round as the server returned it for that call. */
async function act(page: Page, path: string, click: () => Promise<void>): Promise<StepRound> {
  const answer = page.waitForResponse((r) => r.url().endsWith(`/wps/originals/${path}`));
  await click();
  const json = (await (await answer).json()) as { success: boolean; value: StepRound };
  expect(json.success).toBe(true);
  return json.value;
}

const balance = async (page: Page) => minorOf(await page.getByTestId('balance').textContent());

/**
 * Plays 1-mine rounds until one has `safe` safe tiles, picking free tiles in reading order from the
 * middle. Answers the open round and what the lost rounds cost.
 */
async function playUntilSafe(page: Page, safe: number): Promise<{ round: StepRound; lostMinor: number }> {
  let lostMinor = 0;
  const order = [12, 6, 18, 8, 16, 0, 24, 2, 22];
  for (let attempt = 0; attempt < 10; attempt++) {
    let round = await act(page, 'mines/start', () => page.getByTestId('play').click());
    expect(round).toMatchObject({ status: 'open', canCashOut: false });
    expect(round.mines?.mines).toBeNull();
    for (const tile of order) {
      round = await act(page, 'mines/reveal', () =>
        page.locator(`[data-testid="mines-tile"][data-tile="${tile}"]`).click(),
      );
      if (round.status === 'lost') break;
      if (round.mines!.revealed.length === safe) return { round, lostMinor };
    }
    expect(round.status).toBe('lost');
    // The lost round shows its whole layout: the mine hit and nothing else hidden.
    await until(() => page.getByTestId('mines-result').getAttribute('data-status')).toBe('lost');
    await until(() => page.locator('[data-testid="mines-tile"][data-state="hidden"]').count()).toBe(0);
    lostMinor += round.stakeMinor;
  }
  throw new Error('ten 1-mine rounds in a row hit the mine within two picks');
}

describe.each(JOURNEYS)('mines, $name', (setting) => {
  const { lang } = setting;
  const size = setting.viewport.width;

  it('two safe tiles then cash out: balance, recent rounds, records and the verifier follow', async () => {
    const { context, page } = await journeyPage(j.browser, setting);
    const token = await signIn(context);
    await page.goto(`${j.server.url}/inhouse/mines`);
    const committed = await committedHash(page);
    const start = await shownBalance(page, token);
    await page.getByTestId('bet-amount').fill('1');
    await page.getByTestId('bet-amount').press('Enter');
    // 12 mines at 1.00: the top multiplier (0.99 × C(25,13) ≈ 5.1 million) passes the max win, so the
    // start is refused, moves nothing, and the screen says which stake 12 mines allow.
    await page.getByTestId('mines-count').selectOption('12');
    const refused = page.waitForResponse((r) => r.url().endsWith('/wps/originals/mines/start'));
    await page.getByTestId('play').click();
    expect((await refused).status()).toBe(422);
    await until(() => page.getByTestId('mines-max-stake').textContent()).toContain(decimal(setting, '0.19'));
    await shot(page, `originals-mines-${size}-refused`);
    await page.getByTestId('mines-count').selectOption('1');
    await until(() => page.getByTestId('mines-max-stake').count()).toBe(0);
    await shot(page, `originals-mines-${size}-ready`);

    const { round, lostMinor } = await playUntilSafe(page, 2);
    expect(round.serverSeedHash).toBe(committed);
    const expected = Math.floor(100 * minesMultiplier(1, 2, 0.01));
    expect(expected).toBe(107);
    // 0.99 × 25/24 × 24/23 = 1.0761…, shown rounded down.
    await until(() => page.getByTestId('mines-multiplier').textContent()).toBe(decimal(setting, '1.07×'));
    await until(() => page.getByTestId('cashout').isEnabled()).toBe(true);
    await until(() => balance(page)).toBe(start - lostMinor - 100);
    await shot(page, `originals-mines-${size}-two-gems`);

    const won = await act(page, `mines/cashout`, () => page.getByTestId('cashout').click());
    expect(won).toMatchObject({ id: round.id, status: 'won', payoutMinor: expected });
    await until(() => balance(page)).toBe(start - lostMinor - 100 + expected);
    await until(() => page.getByTestId('mines-result').getAttribute('data-status')).toBe('won');
    // The whole layout shows: one mine, and the two gems picked.
    await until(() => page.locator('[data-testid="mines-tile"][data-state="ghost-mine"]').count()).toBe(1);
    await until(() => page.locator('[data-testid="mines-tile"][data-state="gem"]').count()).toBe(2);
    const row = page.locator(`[data-testid="recent-round"][data-round="${round.id}"]`);
    await until(() => row.count()).toBe(1);
    await shot(page, `originals-mines-${size}-cashed-out`);

    // The betting records: the round settled with its stake and payout.
    const records = await playerApi<{ list: Record<string, unknown>[] }>(
      j.server,
      token,
      'GET',
      '/wps/member/records/personalHistoryCopy?gameCode=mines',
    );
    expect(records.list.find((r) => (r.recall as { ref: string } | null)?.ref === round.id)).toMatchObject({
      status: 'settled',
      stakeMinor: 100,
      payoutMinor: expected,
      vendor: 'SORTE',
      category: 'INHOUSE',
    });

    // Rotate (allowed now that no round is open), then the verifier confirms the layout.
    await page.getByTestId('rotate').click();
    await until(() => page.getByTestId('revealed-seed').textContent()).toMatch(/^[0-9a-f]{32,}$/);
    await row.getByTestId('verify-round').click();
    await page.waitForURL(`**/verify?round=${round.id}`);
    await until(() => page.getByTestId('verify-verdict').textContent()).toContain(
      t(lang, 'originals', 'verify.confirmed'),
    );
    await shot(page, `originals-mines-${size}-verified`);
    await context.close();
  });

  it('an open round survives a reload and cashes out after it', async () => {
    const { context, page } = await journeyPage(j.browser, setting);
    await signIn(context);
    await page.goto(`${j.server.url}/inhouse/mines`);
    await committedHash(page);
    await page.getByTestId('mines-count').selectOption('1');
    const { round } = await playUntilSafe(page, 1);
    await shot(page, `originals-mines-${size}-one-gem`);
    await page.reload();
    await until(() => page.locator('[data-testid="mines-tile"][data-state="gem"]').count()).toBe(1);
    await until(() => page.getByTestId('cashout').isEnabled()).toBe(true);
    const won = await act(page, 'mines/cashout', () => page.getByTestId('cashout').click());
    expect(won).toMatchObject({ id: round.id, status: 'won' });
    await until(() => page.locator(`[data-round="${round.id}"]`).count()).toBe(1);
    await shot(page, `originals-mines-${size}-reloaded-cashed-out`);
    await context.close();
  });
});

describe.each(JOURNEYS)('hilo, $name', (setting) => {
  const size = setting.viewport.width;

  it('plays a round: a skip, then likelier guesses until a loss or a cash-out', async () => {
    const { context, page } = await journeyPage(j.browser, setting);
    const token = await signIn(context);
    await page.goto(`${j.server.url}/inhouse/hilo`);
    await committedHash(page);
    const before = await shownBalance(page, token);
    let round = await act(page, 'hilo/start', () => page.getByTestId('play').click());
    await until(() => page.getByTestId('hilo-current').getByTestId('hilo-card').count()).toBe(1);
    round = await act(page, 'hilo/guess', () => page.getByTestId('hilo-skip').click());
    expect(round.hilo!.steps).toHaveLength(1);
    for (let i = 0; i < 2 && round.status === 'open'; i++) {
      const value = (round.hilo!.steps.at(-1)?.card ?? round.hilo!.start).value;
      // The likelier side: up on a low card, down on a high one.
      const side = value <= 7 ? 'hilo-up' : 'hilo-down';
      round = await act(page, 'hilo/guess', () => page.getByTestId(side).click());
    }
    await until(() => page.getByTestId('hilo-history').getByTestId('hilo-card').count()).toBe(
      round.hilo!.steps.length + 1,
    );
    await shot(page, `originals-hilo-${size}-played`);
    if (round.status === 'open' && round.canCashOut)
      round = await act(page, 'hilo/cashout', () => page.getByTestId('cashout').click());
    // Two guesses on an open round: either one was wrong (lost) or both were right (cashed out).
    expect(round.status).not.toBe('open');
    await until(() => balance(page)).toBe(before - round.stakeMinor + round.payoutMinor);
    await until(() => page.locator(`[data-round="${round.id}"]`).count()).toBe(1);
    await shot(page, `originals-hilo-${size}-${round.status}`);
    await context.close();
  });
});
