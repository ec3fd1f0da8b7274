import { randomBytes } from 'node:crypto';
import type {
  ManualAccountDetails,
  OperatorPaymentChannel,
  operatorChannelInput,
  operatorChannelPatch,
  PaymentChannel,
} from '@sorte/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/database/database.ts';
import { AppError, fieldErrors } from '../../platform/http/app-error.ts';
import { isUuid } from '../../platform/http/ids.ts';
import { type OperatorPrincipal, recordAudit } from '../backoffice/index.ts';
import * as repo from './channels.repository.ts';
import type { ChannelRow } from './channels.repository.ts';
import { isKnownGateway } from './gateway.adapters.ts';

/** The player's view: no limits beyond min/max, never the gateway or its secret. */
export function toPlayerChannel(row: ChannelRow): PaymentChannel {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    currency: row.currency,
    minMinor: Number(row.min_minor),
    maxMinor: Number(row.max_minor),
    feeBps: row.fee_bps,
    feeFixedMinor: Number(row.fee_fixed_minor),
    quickAmountsMinor: row.quick_amounts_minor,
    account: row.type === 'gateway' ? null : row.account,
  };
}

/** The operator's view: everything but the gateway secret, which is shown once, on creation. */
export function toOperatorChannel(row: ChannelRow): OperatorPaymentChannel {
  return {
    ...toPlayerChannel(row),
    account: row.account,
    gateway: row.gateway,
    dailyLimitMinor: row.daily_limit_minor === null ? null : Number(row.daily_limit_minor),
    dailyCountLimit: row.daily_count_limit,
    sortOrder: row.sort_order,
    enabled: row.enabled,
  };
}

export async function memberChannels(
  db: Db,
  merchantId: string,
  currency: string,
): Promise<PaymentChannel[]> {
  // A gateway channel whose gateway this server does not serve (the sandbox in production) is hidden.
  return (await repo.listEnabledChannels(db, merchantId, currency))
    .filter((c) => c.type !== 'gateway' || (c.gateway !== null && isKnownGateway(c.gateway)))
    .map(toPlayerChannel);
}

export async function operatorChannels(db: Db, merchantId: string): Promise<OperatorPaymentChannel[]> {
  return (await repo.listChannels(db, merchantId)).map(toOperatorChannel);
}

type ChannelInput = z.infer<typeof operatorChannelInput>;
type ChannelPatch = z.infer<typeof operatorChannelPatch>;

/** Rules across fields that the contract cannot express on its own. */
function checkChannel(c: ChannelInput): void {
  if (c.maxMinor < c.minMinor) throw fieldErrors([{ field: 'maxMinor', key: 'too_small', params: {} }]);
  if (c.type === 'gateway' && !(c.gateway && isKnownGateway(c.gateway)))
    throw fieldErrors([{ field: 'gateway', key: 'invalid_value', params: {} }]);
}

function columns(c: ChannelInput) {
  return {
    name: c.name,
    type: c.type,
    // Only gateway channels talk to a gateway; a stale name on a manual channel would mislead.
    gateway: c.type === 'gateway' ? c.gateway : null,
    min_minor: BigInt(c.minMinor),
    max_minor: BigInt(c.maxMinor),
    fee_bps: c.feeBps,
    fee_fixed_minor: BigInt(c.feeFixedMinor),
    daily_limit_minor: c.dailyLimitMinor === null ? null : BigInt(c.dailyLimitMinor),
    daily_count_limit: c.dailyCountLimit,
    quick_amounts_minor: JSON.stringify(c.quickAmountsMinor),
    account: c.account === null ? null : JSON.stringify(c.account satisfies ManualAccountDetails),
    sort_order: c.sortOrder,
    enabled: c.enabled,
  };
}

/** A fresh HMAC key for a gateway channel: 256 random bits, hex. */
function newGatewaySecret(): string {
  return randomBytes(32).toString('hex');
}

export type CreatedChannel = OperatorPaymentChannel & { gatewaySecret: string | null };

/** Creates a channel in the merchant's currency, audited; a gateway channel's secret is returned this once. */
export async function createChannel(
  db: Db,
  operator: OperatorPrincipal,
  input: ChannelInput,
): Promise<CreatedChannel> {
  checkChannel(input);
  const { currency } = await repo.merchantCurrency(db, operator.merchantId);
  return db.transaction().execute(async (trx) => {
    const secret = input.type === 'gateway' ? newGatewaySecret() : null;
    const row = await repo.insertChannel(trx, {
      ...columns(input),
      merchant_id: operator.merchantId,
      currency,
      gateway_secret: secret,
    });
    const after = toOperatorChannel(row);
    await recordAudit(trx, {
      operator,
      action: 'cashier.channel.create',
      targetType: 'payment_channel',
      targetId: row.id,
      after,
    });
    return { ...after, gatewaySecret: secret };
  });
}

function inputOf(row: ChannelRow): ChannelInput {
  const c = toOperatorChannel(row);
  return {
    name: c.name,
    type: c.type,
    gateway: c.gateway,
    minMinor: c.minMinor,
    maxMinor: c.maxMinor,
    feeBps: c.feeBps,
    feeFixedMinor: c.feeFixedMinor,
    dailyLimitMinor: c.dailyLimitMinor,
    dailyCountLimit: c.dailyCountLimit,
    quickAmountsMinor: c.quickAmountsMinor,
    account: c.account,
    sortOrder: c.sortOrder,
    enabled: c.enabled,
  };
}

/**
 * Changes a channel, audited with before and after. A channel that becomes a gateway channel gets a
 * secret here, returned this once like on creation; an existing secret is never shown again.
 */
export async function patchChannel(
  db: Db,
  operator: OperatorPrincipal,
  id: string,
  patch: ChannelPatch,
): Promise<CreatedChannel> {
  if (!isUuid(id)) throw new AppError('CASHIER_CHANNEL_UNAVAILABLE');
  return db.transaction().execute(async (trx) => {
    const current = await repo.lockChannel(trx, operator.merchantId, id);
    if (!current) throw new AppError('CASHIER_CHANNEL_UNAVAILABLE');
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const next: ChannelInput = { ...inputOf(current), ...defined };
    checkChannel(next);
    const secret = next.type === 'gateway' && !current.gateway_secret ? newGatewaySecret() : null;
    const row = await repo.updateChannel(trx, id, {
      ...columns(next),
      ...(secret ? { gateway_secret: secret } : {}),
    });
    const before = toOperatorChannel(current);
    const after = toOperatorChannel(row);
    await recordAudit(trx, {
      operator,
      action: 'cashier.channel.update',
      targetType: 'payment_channel',
      targetId: id,
      before,
      after,
    });
    return { ...after, gatewaySecret: secret };
  });
}
