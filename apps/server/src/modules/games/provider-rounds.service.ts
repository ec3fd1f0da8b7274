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
import { houseAccountFor, transfer, withLedgerTransaction } from '../ledger/index.ts';
import { recordBet } from '../records/index.ts';
import * as rounds from './provider-rounds.repository.ts';
import type { Player, ProviderCall, ProviderWallet } from './provider-wallet.service.ts';
import * as repo from './provider-wallet.repository.ts';
import { findVendorSession } from './vendor-sessions.ts';

/** Money leaves the server as bigint; the JSON serializer writes it as a number. */
type Wire<T> = { [K in keyof T]: T[K] extends number ? bigint | number : T[K] };

/**
 * The seamless-wallet calls other than the debit: authenticate, balance, credit (a win), rollback
 * and end round. Each claims its nonce first, then works under its round's row lock (the lock the
 * debit batch takes too), so the facts it checks stay true until it commits.
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
    async credit(
      merchantId: string,
      call: ProviderCall,
      request: ProviderCreditRequest,
    ): Promise<Wire<ProviderCreditAnswer>> {
      await claim(merchantId, call);
      const player = await knownPlayer(merchantId, request.playerId, request.currency);
      return withLedgerTransaction(ctx.db, async (trx) => {
        const round = await ownRound(trx, merchantId, call.vendor, request.roundId, player, request.currency);
        const stored = await rounds.findCredit(trx, merchantId, call.vendor, request.txnId);
        if (stored) {
          if (
            stored.member_id !== player.memberId ||
            stored.round_id !== request.roundId ||
            stored.amount_minor !== BigInt(request.amountMinor)
          )
            throw new AppError('LEDGER_IDEMPOTENCY_CONFLICT');
          return creditAnswer(stored);
        }
        if (round.status === 'ended') throw new AppError('PROVIDER_ROUND_ENDED');
        const amount = BigInt(request.amountMinor);
        const moved =
          amount > 0n
            ? await transfer(trx, {
                merchantId,
                idempotencyKey: `win:${call.vendor}:${request.txnId}`,
                code: 'win',
                debitAccountId: await houseAccountFor(trx, merchantId, player.currency, player.memberId),
                creditAccountId: player.mainAccountId,
                amountMinor: amount,
                currency: player.currency,
                metadata: { vendor: call.vendor, roundId: request.roundId, game: round.game_code },
              })
            : null;
        const credit = await rounds.insertCredit(trx, {
          merchantId,
          memberId: player.memberId,
          vendor: call.vendor,
          roundId: request.roundId,
          txnId: request.txnId,
          amountMinor: amount,
          currency: player.currency,
          transferId: moved?.id ?? null,
          balanceAfterMinor: await repo.spendable(trx, player.mainAccountId),
        });
        await recordBet(trx, {
          ...recordOf(merchantId, player, round),
          payoutMinor: amount,
          at: ctx.clock.now(),
        });
        return creditAnswer(credit);
      });
    },

    /**
     * Gives back the stake of the debit with `txnId`. A debit never seen is recorded as rolled back
     * (nothing moves) so it is refused if it arrives later. The round's betting record loses the
     * stake: the record stays honest (stake ≥ 0 holds, since that stake was added to it), and a round
     * left with no stake and no win is marked cancelled.
     */
    async rollback(
      merchantId: string,
      call: ProviderCall,
      request: ProviderRollbackRequest,
    ): Promise<Wire<ProviderRollbackAnswer>> {
      await claim(merchantId, call);
      const player = await knownPlayer(merchantId, request.playerId, request.currency);
      return withLedgerTransaction(ctx.db, async (trx) => {
        // Opening the round (when the debit never came) takes the same row lock as the debit batch.
        const [round] = await repo.lockRounds(trx, merchantId, [
          {
            vendor: call.vendor,
            roundId: request.roundId,
            memberId: player.memberId,
            gameCode: '',
            category: 'RNG',
            currency: request.currency,
          },
        ]);
        if (round!.member_id !== player.memberId || round!.currency !== request.currency)
          throw new AppError('PROVIDER_ROUND_MISMATCH');
        const stored = await rounds.findRollback(trx, merchantId, call.vendor, request.txnId);
        if (stored) {
          if (stored.member_id !== player.memberId || stored.round_id !== request.roundId)
            throw new AppError('LEDGER_IDEMPOTENCY_CONFLICT');
          return rollbackAnswer(stored, player.currency);
        }
        const bet = await rounds.findBet(trx, merchantId, call.vendor, request.txnId);
        if (bet && (bet.member_id !== player.memberId || bet.round_id !== request.roundId))
          throw new AppError('PROVIDER_ROUND_MISMATCH');
        if (round!.status === 'ended') throw new AppError('PROVIDER_ROUND_ENDED');
        const moved = bet
          ? await transfer(trx, {
              merchantId,
              idempotencyKey: `rollback:${call.vendor}:${request.txnId}`,
              code: 'refund',
              debitAccountId: await houseAccountFor(trx, merchantId, player.currency, player.memberId),
              creditAccountId: player.mainAccountId,
              amountMinor: bet.stake_minor,
              currency: player.currency,
              metadata: { vendor: call.vendor, roundId: request.roundId, txnId: request.txnId },
            })
          : null;
        if (bet) await rounds.markBetRolledBack(trx, bet.id);
        const rollback = await rounds.insertRollback(trx, {
          merchantId,
          memberId: player.memberId,
          vendor: call.vendor,
          roundId: request.roundId,
          txnId: request.txnId,
          amountMinor: bet?.stake_minor ?? 0n,
          transferId: moved?.id ?? null,
          balanceAfterMinor: await repo.spendable(trx, player.mainAccountId),
        });
        if (bet) {
          const left = await rounds.roundTotals(trx, merchantId, call.vendor, request.roundId);
          const cancelled = left.stakeMinor === 0n && left.payoutMinor === 0n;
          await recordBet(trx, {
            ...recordOf(merchantId, player, round!),
            stakeMinor: -bet.stake_minor,
            ...(cancelled ? { status: 'cancelled' as const } : {}),
            at: ctx.clock.now(),
          });
        }
        return rollbackAnswer(rollback, player.currency);
      });
    },

    /** Closes the round (idempotent): later debits and credits for it are refused; it stays for recall. */
    async endRound(
      merchantId: string,
      call: ProviderCall,
      request: ProviderEndRoundRequest,
    ): Promise<Wire<ProviderEndRoundAnswer>> {
      await claim(merchantId, call);
      const player = await knownPlayer(merchantId, request.playerId, request.currency);
      return withLedgerTransaction(ctx.db, async (trx) => {
        const round = await ownRound(trx, merchantId, call.vendor, request.roundId, player, request.currency);
        const totals = await rounds.roundTotals(trx, merchantId, call.vendor, request.roundId);
        if (round.status === 'open') {
          const at = ctx.clock.now();
          await rounds.endRound(trx, merchantId, call.vendor, request.roundId, at);
          // A round that never took a stake (only early rollbacks) has no betting record to close.
          if (totals.debits > 0) {
            const nothing = totals.stakeMinor === 0n && totals.payoutMinor === 0n;
            await recordBet(trx, {
              ...recordOf(merchantId, player, round),
              status: nothing ? 'cancelled' : 'settled',
              at,
            });
          }
        }
        return {
          roundId: request.roundId,
          status: 'ended' as const,
          stakeMinor: totals.stakeMinor,
          payoutMinor: totals.payoutMinor,
          balanceMinor: await repo.spendable(trx, player.mainAccountId),
          currency: player.currency,
        };
      });
    },
  };

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

