import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { backofficeAdmin } from './backoffice-api.ts';
import { screenshot } from './harness.ts';
import { t } from './i18n.ts';
import { JOURNEYS, journeyPage, useJourney } from './journey.ts';
import { playerApi, signInContext } from './player.ts';

/**
 * Issue 17's rebate and points-mall journeys, once per setting (PT-BR on a phone, EN on a desktop):
 * the demo player plays a dice round through the API (its stake is what both count), claims the
 * manual rebate in the member centre and sees it paid, then redeems a points-mall item — the delivery
 * address, the WhatsApp redeem prompt the merchant switched on (spec §5), the withdrawal password —
 * and finds it in the history with the contact given.
 */
const j = useJourney({ env: { BET_ROLLUPS: 'true' }, demoPlayer: { memberCentre: true } });
const PIN = '246810';
const MERCHANT_WHATSAPP = '+55 11 98888-7777';
const ITEM = { en: 'Sorte mug', 'pt-BR': 'Caneca Sorte' };

beforeAll(async () => {
  const admin = await backofficeAdmin(j.server);
  await admin.call('POST', '/bo/points/items', { kind: 'goods', names: ITEM, costPoints: 20, stock: 5 });
  await admin.call('PUT', '/bo/points/rules', { whatsappContact: MERCHANT_WHATSAPP });
  await playerApi(j.server, j.token, 'POST', '/wps/member/withdrawal-password', {
    newPassword: PIN,
    confirmPassword: PIN,
  });
});

describe.each(JOURNEYS)('rebate and points mall, $name', (setting) => {
  const { lang } = setting;
  const device = setting.phone ? 'phone' : 'desktop';
  const tr = (ns: string, key: string, vars?: Record<string, string | number>) => t(lang, ns, key, vars);

  it('claims the manual rebate, then redeems an item answering the WhatsApp prompt', async () => {
    // R$ 30,00 of valid stake: at least R$ 0,24 of rebate (0,8 %) and 30 points on the demo rates.
    await playerApi(j.server, j.token, 'POST', '/wps/originals/dice/bet', {
      amountMinor: 3_000,
      target: 50,
      direction: 'under',
      idempotencyKey: randomUUID(),
    });
    await expect
      .poll(
        async () =>
          (await playerApi<{ totalMinor: number }>(j.server, j.token, 'GET', '/wps/member/rebate'))
            .totalMinor,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    const { context, page } = await journeyPage(j.browser, setting);
    await signInContext(context, j.token);

    await page.goto(`${j.server.url}/?modal=member&m_page=manualRebate`);
    const claim = page.getByRole('button', { name: tr('rebates', 'claim.button') });
    await expect.poll(() => claim.isEnabled(), { timeout: 20_000 }).toBe(true);
    await claim.click();
    await page.locator('.rb-result--ok').waitFor({ timeout: 20_000 });
    expect(
      (await playerApi<{ totalMinor: number }>(j.server, j.token, 'GET', '/wps/member/rebate')).totalMinor,
    ).toBe(0);
    await screenshot(page, `rebate-claimed-${lang}-${device}`);

    await expect
      .poll(
        async () =>
          (await playerApi<{ balance: number }>(j.server, j.token, 'GET', '/wps/member/points/balance'))
            .balance,
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(20);
    await page.goto(`${j.server.url}/pointMall`);
    const card = page.locator('.pm-item').filter({ hasText: ITEM[lang] });
    await card.getByRole('button', { name: tr('points', 'items.redeem') }).click();
    const dialog = page.getByRole('dialog', { name: tr('points', 'redeem.title') });
    for (const [field, value] of [
      ['name', 'Ana Souza'],
      ['phone', '+55 11 99999-0000'],
      ['line', 'Rua A, 10'],
      ['city', 'São Paulo'],
      ['postalCode', '01000-000'],
    ] as const)
      await dialog.getByLabel(tr('points', `form.${field}`), { exact: true }).fill(value);
    const chat = dialog.getByRole('link', {
      name: tr('points', 'contact.chat.whatsapp', { contact: MERCHANT_WHATSAPP }),
    });
    expect(await chat.getAttribute('href')).toBe('https://wa.me/5511988887777');
    // The prompt is required: confirming without it names the field.
    await dialog.getByLabel(tr('points', 'form.pin')).fill(PIN);
    await dialog.getByRole('button', { name: tr('points', 'redeem.confirm') }).click();
    await dialog.getByText(tr('points', 'contact.invalid.whatsapp')).waitFor();
    await dialog.getByLabel(tr('points', 'contact.yours.whatsapp')).fill('+55 21 97777-6666');
    await screenshot(page, `points-redeem-whatsapp-${lang}-${device}`);
    await dialog.getByRole('button', { name: tr('points', 'redeem.confirm') }).click();
    await page.getByText(tr('points', 'redeem.doneGoods')).waitFor({ timeout: 20_000 });

    const history = await playerApi<{
      list: { names: typeof ITEM | null; contact: unknown; status: string }[];
    }>(j.server, j.token, 'GET', '/wps/member/points/redeem/list');
    expect(history.list[0]).toMatchObject({
      names: ITEM,
      status: 'processing',
      contact: { channel: 'whatsapp', handle: '+55 21 97777-6666' },
    });
    await context.close();
  });
});
