import { FEATURE_FLAGS, type FeatureFlag } from '@sorte/contracts';
import type { SeedContext } from '../../platform/context.ts';
import { DEFAULT_COUNTRIES, DEFAULT_THEME, defaultRegistrationFields } from './system.defaults.ts';
import * as repo from './system.repository.ts';
import { DEMO_ANNOUNCEMENTS, DEMO_BANNERS, DEMO_HELP } from './system.seed-content.ts';

/**
 * Demo flags: everything on so every screen can be tried, except
 * - redirectLoggedOut: it would send every visitor to /login and hide the site;
 * - showBarsOnSeamless: the spec's default hides the bars on /seamless;
 * - ipVerification: a second verification at every new IP gets in the way of a demo;
 * - captchaOnLogin: it asks a captcha at every login, even the first; the demo keeps the usual
 *   defence instead, a captcha after security.captchaAfterFailedLogins (3) failures.
 * encryption stays on: the web implements the hybrid encryption and the demo should exercise it.
 */
const DEMO_FLAGS_OFF: FeatureFlag[] = [
  'redirectLoggedOut',
  'showBarsOnSeamless',
  'ipVerification',
  'captchaOnLogin',
];

export const DEMO_CODE = 'demo';

/** Idempotent: does nothing when the demo merchant exists, so restarts keep operator changes. */
export async function seedDemoMerchant(ctx: SeedContext): Promise<void> {
  if (await repo.findMerchantByCode(ctx.db, DEMO_CODE)) return;
  await ctx.db.transaction().execute(async (trx) => {
    const id = await repo.insertMerchant(trx, demoMerchantRow());
    await repo.insertDomains(trx, id, ['localhost', '127.0.0.1']);
    for (const banner of DEMO_BANNERS)
      await repo.insertBanner(trx, { ...banner, merchant_id: id, title: JSON.stringify(banner.title) });
    for (const [index, a] of DEMO_ANNOUNCEMENTS.entries()) {
      await repo.insertAnnouncement(trx, {
        merchant_id: id,
        type: a.type,
        title: JSON.stringify(a.title),
        content: JSON.stringify(a.content),
        sort_order: index,
        starts_at: new Date(ctx.clock.now().getTime() - (index + 1) * 86_400_000),
      });
    }
    await repo.insertHelpEntries(
      trx,
      DEMO_HELP.map((h, index) => ({
        merchant_id: id,
        title: JSON.stringify(h.title),
        content: JSON.stringify(h.content),
        sort_order: index,
      })),
    );
  });
  ctx.log.info('seeded demo merchant "demo"');
}

function demoMerchantRow() {
  const flags = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, !DEMO_FLAGS_OFF.includes(f)]));
  return {
    code: DEMO_CODE,
    brand_name: 'Sorte',
    logo_url: '/assets-brand/logo.svg',
    favicon_url: '/assets-brand/favicon.svg',
    theme: JSON.stringify(DEFAULT_THEME),
    currency: 'BRL',
    currency_symbol: 'R$',
    languages: ['pt-BR', 'en'],
    default_language: 'pt-BR',
    game_language: 'en',
    minimum_age: 18,
    prize_mode: 'Lott',
    lottery_type: 'VN',
    affiliate_link: '/register',
    flags: JSON.stringify(flags),
    security: JSON.stringify({}),
    registration_fields: JSON.stringify(defaultRegistrationFields()),
    countries: JSON.stringify(DEFAULT_COUNTRIES),
    default_country_code: 'BR',
    // Type 3 is the live-chat web link the web opens in a new window (spec §7).
    customer_service: JSON.stringify([
      { type: 3, path: 'mailto:suporte@sorte.example' },
      { type: 1, path: 'https://t.me/sorte_suporte' },
    ]),
    social_links: JSON.stringify({
      facebook: 'https://www.facebook.com/sorte.example',
      instagram: 'https://www.instagram.com/sorte.example',
      telegram: 'https://t.me/sorte_example',
    }),
    // qrCodeUrl null: the web draws the QR code from the url itself.
    resources: JSON.stringify([
      {
        resourceType: 'android',
        url: '/download',
        labelNameEn: 'Android app',
        labelNamePtBr: 'App Android',
        qrCodeUrl: null,
      },
      {
        resourceType: 'ios',
        url: '/download',
        labelNameEn: 'iOS app',
        labelNamePtBr: 'App iOS',
        qrCodeUrl: null,
      },
    ]),
  };
}
