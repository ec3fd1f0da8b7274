import type { WithdrawalOrder } from '@sorte/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError, fieldErrors } from '../../platform/http/app-error.ts';
import { isUuid } from '../../platform/http/ids.ts';
import type { MemberRef } from './payout-accounts.service.ts';
import { acceptedProofType } from './receipts.rules.ts';
import * as repo from './withdrawals.repository.ts';
import { memberWithdrawal } from './withdrawals.service.ts';

export interface ReceiptInput {
  received: boolean;
  receivedAmountMinor?: number;
  proof?: { declaredType: string; bytes: Buffer };
}

/**
 * The player's answer to "did the money arrive?" for an approved withdrawal of their own. Received:
 * the order is done. Not received: a PNG/JPEG proof is required and stored for an operator to chase
 * the payment. Once the auto-receipt time has passed the order already counts as received, so a late
 * answer is CASHIER_ORDER_RESOLVED, the same as for any order no longer awaiting one.
 */
export async function confirmReceipt(
  db: Db,
  clock: Clock,
  m: MemberRef,
  id: string,
  input: ReceiptInput,
): Promise<WithdrawalOrder> {
  if (!input.received && !input.proof) throw new AppError('CASHIER_PROOF_REQUIRED');
  const proofType = input.proof ? acceptedProofType(input.proof.declaredType, input.proof.bytes) : null;
  if (input.proof && !proofType) throw new AppError('CASHIER_PROOF_INVALID');
  if (!isUuid(id)) throw new AppError('CASHIER_ORDER_NOT_FOUND');
  await db.transaction().execute(async (trx) => {
    const row = await repo.lockForMember(trx, m.memberId, id);
    if (!row || row.merchant_id !== m.merchantId) throw new AppError('CASHIER_ORDER_NOT_FOUND');
    const now = clock.now();
    const overdue = row.auto_receipt_at !== null && row.auto_receipt_at.getTime() <= now.getTime();
    if (row.status !== 'approved' || overdue)
      throw new AppError('CASHIER_ORDER_RESOLVED', { status: overdue ? 'received' : row.status });
    const payout = row.amount_minor - row.fee_minor;
    const reported = input.receivedAmountMinor === undefined ? null : BigInt(input.receivedAmountMinor);
    // More than was paid out cannot have arrived from this order.
    if (reported !== null && reported > payout)
      throw fieldErrors([{ field: 'receivedAmountMinor', key: 'too_big', params: { max: Number(payout) } }]);
    await repo.update(trx, row.id, {
      status: input.received ? 'received' : 'not_received',
      receipt_auto: false,
      received_amount_minor: reported ?? (input.received ? payout : 0n),
      resolved_at: now,
    });
    if (input.proof && proofType) await repo.insertProof(trx, row.id, proofType, input.proof.bytes, now);
  });
  return memberWithdrawal(db, clock, m, id);
}

/** Orders marked received per sweep; the next sweep takes the rest. */
export const AUTO_RECEIPT_BATCH = 500;

/** Marks approved withdrawals past their auto-receipt time as received (receipt_auto = true). */
export async function sweepAutoReceipts(ctx: Pick<AppContext, 'db' | 'clock'>, limit = AUTO_RECEIPT_BATCH) {
  return repo.markAutoReceived(ctx.db, ctx.clock.now(), limit);
}
