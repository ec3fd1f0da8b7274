import type { CashierOrderMessage, CashierQueueItem } from '@sorte/contracts';
import type { AppContext } from '../../platform/context.ts';
import { pushToMember } from '../realtime/index.ts';

/**
 * After an operator's decision commits: the member's open "Meus saques" / deposit list learns the
 * order's new status at once instead of at the next reload (the balance alone was pushed before).
 */
export function pushOrderDecision(ctx: AppContext, merchantId: string, item: CashierQueueItem): void {
  const message: CashierOrderMessage = {
    type: 'cashier.order',
    kind: item.kind,
    id: item.id,
    status: item.status,
  };
  pushToMember(ctx, merchantId, item.memberId, message);
}
