/**
 * Lottery rules, pure and without I/O: the game families and their play types, how a ticket's
 * selections are validated and priced, how a draw's result settles them, the prize modes and series
 * that scale the odds, and the Vietnamese lottery's regions, draws, prize structures and bet types.
 */
export * from './types.ts';
export * from './families/index.ts';
export * from './prize.ts';
export * from './ticket.ts';
export * from './draw.ts';
export * from './schedule.ts';
export * from './vn/index.ts';
