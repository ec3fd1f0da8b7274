import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { minorOf, newPage, screenshot } from './harness.ts';
import { t } from './i18n.ts';
import { useJourney } from './journey.ts';
import { playerApi, signInContext } from './player.ts';

/**
 * Crash in a real Chromium against the built server with its round loop on (5 s of betting, the
 * production pace): the demo player sees the terminating hash published before play, bets with an
 * auto cash-out at 1.01× and is paid by the server, then bets again and cashes out by hand while
 * the curve climbs. A round may crash at 1.00× before anyone can cash out: the journey then bets
 * on the next one. The balance in the header and the betting records follow each settled bet.
 */
const j = useJourney({
  env: { CRASH_LOOP: 'true' },
  demoPlayer: { captchaOnRegister: false, REGMOBVERF3: false },
});

const api = <T>(path: string) => playerApi<T>(j.server, j.token, 'GET', path);
const signedIn = (context: BrowserContext) => signInContext(context, j.token);
const headerBalance = async (page: Page) => minorOf(await page.getByTestId('balance').textContent());

interface Bet {
  id: string;
  roundId: string;
  status: 'active' | 'cashed' | 'lost';
  stakeMinor: number;
  payoutMinor: number;
  cashOut: number | null;
}

/**
 * Bets on the next round that takes bets and plays it with `play` (after the round started); tries
 * again on later rounds while the bet is lost (a crash at 1.00× pays nobody). Returns the cashed bet.
 */
async function playUntilCashed(page: Page, play: (page: Page) => Promise<void>): Promise<Bet> {
  const bet = page.getByTestId('play');
  for (let attempt = 0; attempt < 6; attempt++) {
    // The previous round may run a while (10× takes 38 s on the production curve).
    await expect.poll(() => bet.isEnabled(), { timeout: 150_000, interval: 100 }).toBe(true);
    await bet.click();
    const mine = page.getByTestId('crash-mine');
    await expect.poll(() => mine.getAttribute('data-status'), { timeout: 10_000 }).toBe('active');
    await play(page);
    // 'gone': the next round opened before this page drew the settled bet (a loaded machine can
    // miss the short pause); the API below then has no bet of ours and the loop tries again.
    const status = async () =>
      (await mine.count())
        ? mine.getAttribute('data-status', { timeout: 1_000 }).catch(() => 'gone')
        : 'gone';
    await expect.poll(status, { timeout: 150_000 }).not.toBe('active');
    const current = await api<{ round: { id: string }; myBet: Bet | null }>('/wps/crash/round');
    const settled = current.myBet;
    if ((await status()) === 'cashed' && settled?.status === 'cashed') return settled;
  }
  throw new Error('no cashed bet in 6 rounds');
}

async function expectRecordOf(bet: Bet): Promise<void> {
  const records = await api<{
    list: {
      gameCode: string;
      stakeMinor: number;
      payoutMinor: number;
      status: string;
      recall: { ref: string } | null;
    }[];
  }>('/wps/member/records/personalHistoryCopy?gameCode=crash&pageSize=50');
  const record = records.list.find((r) => r.recall?.ref === `${bet.roundId}:${bet.id}`);
  expect(record).toMatchObject({
    gameCode: 'crash',
    stakeMinor: bet.stakeMinor,
    payoutMinor: bet.payoutMinor,
    status: 'settled',
  });
}

