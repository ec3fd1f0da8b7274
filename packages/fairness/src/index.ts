/**
 * @sorte/fairness — the provably-fair random source and every in-house game's outcome math. Pure:
 * no I/O, no clock; the HMAC is injected. Each game maps a bet's floats to its outcome with the
 * formulas Stake publishes, so outsiders can verify rounds with public tools.
 */
export * from './rng.ts';
export * from './edge.ts';
export * from './plinko.ts';
export * from './hilo.ts';
export * from './mines.ts';
export * from './shuffle.ts';
export * from './cents.ts';
export * from './dice.ts';
export * from './limbo.ts';
export * from './crash.ts';
export * from './wheel.ts';
export * from './keno.ts';
export * from './slot.ts';
export * from './raffle.ts';
