import type { CashierQueueItem, DepositOrder, DepositRequest } from '@sorte/contracts';
import { feeFor } from '@sorte/money';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { isUuid } from '../../platform/http/ids.ts';
import { offsetOf, pageOf } from '../../platform/http/paging.ts';
import { type OperatorPrincipal, recordAudit } from '../backoffice/index.ts';
import { grantOnDeposit } from '../bonuses/index.ts';
import {
  houseAccountFor,
  memberAccountId,
  systemAccountId,
  transfer,
  withLedgerTransaction,
} from '../ledger/index.ts';
import { dayRange, iso, orderNumber, startOfUtcDay } from './cashier-orders.ts';
import { getCashierSettings } from './cashier-settings.ts';
import { findChannel } from './channels.repository.ts';
import * as repo from './deposits.repository.ts';
import type { DepositRow, DepositView } from './deposits.repository.ts';
import { checkoutUrl, isKnownGateway, pixChargeFor } from './gateway.adapters.ts';
import { addTurnoverRequirement } from './turnover.ts';

export function toDepositOrder(v: DepositView): DepositOrder {
  const pendingAtGateway = v.status === 'pending' && v.channel_type === 'gateway' && v.channel_gateway;
  return {
    id: v.id,
    orderNo: v.order_no,
    channelId: v.channel_id,
    channelName: v.channel_name,
    channelType: v.channel_type,
    amountMinor: Number(v.amount_minor),
    feeMinor: Number(v.fee_minor),
    creditMinor: Number(v.amount_minor - v.fee_minor),
    currency: v.currency,
    status: v.status,
    reference: v.reference,
    redirectUrl: pendingAtGateway ? checkoutUrl(v.channel_gateway as string, v.id) : null,
    pix: pendingAtGateway ? pixChargeFor(v.channel_gateway as string, v) : null,
    account: v.channel_type === 'gateway' ? null : v.channel_account,
    reason: v.reason,
    createdAt: iso(v.created_at) as string,
    resolvedAt: iso(v.resolved_at),
  };
}

export interface DepositCaller {
  memberId: string;
  merchantId: string;
  currency: string;
}

/**
 * Opens a deposit order. Nothing moves yet: a manual order waits for an operator, a gateway order
 * for the gateway's callback. A retry with the same idempotency key answers the original order.
 */
export async function createDeposit(
  db: Db,
  clock: Clock,
  caller: DepositCaller,
  input: DepositRequest,
): Promise<DepositOrder> {
  const reference = input.reference ? input.reference : null;
  const id = await db.transaction().execute(async (trx) => {
    await repo.lockMember(trx, caller.memberId);
    const earlier = await repo.findByIdempotencyKey(trx, caller.memberId, input.idempotencyKey);
    if (earlier) {
      const same =
        earlier.channel_id === input.channelId &&
        earlier.amount_minor === BigInt(input.amountMinor) &&
        earlier.reference === reference;
      if (!same) throw new AppError('LEDGER_IDEMPOTENCY_CONFLICT');
      return earlier.id;
    }
    const channel = isUuid(input.channelId)
      ? await findChannel(trx, caller.merchantId, input.channelId)
      : undefined;
    const usable =
      channel?.enabled &&
      channel.currency === caller.currency &&
      (channel.type !== 'gateway' || (channel.gateway !== null && isKnownGateway(channel.gateway)));
    if (!channel || !usable) throw new AppError('CASHIER_CHANNEL_UNAVAILABLE');
    const amount = BigInt(input.amountMinor);
    const bounds = { min: Number(channel.min_minor), max: Number(channel.max_minor) };
    if (amount < channel.min_minor || amount > channel.max_minor)
      throw new AppError('CASHIER_AMOUNT_OUT_OF_RANGE', bounds);
    const fee = feeFor(amount, channel.fee_bps, channel.fee_fixed_minor);
    // A fee that eats the whole amount would credit nothing: refused rather than taken.
    if (amount - fee <= 0n)
      throw new AppError('CASHIER_AMOUNT_OUT_OF_RANGE', { ...bounds, feeMinor: Number(fee) });
    const now = clock.now();
    const dayStart = startOfUtcDay(now);
    const used = await repo.usageSince(trx, caller.memberId, channel.id, dayStart);
    if (channel.daily_count_limit !== null && used.count + 1 > channel.daily_count_limit)
      throw new AppError('CASHIER_DAILY_LIMIT', { count: channel.daily_count_limit });
    if (channel.daily_limit_minor !== null && used.totalMinor + amount > channel.daily_limit_minor)
      throw new AppError('CASHIER_DAILY_LIMIT', {
        limitMinor: Number(channel.daily_limit_minor),
        usedMinor: Number(used.totalMinor),
      });
    return repo.insertDeposit(trx, {
      merchant_id: caller.merchantId,
      member_id: caller.memberId,
      order_no: orderNumber('D', now, await repo.nextOrderNumber(trx)),
      idempotency_key: input.idempotencyKey,
      channel_id: channel.id,
      amount_minor: amount,
      fee_minor: fee,
      currency: channel.currency,
      reference,
      created_at: now,
    });
  });
  return toDepositOrder((await repo.findById(db, id)) as DepositView);
}

