/** Promotions of the CMS: the /promotions list, a promotion's body, the register page's carousel. */
export { PromotionList } from './PromotionList';
export { PromotionBody } from './PromotionBody';
export { RaffleSpinNow } from './RaffleSpinNow';
export { RegisterPromotions } from './RegisterPromotions';
export { usePromotion, usePromotions } from './api';
