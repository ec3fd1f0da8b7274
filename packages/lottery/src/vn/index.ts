/**
 * The Vietnamese lottery (XSMB, XSMT, XSMN): regions and their draw schedule, prize structures and
 * result validation, bet types with their pricing and settlement, and the lobby menu. Pure, no I/O.
 */
export * from './regions.ts';
export * from './result.ts';
export * from './bet-types.ts';
export * from './payout-config.ts';
export * from './settle.ts';
export * from './menus.ts';
export * from './lo-table.ts';
export * from './limits.ts';
export * from './defaults.ts';
