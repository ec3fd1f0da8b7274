import type { Db } from '../../platform/database/database.ts';
import { onTransfersCommitted, type Transfer } from './ledger.service.ts';

/** Members whose spendable balance a committed change touched, all of one merchant. */
export interface BalanceChange {
  merchantId: string;
  memberIds: string[];
}

/**
 * An account's owner never changes, so owners are cached per handle; the bound keeps memory flat
 * (a full cache is dropped and refilled). null marks a house-side account.
 */
const MAX_CACHED_OWNERS = 20_000;
const ownerCache = new WeakMap<object, Map<bigint, string | null>>();

/**
 * Calls `listener` after each committed ledger change with the members it touched. The owner lookup
 * runs after the commit and off the caller's path; its failure is handed to `onError`, never to the
 * transfer. Returns the unsubscribe.
 */
export function onMemberBalancesChanged(
  db: Db,
  listener: (change: BalanceChange) => void,
  onError: (error: unknown) => void,
): () => void {
  return onTransfersCommitted(db, (transfers) => {
    for (const [merchantId, accountIds] of accountsByMerchant(transfers))
      void membersOwning(db, accountIds)
        .then((memberIds) => {
          if (memberIds.length) listener({ merchantId, memberIds });
        })
        .catch(onError);
  });
}

function accountsByMerchant(transfers: Transfer[]): Map<string, Set<bigint>> {
  const byMerchant = new Map<string, Set<bigint>>();
  for (const t of transfers) {
    const ids = byMerchant.get(t.merchantId) ?? new Set<bigint>();
    ids.add(t.debitAccountId).add(t.creditAccountId);
    byMerchant.set(t.merchantId, ids);
  }
  return byMerchant;
}

async function membersOwning(db: Db, accountIds: Set<bigint>): Promise<string[]> {
  let cache = ownerCache.get(db);
  if (!cache || cache.size >= MAX_CACHED_OWNERS) {
    cache = new Map();
    ownerCache.set(db, cache);
  }
  const missing = [...accountIds].filter((id) => !cache.has(id));
  if (missing.length) {
    const rows = await db
      .selectFrom('ledger_accounts')
      .select(['id', 'owner_type', 'owner_id'])
      .where('id', 'in', missing)
      .execute();
    for (const row of rows) cache.set(row.id, row.owner_type === 'member' ? row.owner_id : null);
  }
  const members = new Set<string>();
  for (const id of accountIds) {
    const owner = cache.get(id);
    if (owner) members.add(owner);
  }
  return [...members];
}
