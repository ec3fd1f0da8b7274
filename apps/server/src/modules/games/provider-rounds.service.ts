import type {
  ErrorCode,
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
import type { Settled } from '../../platform/batching/group-commit.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type Batch, betPath, lockSpendable, postDecided } from '../bets/index.ts';
import type { TransferRequest } from '../ledger/index.ts';
import { type BetRecordChange, closeRecords, recordBets } from '../records/index.ts';
import {
  conflict,
  lockCallRounds,
  openCalls,
  refuseReplays,
  roundKey,
  txnKey,
  type VendorCallItem,
} from './provider-batch.ts';
import * as rounds from './provider-rounds.repository.ts';
import type { Player, ProviderCall, ProviderWallet } from './provider-wallet.service.ts';
import * as repo from './provider-wallet.repository.ts';
import { findVendorSession } from './vendor-sessions.ts';

/** Money leaves the server as bigint; the JSON serializer writes it as a number. */
type Wire<T> = { [K in keyof T]: T[K] extends number ? bigint | number : T[K] };

/**
 * The seamless-wallet calls other than the debit: authenticate and balance (each claims its nonce
 * first), and credit (a win), rollback and end round, placed on the bet path (`roundCalls` below):
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

type RoundCall = VendorCallItem & { player: Player; at: Date } & (
    | { kind: 'credit'; request: ProviderCreditRequest }
    | { kind: 'rollback'; request: ProviderRollbackRequest }
    | { kind: 'end'; request: ProviderEndRoundRequest }
  );
type RoundAnswer = Wire<ProviderCreditAnswer> | Wire<ProviderRollbackAnswer> | Wire<ProviderEndRoundAnswer>;
type NewCredit = rounds.CreditRow;
type NewRollback = repo.RollbackRow;

/**
 * The vendor's credits, rollbacks and round ends on the bet path (modules/bets), as ONE kind: the
 * calls of a round that meet in a batch are decided in the order they came, on the round's state as
 * the calls before them left it. At most one transfer a call, so a batch is up to the ledger's batch.
 */
const roundCalls = betPath<RoundCall, RoundAnswer>(settleRoundCalls, {
  currencies: (item) => [item.player.currency],
});

const refuse = (code: ErrorCode): Settled<never> => ({ ok: false, error: new AppError(code) });

/**
 * One batch in ONE transaction, in the bet path's order: the nonces recorded (replays refused); the
 * rounds locked in order (a rollback opens its round, a credit or an end needs it opened); the txn
 * ids locked, then the stored credits, rollbacks, rolled-back debits and round totals read; the
 * accounts locked in id order; every call decided in JS in order (a retried txn id answers its
 * stored answer or LEDGER_IDEMPOTENCY_CONFLICT, a refused call alone); the money as ONE
 * `transferBatch`; the rows and betting records set-based.
 */
async function settleRoundCalls(trx: Db, items: RoundCall[], batch: Batch): Promise<Settled<RoundAnswer>[]> {
  const merchantId = batch.merchantId;
  const answers = await refuseReplays<RoundAnswer>(trx, merchantId, items);
  const locked = await lockCallRounds(trx, merchantId, items, answers, (item) => ({
    vendor: item.vendor,
    roundId: item.request.roundId,
    memberId: item.player.memberId,
    gameCode: '',
    category: 'RNG',
    currency: item.request.currency,
    open: item.kind === 'rollback',
  }));
  const open = openCalls(items, answers);
  const txns = (kind: RoundCall['kind']) =>
    open.flatMap(({ item }) =>
      item.kind === kind && item.kind !== 'end' ? [{ vendor: item.vendor, txnId: item.request.txnId }] : [],
    );
  const byTxn = <R extends { vendor: string; txn_id: string }>(rows: R[]) =>
    new Map(rows.map((r) => [txnKey(r.vendor, r.txn_id), r]));
  await rounds.lockTxnIds(trx, merchantId, [
    ...txns('credit').map((k) => `c:${txnKey(k.vendor, k.txnId)}`),
    ...txns('rollback').map((k) => `r:${txnKey(k.vendor, k.txnId)}`),
  ]);
  const credits = byTxn<NewCredit>(await rounds.findCredits(trx, merchantId, txns('credit')));
  const rollbacks = byTxn(await repo.findRollbacks(trx, merchantId, txns('rollback')));
  const bets = byTxn(await repo.findBets(trx, merchantId, txns('rollback')));
  const totalled = new Map(
    open.flatMap(({ item }) =>
      item.kind === 'credit' ? [] : [[roundKey(item.vendor, item.request.roundId), item] as const],
    ),
  );
  const totals = new Map(
    (
      await rounds.roundTotals(
        trx,
        merchantId,
        [...totalled.values()].map((item) => ({ vendor: item.vendor, roundId: item.request.roundId })),
      )
    ).map((t) => [roundKey(t.vendor, t.round_id), t]),
  );
  const balances = await lockSpendable(trx, [
    ...new Set(open.flatMap(({ item }) => [item.player.mainAccountId, batch.house(item.player.currency)])),
  ]);

  const transfers: { request: TransferRequest; row: { transfer_id: bigint | null } }[] = [];
  const newCredits: NewCredit[] = [];
  const newRollbacks: NewRollback[] = [];
  const rolledBack: bigint[] = [];
  const ended: { vendor: string; roundId: string; at: Date }[] = [];
  const payouts: BetRecordChange[] = [];
  const closes = new Map<string, Parameters<typeof closeRecords>[3][number]>();
  const close = (item: RoundCall, stakeMinor: bigint, status: 'settled' | 'cancelled' | null) => {
    const sourceRef = `${item.vendor}:${item.request.roundId}`;
    const seen = closes.get(sourceRef) ?? {
      sourceRef,
      payoutMinor: 0n,
      stakeMinor: 0n,
      status: null,
      at: item.at,
    };
    seen.stakeMinor = (seen.stakeMinor ?? 0n) + stakeMinor;
    if (status) Object.assign(seen, { status, at: item.at });
    closes.set(sourceRef, seen);
  };
  const late = new Map<number, () => Settled<RoundAnswer>>();
  for (const { item, i } of open) {
    const key = roundKey(item.vendor, item.request.roundId);
    const round = locked.get(key);
    if (!round) {
      answers[i] = refuse('PROVIDER_ROUND_UNKNOWN');
      continue;
    }
    const { memberId, mainAccountId, currency } = item.player;
    if (round.member_id !== memberId || round.currency !== item.request.currency) {
      answers[i] = refuse('PROVIDER_ROUND_MISMATCH');
      continue;
    }
    const total = totals.get(key);
    const pay = (
      amountMinor: bigint,
      row: { transfer_id: bigint | null },
      request: Partial<TransferRequest>,
    ) => {
      const balance = balances.get(mainAccountId)! + amountMinor;
      balances.set(mainAccountId, balance);
      if (amountMinor > 0n)
        transfers.push({
          row,
          request: {
            merchantId: item.merchantId,
            idempotencyKey: '',
            code: 'win',
            debitAccountId: batch.house(currency),
            creditAccountId: mainAccountId,
            amountMinor,
            currency,
            ...request,
          },
        });
      return balance;
    };
    if (item.kind === 'credit') {
      const txn = txnKey(item.vendor, item.request.txnId);
      const amount = BigInt(item.request.amountMinor);
      let credit = credits.get(txn);
      if (!credit) {
        if (round.status === 'ended') {
          answers[i] = refuse('PROVIDER_ROUND_ENDED');
          continue;
        }
        credit = {
          id: 0n,
          member_id: memberId,
          vendor: item.vendor,
          round_id: item.request.roundId,
          txn_id: item.request.txnId,
          amount_minor: amount,
          currency,
          transfer_id: null,
          balance_after_minor: 0n,
        };
        credit.balance_after_minor = pay(amount, credit, {
          idempotencyKey: `win:${txn}`,
          metadata: { vendor: item.vendor, roundId: item.request.roundId, game: round.game_code },
        });
        credits.set(txn, credit);
        newCredits.push(credit);
        if (total) total.payout_minor += amount;
        payouts.push({ ...recordOf(item, round), payoutMinor: amount, at: item.at });
      }
      const stored = credit;
      late.set(i, () =>
        stored.member_id === memberId &&
        stored.round_id === item.request.roundId &&
        stored.amount_minor === amount
          ? { ok: true, value: creditAnswer(stored) }
          : conflict(),
      );
    } else if (item.kind === 'rollback') {
      const txn = txnKey(item.vendor, item.request.txnId);
      let rollback = rollbacks.get(txn);
      if (!rollback) {
        const bet = bets.get(txn);
        if (bet && (bet.member_id !== memberId || bet.round_id !== item.request.roundId)) {
          answers[i] = refuse('PROVIDER_ROUND_MISMATCH');
          continue;
        }
        if (round.status === 'ended') {
          answers[i] = refuse('PROVIDER_ROUND_ENDED');
          continue;
        }
        const amount = bet?.stake_minor ?? 0n;
        rollback = {
          vendor: item.vendor,
          txn_id: item.request.txnId,
          member_id: memberId,
          round_id: item.request.roundId,
          amount_minor: amount,
          transfer_id: null,
          balance_after_minor: 0n,
        };
        rollback.balance_after_minor = pay(amount, rollback, {
          idempotencyKey: `rollback:${txn}`,
          code: 'refund',
          metadata: { vendor: item.vendor, roundId: item.request.roundId, txnId: item.request.txnId },
        });
        rollbacks.set(txn, rollback);
        newRollbacks.push(rollback);
        if (bet) {
          rolledBack.push(bet.id);
          total!.stake_minor -= amount;
          close(item, -amount, total!.stake_minor === 0n && total!.payout_minor === 0n ? 'cancelled' : null);
        }
      }
      const stored = rollback;
      late.set(i, () =>
        stored.member_id === memberId && stored.round_id === item.request.roundId
          ? { ok: true, value: rollbackAnswer(stored, currency) }
          : conflict(),
      );
    } else {
      if (round.status === 'open') {
        round.status = 'ended';
        ended.push({ vendor: item.vendor, roundId: item.request.roundId, at: item.at });
        // A round that never took a stake (only early rollbacks) has no betting record to close.
        if (total!.debits > 0)
          close(item, 0n, total!.stake_minor === 0n && total!.payout_minor === 0n ? 'cancelled' : 'settled');
      }
      answers[i] = {
        ok: true,
        value: {
          roundId: item.request.roundId,
          status: 'ended',
          stakeMinor: total!.stake_minor,
          payoutMinor: total!.payout_minor,
          balanceMinor: balances.get(mainAccountId)!,
          currency,
        },
      };
    }
  }

  const transferIds = await postDecided(
    trx,
    transfers.map((t) => t.request),
  );
  transfers.forEach((t, n) => {
    t.row.transfer_id = transferIds[n]!;
  });
  const creditIds = await rounds.insertCredits(trx, merchantId, newCredits);
  newCredits.forEach((c, n) => {
    c.id = creditIds[n]!;
  });
  await rounds.insertRollbacks(trx, merchantId, newRollbacks);
  await rounds.markBetsRolledBack(trx, rolledBack);
  await rounds.endRounds(trx, merchantId, ended);
  // Wins first: a round's record may be opened by its win (a round with only early rollbacks).
  await recordBets(trx, payouts);
  await closeRecords(trx, merchantId, 'vendor', [...closes.values()], items[0]!.at);
  for (const [i, answer] of late) answers[i] = answer();
  return answers.map((a) => a ?? conflict());
}

function recordOf(item: RoundCall, round: repo.RoundRow) {
  return {
    merchantId: item.merchantId,
    memberId: item.player.memberId,
    source: 'vendor',
    sourceRef: `${round.vendor}:${round.round_id}`,
    category: round.category,
    vendor: round.vendor,
    gameCode: round.game_code,
    currency: round.currency,
  };
}

function creditAnswer(credit: NewCredit): Wire<ProviderCreditAnswer> {
  return {
    txnId: credit.txn_id,
    creditId: String(credit.id),
    balanceMinor: credit.balance_after_minor,
    currency: credit.currency,
  };
}

function rollbackAnswer(rollback: NewRollback, currency: string): Wire<ProviderRollbackAnswer> {
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
