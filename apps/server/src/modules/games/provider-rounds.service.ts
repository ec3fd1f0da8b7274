import type {
  ProviderAuthenticateAnswer,
  ProviderAuthenticateRequest,
  ProviderBalanceRequest,
  ProviderCreditAnswer,
  ProviderCreditRequest,
  ProviderEndRoundAnswer,
  ProviderEndRoundRequest,
  ProviderRollbackAnswer,
  ProviderRollbackRequest,
  VendorRoundRecall,
} from '@sorte/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type RoundCall, roundCalls, type Wire } from './provider-rounds.batch.ts';
import * as rounds from './provider-rounds.repository.ts';
import type { Player, ProviderCall, ProviderWallet } from './provider-wallet.service.ts';
import * as repo from './provider-wallet.repository.ts';
import { findVendorSession } from './vendor-sessions.ts';

/**
 * The seamless-wallet calls other than the debit: authenticate and balance (each claims its nonce
 * first), and credit (a win), rollback and end round, placed on the bet path (`roundCalls`, provider-rounds.batch.ts):
 * their nonces are recorded with their batch, and they work under their rounds' row locks (the
 * locks the debit batches take too), so the facts they check stay true until the batch commits.
 */
export function createProviderRounds(ctx: AppContext, wallet: ProviderWallet) {
  async function claim(merchantId: string, call: ProviderCall): Promise<void> {
    if (!(await rounds.claimNonce(ctx.db, merchantId, call.vendor, call.headers.nonce!)))
      throw new AppError('PROVIDER_NONCE_REPLAYED');
  }

  return {
    /** The launch token → the player. Refused once the session has expired (wins still are not). */
    async authenticate(
      merchantId: string,
      call: ProviderCall,
      request: ProviderAuthenticateRequest,
    ): Promise<Wire<ProviderAuthenticateAnswer>> {
      await claim(merchantId, call);
      const session = await findVendorSession(ctx.db, merchantId, call.vendor, request.token);
      if (!session) throw new AppError('PROVIDER_TOKEN_INVALID');
      if (session.expires_at.getTime() <= ctx.clock.now().getTime())
        throw new AppError('PROVIDER_TOKEN_EXPIRED');
      const player = await wallet.player(merchantId, session.member_id, session.currency);
      return {
        playerId: player.memberId,
        nickname: await rounds.findNickname(ctx.db, player.memberId),
        currency: player.currency,
        balanceMinor: await repo.spendable(ctx.db, player.mainAccountId),
        gameCode: session.game_code,
        language: session.language,
        expiresAt: session.expires_at.toISOString(),
      };
    },

    async balance(merchantId: string, call: ProviderCall, request: ProviderBalanceRequest) {
      await claim(merchantId, call);
      const player = await wallet.player(merchantId, request.playerId, request.currency);
      return { balanceMinor: await repo.spendable(ctx.db, player.mainAccountId), currency: player.currency };
    },

    /**
     * A win (0 for a lost round) on an open round the vendor opened with a debit. Accepted whatever
     * the player's session or account state: the round was played, so its win is owed.
     */
    credit: (merchantId: string, call: ProviderCall, request: ProviderCreditRequest) =>
      place(merchantId, call, { kind: 'credit', request }) as Promise<Wire<ProviderCreditAnswer>>,

    /**
     * Gives back the stake of the debit with `txnId`. A debit never seen is recorded as rolled back
     * (nothing moves) so it is refused if it arrives later. The round's betting record loses the
     * stake: the record stays honest (stake ≥ 0 holds, since that stake was added to it), and a round
     * left with no stake and no win is marked cancelled.
     */
    rollback: (merchantId: string, call: ProviderCall, request: ProviderRollbackRequest) =>
      place(merchantId, call, { kind: 'rollback', request }) as Promise<Wire<ProviderRollbackAnswer>>,

    /** Closes the round (idempotent): later debits and credits for it are refused; it stays for recall. */
    endRound: (merchantId: string, call: ProviderCall, request: ProviderEndRoundRequest) =>
      place(merchantId, call, { kind: 'end', request }) as Promise<Wire<ProviderEndRoundAnswer>>,
  };

  /** A credit, rollback or round end of a player the merchant knows, placed on the bet path. */
  async function place(merchantId: string, call: ProviderCall, what: Pick<RoundCall, 'kind' | 'request'>) {
    const { playerId, currency } = what.request;
    const player = await knownPlayer(merchantId, playerId, currency);
    const at = ctx.clock.now();
    return roundCalls.submit(ctx.db, {
      merchantId,
      vendor: call.vendor,
      nonce: call.headers.nonce!,
      player,
      at,
      ...what,
    } as RoundCall);
  }

  /**
   * Wins, rollbacks and round ends are owed to a player whatever its state now (disabled since,
   * session expired): only an unknown player or another currency is refused.
   */
  async function knownPlayer(merchantId: string, memberId: string, currency: string): Promise<Player> {
    try {
      return await wallet.player(merchantId, memberId, currency);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'PROVIDER_PLAYER_DISABLED') throw error;
      const row = await repo.findPlayer(ctx.db, memberId);
      if (!row?.main_account_id) throw error;
      if (row.currency !== currency) throw new AppError('LEDGER_CURRENCY_MISMATCH');
      return {
        memberId,
        merchantId,
        currency: row.currency,
        active: false,
        mainAccountId: row.main_account_id,
      };
    }
  }
}

/** A player's own vendor round with its money calls, for recall; another player's is not found. */
export async function vendorRoundRecall(
  db: Db,
  memberId: string,
  vendor: string,
  roundId: string,
): Promise<VendorRoundRecall | null> {
  const found = await rounds.findMemberRound(db, memberId, vendor, roundId);
  if (!found) return null;
  const { round, bets, credits, rollbacks } = found;
  const moves = [
    ...bets.map((b) => ({
      kind: 'debit' as const,
      txnId: b.txn_id,
      amountMinor: Number(b.stake_minor),
      rolledBack: b.status === 'rolled_back',
      balanceAfterMinor: Number(b.balance_after_minor),
      at: b.created_at,
    })),
    ...credits.map((c) => ({
      kind: 'credit' as const,
      txnId: c.txn_id,
      amountMinor: Number(c.amount_minor),
      rolledBack: false,
      balanceAfterMinor: Number(c.balance_after_minor),
      at: c.created_at,
    })),
    ...rollbacks.map((r) => ({
      kind: 'rollback' as const,
      txnId: r.txn_id,
      amountMinor: Number(r.amount_minor),
      rolledBack: false,
      balanceAfterMinor: Number(r.balance_after_minor),
      at: r.created_at,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  const stake = bets.filter((b) => b.status !== 'rolled_back').reduce((sum, b) => sum + b.stake_minor, 0n);
  const payout = credits.reduce((sum, c) => sum + c.amount_minor, 0n);
  return {
    vendor: round.vendor,
    roundId: round.round_id,
    gameCode: round.game_code,
    category: round.category,
    currency: round.currency,
    status: round.status,
    startedAt: round.created_at.toISOString(),
    endedAt: round.ended_at?.toISOString() ?? null,
    // Amounts are far below 2^53 (the ledger's MAX_AMOUNT_MINOR).
    stakeMinor: Number(stake),
    payoutMinor: Number(payout),
    moves: moves.map((m) => ({ ...m, at: m.at.toISOString() })),
  };
}
