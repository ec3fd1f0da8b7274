import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { minorOf, newPage, settledScreenshot } from './harness.ts';
import { t } from './i18n.ts';
import { useJourney } from './journey.ts';
import { signInContext } from './player.ts';

/**
 * The in-house games in a real Chromium against the built server on a fresh database. The dice
 * journey of issue 4: the demo player rolls, the header balance follows the round, the round shows
 * in the recent list, auto-bet plays a few more, the player rotates the seed pair and the verifier
 * page — recomputing in the browser with Web Crypto — confirms the round against the revealed seed.
 * Beside it, one round of each other single-round game at phone size.
 */
// Signed in once through the API (a plain body); each page gets the token as the login form stores it.
const j = useJourney({ demoPlayer: {} });

type Lang = 'pt-BR' | 'en';

interface Round {
  id: string;
  game: string;
  stakeMinor: number;
  payoutMinor: number;
  serverSeedHash: string;
  nonce: number;
  balanceBeforeMinor: number;
  balanceAfterMinor: number;
}

const signIn = (context: BrowserContext) => signInContext(context, j.token);

/** Polls with room for a loaded machine (two shared cores; the default second is too short). */
const until = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

const shot = settledScreenshot;

/** Clicks the play button and answers the round the server settled. */
async function play(page: Page, game: string): Promise<Round> {
  const answer = page.waitForResponse((r) => r.url().endsWith(`/wps/originals/${game}/bet`));
  await page.getByTestId('play').click();
  const json = (await (await answer).json()) as { success: boolean; value: Round };
  expect(json.success).toBe(true);
  return json.value;
}

