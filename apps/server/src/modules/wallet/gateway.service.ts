import { gatewayCallback } from '@sorte/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { isUuid } from '../../platform/http/ids.ts';
import { withLedgerTransaction } from '../ledger/index.ts';
import { findChannel } from './channels.repository.ts';
import * as repo from './deposits.repository.ts';
import type { DepositRow } from './deposits.repository.ts';
import { closeUnpaid, creditDeposit } from './deposits.service.ts';
import { signatureValid } from './gateway.adapters.ts';

export interface CallbackOutcome {
  depositId: string;
  status: DepositRow['status'];
}

/** The order id a body claims, read leniently: it only picks the secret the signature is checked with. */
function claimedOrderId(raw: Buffer): string | null {
  try {
    const body = JSON.parse(raw.toString('utf8')) as unknown;
    const id = (body as { merchantOrderId?: unknown } | null)?.merchantOrderId;
    return typeof id === 'string' && isUuid(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * A gateway's notice that a payment succeeded or failed. The signature is checked over the raw
 * bytes with the order's channel secret before anything else is believed; an unknown order is
 * answered like a bad signature, so the endpoint does not reveal which ids exist. Replays of the
 * same gateway transaction answer success again and move nothing.
 */
export async function handleGatewayCallback(
  db: Db,
  clock: Clock,
  gateway: string,
  raw: Buffer,
  signature: string | undefined,
): Promise<CallbackOutcome> {
  const orderId = claimedOrderId(raw);
  const order = orderId ? await repo.findById(db, orderId) : undefined;
  const channel = order ? await findChannel(db, order.merchant_id, order.channel_id) : undefined;
  if (!order || !channel?.gateway_secret || !signatureValid(channel.gateway_secret, raw, signature))
    throw new AppError('CASHIER_SIGNATURE_INVALID');
  const body = parseInput(gatewayCallback, JSON.parse(raw.toString('utf8')));
  if (
    channel.gateway !== gateway ||
    BigInt(body.amountMinor) !== order.amount_minor ||
    body.currency !== order.currency
  )
    throw new AppError('CASHIER_CALLBACK_MISMATCH');
  return withLedgerTransaction(db, async (trx) => {
    const row = (await repo.lockDeposit(trx, order.id)) as DepositRow;
    const settled = body.status === 'success' ? 'approved' : 'failed';
    if (row.gateway_txn_id === body.gatewayTxnId && row.status === settled)
      return { depositId: row.id, status: row.status };
    if (row.status !== 'pending') throw new AppError('CASHIER_ORDER_RESOLVED', { status: row.status });
    // One gateway transaction pays one order; the same id on a second order is a gateway error.
    const other = await repo.findByGatewayTxn(trx, row.channel_id, body.gatewayTxnId);
    if (other && other.id !== row.id) throw new AppError('CASHIER_CALLBACK_MISMATCH');
    const decision = { decidedBy: `gateway:${gateway}`, gatewayTxnId: body.gatewayTxnId, at: clock.now() };
    if (settled === 'approved') await creditDeposit(trx, row, decision);
    else await closeUnpaid(trx, row, 'failed', decision);
    return { depositId: row.id, status: settled };
  });
}
