/**
 * The bet path (issue 14): bets are placed and settled through group commit over the ledger's batch,
 * one merchant per batch, so concurrent bets share transactions and a refused bet never fails its
 * neighbours. `betPath` is the skeleton every kind of bet is placed through — the in-house single
 * rounds (`placeSingleRound`, here), stake-only slips (`slipPath`, here: both lotteries and crash
 * bets), and the kinds the game modules define on it (mines/hilo starts and moves, crash cash-outs,
 * the vendor's debits and round calls); the steps they share (seed locks, twins, account locks,
 * nonces) are exported. docs/architecture.md ("The bet path") has the table of kinds. A library
 * module: no routes, no background work — the game modules call it.
 */
export { lockStakeFunds, pushStake, type StakeFunds, type StakedBet, takeStake } from './bets.funds.ts';
export { type Batch, type BetPath, betPath, postDecided, transferInOrder } from './bets.batch.ts';
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
