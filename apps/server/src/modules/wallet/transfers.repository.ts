import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';

export interface CashierTotals {
  depositedMinor: bigint;
  withdrawnMinor: bigint;
}

/**
 * What a member has put in and taken out over the cashier, in one currency: the order amounts of
 * credited deposits, and of withdrawals that were paid out (approved, or received afterwards).
 * Pending, rejected and failed orders moved no money for good, so they do not count.
 */
export async function cashierTotals(
  db: Db,
  merchantId: string,
  memberId: string,
  currency: string,
): Promise<CashierTotals> {
  const deposited = await db
    .selectFrom('deposits')
    .select(sql<string>`coalesce(sum(amount_minor), 0)::text`.as('total'))
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('currency', '=', currency)
    .where('status', '=', 'approved')
    .executeTakeFirstOrThrow();
  const withdrawn = await db
    .selectFrom('withdrawals')
    .select(sql<string>`coalesce(sum(amount_minor), 0)::text`.as('total'))
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('currency', '=', currency)
    .where('status', 'in', ['approved', 'received'])
    .executeTakeFirstOrThrow();
  return { depositedMinor: BigInt(deposited.total), withdrawnMinor: BigInt(withdrawn.total) };
}
