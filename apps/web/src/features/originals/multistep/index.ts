/** What mines and hilo share on top of the kit: their API calls and the round-in-steps hook. */
export { type MultistepRound, type StepGame, stepKeys } from './api';
export { type StepRound, useStepRound } from './use-step-round';
export { CashOutButton, cashNowOf } from './CashOutButton';
