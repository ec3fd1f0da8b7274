import { randomBytes, randomInt } from 'node:crypto';
import { type PlatformClient, PlatformError } from './platform-client.ts';

/** Heads or tails pays 1.96× the stake (a 2% house edge), like a plain coin game would. */
export const PAYOUT_PERCENT = 196n;

export interface Player {
  merchant: string;
  playerId: string;
  currency: string;
  gameCode: string;
  /** The launch token: sent with each debit, so the platform refuses bets once the session expired. */
  token: string;
}

export interface RoundResult {
  roundId: string;
  outcome: 'heads' | 'tails';
  won: boolean;
  stakeMinor: number;
  payoutMinor: number;
  balanceMinor: number;
}

const id = (prefix: string) => `${prefix}-${randomBytes(9).toString('base64url')}`;

/**
 * One coin round through the platform's wallet: debit the stake, flip, credit the win (0 when lost:
 * the platform records the round's result either way), end the round. If the round cannot finish
 * after the stake may have been taken — the debit's answer was lost, or the credit failed — the debit
 * is rolled back and the round ended, so the player never loses a stake to a round that did not play.
 */
export async function playCoinRound(
  platform: PlatformClient,
  player: Player,
  pick: 'heads' | 'tails',
  stakeMinor: number,
  options: { failAfterDebit?: boolean } = {},
): Promise<RoundResult> {
  const roundId = id('coin');
  const debitTxn = id('bet');
  const base = { playerId: player.playerId, roundId, currency: player.currency };
  try {
    await platform.call(player.merchant, 'debit', {
      ...base,
      txnId: debitTxn,
      amountMinor: stakeMinor,
      gameCode: player.gameCode,
      token: player.token,
    });
  } catch (error) {
    // A refusal (insufficient funds, ended round ...) took nothing; an unknown outcome might have.
    if (error instanceof PlatformError && error.status >= 400 && error.status < 500) throw error;
    await undo(platform, player, roundId, debitTxn);
    throw error;
  }
  const outcome = randomInt(2) === 0 ? 'heads' : 'tails';
  const won = outcome === pick;
  const payoutMinor = won ? Number((BigInt(stakeMinor) * PAYOUT_PERCENT) / 100n) : 0;
  const winTxn = id('win');
  try {
    if (options.failAfterDebit) throw new Error('round failed on the vendor side');
    await retry(() =>
      platform.call(player.merchant, 'credit', { ...base, txnId: winTxn, amountMinor: payoutMinor }),
    );
  } catch (error) {
    await undo(platform, player, roundId, debitTxn);
    throw error;
  }
  // The win is in: from here the round only needs closing (end round is idempotent, so retried).
  const ended = await retry(() =>
    platform.call<{ balanceMinor: number }>(player.merchant, 'end-round', base),
  );
  return { roundId, outcome, won, stakeMinor, payoutMinor, balanceMinor: ended.balanceMinor };
}

/** Retries a call whose outcome is unknown (network, 5xx); a refusal (4xx) is final. Same txn id each time. */
async function retry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const final = error instanceof PlatformError && error.status >= 400 && error.status < 500;
      if (final || attempt >= 2) throw error;
      await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
    }
  }
}

/** Rolls the stake back and closes the round; the rollback is idempotent, so retrying it is safe. */
async function undo(platform: PlatformClient, player: Player, roundId: string, txnId: string): Promise<void> {
  const base = { playerId: player.playerId, roundId, currency: player.currency };
  await retry(() => platform.call(player.merchant, 'rollback', { ...base, txnId }));
  await retry(() => platform.call(player.merchant, 'end-round', base));
}

/** The demo mode's starting balance: 1,000 of the currency (in its minor units, two decimals). */
export const DEMO_BALANCE_MINOR = 100_000;

/**
 * One coin round in demo mode: the same game on the vendor's own play balance (`demo`), with no
 * platform call at all — a demo player has no wallet, and no real or play money of the platform moves.
 */
export function playDemoRound(
  demo: { balanceMinor: number },
  pick: 'heads' | 'tails',
  stakeMinor: number,
): RoundResult {
  if (stakeMinor > demo.balanceMinor)
    throw new PlatformError('WALLET_INSUFFICIENT_FUNDS', 409, { balanceMinor: demo.balanceMinor });
  const outcome = randomInt(2) === 0 ? 'heads' : 'tails';
  const won = outcome === pick;
  const payoutMinor = won ? Number((BigInt(stakeMinor) * PAYOUT_PERCENT) / 100n) : 0;
  demo.balanceMinor += payoutMinor - stakeMinor;
  return { roundId: id('demo'), outcome, won, stakeMinor, payoutMinor, balanceMinor: demo.balanceMinor };
}
