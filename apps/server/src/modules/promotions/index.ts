import type { ServerModule } from '../../platform/context.ts';
import { registerPromotionRoutes } from './promotions.routes.ts';
import { seedDemoPromotions } from './promotions.seed.ts';

export {
  bonusesEnabled,
  bonusWithdrawalRule,
  depositBonusPromotions,
  promotionSettings,
  takesApplications,
  type Viewer,
} from './promotions.service.ts';
export { sanitizeRichText } from './promotions.sanitize.ts';

/**
 * The promotions CMS (issue 17 item 1): promotions with a type, a category, a window, an audience
 * and their words per language (the body sanitized on the server), shown on /promotions,
 * /promoDetail and the register page; written by operators in the back office.
 */
export const promotionsModule: ServerModule = {
  name: 'promotions',
  async register(app, ctx) {
    await registerPromotionRoutes(app, ctx);
  },
  seedDemo: seedDemoPromotions,
};