describe('dice', () => {
  it('plays, follows the balance, auto-bets, rotates the seeds and verifies the round (desktop, en)', async () => {
    const lang: Lang = 'en';
    const { context, page } = await newPage(j.browser, { lang });
    await signIn(context);
    await page.goto(`${j.server.url}/inhouse/dice`);
    await until(() => page.getByTestId('seed-hash').textContent()).toMatch(/^[0-9a-f]{64}$/);
    const committedHash = (await page.getByTestId('seed-hash').textContent()) ?? '';
    await until(async () => minorOf(await page.getByTestId('balance').textContent())).toBe(100_000);
    await shot(page, 'originals-dice-1440-ready');

    // Roll under 49.50 (4,950 of the 10,001 rolls: 2.0002×) with a stake of 5.00.
    await page.getByTestId('bet-amount').fill('5.00');
    await page.getByTestId('bet-amount').press('Enter');
    await page.getByTestId('dice-flip').click();
    await until(() => page.getByTestId('dice-target').textContent()).toBe('49.50');
    await until(() => page.getByTestId('dice-multiplier').inputValue()).toBe('2.0002');
    const round = await play(page, 'dice');
    expect(round.stakeMinor).toBe(500);
    expect(round.balanceBeforeMinor).toBe(100_000);
    expect(round.serverSeedHash).toBe(committedHash);
    expect(round.balanceAfterMinor).toBe(100_000 - 500 + round.payoutMinor);
    await until(async () => minorOf(await page.getByTestId('balance').textContent())).toBe(
      round.balanceAfterMinor,
    );
    const row = page.locator(`[data-testid="recent-round"][data-round="${round.id}"]`);
    await until(() => row.count()).toBe(1);
    await until(() => page.getByTestId('nonce').textContent()).toBe(String(round.nonce + 1));
    await shot(page, 'originals-dice-1440-rolled');

    // Space bets too (hotkey), outside the fields.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const spaced = page.waitForResponse((r) => r.url().endsWith('/wps/originals/dice/bet'));
    await page.keyboard.press('Space');
    const spaceRound = ((await (await spaced).json()) as { value: Round }).value;
    expect(spaceRound.nonce).toBe(round.nonce + 1);
    await until(() => page.getByTestId('recent-round').count()).toBe(2);

    // Auto: three bets, then it stops by itself.
    await page.getByRole('button', { name: t(lang, 'originals', 'kit.auto'), exact: true }).click();
    await page.getByTestId('auto-count').fill('3');
    const autoAnswers: Round[] = [];
    page.on('response', async (r) => {
      if (r.url().endsWith('/wps/originals/dice/bet'))
        autoAnswers.push(((await r.json()) as { value: Round }).value);
    });
    await page.getByTestId('play').click();
    await expect.poll(() => page.getByTestId('recent-round').count(), { timeout: 20_000 }).toBe(5);
    await until(() => page.getByTestId('play').isEnabled()).toBe(true);
    await until(() => autoAnswers.length).toBe(3);
    const lastAuto = autoAnswers.at(-1)!;
    await until(async () => minorOf(await page.getByTestId('balance').textContent())).toBe(
      lastAuto.balanceAfterMinor,
    );
    await shot(page, 'originals-dice-1440-auto');

    // Rotate: the committed server seed is revealed.
    await page.getByTestId('rotate').click();
    await until(() => page.getByTestId('revealed-seed').textContent()).toMatch(/^[0-9a-f]{32,}$/);
    await until(() => page.getByTestId('seed-hash').textContent()).not.toBe(committedHash);
    await until(() => page.getByTestId('nonce').textContent()).toBe('0');

    // The revealed pair links to its last round in the verifier.
    expect(await page.getByTestId('verify-last').getAttribute('href')).toBe(`/verify?round=${lastAuto.id}`);

    // The verifier, opened from the round's row, confirms it in the browser.
    await row.getByTestId('verify-round').click();
    await page.waitForURL(`**/verify?round=${round.id}`);
    await expect
      .poll(() => page.getByTestId('verify-verdict').textContent(), { timeout: 15_000 })
      .toContain(t(lang, 'originals', 'verify.confirmed'));
    await until(() => page.getByTestId('verify-hash').textContent()).toContain(
      t(lang, 'originals', 'verify.hashMatches'),
    );
    await until(() => page.getByTestId('verify-serverSeedHash').inputValue()).toBe(committedHash);
    await until(() => page.getByTestId('verify-nonce').inputValue()).toBe(String(round.nonce));
    await shot(page, 'originals-verify-1440-confirmed');

    // Another nonce is another outcome: the page says so instead of confirming blindly.
    await page.getByTestId('verify-nonce').fill(String(round.nonce + 1));
    await until(() => page.getByTestId('verify-verdict').textContent()).toContain(
      t(lang, 'originals', 'verify.mismatch'),
    );
    await context.close();
  });

  it('shows the unrevealed state of a round whose seed is still in use (phone, pt-BR)', async () => {
    const lang: Lang = 'pt-BR';
    const { context, page } = await newPage(j.browser, { lang, phone: true });
    await signIn(context);
    await page.goto(`${j.server.url}/inhouse/dice`);
    await until(() => page.getByTestId('seed-hash').textContent()).toMatch(/^[0-9a-f]{64}$/);
    // Issue 13: "Chance de ganhar" was cut to "Chance de g…" at 390 px; every label reads whole.
    const labels = await page
      .locator('.og-stats .og-field__label')
      .evaluateAll((els) =>
        els.map((el) => ({ text: el.textContent, cut: el.scrollWidth > el.clientWidth })),
      );
    expect(labels.map((l) => l.text)).toContain(t(lang, 'originals', 'dice.chance'));
    expect(labels.filter((l) => l.cut)).toEqual([]);
    const round = await play(page, 'dice');
    await until(async () => minorOf(await page.getByTestId('balance').textContent())).toBe(
      round.balanceAfterMinor,
    );
    await shot(page, 'originals-dice-390-rolled');
    await page.goto(`${j.server.url}/verify?round=${round.id}`);
    await until(() => page.getByTestId('verify-unrevealed').textContent()).toBe(
      t(lang, 'originals', 'verify.unrevealed'),
    );
    await shot(page, 'originals-verify-390-unrevealed');
    await context.close();
  });
});

describe('the other single-round games', () => {
  const prepare: Record<string, (page: Page) => Promise<void>> = {
    limbo: async () => {},
    wheel: async () => {},
    plinko: async () => {},
    keno: async (page) => page.getByTestId('keno-auto-pick').click(),
  };
  for (const [game, setUp] of Object.entries(prepare))
    for (const phone of [true, false])
      it(`${game} plays a round ${phone ? 'on a phone' : 'on a desktop'}`, async () => {
        const { context, page } = await newPage(j.browser, { lang: 'pt-BR', phone });
        await signIn(context);
        await page.goto(`${j.server.url}/inhouse/${game}`);
        await until(() => page.getByTestId('seed-hash').textContent()).toMatch(/^[0-9a-f]{64}$/);
        await setUp(page);
        const round = await play(page, game);
        expect(round.game).toBe(game);
        await expect
          .poll(() => page.locator(`[data-round="${round.id}"]`).count(), { timeout: 10_000 })
          .toBe(1);
        await expect
          .poll(async () => minorOf(await page.getByTestId('balance').textContent()))
          .toBe(round.balanceAfterMinor);
        await shot(page, `originals-${game}-${phone ? 390 : 1440}`);
        await context.close();
      });
});
