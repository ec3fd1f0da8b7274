import type {
  ErrorCode,
  ProviderCreditAnswer,
  ProviderCreditRequest,
  ProviderEndRoundAnswer,
  ProviderEndRoundRequest,
  ProviderRollbackAnswer,
  ProviderRollbackRequest,
} from '@sorte/contracts';
import type { Settled } from '../../platform/batching/group-commit.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type Batch, betPath, lockSpendable, postDecided } from '../bets/index.ts';
import { type DeferredBonuses, lockDeferred } from '../bonuses/index.ts';
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
  vendorSettleRef,
} from './provider-batch.ts';
import * as rounds from './provider-rounds.repository.ts';
import type { Player } from './provider-wallet.service.ts';
import * as repo from './provider-wallet.repository.ts';

/** Money leaves the server as bigint; the JSON serializer writes it as a number. */
export type Wire<T> = { [K in keyof T]: T[K] extends number ? bigint | number : T[K] };

/** A vendor's credit, rollback or round end, as the bet path carries it. */
export type RoundCall = VendorCallItem & { player: Player; at: Date } & (
    | { kind: 'credit'; request: ProviderCreditRequest }
    | { kind: 'rollback'; request: ProviderRollbackRequest }
    | { kind: 'end'; request: ProviderEndRoundRequest }
  );
type Call<K extends RoundCall['kind']> = Extract<RoundCall, { kind: K }>;
type RoundAnswer = Wire<ProviderCreditAnswer> | Wire<ProviderRollbackAnswer> | Wire<ProviderEndRoundAnswer>;

/**
 * The vendor's credits, rollbacks and round ends on the bet path (modules/bets), as ONE kind: the
 * calls of a round that meet in a batch are decided in the order they came, on the round's state as
 * the calls before them left it. At most one transfer a call, so a batch is up to the ledger's batch.
 */
export const roundCalls = betPath<RoundCall, RoundAnswer>(settleRoundCalls, {
  currencies: (item) => [item.player.currency],
});

/** A call's answer now, or — when the batch writes its row — once the batch has written it. */
type Decision = Settled<RoundAnswer> | (() => Settled<RoundAnswer>);

/** What a batch read under its locks (updated as it decides), and what its decisions leave to write. */
interface RoundBatch {
  batch: Batch;
  credits: Map<string, rounds.CreditRow>;
  rollbacks: Map<string, repo.RollbackRow>;
  bets: Map<string, repo.BetRow>;
  totals: Map<string, rounds.RoundTotals>;
  balances: Map<bigint, bigint>;
  /** The bonus slips of the batch's rounds (modules/bonuses), or null: none of them has one. */
  bonuses: DeferredBonuses | null;
  transfers: { request: TransferRequest; row: { transfer_id: bigint | null } }[];
  newCredits: rounds.CreditRow[];
  newRollbacks: repo.RollbackRow[];
  rolledBack: bigint[];
  ended: { vendor: string; roundId: string; at: Date }[];
  payouts: BetRecordChange[];
  closes: Map<string, Parameters<typeof closeRecords>[3][number]>;
}

const refuse = (code: ErrorCode): Settled<never> => ({ ok: false, error: new AppError(code) });

/**
 * One batch in ONE transaction, in the bet path's order: the nonces recorded (replays refused); the
 * rounds locked in order (a rollback opens its round, a credit or an end needs it opened); the txn
 * ids locked, then the stored credits, rollbacks, debits to roll back and round totals read; the
 * accounts locked in id order; every call decided in JS in order (a retried txn id answers its
 * stored answer or LEDGER_IDEMPOTENCY_CONFLICT, a refused call alone); the money as ONE
 * `transferBatch`; the rows and betting records set-based.
 */