describe('crash', () => {
  it('a funded player bets with an auto cash-out, then cashes out by hand before the bust; balance and records follow', async () => {
    const { context, page } = await newPage(j.browser, { lang: 'en' });
    await signedIn(context);
    await page.goto(`${j.server.url}/inhouse/crash`);
    await page.getByRole('heading', { name: t('en', 'originals', 'crash.title') }).waitFor();

    // The commitment is on the page before the first bet.
    const chain = await api<{ terminatingHash: string }>('/wps/crash/chain');
    await expect
      .poll(() => page.getByTestId('crash-terminating-hash').textContent(), { timeout: 15_000 })
      .toBe(chain.terminatingHash);
    // The header's balance arrives after the page (its own request): read it once it shows what the
    // wallet holds, not before — a read at the first paint took "0" and failed on a quick CI run.
    const start = (await api<{ balanceMinor: number }>('/wps/v2/wallets/balance')).balanceMinor;
    expect(start).toBeGreaterThan(0);
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe(start);

    // 1) Auto cash-out at 1.01×: the server pays it at exactly the target.
    await page.getByTestId('crash-auto').fill('1.01');
    const auto = await playUntilCashed(page, async () => {});
    expect(auto.cashOut).toBe(1.01);
    expect(auto.payoutMinor).toBe(Math.floor((auto.stakeMinor * 101) / 100));
    await expectRecordOf(auto);
    await screenshot(page, 'crash-desktop-auto');

    // 2) By hand: Cash out as soon as the curve climbs.
    await page.getByTestId('crash-auto').fill('');
    const manual = await playUntilCashed(page, async (p) => {
      const cashOut = p.getByTestId('crash-cashout');
      await cashOut.waitFor({ timeout: 15_000 }).catch(() => {});
      if (await cashOut.isVisible()) await cashOut.click().catch(() => {});
    });
    expect(manual.cashOut).toBeGreaterThanOrEqual(1);
    expect(manual.payoutMinor).toBe(
      Math.floor((manual.stakeMinor * Math.round(manual.cashOut! * 100)) / 100),
    );
    await expectRecordOf(manual);

    // Every crash bet of the player in this journey, lost ones included, is in the header balance.
    const records = await api<{ list: { stakeMinor: number; payoutMinor: number; status: string }[] }>(
      '/wps/member/records/personalHistoryCopy?gameCode=crash&pageSize=50',
    );
    expect(records.list.every((r) => r.status === 'settled')).toBe(true);
    const net = records.list.reduce((sum, r) => sum + r.payoutMinor - r.stakeMinor, 0);
    await expect.poll(() => headerBalance(page), { timeout: 10_000 }).toBe(start + net);

    // The busted rounds carry their hashes and a link to the verifier.
    const verify = page.getByTestId('crash-verify').first();
    await verify.waitFor();
    expect(await verify.getAttribute('href')).toMatch(/^\/verify\?game=crash&gameHash=[0-9a-f]{64}&salt=/);
    await screenshot(page, 'crash-desktop');

    // The verifier recomputes that round's crash point from the revealed hash and the chain's salt.
    const href = (await verify.getAttribute('href')) ?? '';
    const gameHash = new URLSearchParams(href.split('?')[1]).get('gameHash');
    const history = await api<{ hash: string; crashPoint: number }[]>('/wps/crash/history?limit=100');
    const revealed = history.find((entry) => entry.hash === gameHash);
    expect(revealed).toBeDefined();
    await verify.click();
    const line = page.getByTestId('verify-line-verify.crashPoint');
    await expect
      .poll(async () => Number(((await line.textContent()) ?? '').replace(/[^0-9.]/g, '')), {
        timeout: 10_000,
      })
      .toBe(revealed!.crashPoint);
    await context.close();
  }, 900_000);

  it('looks right on a phone while a round runs', async () => {
    const { context, page } = await newPage(j.browser, { lang: 'pt-BR', phone: true });
    await signedIn(context);
    await page.goto(`${j.server.url}/inhouse/crash`);
    await page.getByTestId('crash-graph').waitFor();
    // A long round (100× runs about 80 s on the production curve) may be under way on arrival.
    await expect
      .poll(() => page.getByTestId('crash-graph').getAttribute('data-status'), { timeout: 150_000 })
      .toBe('betting');
    await screenshot(page, 'crash-phone-betting');
    await expect
      .poll(() => page.getByTestId('crash-graph').getAttribute('data-status'), {
        timeout: 30_000,
        interval: 50,
      })
      .not.toBe('betting');
    await screenshot(page, 'crash-phone');
    await context.close();
  }, 240_000);
});
