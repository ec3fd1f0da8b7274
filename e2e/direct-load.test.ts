import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, screenshot, withoutAnnouncementPopups } from './harness.ts';
import { t } from './i18n.ts';
import { useJourney } from './journey.ts';
import { signInContext } from './player.ts';
import {
  CELLS,
  cellName,
  loadTimeReport,
  PARTS,
  readSeed,
  type Seed,
  sweepCell,
  type Vocabulary,
  vocabulary,
} from './sweep.ts';

// With the reference odds feed on a port of its own (below the ephemeral range, apart from the
// harness's server ports), so the sportsbook's pages are swept with real fixtures.
const run = useJourney({
  demoPlayer: {},
  env: { SPORTSBOOK_FEED: 'true', REFERENCE_FEED_PORT: String(10_000 + Math.floor(Math.random() * 9_000)) },
});
let seed: Seed;
let words: Vocabulary;

beforeAll(async () => {
  machineState('before the sweep');
  seed = await readSeed(run.server, run.token);
  words = vocabulary();
});
afterAll(() => {
  machineState('after the sweep');
  console.log(loadTimeReport());
});

/**
 * What else is running, printed before and after: in CI this file has taken 2–3× its time on a quiet
 * machine (about 8 minutes), after the journeys; the log then says what shared the cores.
 */
function machineState(when: string): void {
  const top = execFileSync('ps', ['-eo', 'pcpu,etimes,comm,args', '--sort=-pcpu'], { encoding: 'utf8' })
    .split('\n')
    .slice(0, 13)
    .map((line) => line.slice(0, 160));
  console.log(
    `sweep: ${when}, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n${top.join('\n')}`,
  );
}

/** Cells swept side by side: more only thrash a two-core runner (each load is CPU-bound). */
const LANES = Number(process.env.SWEEP_LANES ?? 3);
let free = LANES;
const waiting: (() => void)[] = [];
async function inLane<T>(run: () => Promise<T>): Promise<T> {
  if (free > 0) free -= 1;
  else await new Promise<void>((r) => waiting.push(r));
  try {
    return await run();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else free += 1;
  }
}

/**
 * Issue 13: every address of the app (lib/route-table.ts, samples in e2e/sweep.ts) opened from the
 * address bar and refreshed, logged out and in, in both languages and themes, on a phone and a
 * desktop: no error logged, no raw key or code, no word of the other language, no sideways scroll,
 * no error panel. /pge once failed this way only (its hall was named before the game menu arrived).
 * Pictures under artifacts/screenshots/sweep/.
 */
describe.concurrent('every route opened directly', () => {
  // Long enough for a cell that waits for its lane; each load has its own 20 s deadline.
  for (const cell of CELLS)
    for (let part = 0; part < PARTS; part += 1)
      it(`${cellName(cell)} (part ${part + 1} of ${PARTS})`, { timeout: 1_800_000 }, async () => {
        const problems = await inLane(() => sweepCell(cell, part, { ...run, seed, words }));
        expect(problems).toEqual([]);
      });
});

describe('the home offers only what the site has', () => {
  it('no "coming soon" tile; the footer’s affiliate start stays in this tab (help when logged in, sign-up when not)', async () => {
    const lang = 'pt-BR' as const;
    const { context, page } = await newPage(run.browser, { lang });
    await withoutAnnouncementPopups(context);
    await page.goto(`${run.server.url}/`);
    await page.locator('.cat-tile__meta').first().waitFor();
    await expect.poll(() => page.locator('.cat-tile__meta').first().textContent()).not.toBe('');
    const tiles = await page.locator('.cat-tile').allTextContents();
    expect(tiles.join('|')).not.toContain(t(lang, 'home', 'comingSoon'));
    expect(tiles.some((text) => text.includes(t(lang, 'home', 'tiles.PGE')))).toBe(true);
    // The demo merchant offers the sportsbook (its `sportsbook` flag): its tile shows, as one hall.
    expect(tiles.some((text) => text.includes(t(lang, 'home', 'tiles.SPORTS')))).toBe(true);

    const start = page.locator('.footer').getByRole('button', { name: t(lang, 'common', 'actions.start') });
    await start.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/register');
    expect(context.pages()).toHaveLength(1);
    await context.close();

    const signedIn = await newPage(run.browser, { lang });
    await withoutAnnouncementPopups(signedIn.context);
    await signInContext(signedIn.context, run.token);
    await signedIn.page.goto(`${run.server.url}/`);
    await signedIn.page
      .locator('.footer')
      .getByRole('button', { name: t(lang, 'common', 'actions.start') })
      .click();
    await expect.poll(() => new URL(signedIn.page.url()).searchParams.get('modal')).toBe('help');
    expect(signedIn.context.pages()).toHaveLength(1);
    await screenshot(signedIn.page, 'home-affiliate-help-desktop-pt-BR');
    await signedIn.context.close();
  });
});