async function settleRoundCalls(trx: Db, items: RoundCall[], batch: Batch): Promise<Settled<RoundAnswer>[]> {
  const answers = await refuseReplays<RoundAnswer>(trx, batch.merchantId, items);
  const locked = await lockCallRounds(trx, batch.merchantId, items, answers, (item) => ({
    vendor: item.vendor,
    roundId: item.request.roundId,
    memberId: item.player.memberId,
    gameCode: '',
    category: 'RNG',
    currency: item.request.currency,
    open: item.kind === 'rollback',
  }));
  const open = openCalls(items, answers);
  const b = await readUnderLocks(
    trx,
    batch,
    open.map(({ item }) => item),
  );
  const late = new Map<number, () => Settled<RoundAnswer>>();
  // A round this batch opened exists for a credit or an end only after the rollback that opened it.
  const opened = new Set<string>();
  for (const { item, i } of open) {
    const key = roundKey(item.vendor, item.request.roundId);
    const round = locked.get(key);
    if (item.kind === 'rollback') opened.add(key);
    const decision =
      !round || (round.created && !opened.has(key))
        ? refuse('PROVIDER_ROUND_UNKNOWN')
        : round.member_id !== item.player.memberId || round.currency !== item.request.currency
          ? refuse('PROVIDER_ROUND_MISMATCH')
          : item.kind === 'credit'
            ? credit(b, item, round)
            : item.kind === 'rollback'
              ? rollback(b, item, round)
              : end(b, item, round);
    if (typeof decision === 'function') late.set(i, decision);
    else answers[i] = decision;
  }
  await writeDecided(trx, b);
  for (const [i, answer] of late) answers[i] = answer();
  return answers.map((a) => a ?? conflict());
}

async function readUnderLocks(trx: Db, batch: Batch, calls: RoundCall[]): Promise<RoundBatch> {
  const merchantId = batch.merchantId;
  const txns = (kind: 'credit' | 'rollback') =>
    calls.flatMap((c) => (c.kind === kind ? [{ vendor: c.vendor, txnId: c.request.txnId }] : []));
  const byTxn = <R extends { vendor: string; txn_id: string }>(rows: R[]) =>
    new Map(rows.map((r) => [txnKey(r.vendor, r.txn_id), r]));
  await rounds.lockTxnIds(trx, merchantId, [
    ...txns('credit').map((k) => `c:${txnKey(k.vendor, k.txnId)}`),
    ...txns('rollback').map((k) => `r:${txnKey(k.vendor, k.txnId)}`),
  ]);
  const credits = byTxn(await rounds.findCredits(trx, merchantId, txns('credit')));
  const rollbacks = byTxn(await repo.findRollbacks(trx, merchantId, txns('rollback')));
  const bets = byTxn(await repo.findBets(trx, merchantId, txns('rollback')));
  // The totals of the rounds a rollback or an end needs them for (one row per round).
  const totalled = new Map(
    calls.flatMap((c) =>
      c.kind === 'credit'
        ? []
        : [
            [
              roundKey(c.vendor, c.request.roundId),
              { vendor: c.vendor, roundId: c.request.roundId },
            ] as const,
          ],
    ),
  );
  const totals = new Map(
    (await rounds.roundTotals(trx, merchantId, [...totalled.values()])).map((t) => [
      roundKey(t.vendor, t.round_id),
      t,
    ]),
  );
  // The bonus side after the round and txn locks, before the accounts (the documented lock order).
  const bonuses = await lockDeferred(trx, merchantId, [
    ...new Set(calls.map((c) => vendorSettleRef(c.vendor, c.request.roundId))),
  ]);
  if (bonuses) {
    // A credit shares its return among the round's slips by stake: it needs the round's total stake.
    const missing = new Map(
      calls.flatMap((c) =>
        c.kind === 'credit' &&
        bonuses.has(vendorSettleRef(c.vendor, c.request.roundId)) &&
        !totals.has(roundKey(c.vendor, c.request.roundId))
          ? [
              [
                roundKey(c.vendor, c.request.roundId),
                { vendor: c.vendor, roundId: c.request.roundId },
              ] as const,
            ]
          : [],
      ),
    );
    for (const t of await rounds.roundTotals(trx, merchantId, [...missing.values()]))
      totals.set(roundKey(t.vendor, t.round_id), t);
  }
  const balances = await lockSpendable(trx, [
    ...new Set([
      ...calls.flatMap((c) => [c.player.mainAccountId, batch.house(c.player.currency)]),
      ...(bonuses?.accountIds() ?? []),
    ]),
  ]);
  return {
    batch,
    credits,
    rollbacks,
    bets,
    totals,
    balances,
    bonuses,
    transfers: [],
    newCredits: [],
    newRollbacks: [],
    rolledBack: [],
    ended: [],
    payouts: [],
    closes: new Map(),
  };
}

