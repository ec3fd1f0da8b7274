import { beforeAll, describe, expect, it } from 'vitest';
import { backofficeAdmin, openBackoffice } from './backoffice-api.ts';
import { screenshot, settledScreenshot } from './harness.ts';
import { t, tBackoffice } from './i18n.ts';
import { JOURNEYS, journeyPage, useJourney } from './journey.ts';
import { playerApi, signInContext } from './player.ts';

/**
 * Issue 17's reward centre and raffle journey, once per setting (PT-BR on a phone in the light theme,
 * EN on a desktop in the dark one): the operator runs a prize wheel (every prize above 0, so a spin
 * always wins, and a spin per deposit of 50,00); the player opens the demo's raffle promotion, whose
 * "Spin now" opens the member centre's reward centre, sees the spins left per source and what a
 * deposit gives, spins, checks the spin in the browser's verify panel, and claims the prize, which
 * reaches the wallet once.
 */
const j = useJourney({ demoPlayer: { memberCentre: true } });
const WHEEL = { en: 'Daily wheel', 'pt-BR': 'Roleta diária' };

beforeAll(async () => {
  const admin = await backofficeAdmin(j.server);
  await admin.call('POST', '/bo/raffles', {
    kind: 'wheel',
    status: 'active',
    names: WHEEL,
    startsAt: '2020-01-01T00:00:00Z',
    endsAt: null,
    spinsPerDay: 2,
    minStakeMinor: 0,
    spinsPerDeposit: 1,
    minDepositMinor: 5_000,
    rewardDays: 3,
    segments: [
      { weight: 6, prizeMinor: 100 },
      { weight: 3, prizeMinor: 500 },
      { weight: 1, prizeMinor: 2_000 },
    ],
  });
});

describe.each(JOURNEYS)('reward centre, $name', (setting) => {
  const { lang } = setting;
  const device = setting.phone ? 'phone' : 'desktop';
  const theme = setting.phone ? 'light' : 'dark';
  const tr = (ns: string, key: string, vars?: Record<string, string | number>) => t(lang, ns, key, vars);
  // A plural key as i18next picks it: `_zero` for 0 (pt-BR's rules would say "one"), else the language's form.
  const plural = (key: string, count: number) =>
    tr('rewards', `${key}_${count === 0 ? 'zero' : new Intl.PluralRules(lang).select(count)}`, { count });

  it('spins the wheel, verifies the spin in the browser and claims the prize', async () => {
    const { context, page } = await journeyPage(j.browser, setting);
    await signInContext(context, j.token);
    await context.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
    // The demo's raffle promotion links the demo wheel, which runs: "Spin now" opens the reward centre.
    const promotions = await playerApi<{ list: { id: number; type: string }[] }>(
      j.server,
      j.token,
      'GET',
      '/wps/promotions',
    );
    const promo = promotions.list.find((p) => p.type === 'raffle')!;
    await page.goto(`${j.server.url}/promoDetail?id=${promo.id}`);
    await page.getByRole('button', { name: tr('promotions', 'spinNow') }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('m_page')).toBe('rewardCenter');
    const raffle = page.getByTestId('raffle').filter({ hasText: WHEEL[lang] });
    await raffle.waitFor({ timeout: 20_000 });
    await expect.poll(() => raffle.textContent()).toContain(WHEEL[lang]);
    // Spins left from each source, as the server counts them, and what a deposit gives.
    const { raffles } = await playerApi<{
      raffles: { names: { en: string }; dailySpinsLeft: number; depositSpinsLeft: number }[];
    }>(j.server, j.token, 'GET', '/wps/member/raffles');
    const mine = raffles.find((r) => r.names.en === WHEEL.en)!;
    await expect
      .poll(() => raffle.getByTestId('raffle-spins-left').textContent())
      .toBe(
        `${plural('raffles.spinsToday', mine.dailySpinsLeft)} · ${plural('raffles.depositSpins', mine.depositSpinsLeft)}`,
      );
    await expect.poll(() => raffle.getByTestId('raffle-per-deposit').textContent()).toContain('50');
    await screenshot(page, `rewards-wheel-${lang}-${device}-${theme}`);

    await raffle.getByRole('button', { name: tr('rewards', 'raffles.spin') }).click();
    await raffle.locator('.rw-result--ok').waitFor({ timeout: 20_000 });
    const proof = raffle.getByTestId('raffle-proof');
    await proof.locator('summary').click();
    await proof.getByRole('button', { name: tr('rewards', 'verify.button') }).click();
    await proof.locator('.rw-result--ok').waitFor({ timeout: 20_000 });
    // After the wheel's turn (a CSS transition) has finished.
    await settledScreenshot(page, `rewards-spun-${lang}-${device}-${theme}`);

    const reward = page.getByTestId('reward-available').first();
    await reward.waitFor({ timeout: 20_000 });
    const before = await playerApi<{ availableMinor: number }>(
      j.server,
      j.token,
      'GET',
      '/wps/member/rewards',
    );
    expect(before.availableMinor).toBeGreaterThan(0);
    await reward.getByRole('button', { name: tr('rewards', 'claim.button') }).click();
    const past = page.locator('.rw-item--past').first();
    await past.waitFor({ timeout: 20_000 });
    await past.scrollIntoViewIfNeeded();
    const after = await playerApi<{ availableMinor: number; recent: { status: string }[] }>(
      j.server,
      j.token,
      'GET',
      '/wps/member/rewards',
    );
    expect(after.availableMinor).toBe(0);
    expect(after.recent[0]?.status).toBe('claimed');
    await screenshot(page, `rewards-claimed-${lang}-${device}-${theme}`);
    await context.close();
  });
});

