import type {
  CashierQueueItem,
  WithdrawalOrder,
  WithdrawInfo,
  WithdrawRequest,
  cashierOrdersQuery,
  cashierQueueQuery,
} from '@sorte/contracts';
import { feeFor } from '@sorte/money';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { isUuid } from '../../platform/http/ids.ts';
import { offsetOf, pageOf } from '../../platform/http/paging.ts';
import { type OperatorPrincipal, recordAudit } from '../backoffice/index.ts';
import { onWithdrawalRequest } from '../bonuses/index.ts';
import { findMemberById } from '../members/index.ts';
import {
  hold,
  houseAccountFor,
  memberAccountId,
  memberBalance,
  postHold,
  systemAccountId,
  transfer,
  voidHold,
  withLedgerTransaction,
} from '../ledger/index.ts';
import { dayRange, iso, orderNumber, startOfUtcDay } from './cashier-orders.ts';
import { getCashierSettings } from './cashier-settings.ts';
import { type LockedMember, withPasswordChecked } from './password-guarded.ts';
import { fullLabel, maskedLabel } from './payout-accounts.rules.ts';
import { listPayoutAccounts, type MemberRef, usablePayoutAccount } from './payout-accounts.service.ts';
import { turnoverStatus } from './turnover.ts';
import { hasWithdrawalPassword } from './withdrawal-password.service.ts';
import * as repo from './withdrawals.repository.ts';
import type { WithdrawalView } from './withdrawals.repository.ts';

const MINUTE_MS = 60_000;

export interface MemberCashier extends MemberRef {
  currency: string;
}

/** True when an approved order's receipt time has passed: it counts as received from then on. */
function autoReceived(v: { status: string; auto_receipt_at: Date | null }, now: Date): boolean {
  return (
    v.status === 'approved' && v.auto_receipt_at !== null && v.auto_receipt_at.getTime() <= now.getTime()
  );
}

/** The order as readers see it, with an overdue approval presented as received (see effectiveStatus). */
function presented(v: WithdrawalView, now: Date) {
  const payoutMinor = v.amount_minor - v.fee_minor;
  if (!autoReceived(v, now))
    return { status: v.status, receivedAmountMinor: v.received_amount_minor, resolvedAt: iso(v.resolved_at) };
  return {
    status: 'received' as const,
    receivedAmountMinor: payoutMinor,
    resolvedAt: iso(v.auto_receipt_at),
  };
}

export function toWithdrawalOrder(v: WithdrawalView, now: Date): WithdrawalOrder {
  const account = {
    type: v.account_type,
    bank_name: v.bank_name,
    branch: v.branch,
    account_number: v.account_number,
    pix_key_type: v.pix_key_type,
    pix_key: v.pix_key,
  };
  const shown = presented(v, now);
  return {
    id: v.id,
    orderNo: v.order_no,
    amountMinor: Number(v.amount_minor),
    feeMinor: Number(v.fee_minor),
    payoutMinor: Number(v.amount_minor - v.fee_minor),
    currency: v.currency,
    status: shown.status,
    payoutAccount: { type: v.account_type, label: maskedLabel(account), holderName: v.holder_name },
    reason: v.reason,
    autoReceiptAt: iso(v.auto_receipt_at),
    receivedAmountMinor: shown.receivedAmountMinor === null ? null : Number(shown.receivedAmountMinor),
    hasProof: v.has_proof,
    createdAt: new Date(v.created_at).toISOString(),
    approvedAt: iso(v.approved_at),
    resolvedAt: shown.resolvedAt,
  };
}

// ---------------------------------------------------------------- the member side