describe('dates in the site’s language', () => {
  it('an English browser on the pt-BR site types and reads the records’ days as dd/mm/aaaa', async () => {
    const context = await run.browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => localStorage.setItem('lang', 'pt-BR'));
    await signInContext(context, run.token);
    const page = await context.newPage();
    await page.goto(`${run.server.url}/?modal=member&m_page=transactionHistory`);
    const from = page.locator('#cs-h-from');
    await from.waitFor({ timeout: 20_000 });
    expect(await from.getAttribute('placeholder')).toBe('dd/mm/aaaa');
    const asked = page.waitForRequest((r) => r.url().includes('dateFrom=2026-11-03'));
    await from.fill('03/11/2026');
    await from.press('Tab');
    await asked;
    await expect.poll(() => from.inputValue()).toBe('03/11/2026');
    await screenshot(page, 'records-dates-phone-pt-BR-en-browser');
    await context.close();
  });
});

describe('a dialog over the home carousel', () => {
  it('covers the slides, which hold still under it (phone, pt-BR)', async () => {
    const { context, page } = await newPage(run.browser, { lang: 'pt-BR', phone: true });
    await withoutAnnouncementPopups(context);
    await page.goto(`${run.server.url}/?modal=login`);
    await page.locator('.modal-root .modal').waitFor({ timeout: 20_000 });
    await page.locator('.banner__slide').first().waitFor({ state: 'attached' });
    const covered = await page.evaluate(() => {
      const banner = document.querySelector('.banner')!.getBoundingClientRect();
      const top = document.elementFromPoint(banner.left + banner.width / 2, banner.top + banner.height / 2);
      return {
        covered: Boolean(top?.closest('.modal-root')),
        held: document.documentElement.dataset.modalOpen !== undefined,
      };
    });
    expect(covered).toEqual({ covered: true, held: true });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.modalOpen)).toBeUndefined();
    await context.close();
  });
});

describe('a promotion’s art in the reader’s language', () => {
  it('/promoDetail of a promotion banner in pt-BR shows the Portuguese art (it showed "ORIGINALS")', async () => {
    const { context, page } = await newPage(run.browser, { lang: 'pt-BR', phone: true });
    await withoutAnnouncementPopups(context);
    // A promotion banner's link names its page; a number would be a promotion of the CMS (its own words).
    const whitelabel = (await (await fetch(`${run.server.url}/wps/system/whitelabel`)).json()) as {
      value: { banners: { link: string | null; linkageType: string; url: string | null }[] };
    };
    const banner = whitelabel.value.banners.find(
      (b) => b.linkageType === 'promotion' && b.url?.includes('banner-'),
    );
    await page.goto(`${run.server.url}/promoDetail?id=${encodeURIComponent(banner!.link!)}`);
    const image = page.locator('.promo-detail__image');
    await image.waitFor({ timeout: 20_000 });
    const src = (await image.getAttribute('src')) ?? '';
    expect(src).toContain('lang=pt-BR');
    const art = await (await fetch(new URL(src, run.server.url))).text();
    expect(art).toContain('PROMOÇÕES');
    expect(art).not.toContain('>PROMO<');
    await screenshot(page, 'promo-detail-phone-pt-BR');
    await context.close();
  });
});

describe('a visitor’s game page', () => {
  it('/seamless logged out has the site’s header (log in, sign up); signed in, the game gets the screen', async () => {
    const { context, page } = await newPage(run.browser, { lang: 'pt-BR', phone: true });
    await withoutAnnouncementPopups(context);
    await page.goto(`${run.server.url}/seamless`);
    await page.locator('.header').waitFor({ timeout: 20_000 });
    expect(await page.locator('.bars-toggle').count()).toBe(0);
    await screenshot(page, 'seamless-visitor-phone-pt-BR');
    await context.close();

    const signedIn = await newPage(run.browser, { lang: 'en' });
    await withoutAnnouncementPopups(signedIn.context);
    await signInContext(signedIn.context, run.token);
    await signedIn.page.goto(`${run.server.url}/seamless`);
    await signedIn.page.locator('.bars-toggle').waitFor({ timeout: 20_000 });
    expect(await signedIn.page.locator('.header').count()).toBe(0);
    await signedIn.context.close();
  });
});

describe('the VN lottery on a phone', () => {
  it('the floating menu button never sits on "Apostar" once the player scrolls to it', async () => {
    const { context, page } = await newPage(run.browser, { lang: 'pt-BR', phone: true });
    await signInContext(context, run.token);
    await page.goto(`${run.server.url}/vnlottery`);
    const submit = page.getByTestId('vn-submit');
    await submit.waitFor({ timeout: 20_000 });
    const toggle = page.locator('.bars-toggle');
    await toggle.waitFor();
    // Scroll the way a thumb does, until the button comes into view at the bottom of the screen.
    for (let i = 0; i < 40; i += 1) {
      const box = await submit.boundingBox();
      if (box && box.y + box.height <= 844) break;
      await page.mouse.wheel(0, 120);
      await page.waitForTimeout(30);
    }
    await page.waitForTimeout(400);
    const overlap = await page.evaluate(() => {
      const a = document.querySelector('[data-testid="vn-submit"]')!.getBoundingClientRect();
      const b = document.querySelector('.bars-toggle')!.getBoundingClientRect();
      return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    });
    expect(overlap).toBe(false);
    await screenshot(page, 'vnlottery-phone-submit-clear');
    // A scroll up brings it back.
    await page.mouse.wheel(0, -300);
    await expect
      .poll(() => toggle.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight))
      .toBe(true);
    await context.close();
  });
});