/** A credit: stored (its answer, or a conflict), refused on an ended round, or a win-only item. */
function credit(b: RoundBatch, item: Call<'credit'>, round: repo.RoundRow): Decision {
  const txn = txnKey(item.vendor, item.request.txnId);
  const amount = BigInt(item.request.amountMinor);
  let stored = b.credits.get(txn);
  if (!stored) {
    if (round.status === 'ended') return refuse('PROVIDER_ROUND_ENDED');
    stored = {
      id: 0n,
      member_id: item.player.memberId,
      vendor: item.vendor,
      round_id: item.request.roundId,
      txn_id: item.request.txnId,
      amount_minor: amount,
      currency: item.player.currency,
      transfer_id: null,
      balance_after_minor: 0n,
    };
    stored.balance_after_minor = pay(b, item, amount, stored, {
      idempotencyKey: `win:${txn}`,
      code: 'win',
      metadata: { vendor: item.vendor, roundId: item.request.roundId, game: round.game_code },
    });
    b.credits.set(txn, stored);
    b.newCredits.push(stored);
    const total = b.totals.get(roundKey(item.vendor, item.request.roundId));
    if (total) total.payout_minor += amount;
    // The round's bonus slips settle with its first credit; each bonus share leaves main for its side.
    const ref = vendorSettleRef(item.vendor, item.request.roundId);
    if (b.bonuses?.has(ref)) {
      bonusMoves(b, b.bonuses.payout(ref, total!.stake_minor, amount, `credit:${txn}`, b.balances));
      stored.balance_after_minor = b.balances.get(item.player.mainAccountId)!;
    }
    b.payouts.push({ ...recordOf(item, round), payoutMinor: amount, at: item.at });
  }
  const row = stored;
  return () =>
    row.member_id === item.player.memberId &&
    row.round_id === item.request.roundId &&
    row.amount_minor === amount
      ? { ok: true, value: creditAnswer(row) }
      : conflict();
}

/**
 * A rollback: stored (its answer, or a conflict), refused for a debit of another round or an ended
 * round, or a refund item of the debit's stake (nothing for a debit never seen, which is then refused
 * if it comes). The round's record loses the stake, and is cancelled when nothing is left in it.
 */
function rollback(b: RoundBatch, item: Call<'rollback'>, round: repo.RoundRow): Decision {
  const txn = txnKey(item.vendor, item.request.txnId);
  let stored = b.rollbacks.get(txn);
  if (!stored) {
    const bet = b.bets.get(txn);
    if (bet && (bet.member_id !== item.player.memberId || bet.round_id !== item.request.roundId))
      return refuse('PROVIDER_ROUND_MISMATCH');
    if (round.status === 'ended') return refuse('PROVIDER_ROUND_ENDED');
    const amount = bet?.stake_minor ?? 0n;
    stored = {
      vendor: item.vendor,
      txn_id: item.request.txnId,
      member_id: item.player.memberId,
      round_id: item.request.roundId,
      amount_minor: amount,
      transfer_id: null,
      balance_after_minor: 0n,
    };
    stored.balance_after_minor = pay(b, item, amount, stored, {
      idempotencyKey: `rollback:${txn}`,
      code: 'refund',
      metadata: { vendor: item.vendor, roundId: item.request.roundId, txnId: item.request.txnId },
    });
    b.rollbacks.set(txn, stored);
    b.newRollbacks.push(stored);
    if (bet && b.bonuses) {
      // The stake came back to main; the slip's bonus part goes back to its side, nothing counted.
      bonusMoves(b, b.bonuses.void(`vendor:${txn}`, `rollback:${txn}`, b.balances));
      stored.balance_after_minor = b.balances.get(item.player.mainAccountId)!;
    }
    if (bet) {
      const total = b.totals.get(roundKey(item.vendor, item.request.roundId))!;
      b.rolledBack.push(bet.id);
      total.stake_minor -= amount;
      close(b, item, -amount, total.stake_minor === 0n && total.payout_minor === 0n ? 'cancelled' : null);
    }
  }
  const row = stored;
  return () =>
    row.member_id === item.player.memberId && row.round_id === item.request.roundId
      ? { ok: true, value: rollbackAnswer(row, item.player.currency) }
      : conflict();
}

