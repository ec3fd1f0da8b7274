/** bonusDetails (member centre): the active bonus's wagering progress and past bonuses. */
export { useBonusDetails } from './api';
export { BonusDetailsPage } from './BonusDetailsPage';