export async function withdrawInfo(db: Db, clock: Clock, m: MemberCashier): Promise<WithdrawInfo> {
  const now = clock.now();
  const settings = await getCashierSettings(db, m.merchantId);
  const [balance, usedToday, turnover, hasPassword, payoutAccounts, member] = await Promise.all([
    memberBalance(db, m.memberId, m.merchantId, m.currency),
    repo.countSince(db, m.memberId, startOfUtcDay(now)),
    turnoverStatus(db, m.merchantId, m.memberId),
    hasWithdrawalPassword(db, m.memberId),
    listPayoutAccounts(db, m),
    findMemberById(db, m.memberId),
  ]);
  const main = balance.wallets.find((w) => w.kind === 'main');
  return {
    currency: m.currency,
    availableMinor: main ? Number(main.balanceMinor - main.pendingMinor) : 0,
    minMinor: Number(settings.withdrawMinMinor),
    maxMinor: Number(settings.withdrawMaxMinor),
    dailyCountLimit: settings.withdrawDailyCount,
    usedTodayCount: usedToday,
    feeBps: settings.withdrawFeeBps,
    feeFixedMinor: Number(settings.withdrawFeeFixedMinor),
    turnoverRemainingMinor: Number(turnover.remainingMinor),
    turnoverRequiredMinor: Number(turnover.requiredMinor),
    turnoverDoneMinor: Number(turnover.doneMinor),
    hasWithdrawalPassword: hasPassword,
    realName: member?.payee_name ?? null,
    payoutAccounts,
    autoReceiptMinutes: settings.autoReceiptMinutes,
  };
}

/**
 * Asks for a withdrawal. In ONE transaction under the member's row lock (so the daily count holds
 * against concurrent requests, and copies of one request are checked one at a time): the password,
 * the payout account, the amount bounds and turnover are checked, the amount is reserved with a
 * ledger hold from the main wallet toward payment clearing, and the order is written. Refused
 * funds write nothing. The same idempotency key answers with the original, also when its copies
 * arrive at once.
 */
export async function requestWithdrawal(
  db: Db,
  clock: Clock,
  m: MemberCashier,
  input: WithdrawRequest,
): Promise<WithdrawalOrder> {
  const earlier = await repo.findByIdempotencyKey(db, m.memberId, input.idempotencyKey);
  if (earlier) return toWithdrawalOrder(sameRequest(earlier, input), clock.now());
  const check = { memberId: m.memberId, merchantId: m.merchantId, password: input.withdrawalPassword };
  const id = await withPasswordChecked(
    db,
    { ...check, now: clock.now() },
    {
      // A twin of this request may have committed while this one waited for the lock.
      replay: async (trx) => {
        const twin = await repo.findByIdempotencyKey(trx, m.memberId, input.idempotencyKey);
        return twin && sameRequest(twin, input).id;
      },
      run: (trx, member) => reserveWithdrawal(trx, clock, m, input, member),
    },
  );
  return memberWithdrawal(db, clock, m, id);
}

/**
 * A key already used answers with its order only for the same request: another amount or payout
 * account under it is a client error (the same rule as deposits), never the first order passed off
 * as the answer to the second.
 */
function sameRequest<R extends { amount_minor: bigint; payout_account_id: string }>(
  earlier: R,
  input: WithdrawRequest,
): R {
  if (
    earlier.amount_minor !== BigInt(input.amountMinor) ||
    earlier.payout_account_id !== input.payoutAccountId
  )
    throw new AppError('LEDGER_IDEMPOTENCY_CONFLICT');
  return earlier;
}

