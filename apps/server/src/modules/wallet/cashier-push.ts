import type { CashierOrderMessage, CashierQueueItem } from '@sorte/contracts';
import type { AppContext } from '../../platform/context.ts';
import { pushToMember } from '../realtime/index.ts';
import { findById } from './deposits.repository.ts';

function orderMessage(kind: CashierOrderMessage['kind'], id: string, status: string): CashierOrderMessage {
  return { type: 'cashier.order', kind, id, status };
}

/**
 * After an operator's decision commits: the member's open "Meus saques" / deposit list learns the
 * order's new status at once instead of at the next reload (the balance alone was pushed before).
 */
export function pushOrderDecision(ctx: AppContext, merchantId: string, item: CashierQueueItem): void {
  pushToMember(ctx, merchantId, item.memberId, orderMessage(item.kind, item.id, item.status));
}

/**
 * After a payment gateway's callback commits: the deposit page showing the order's PIX QR code turns
 * paid (or failed) at once. The callback names only the order, so its member is read back; a replayed
 * callback pushes the same status again, which the page takes as a refetch and nothing more.
 */
export async function pushDepositStatus(ctx: AppContext, depositId: string): Promise<void> {
  const order = await findById(ctx.db, depositId);
  if (!order) return;
  pushToMember(ctx, order.merchant_id, order.member_id, orderMessage('deposit', order.id, order.status));
}
