/**
 * @sorte/money — the one place that parses, formats, rounds and computes money (ARCHITECTURE §4).
 * Amounts are bigint minor units; multipliers, rates and fees are integers on a stated grid.
 */
export * from './minor.ts';
export * from './typed-amount.ts';
export * from './fees.ts';
export * from './multiplier.ts';
export * from './play-money.ts';
export * from './rates.ts';
export * from './fraction.ts';
export * from './odds.ts';
export * from './odds-margin.ts';
export * from './bet-settlement.ts';
export * from './system-bets.ts';
