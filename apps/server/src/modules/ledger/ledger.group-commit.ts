import { createGroupCommit, type GroupCommit } from '../../platform/batching/group-commit.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { MAX_BATCH, type Transfer, type TransferRequest, transferBatch } from './ledger.service.ts';

export type GroupCommitter = GroupCommit<TransferRequest, Transfer>;

/**
 * Plain transfers through group commit: each resolves or rejects exactly like `transfer`, but
 * concurrent ones share batches (one transaction, one round trip: transferBatch), and a refused
 * transfer never fails its neighbours. One merchant per batch, as transferBatch requires.
 */
export function createGroupCommitter(
  db: Db,
  options: { maxBatch?: number; maxInFlight?: number } = {},
): GroupCommitter {
  return createGroupCommit(
    async (requests: TransferRequest[]) =>
      (await transferBatch(db, requests)).map((result) =>
        result.ok ? { ok: true, value: result.transfer } : { ok: false, error: new AppError(result.code) },
      ),
    {
      maxBatch: Math.min(options.maxBatch ?? MAX_BATCH, MAX_BATCH),
      maxInFlight: options.maxInFlight,
      partition: (request) => request.merchantId,
    },
  );
}