/** A round end (idempotent): an open round ends and its record closes; the answer is its totals. */
function end(b: RoundBatch, item: Call<'end'>, round: repo.RoundRow): Decision {
  const total = b.totals.get(roundKey(item.vendor, item.request.roundId))!;
  if (round.status === 'open') {
    round.status = 'ended';
    b.ended.push({ vendor: item.vendor, roundId: item.request.roundId, at: item.at });
    // A round ended without a credit settles its bonus slips as lost (their contribution counted).
    const ref = vendorSettleRef(item.vendor, item.request.roundId);
    if (b.bonuses?.has(ref)) bonusMoves(b, b.bonuses.settle(ref, b.balances));
    // A round that never took a stake (only early rollbacks) has no betting record to close.
    if (total.debits > 0)
      close(b, item, 0n, total.stake_minor === 0n && total.payout_minor === 0n ? 'cancelled' : 'settled');
  }
  return {
    ok: true,
    value: {
      roundId: item.request.roundId,
      status: 'ended',
      stakeMinor: total.stake_minor,
      payoutMinor: total.payout_minor,
      balanceMinor: b.balances.get(item.player.mainAccountId)!,
      currency: item.player.currency,
    },
  };
}

/** A bonus side's transfers, posted right after the call's own (the running balances already follow). */
function bonusMoves(b: RoundBatch, requests: TransferRequest[]): void {
  for (const request of requests) b.transfers.push({ request, row: { transfer_id: null } });
}

/** Adds `amountMinor` to the player's running balance (answered) and, when > 0, the transfer paying it. */
function pay(
  b: RoundBatch,
  item: RoundCall,
  amountMinor: bigint,
  row: { transfer_id: bigint | null },
  transfer: Pick<TransferRequest, 'idempotencyKey' | 'code' | 'metadata'>,
): bigint {
  const { mainAccountId, currency } = item.player;
  const balance = b.balances.get(mainAccountId)! + amountMinor;
  b.balances.set(mainAccountId, balance);
  if (amountMinor > 0n)
    b.transfers.push({
      row,
      request: {
        merchantId: item.merchantId,
        debitAccountId: b.batch.house(currency),
        creditAccountId: mainAccountId,
        amountMinor,
        currency,
        ...transfer,
      },
    });
  return balance;
}

/** A change of the round's record, merged with the batch's earlier ones (one close per record). */
function close(b: RoundBatch, item: RoundCall, stakeMinor: bigint, status: 'settled' | 'cancelled' | null) {
  const sourceRef = `${item.vendor}:${item.request.roundId}`;
  const seen = b.closes.get(sourceRef) ?? {
    sourceRef,
    payoutMinor: 0n,
    stakeMinor: 0n,
    status: null,
    at: item.at,
  };
  seen.stakeMinor = (seen.stakeMinor ?? 0n) + stakeMinor;
  if (status) Object.assign(seen, { status, at: item.at });
  b.closes.set(sourceRef, seen);
}

/** The batch's decisions written: the money, the rows, then the records (wins first: a win may open one). */
async function writeDecided(trx: Db, b: RoundBatch): Promise<void> {
  const merchantId = b.batch.merchantId;
  const transferIds = await postDecided(
    trx,
    b.transfers.map((t) => t.request),
  );
  for (const [n, t] of b.transfers.entries()) t.row.transfer_id = transferIds[n]!;
  await b.bonuses?.write(trx);
  const creditIds = await rounds.insertCredits(trx, merchantId, b.newCredits);
  for (const [n, c] of b.newCredits.entries()) c.id = creditIds[n]!;
  await rounds.insertRollbacks(trx, merchantId, b.newRollbacks);
  await rounds.markBetsRolledBack(trx, b.rolledBack);
  await rounds.endRounds(trx, merchantId, b.ended);
  await recordBets(trx, b.payouts);
  const closes = [...b.closes.values()];
  if (closes.length) await closeRecords(trx, merchantId, 'vendor', closes, closes[0]!.at!);
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

function creditAnswer(credit: rounds.CreditRow): Wire<ProviderCreditAnswer> {
  return {
    txnId: credit.txn_id,
    creditId: String(credit.id),
    balanceMinor: credit.balance_after_minor,
    currency: credit.currency,
  };
}

function rollbackAnswer(rollback: repo.RollbackRow, currency: string): Wire<ProviderRollbackAnswer> {
  return {
    txnId: rollback.txn_id,
    refundedMinor: rollback.amount_minor,
    balanceMinor: rollback.balance_after_minor,
    currency,
  };
}
