import type { Settled } from '../../platform/batching/group-commit.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Answers } from '../bets/index.ts';
import * as repo from './provider-wallet.repository.ts';

/**
 * The steps every seamless-wallet batch on the bet path shares — the debits' (provider-wallet.service)
 * and the credits', rollbacks' and round ends' (provider-rounds.service): the nonces recorded with
 * the batch, the rounds locked as the batch's ordering rows, and retries answered from stored rows.
 */

/** What a vendor call carries onto the bet path besides its request. */
export interface VendorCallItem {
  merchantId: string;
  vendor: string;
  nonce: string;
}

export const roundKey = (vendor: string, roundId: string) => `${vendor}\u0000${roundId}`;
export const txnKey = (vendor: string, txnId: string) => `${vendor}:${txnId}`;
/** What a bonus slip of a vendor debit is settled by (modules/bonuses): its round. */
export const vendorSettleRef = (vendor: string, roundId: string) => `vendor:${vendor}:${roundId}`;

/** The indexes of the calls not answered yet. */
export const openCalls = <In, Out>(items: In[], answers: Answers<Out>) =>
  items.flatMap((item, i) => (answers[i] ? [] : [{ item, i }]));

/**
 * Records the batch's nonces with the batch (a refused call's nonce stays used: its batch commits);
 * a nonce seen before, or twice in the batch, answers PROVIDER_NONCE_REPLAYED and moves nothing.
 */
export async function refuseReplays<Out>(
  trx: Db,
  merchantId: string,
  items: VendorCallItem[],
): Promise<Answers<Out>> {
  const fresh = await repo.insertNonces(trx, merchantId, items);
  return items.map((item) =>
    fresh.delete(`${item.vendor}:${item.nonce}`)
      ? null
      : { ok: false, error: new AppError('PROVIDER_NONCE_REPLAYED') },
  );
}

/**
 * Locks the rounds of the calls still open — each listed once, in one ordered statement, the lock
 * every call of a round takes first (`repo.lockRounds`) — and answers them by `roundKey`. A round
 * is opened when one of its calls may open it (`open`); otherwise an unknown round is left out.
 */
export async function lockCallRounds<In, Out>(
  trx: Db,
  merchantId: string,
  items: In[],
  answers: Answers<Out>,
  round: (item: In) => repo.RoundToLock,
): Promise<Map<string, repo.RoundRow>> {
  const wanted = new Map<string, repo.RoundToLock>();
  for (const { item } of openCalls(items, answers)) {
    const spec = round(item);
    const key = roundKey(spec.vendor, spec.roundId);
    // The first call that may open the round names its player and currency.
    if (!wanted.has(key) || (spec.open !== false && wanted.get(key)!.open === false)) wanted.set(key, spec);
  }
  const rows = await repo.lockRounds(trx, merchantId, [...wanted.values()]);
  return new Map(rows.map((r) => [roundKey(r.vendor, r.round_id), r]));
}

/** Answers each open call whose txn id has a stored row with `answer(call, row)` (the stored answer or a refusal). */
export function answerStored<In, Row, Out>(
  items: In[],
  answers: Answers<Out>,
  stored: Map<string, Row>,
  keyOf: (item: In) => string,
  answer: (item: In, row: Row) => Settled<Out>,
): void {
  for (const { item, i } of openCalls(items, answers)) {
    const row = stored.get(keyOf(item));
    if (row) answers[i] = answer(item, row);
  }
}

export const conflict = (): Settled<never> => ({
  ok: false,
  error: new AppError('LEDGER_IDEMPOTENCY_CONFLICT'),
});
