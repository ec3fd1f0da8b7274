import type { ServerModule } from '../../platform/context.ts';
import { registerLedgerHistoryRoutes } from './ledger.history.routes.ts';
import { registerLedgerRoutes } from './ledger.routes.ts';
import { seedDemoBalances } from './ledger.seed.ts';

export {
  type BatchResult,
  ensureMemberAccounts,
  existingMemberAccountIds,
  findTransfer,
  findTransferByKey,
  HOUSE_SHARDS,
  hold,
  lockAccountsInOrder,
  houseAccountFor,
  houseShardFor,
  MAX_AMOUNT_MINOR,
  MAX_BATCH,
  type MemberBalance,
  type MemberKind,
  memberAccountId,
  memberAccountIds,
  memberBalance,
  payFromBonusPool,
  postHold,
  type SystemKind,
  systemAccountId,
  TRANSFER_CODES,
  type Transfer,
  type TransferCode,
  type TransferRequest,
  transfer,
  transferAll,
  transferBatch,
  voidHold,
  withLedgerTransaction,
} from './ledger.service.ts';
export { type BalanceChange, onMemberBalancesChanged } from './ledger.events.ts';
export { createGroupCommitter, type GroupCommitter } from './ledger.group-commit.ts';
export { lockSpendable } from './ledger.repository.ts';
export { type VerifyReport, verifyLedger } from './ledger.verify.ts';
export { type PlayTopUp, topUpPlayMoney } from './ledger.play-money.ts';
/** A member's movements as the member centre shows them, for the back office's member view. */
export { memberHistory } from './ledger.history.service.ts';

/**
 * The double-entry ledger: accounts, idempotent immutable transfers, holds posted or voided exactly
 * once, batch posting for the hot paths, the invariant check, and the member's balance endpoint.
 */
export const ledgerModule: ServerModule = {
  name: 'ledger',
  async register(app, ctx) {
    await registerLedgerRoutes(app, ctx);
    await registerLedgerHistoryRoutes(app, ctx);
  },
  seedDemo: seedDemoBalances,
};
