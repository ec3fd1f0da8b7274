import { type GatewayCallback, gatewayCallback } from '@sorte/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { refuseForbiddenCharacters } from '../../platform/http/input-guard.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { isUuid } from '../../platform/http/ids.ts';
import { recordAudit } from '../backoffice/index.ts';
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
 * answered like a bad signature, so the endpoint does not reveal which ids exist. The order is
 * decided under its row lock, once. A gateway retries every non-2xx for days, so a notice for an
 * order already settled is answered by what it says: one that agrees with the settlement (an exact
 * replay) gets the same 2xx as the first time; one that contradicts it (another amount, outcome or
 * transaction) gets PAYMENT_CALLBACK_CONFLICT and an audit entry for the operators. Neither moves money.
 */
export async function handleGatewayCallback(
  db: Db,
  clock: Clock,
  gateway: string,
  raw: Buffer,
  signature: string | undefined,
  ip: string | null = null,
): Promise<CallbackOutcome> {
  const orderId = claimedOrderId(raw);
  const order = orderId ? await repo.findById(db, orderId) : undefined;
  const channel = order ? await findChannel(db, order.merchant_id, order.channel_id) : undefined;
  if (!order || !channel?.gateway_secret || !signatureValid(channel.gateway_secret, raw, signature))
    throw new AppError('CASHIER_SIGNATURE_INVALID');
  const parsed: unknown = JSON.parse(raw.toString('utf8'));
  refuseForbiddenCharacters(parsed);
  const body = parseInput(gatewayCallback, parsed);
  if (channel.gateway !== gateway) throw new AppError('CASHIER_CALLBACK_MISMATCH');
  const answer = await withLedgerTransaction(db, async (trx) => {
    const row = (await repo.lockDeposit(trx, order.id)) as DepositRow;
    if (row.status !== 'pending') return settledAnswer(trx, { gateway, ip }, row, body);
    if (BigInt(body.amountMinor) !== row.amount_minor || body.currency !== row.currency)
      throw new AppError('CASHIER_CALLBACK_MISMATCH');
    // One gateway transaction pays one order; the same id on a second order is a gateway error.
    const other = await repo.findByGatewayTxn(trx, row.channel_id, body.gatewayTxnId);
    if (other && other.id !== row.id) throw new AppError('CASHIER_CALLBACK_MISMATCH');
    const decision = { decidedBy: `gateway:${gateway}`, gatewayTxnId: body.gatewayTxnId, at: clock.now() };
    if (body.status === 'success') await creditDeposit(trx, row, decision);
    else await closeUnpaid(trx, row, 'failed', decision);
    return { depositId: row.id, status: body.status === 'success' ? 'approved' : 'failed' } as const;
  });
  // Thrown after the commit, so the conflict's audit entry stays.
  if (answer === 'conflict') throw new AppError('PAYMENT_CALLBACK_CONFLICT', { depositId: order.id });
  return answer;
}

/**
 * A notice for a settled order agrees when it tells the same outcome for the same amount and
 * currency, naming the transaction the order recorded (or none was recorded: an operator decided
 * it first). Agreeing, it is answered as the first time; otherwise the contradiction is audited.
 */
async function settledAnswer(
  trx: Db,
  sender: { gateway: string; ip: string | null },
  row: DepositRow,
  body: GatewayCallback,
): Promise<CallbackOutcome | 'conflict'> {
  const agrees =
    (row.status === 'approved') === (body.status === 'success') &&
    BigInt(body.amountMinor) === row.amount_minor &&
    body.currency === row.currency &&
    (row.gateway_txn_id === null || row.gateway_txn_id === body.gatewayTxnId);
  if (agrees) return { depositId: row.id, status: row.status };
  await recordAudit(trx, {
    operator: {
      merchantId: row.merchant_id,
      operatorId: null,
      username: `gateway:${sender.gateway}`,
      ip: sender.ip,
    },
    action: 'cashier.deposit.callback_conflict',
    targetType: 'deposit',
    targetId: row.id,
    before: { status: row.status, amountMinor: Number(row.amount_minor), gatewayTxnId: row.gateway_txn_id },
    after: {
      status: body.status,
      amountMinor: body.amountMinor,
      currency: body.currency,
      gatewayTxnId: body.gatewayTxnId,
    },
  });
  return 'conflict';
}
