import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  type BatchResult,
  MAX_BATCH,
  type Transfer,
  type TransferRequest,
  transferBatch,
} from './ledger.service.ts';

/** Posts one transfer through a shared batch; resolves or rejects exactly like `transfer`. */
export interface GroupCommitter {
  submit(request: TransferRequest): Promise<Transfer>;
  /** Waits for every batch already taken; later submits still work. */
  flush(): Promise<void>;
  stats(): { batches: number; transfers: number };
}

interface Waiting {
  request: TransferRequest;
  resolve(transfer: Transfer): void;
  reject(error: unknown): void;
}

/**
 * Group commit for the hot paths (ARCHITECTURE §4): concurrent transfers are gathered into shared
 * batches, each one database transaction and one round trip (transferBatch), where a refused item
 * never fails its neighbours. There is no timer: a batch leaves as soon as a slot is free, so an idle
 * server answers a lone request at once, and under load the requests that arrive while batches are in
 * flight form the next batch — the busier the database, the bigger (and cheaper per item) the batches.
 *
 * `maxInFlight` batches run at once per merchant (transferBatch takes one merchant per call); more
 * would only queue on the same account locks and connections.
 */
export function createGroupCommitter(
  db: Db,
  options: { maxBatch?: number; maxInFlight?: number } = {},
): GroupCommitter {
  const maxBatch = Math.min(options.maxBatch ?? MAX_BATCH, MAX_BATCH);
  const maxInFlight = options.maxInFlight ?? 2;
  const queues = new Map<string, Waiting[]>();
  const inFlight = new Map<string, number>();
  const running = new Set<Promise<void>>();
  let batches = 0;
  let transfers = 0;

  function drain(merchantId: string): void {
    const queue = queues.get(merchantId);
    while (queue?.length && (inFlight.get(merchantId) ?? 0) < maxInFlight) {
      const taken = queue.splice(0, maxBatch);
      inFlight.set(merchantId, (inFlight.get(merchantId) ?? 0) + 1);
      const run = post(taken).finally(() => {
        running.delete(run);
        inFlight.set(merchantId, (inFlight.get(merchantId) ?? 1) - 1);
        drain(merchantId);
      });
      running.add(run);
    }
    if (queue && !queue.length) queues.delete(merchantId);
  }

  async function post(taken: Waiting[]): Promise<void> {
    batches += 1;
    transfers += taken.length;
    let results: BatchResult[];
    try {
      results = await transferBatch(
        db,
        taken.map((w) => w.request),
      );
    } catch (error) {
      // The whole batch failed (connection lost, database down): nothing committed, each caller hears it.
      for (const w of taken) w.reject(error);
      return;
    }
    taken.forEach((w, i) => {
      const result = results[i]!;
      if (result.ok) w.resolve(result.transfer);
      else w.reject(new AppError(result.code));
    });
  }

  return {
    submit(request) {
      return new Promise<Transfer>((resolve, reject) => {
        const queue = queues.get(request.merchantId) ?? [];
        queue.push({ request, resolve, reject });
        queues.set(request.merchantId, queue);
        drain(request.merchantId);
      });
    },
    async flush() {
      while (running.size) await Promise.all(running);
    },
    stats: () => ({ batches, transfers }),
  };
}