/** The checks after the password, the hold and the order, in the caller's locked transaction. */
async function reserveWithdrawal(
  trx: Db,
  clock: Clock,
  m: MemberCashier,
  input: WithdrawRequest,
  member: LockedMember,
): Promise<string> {
  const settings = await getCashierSettings(trx, m.merchantId);
  const amount = BigInt(input.amountMinor);
  const fee = feeFor(amount, settings.withdrawFeeBps, settings.withdrawFeeFixedMinor);
  if (amount < settings.withdrawMinMinor || amount > settings.withdrawMaxMinor || fee >= amount)
    throw new AppError('CASHIER_AMOUNT_OUT_OF_RANGE', {
      minMinor: Number(settings.withdrawMinMinor),
      maxMinor: Number(settings.withdrawMaxMinor),
    });
  const turnover = await turnoverStatus(trx, m.merchantId, m.memberId);
  if (turnover.remainingMinor > 0n)
    throw new AppError('CASHIER_TURNOVER_NOT_MET', { remainingMinor: Number(turnover.remainingMinor) });
  // Cannot happen through the API (the first payout account sets the name); kept as the rule's guard.
  if (member.payee_name === null) throw new AppError('CASHIER_REAL_NAME_REQUIRED');
  // Read under the member lock, which removing an account also takes: it cannot vanish midway.
  const account = await usablePayoutAccount(trx, m, input.payoutAccountId);
  const now = clock.now();
  if ((await repo.countSince(trx, m.memberId, startOfUtcDay(now))) >= settings.withdrawDailyCount)
    throw new AppError('CASHIER_DAILY_LIMIT', { limit: settings.withdrawDailyCount });
  // With an active bonus, by the merchant's rule: refused until the member confirms, then the bonus
  // is forfeited — or refused outright until it ends (its row locked before the hold's accounts, the
  // order of every bonus path).
  await onWithdrawalRequest(trx, {
    merchantId: m.merchantId,
    memberId: m.memberId,
    confirmed: input.forfeitBonus === true,
    now,
  });
  const reserved = await hold(trx, {
    merchantId: m.merchantId,
    idempotencyKey: `withdrawal:${m.memberId}:${input.idempotencyKey}`,
    code: 'withdrawal',
    debitAccountId: await memberAccountId(trx, m.memberId, m.merchantId, 'main', m.currency),
    creditAccountId: await systemAccountId(trx, m.merchantId, 'payment_clearing', m.currency),
    amountMinor: amount,
    currency: m.currency,
    metadata: { payoutAccountId: account.id },
  });
  return repo.insertWithdrawal(trx, {
    merchant_id: m.merchantId,
    member_id: m.memberId,
    order_no: orderNumber('W', now, await repo.nextOrderNumber(trx)),
    idempotency_key: input.idempotencyKey,
    payout_account_id: account.id,
    amount_minor: amount,
    fee_minor: fee,
    currency: m.currency,
    hold_transfer_id: reserved.id,
    created_at: now,
  });
}

export async function memberWithdrawal(
  db: Db,
  clock: Clock,
  m: MemberRef,
  id: string,
): Promise<WithdrawalOrder> {
  const row = isUuid(id) ? await repo.findForMember(db, m.memberId, id) : undefined;
  if (!row || row.merchant_id !== m.merchantId) throw new AppError('CASHIER_ORDER_NOT_FOUND');
  return toWithdrawalOrder(row, clock.now());
}

