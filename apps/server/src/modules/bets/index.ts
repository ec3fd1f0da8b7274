/**
 * The bet path (issue 14): bets are placed and settled through group commit over the ledger's batch,
 * one merchant per batch, so concurrent bets share transactions and a refused bet never fails its
 * neighbours. Today it carries the in-house single-round games (dice, limbo, wheel, plinko, keno,
 * slot), the vendor debits and the lottery slips (`slipPath`: stake-only bets);
 * docs/architecture.md ("The bet path") says how the other games move onto it. A library module:
 * no routes, no background work — the game modules call it.
 */
export { type Batch, type BetPath, betPath, postDecided } from './bets.batch.ts';
export { advanceNonces, inInputOrder, keyPairs, type LockedSeed, lockSpendable } from './bets.repository.ts';
export { lockSeeds } from './bets.seeds.ts';
export {
  flushSingleRounds,
  type Limits,
  placeSingleRound,
  type Seeds,
  type SettledRound,
  type SingleRoundBet,
} from './bets.single-round.ts';
export {
  type AcceptedSlip,
  type SlipKind,
  type StakeSlip,
  slipPath,
} from './bets.slips.ts';
export { type Answers, answerRepeats, matchTwins, memberKey } from './bets.twins.ts';
