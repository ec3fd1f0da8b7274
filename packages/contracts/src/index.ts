export * from './common.ts';
export * from './flags.ts';
export * from './system.ts';
export * from './patterns.ts';
export * from './errors.ts';
export * from './auth.ts';
export * from './encryption.ts';
export * from './wallet.ts';