/** The round, locked, when it is this player's in this currency. */
async function ownRound(
  db: Db,
  merchantId: string,
  vendor: string,
  roundId: string,
  player: Player,
  currency: string,
): Promise<repo.RoundRow> {
  const round = await rounds.lockRound(db, merchantId, vendor, roundId);
  if (!round) throw new AppError('PROVIDER_ROUND_UNKNOWN');
  if (round.member_id !== player.memberId || round.currency !== currency)
    throw new AppError('PROVIDER_ROUND_MISMATCH');
  return round;
}

function recordOf(merchantId: string, player: Player, round: repo.RoundRow) {
  return {
    merchantId,
    memberId: player.memberId,
    source: 'vendor',
    sourceRef: `${round.vendor}:${round.round_id}`,
    category: round.category,
    vendor: round.vendor,
    gameCode: round.game_code,
    currency: round.currency,
  };
}

function creditAnswer(credit: {
  id: bigint;
  txn_id: string;
  balance_after_minor: bigint;
  currency: string;
}): Wire<ProviderCreditAnswer> {
  return {
    txnId: credit.txn_id,
    creditId: String(credit.id),
    balanceMinor: credit.balance_after_minor,
    currency: credit.currency,
  };
}

function rollbackAnswer(
  rollback: { txn_id: string; amount_minor: bigint; balance_after_minor: bigint },
  currency: string,
): Wire<ProviderRollbackAnswer> {
  return {
    txnId: rollback.txn_id,
    refundedMinor: rollback.amount_minor,
    balanceMinor: rollback.balance_after_minor,
    currency,
  };
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
