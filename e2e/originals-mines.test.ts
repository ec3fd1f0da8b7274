import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minesMultiplier } from '../packages/fairness/src/index.ts';
import {
  launchBrowser,
  minorOf,
  newPage,
  type RunningServer,
  settledScreenshot,
  startServer,
} from './harness.ts';
import { t } from './i18n.ts';
import { loginDemoPlayer, openDemoMerchant, signInContext } from './player.ts';

/**
 * Mines and hilo in a real Chromium against the built server on a fresh database. The mines journey
 * of issue 4: the demo player starts a round, reveals two safe tiles and cashes out; the header
 * balance, the recent rounds, the betting records and the verifier follow.
 *
 * The layout is secret until the round ends (the browser only sees the hashed server seed), so the
 * journey cannot aim for safe tiles. It plays with 1 mine — two safe tiles in a row 92% of the time —
 * and starts a new round after a mine, counting every lost stake in the balance it expects.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await openDemoMerchant(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type Lang = 'pt-BR' | 'en';

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
  const token = await loginDemoPlayer(server);
  await signInContext(context, token);
  return token;
}

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
    await expect.poll(() => page.getByTestId('mines-result').getAttribute('data-status')).toBe('lost');
    await expect.poll(() => page.locator('[data-testid="mines-tile"][data-state="hidden"]').count()).toBe(0);
    lostMinor += round.stakeMinor;
  }
  throw new Error('ten 1-mine rounds in a row hit the mine within two picks');
}

describe('mines', () => {
  it('two safe tiles then cash out: balance, recent rounds, records and the verifier follow (desktop, en)', async () => {
    const lang: Lang = 'en';
    const { context, page } = await newPage(browser, { lang });
    const token = await signIn(context);
    await page.goto(`${server.url}/inhouse/mines`);
    await expect.poll(() => page.getByTestId('seed-hash').textContent()).toMatch(/^[0-9a-f]{64}$/);
    const committedHash = (await page.getByTestId('seed-hash').textContent()) ?? '';
    await expect.poll(() => balance(page)).toBe(100_000);
    await page.getByTestId('bet-amount').fill('1.00');
    await page.getByTestId('bet-amount').press('Enter');
    // 12 mines at 1.00: the top multiplier (0.99 × C(25,13) ≈ 5.1 million) passes the max win, so the
    // start is refused, moves nothing, and the screen says which stake 12 mines allow.
    await page.getByTestId('mines-count').selectOption('12');
    const refused = page.waitForResponse((r) => r.url().endsWith('/wps/originals/mines/start'));
    await page.getByTestId('play').click();
    expect((await refused).status()).toBe(422);
    await expect.poll(() => page.getByTestId('mines-max-stake').textContent()).toContain('0.19');
    await shot(page, 'originals-mines-1440-refused');
    await page.getByTestId('mines-count').selectOption('1');
    await expect.poll(() => page.getByTestId('mines-max-stake').count()).toBe(0);
    await shot(page, 'originals-mines-1440-ready');

    const { round, lostMinor } = await playUntilSafe(page, 2);
    expect(round.serverSeedHash).toBe(committedHash);
    const expected = Math.floor(100 * minesMultiplier(1, 2, 0.01));
    expect(expected).toBe(107);
    await expect.poll(() => page.getByTestId('mines-multiplier').textContent()).toBe('1.07×'); // 0.99 × 25/24 × 24/23 = 1.0761…, shown rounded down;
    await expect.poll(() => page.getByTestId('cashout').isEnabled()).toBe(true);
    await expect.poll(() => balance(page)).toBe(100_000 - lostMinor - 100);
    await shot(page, 'originals-mines-1440-two-gems');

    const won = await act(page, `mines/cashout`, () => page.getByTestId('cashout').click());
    expect(won).toMatchObject({ id: round.id, status: 'won', payoutMinor: expected });
    const after = 100_000 - lostMinor - 100 + expected;
    await expect.poll(() => balance(page)).toBe(after);
    await expect.poll(() => page.getByTestId('mines-result').getAttribute('data-status')).toBe('won');
    // The whole layout shows: one mine, and the two gems picked.
    await expect
      .poll(() => page.locator('[data-testid="mines-tile"][data-state="ghost-mine"]').count())
      .toBe(1);
    await expect.poll(() => page.locator('[data-testid="mines-tile"][data-state="gem"]').count()).toBe(2);
    const row = page.locator(`[data-testid="recent-round"][data-round="${round.id}"]`);
    await expect.poll(() => row.count()).toBe(1);
    await shot(page, 'originals-mines-1440-cashed-out');

    // The betting records: the round settled with its stake and payout.
    const records = await fetch(`${server.url}/wps/member/records/personalHistoryCopy?gameCode=mines`, {
      headers: { token },
    });
    const list = ((await records.json()) as { value: { list: Record<string, unknown>[] } }).value.list;
    expect(list.find((r) => (r.recall as { ref: string } | null)?.ref === round.id)).toMatchObject({
      status: 'settled',
      stakeMinor: 100,
      payoutMinor: expected,
      vendor: 'SORTE',
      category: 'INHOUSE',
    });

    // Rotate (allowed now that no round is open), then the verifier confirms the layout.
    await page.getByTestId('rotate').click();
    await expect.poll(() => page.getByTestId('revealed-seed').textContent()).toMatch(/^[0-9a-f]{32,}$/);
    await row.getByTestId('verify-round').click();
    await page.waitForURL(`**/verify?round=${round.id}`);
    await expect
      .poll(() => page.getByTestId('verify-verdict').textContent(), { timeout: 15_000 })
      .toContain(t(lang, 'originals', 'verify.confirmed'));
    await shot(page, 'originals-mines-1440-verified');
    await context.close();
  });

  it('an open round survives a reload and cashes out after it (phone, pt-BR)', async () => {
    const { context, page } = await newPage(browser, { lang: 'pt-BR', phone: true });
    await signIn(context);
    await page.goto(`${server.url}/inhouse/mines`);
    await expect.poll(() => page.getByTestId('seed-hash').textContent()).toMatch(/^[0-9a-f]{64}$/);
    await page.getByTestId('mines-count').selectOption('1');
    const { round } = await playUntilSafe(page, 1);
    await shot(page, 'originals-mines-390-one-gem');
    await page.reload();
    await expect.poll(() => page.locator('[data-testid="mines-tile"][data-state="gem"]').count()).toBe(1);
    await expect.poll(() => page.getByTestId('cashout').isEnabled()).toBe(true);
    const won = await act(page, 'mines/cashout', () => page.getByTestId('cashout').click());
    expect(won).toMatchObject({ id: round.id, status: 'won' });
    await expect.poll(() => page.locator(`[data-round="${round.id}"]`).count()).toBe(1);
    await shot(page, 'originals-mines-390-cashed-out');
    await context.close();
  });
});

describe('hilo', () => {
  for (const phone of [true, false])
    it(`plays a round: a skip, then likelier guesses until a loss or a cash-out (${phone ? 'phone' : 'desktop'})`, async () => {
      const { context, page } = await newPage(browser, { lang: phone ? 'pt-BR' : 'en', phone });
      await signIn(context);
      await page.goto(`${server.url}/inhouse/hilo`);
      await expect.poll(() => page.getByTestId('seed-hash').textContent()).toMatch(/^[0-9a-f]{64}$/);
      const before = await balance(page);
      let round = await act(page, 'hilo/start', () => page.getByTestId('play').click());
      await expect.poll(() => page.getByTestId('hilo-current').getByTestId('hilo-card').count()).toBe(1);
      round = await act(page, 'hilo/guess', () => page.getByTestId('hilo-skip').click());
      expect(round.hilo!.steps).toHaveLength(1);
      for (let i = 0; i < 2 && round.status === 'open'; i++) {
        const value = (round.hilo!.steps.at(-1)?.card ?? round.hilo!.start).value;
        // The likelier side: up on a low card, down on a high one.
        const side = value <= 7 ? 'hilo-up' : 'hilo-down';
        round = await act(page, 'hilo/guess', () => page.getByTestId(side).click());
      }
      await expect
        .poll(() => page.getByTestId('hilo-history').getByTestId('hilo-card').count())
        .toBe(round.hilo!.steps.length + 1);
      await shot(page, `originals-hilo-${phone ? 390 : 1440}-played`);
      if (round.status === 'open' && round.canCashOut)
        round = await act(page, 'hilo/cashout', () => page.getByTestId('cashout').click());
      // Two guesses on an open round: either one was wrong (lost) or both were right (cashed out).
      expect(round.status).not.toBe('open');
      await expect.poll(() => balance(page)).toBe(before - round.stakeMinor + round.payoutMinor);
      await expect.poll(() => page.locator(`[data-round="${round.id}"]`).count()).toBe(1);
      await shot(page, `originals-hilo-${phone ? 390 : 1440}-${round.status}`);
      await context.close();
    });
});
