import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { withLedgerTransaction } from '../ledger/index.ts';
import { lockMember } from './payout-accounts.repository.ts';
import { checkWithdrawalPassword } from './withdrawal-password.service.ts';

export type LockedMember = NonNullable<Awaited<ReturnType<typeof lockMember>>>;

export interface PasswordCheck {
  memberId: string;
  merchantId: string;
  password: string;
  now: Date;
}

export interface GuardedSteps<T> {
  /** What an earlier copy of this request (same idempotency key) already did, if it did. */
  replay?: (trx: Db) => Promise<T | undefined>;
  /** The request itself, once the password is right. */
  run: (trx: Db, member: LockedMember) => Promise<T>;
}

/**
 * Money leaving on the member's withdrawal password, in one transaction under the member's row
 * lock. Concurrent copies of one request therefore run one after another: a copy whose twin has
 * committed is answered by `replay` without checking the password again, and right passwords sent
 * at once never pile up as attempts that lock the member out (each is counted, compared and
 * cleared in turn). A refused password is returned from the transaction, not thrown in it, so its
 * counted attempt commits.
 */
export async function withPasswordChecked<T>(
  db: Db,
  check: PasswordCheck,
  steps: GuardedSteps<T>,
): Promise<T> {
  const outcome = await withLedgerTransaction(db, async (trx) => {
    const member = await lockMember(trx, check.memberId, check.merchantId);
    if (!member) throw new AppError('UNAUTHENTICATED');
    const earlier = await steps.replay?.(trx);
    if (earlier !== undefined) return { value: earlier };
    try {
      await checkWithdrawalPassword(trx, check.memberId, check.password, check.now);
    } catch (error) {
      if (error instanceof AppError) return { refused: error };
      throw error;
    }
    return { value: await steps.run(trx, member) };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome.value;
}