/** One of the member's own orders; someone else's answers exactly like a missing one. */
export async function memberDeposit(db: Db, memberId: string, id: string): Promise<DepositOrder> {
  const view = isUuid(id) ? await repo.findForMember(db, memberId, id) : undefined;
  if (!view) throw new AppError('CASHIER_ORDER_NOT_FOUND');
  return toDepositOrder(view);
}

export interface OrdersQuery {
  pageNo: number;
  pageSize: number;
  status?: string;
  dateFrom?: string;
  dateTo?: string;
}

export async function memberDeposits(db: Db, memberId: string, q: OrdersQuery) {
  const { rows, total } = await repo.listForMember(db, {
    memberId,
    status: q.status || undefined,
    ...dayRange(q.dateFrom, q.dateTo),
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return pageOf(rows.map(toDepositOrder), total, q);
}

export interface Decision {
  /** 'gateway:<name>' or 'operator:<id>'. */
  decidedBy: string;
  gatewayTxnId?: string | null;
  reason?: string | null;
  at: Date;
}

/**
 * The one way a deposit becomes money: payment_clearing → the member's main wallet for amount − fee,
 * the fee to the house, the order marked approved, the turnover requirement recorded and the bonus
 * of a qualifying deposit-bonus promotion granted (bonuses module, keyed by the deposit). Call it
 * inside withLedgerTransaction with the order row locked and still pending; the idempotency keys
 * (`deposit:<id>`, `deposit-fee:<id>`) make even a mistaken second call move nothing.
 */
export async function creditDeposit(trx: Db, row: DepositRow, decision: Decision): Promise<void> {
  const { merchant_id: merchantId, member_id: memberId, currency } = row;
  const credit = row.amount_minor - row.fee_minor;
  // The deposit's bonus first (keyed by the deposit; nothing when the merchant has bonuses off):
  // the bonus row is locked before any account, the order of every bonus path.
  await grantOnDeposit(trx, {
    id: row.id,
    merchantId,
    memberId,
    currency,
    creditMinor: credit,
    at: decision.at,
  });
  const clearing = await systemAccountId(trx, merchantId, 'payment_clearing', currency);
  const metadata = { depositId: row.id, orderNo: row.order_no };
  const credited = await transfer(trx, {
    merchantId,
    idempotencyKey: `deposit:${row.id}`,
    code: 'deposit',
    debitAccountId: clearing,
    creditAccountId: await memberAccountId(trx, memberId, merchantId, 'main', currency),
    amountMinor: credit,
    currency,
    metadata,
  });
  if (row.fee_minor > 0n)
    await transfer(trx, {
      merchantId,
      idempotencyKey: `deposit-fee:${row.id}`,
      code: 'fee',
      debitAccountId: clearing,
      creditAccountId: await houseAccountFor(trx, merchantId, currency, memberId),
      amountMinor: row.fee_minor,
      currency,
      metadata,
    });
  await repo.updateDeposit(trx, row.id, {
    status: 'approved',
    gateway_txn_id: decision.gatewayTxnId ?? row.gateway_txn_id,
    ledger_transfer_id: credited.id,
    reason: decision.reason ?? null,
    decided_by: decision.decidedBy,
    resolved_at: decision.at,
  });
  const { depositTurnoverBps } = await getCashierSettings(trx, merchantId);
  const required = (credit * BigInt(depositTurnoverBps)) / 10_000n;
  if (required > 0n)
    await addTurnoverRequirement(trx, {
      merchantId,
      memberId,
      source: 'deposit',
      sourceId: row.id,
      requiredMinor: required,
    });
}

/** Closes a pending order without money: refused by an operator, or failed at the gateway. */
export async function closeUnpaid(
  trx: Db,
  row: DepositRow,
  status: 'rejected' | 'failed',
  decision: Decision,
): Promise<void> {
  await repo.updateDeposit(trx, row.id, {
    status,
    gateway_txn_id: decision.gatewayTxnId ?? row.gateway_txn_id,
    reason: decision.reason ?? null,
    decided_by: decision.decidedBy,
    resolved_at: decision.at,
  });
}

// ---------------------------------------------------------------- operators

type QueueRow = Awaited<ReturnType<typeof repo.listQueue>>['rows'][number];

function toQueueItem(r: QueueRow): CashierQueueItem {
  return {
    id: r.id,
    orderNo: r.order_no,
    kind: 'deposit',
    memberId: r.member_id,
    account: r.member_account,
    realName: r.member_real_name,
    amountMinor: Number(r.amount_minor),
    feeMinor: Number(r.fee_minor),
    currency: r.currency,
    status: r.status,
    method: r.channel_name,
    reference: r.reference,
    reason: r.reason,
    decidedBy: r.decided_by,
    hasProof: false,
    createdAt: iso(r.created_at) as string,
    resolvedAt: iso(r.resolved_at),
  };
}

export async function depositQueue(
  db: Db,
  merchantId: string,
  q: { pageNo: number; pageSize: number; status?: string; account?: string },
) {
  const { rows, total } = await repo.listQueue(db, {
    merchantId,
    status: q.status || undefined,
    account: q.account || undefined,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return pageOf(rows.map(toQueueItem), total, q);
}

/**
 * An operator's approval (the money arrived on the manual account) or rejection. The row is locked,
 * so of two simultaneous decisions one applies and the other gets CASHIER_ORDER_RESOLVED; the audit
 * entry commits with the decision.
 */
export async function decideDeposit(
  db: Db,
  clock: Clock,
  operator: OperatorPrincipal,
  id: string,
  verdict: 'approve' | 'reject',
  reason: string,
): Promise<CashierQueueItem> {
  if (!isUuid(id)) throw new AppError('CASHIER_ORDER_NOT_FOUND');
  await withLedgerTransaction(db, async (trx) => {
    const row = await repo.lockDeposit(trx, id);
    if (!row || row.merchant_id !== operator.merchantId) throw new AppError('CASHIER_ORDER_NOT_FOUND');
    if (row.status !== 'pending') throw new AppError('CASHIER_ORDER_RESOLVED', { status: row.status });
    const decision = { decidedBy: `operator:${operator.operatorId}`, reason, at: clock.now() };
    if (verdict === 'approve') await creditDeposit(trx, row, decision);
    else await closeUnpaid(trx, row, 'rejected', decision);
    await recordAudit(trx, {
      operator,
      action: `cashier.deposit.${verdict}`,
      targetType: 'deposit',
      targetId: id,
      before: { status: row.status },
      after: { status: verdict === 'approve' ? 'approved' : 'rejected' },
      reason,
    });
  });
  const { rows } = await repo.listQueue(db, { merchantId: operator.merchantId, id, limit: 1, offset: 0 });
  return toQueueItem(rows[0] as QueueRow);
}
