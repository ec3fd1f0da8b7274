/**
 * What other modules' tests need of the bonuses module: a bonus granted directly, as an operator's
 * grant would (the wallet's and games' tests put a member under a bonus this way). Test files may
 * import a module's *.test-helpers.ts (scripts/check-boundaries.mjs); the service stays behind
 * index.ts for everything else.
 */
export { grantBonus } from './bonus.service.ts';
