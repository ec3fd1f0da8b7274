import { createGroupCommit, type GroupCommit, type Settled } from '../../platform/batching/group-commit.ts';
import type { Db } from '../../platform/database/database.ts';
import {
  HOUSE_SHARDS,
  MAX_BATCH,
  systemAccountId,
  type TransferRequest,
  transferBatch,
  withLedgerTransaction,
} from '../ledger/index.ts';

/** What every batch of a bet path gets besides its bets. */
export interface Batch {
  merchantId: string;
  /** The batch's sequence number (group-commit's): consecutive batches are the ones in flight together. */
  number: number;
  /**
   * The merchant's house account in a currency, on the batch's own shard: the batches in flight
   * together credit and debit different house rows, so they never queue on each other's house lock
   * (which shard takes a stake changes nothing: the house is the sum of its shards). Resolved
   * before the transaction (the ledger caches system accounts).
   */
  house(currency: string): bigint;
}

/** A kind of bet (a game's placement, cash-out, settlement…) carried by the bet path. */
export interface BetPath<In, Out> {
  /**
   * Places `item` in the next batch of its merchant and answers its own outcome, whatever happened
   * to its neighbours. One group commit per database handle, made on first use.
   */
  submit(db: Db, item: In): Promise<Out>;
  /** Waits for every batch taken so far (tests, orderly shutdown). */
  flush(db: Db): Promise<void>;
}

export interface BetPathOptions<In> {
  /** Items per batch: at most the ledger's batch divided by the transfers an item may post. */
  maxBatch?: number;
  /** Batches in flight per merchant, each on its own house shard (4: measured best on 2 cores). */
  maxInFlight?: number;
  /** The currencies whose house accounts an item's settlement touches. */
  currencies(item: In): string[];
}

/**
 * The bet path's skeleton (issue 14; docs/architecture.md, "The bet path"): every kind of bet —
 * in-house rounds, multistep starts and cash-outs, crash bets and cash-outs, lottery slips, vendor
 * debits, credits and rollbacks — is placed through one of these. Concurrent items of one merchant
 * wait in the merchant's queue and leave together as one batch, ONE transaction, when one of the
 * slots is free (no timer: a lone bet goes at once); `settle` answers every item on its own, so a
 * refused bet never fails its neighbours. If `settle` throws, nothing of the batch committed and
 * every caller in it hears the error. Balance pushes follow the commit (`withLedgerTransaction`).
 *
 * What `settle` does is the kind's own, in the same order for every kind: lock the rows that order a
 * member's bets (seed pair, round, draw) in id order; find the idempotent twins after the locks;
 * lock the accounts in id order; decide in JS; post the money as one `transferBatch`; write the
 * kind's rows set-based.
 */
export function betPath<In extends { merchantId: string }, Out>(
  settle: (trx: Db, items: In[], batch: Batch) => Promise<Settled<Out>[]>,
  options: BetPathOptions<In>,
): BetPath<In, Out> {
  const commits = new WeakMap<object, GroupCommit<In, Out>>();
  const commitFor = (db: Db) => {
    let commit = commits.get(db);
    if (!commit) {
      commit = createGroupCommit((items, number) => runBatch(db, items, number), {
        maxBatch: options.maxBatch ?? MAX_BATCH,
        maxInFlight: options.maxInFlight ?? 4,
        partition: (item) => item.merchantId,
      });
      commits.set(db, commit);
    }
    return commit;
  };

  async function runBatch(db: Db, items: In[], number: number): Promise<Settled<Out>[]> {
    const merchantId = items[0]!.merchantId;
    const shard = number % HOUSE_SHARDS;
    const houses = new Map<string, bigint>();
    for (const currency of new Set(items.flatMap((item) => options.currencies(item))))
      houses.set(currency, await systemAccountId(db, merchantId, 'house', currency, shard));
    const batch: Batch = {
      merchantId,
      number,
      house(currency) {
        const id = houses.get(currency);
        if (id === undefined) throw new Error(`bets: no house account resolved for ${currency}`);
        return id;
      },
    };
    return withLedgerTransaction(db, (trx) => settle(trx, items, batch));
  }

  return {
    submit: (db, item) => commitFor(db).submit(item),
    flush: async (db) => {
      await commits.get(db)?.flush();
    },
  };
}

/**
 * `transferBatch` for a batch whose items may post more than one transfer each (bonus moves): in
 * order, in ledger batches of MAX_BATCH, in the caller's transaction; each item answered on its own.
 */
export async function transferInOrder(trx: Db, requests: TransferRequest[]) {
  const results: Awaited<ReturnType<typeof transferBatch>> = [];
  for (let from = 0; from < requests.length || from === 0; from += MAX_BATCH)
    results.push(...(await transferBatch(trx, requests.slice(from, from + MAX_BATCH))));
  return results;
}

/**
 * Posts transfers the batch has already decided on rows it holds locked (funds checked on the running
 * balances), and answers their ids in order. The ledger re-checks each: a refusal here means the
 * decisions were wrong, a fault of the code, so it throws and the whole batch rolls back.
 */
export async function postDecided(trx: Db, requests: TransferRequest[]): Promise<bigint[]> {
  const results = await transferInOrder(trx, requests);
  return results.map((r) => {
    if (!r.ok) throw new Error(`bets: the ledger refused a decided transfer (${r.code})`);
    return r.transfer.id;
  });
}
