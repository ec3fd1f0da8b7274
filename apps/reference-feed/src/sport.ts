import type { BetSettlement, Score } from './contract.ts';
import type { FairMarket } from './pricing.ts';
import type { Random } from './random.ts';

/** What one simulated step did: a bet stop (before the moment is priced again) and whether it ended. */
export interface StepResult {
  /** Why the markets stop (e.g. 'goal', 'dangerous_attack', 'red_card', 'point'); absent: no stop. */
  betStop?: string;
  /** The step changed nothing worth repricing (e.g. half-time): no odds_change. */
  quiet?: boolean;
}

/** One fixture's match as a sport model simulates and prices it. */
export interface Match {
  readonly ended: boolean;
  score(): Score;
  /** Fair probabilities of every market offered now. */
  markets(): FairMarket[];
  /** Pre-match: the strengths move a little (news, money), so the prices drift. */
  drift(random: Random): void;
  /** Live: one simulated step (SportModel.stepMinutes of match time). */
  step(random: Random): StepResult;
  /** After the end: the result of every market offered. */
  settle(): BetSettlement['markets'];
}

export interface SportModel {
  /** Simulated minutes per live step. */
  stepMinutes: number;
  /** The margin applied to its markets, as a fraction (0.05 = 5 %). */
  margin: number;
  bestOf?: number;
  tournaments: string[];
  teams: string[];
  create(random: Random): Match;
}