export async function memberWithdrawals(
  db: Db,
  clock: Clock,
  m: MemberRef,
  query: z.infer<typeof cashierOrdersQuery>,
) {
  const now = clock.now();
  const { rows, total } = await repo.list(db, {
    merchantId: m.merchantId,
    memberId: m.memberId,
    status: query.status,
    ...dayRange(query.dateFrom, query.dateTo),
    now,
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return pageOf(
    rows.map((r) => toWithdrawalOrder(r, now)),
    total,
    query,
  );
}

// ---------------------------------------------------------------- the operator side

function toQueueItem(v: WithdrawalView, now: Date): CashierQueueItem {
  const shown = presented(v, now);
  return {
    id: v.id,
    orderNo: v.order_no,
    kind: 'withdrawal',
    memberId: v.member_id,
    account: v.member_account,
    realName: v.payee_name,
    amountMinor: Number(v.amount_minor),
    feeMinor: Number(v.fee_minor),
    currency: v.currency,
    status: shown.status,
    // The operator pays the money out, so they see the whole account rather than the masked label.
    method: fullLabel({ ...v, type: v.account_type }),
    reference: null,
    reason: v.reason,
    decidedBy: v.decided_by,
    hasProof: v.has_proof,
    createdAt: new Date(v.created_at).toISOString(),
    resolvedAt: shown.resolvedAt,
  };
}

export async function withdrawalQueue(
  db: Db,
  clock: Clock,
  merchantId: string,
  query: z.infer<typeof cashierQueueQuery>,
) {
  const now = clock.now();
  const { rows, total } = await repo.list(db, {
    merchantId,
    account: query.account || undefined,
    status: query.status || undefined,
    now,
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return pageOf(
    rows.map((r) => toQueueItem(r, now)),
    total,
    query,
  );
}

async function lockPending(trx: Db, merchantId: string, id: string) {
  const row = isUuid(id) ? await repo.lockForMerchant(trx, merchantId, id) : undefined;
  if (!row) throw new AppError('CASHIER_ORDER_NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('CASHIER_ORDER_RESOLVED', { status: row.status });
  return row;
}

/**
 * Pays a pending withdrawal: the hold is posted (the money leaves the member for payment clearing)
 * and the fee, if any, moves on from clearing to the house, so clearing carries exactly what is paid
 * out. The row lock makes a second, concurrent approval wait and then find it resolved.
 */
export async function approveWithdrawal(
  db: Db,
  clock: Clock,
  operator: OperatorPrincipal,
  id: string,
  reason: string,
): Promise<CashierQueueItem> {
  await withLedgerTransaction(db, async (trx) => {
    const row = await lockPending(trx, operator.merchantId, id);
    const settings = await getCashierSettings(trx, operator.merchantId);
    const posted = await postHold(trx, operator.merchantId, row.hold_transfer_id);
    if (row.fee_minor > 0n)
      await transfer(trx, {
        merchantId: operator.merchantId,
        idempotencyKey: `withdrawal-fee:${row.id}`,
        code: 'fee',
        debitAccountId: await systemAccountId(trx, operator.merchantId, 'payment_clearing', row.currency),
        creditAccountId: await houseAccountFor(trx, operator.merchantId, row.currency, row.member_id),
        amountMinor: row.fee_minor,
        currency: row.currency,
        metadata: { withdrawalId: row.id, orderNo: row.order_no },
      });
    const now = clock.now();
    await repo.update(trx, row.id, {
      status: 'approved',
      resolution_transfer_id: posted.id,
      decided_by: `operator:${operator.operatorId}`,
      approved_at: now,
      auto_receipt_at: new Date(now.getTime() + settings.autoReceiptMinutes * MINUTE_MS),
    });
    await recordAudit(trx, {
      operator,
      action: 'cashier.withdrawal.approve',
      targetType: 'withdrawal',
      targetId: row.id,
      before: { status: row.status },
      after: { status: 'approved', amountMinor: Number(row.amount_minor), feeMinor: Number(row.fee_minor) },
      reason,
    });
  });
  return operatorWithdrawal(db, clock, operator.merchantId, id);
}

/** Refuses a pending withdrawal: the hold is voided, so the reserved amount is spendable again. */
export async function rejectWithdrawal(
  db: Db,
  clock: Clock,
  operator: OperatorPrincipal,
  id: string,
  reason: string,
): Promise<CashierQueueItem> {
  await withLedgerTransaction(db, async (trx) => {
    const row = await lockPending(trx, operator.merchantId, id);
    const voided = await voidHold(trx, operator.merchantId, row.hold_transfer_id);
    await repo.update(trx, row.id, {
      status: 'rejected',
      resolution_transfer_id: voided.id,
      decided_by: `operator:${operator.operatorId}`,
      reason,
      resolved_at: clock.now(),
    });
    await recordAudit(trx, {
      operator,
      action: 'cashier.withdrawal.reject',
      targetType: 'withdrawal',
      targetId: row.id,
      before: { status: row.status },
      after: { status: 'rejected' },
      reason,
    });
  });
  return operatorWithdrawal(db, clock, operator.merchantId, id);
}

async function operatorWithdrawal(db: Db, clock: Clock, merchantId: string, id: string) {
  const row = await repo.findForMerchant(db, merchantId, id);
  if (!row) throw new AppError('CASHIER_ORDER_NOT_FOUND');
  return toQueueItem(row, clock.now());
}

export async function withdrawalProof(db: Db, merchantId: string, id: string) {
  const proof = isUuid(id) ? await repo.findProof(db, merchantId, id) : undefined;
  if (!proof) throw new AppError('CASHIER_ORDER_NOT_FOUND');
  return { contentType: proof.content_type, bytes: proof.bytes };
}