describe.each(['pt-BR', 'en'] as const)('back office rewards settings, %s', (lang) => {
  const b = (key: string, vars?: Record<string, string | number>) => tBackoffice(lang, key, vars);

  it('lists the raffle with its exact expected prize and saves a VIP rebate rate after a confirmation', async () => {
    const { context, page } = await openBackoffice(j.browser, j.server, lang, '/settings');
    try {
      await page.getByRole('tab', { name: b('settings.tabs.raffles') }).click();
      const row = page.getByRole('row').filter({ hasText: WHEEL[lang] });
      await row.waitFor({ timeout: 20_000 });
      // (6 × 1,00 + 3 × 5,00 + 1 × 20,00) / 10 = 4,10 per spin
      await expect.poll(() => row.textContent()).toContain(lang === 'en' ? '4.10' : '4,10');
      await row.getByRole('button', { name: b('settings.raffles.edit') }).click();
      // The editor shows the same expectation, computed from the weights as they are typed.
      await expect
        .poll(() => page.locator('fieldset').textContent())
        .toContain(lang === 'en' ? '4.10' : '4,10');
      await screenshot(page, `rewards-backoffice-raffles-${lang}`);

      await page.getByRole('tab', { name: b('settings.tabs.vipRebates') }).click();
      const rate = page.getByLabel(
        `${b('settings.rebates.categories.RNG')} — ${b('settings.vipRebates.rate')}`,
      );
      // A different rate per language: the second run must change something to save.
      await rate.fill(lang === 'en' ? '0.40' : '0,25');
      await page.getByRole('button', { name: b('action.save') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: b('settings.apply') })
        .click();
      await page.getByText(b('settings.saved')).waitFor({ timeout: 20_000 });
      await screenshot(page, `rewards-backoffice-vip-${lang}`);
      const admin = await backofficeAdmin(j.server);
      const stored = await admin.call<{ rates: unknown[] }>('GET', '/bo/rewards/vip-rebates');
      expect(stored.rates).toContainEqual({ vipLevel: 0, category: 'RNG', rateBp: lang === 'en' ? 40 : 25 });
    } finally {
      await context.close();
    }
  });
});
