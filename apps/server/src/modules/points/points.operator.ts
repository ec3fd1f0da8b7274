import {
  GAME_TYPES,
  type PointsOperatorRedemption,
  type PointsOperatorRedemptionQuery,
  type PointsRedemption,
  type PointsRedemptionDecision,
  type PointsRules,
  type PointsRulesUpdate,
} from '@sorte/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { pointsSettings, type RedemptionRow, redemptionView } from './points.service.ts';

/**
 * The points mall's back office (issue 17 item 7): the redemption queue, the fulfilment of goods
 * (shipped → delivered, or cancelled with the points given back once and the unit back in stock),
 * and the rules (switches, conversion, rates per category). Callers audit in the same transaction.
 */

interface QueueRow extends RedemptionRow {
  currency: string | null;
  account: string;
  tracking_note: string | null;
  cancel_reason: string | null;
  shipped_at: Date | null;
  delivered_at: Date | null;
  cancelled_at: Date | null;
  updated_at: Date | null;
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

function queueView(r: QueueRow): PointsOperatorRedemption {
  return {
    ...redemptionView(r),
    currency: r.currency,
    account: r.account,
    trackingNote: r.tracking_note,
    cancelReason: r.cancel_reason,
    shippedAt: iso(r.shipped_at),
    deliveredAt: iso(r.delivered_at),
    cancelledAt: iso(r.cancelled_at),
    updatedAt: iso(r.updated_at),
  };
}

const QUEUE_SELECT = sql`
  select r.id, r.kind, r.item_id, i.names, r.points, r.cash_minor, r.currency, r.address, r.contact, r.status,
         r.created_at, m.account, r.tracking_note, r.cancel_reason, r.shipped_at, r.delivered_at,
         r.cancelled_at, r.updated_at
    from points_redemptions r
    join members m on m.id = r.member_id
    left join points_items i on i.id = r.item_id`;

/** The merchant's redemptions, newest first, of one status and/or one member's account. */
export async function operatorRedemptions(
  db: Db,
  merchantId: string,
  query: PointsOperatorRedemptionQuery,
): Promise<{ list: PointsOperatorRedemption[]; total: number }> {
  const where = sql.join(
    [
      sql`r.merchant_id = ${merchantId}`,
      ...(query.status ? [sql`r.status = ${query.status}`] : []),
      ...(query.account ? [sql`m.account = ${query.account}`] : []),
    ],
    sql` and `,
  );
  const offset = (query.pageNo - 1) * query.pageSize;
  const { rows } = await sql<QueueRow>`${QUEUE_SELECT} where ${where}
     order by r.id desc limit ${query.pageSize} offset ${offset}`.execute(db);
  const { rows: count } = await sql<{ total: bigint }>`
    select count(*)::bigint as total from points_redemptions r join members m on m.id = r.member_id
     where ${where}`.execute(db);
  return { list: rows.map(queueView), total: Number(count[0]?.total ?? 0n) };
}

/** Where a goods redemption may go from each status; delivered and cancelled are final. */
const NEXT: Partial<Record<PointsRedemption['status'], readonly PointsRedemption['status'][]>> = {
  processing: ['shipped', 'delivered', 'cancelled'],
  shipped: ['delivered', 'cancelled'],
};

export function canMove(from: PointsRedemption['status'], to: PointsRedemption['status']): boolean {
  return NEXT[from]?.includes(to) ?? false;
}

/** The points journal's key of a cancellation's refund: one per redemption, so at most once. */
export const refundKey = (redemptionId: bigint | number) => `refund:redemption:${redemptionId}`;

/**
 * Moves a goods redemption on, under its row lock (concurrent decisions take turns, and the later
 * ones see the status the first left): shipped with a tracking note, delivered, or cancelled with a
 * reason — the unit goes back to stock and the points back to the member through a `refund` entry
 * keyed by the redemption. Cash items and conversions are settled at once and never move.
 */
export async function decideRedemption(
  trx: Db,
  merchantId: string,
  id: number,
  decision: PointsRedemptionDecision,
): Promise<{ before: PointsOperatorRedemption; after: PointsOperatorRedemption }> {
  const { rows: locked } = await sql<{ id: bigint }>`
    select id from points_redemptions where id = ${id} and merchant_id = ${merchantId} for update`.execute(
    trx,
  );
  if (!locked[0]) throw new AppError('POINTS_REDEMPTION_NOT_FOUND');
  const before = await redemptionById(trx, id);
  if (before.kind !== 'goods') throw new AppError('POINTS_REDEMPTION_NOT_GOODS');
  if (!canMove(before.status, decision.decision)) throw new AppError('POINTS_REDEMPTION_STATE');
  if (decision.decision === 'shipped') {
    await sql`update points_redemptions set status = 'shipped', tracking_note = ${decision.trackingNote || null},
        shipped_at = now(), updated_at = now() where id = ${id}`.execute(trx);
  } else if (decision.decision === 'delivered') {
    await sql`update points_redemptions set status = 'delivered', delivered_at = now(), updated_at = now()
       where id = ${id}`.execute(trx);
  } else {
    await sql`update points_redemptions set status = 'cancelled', cancel_reason = ${decision.reason},
        cancelled_at = now(), updated_at = now() where id = ${id}`.execute(trx);
    await refund(trx, merchantId, id);
  }
  return { before, after: await redemptionById(trx, id) };
}

/** The unit back to stock and the points back to the member, once per redemption. */
async function refund(trx: Db, merchantId: string, id: number): Promise<void> {
  const { rows } = await sql<{ member_id: string; item_id: bigint; points: bigint }>`
    select member_id, item_id, points from points_redemptions where id = ${id}`.execute(trx);
  const r = rows[0]!;
  const { rows: entry } = await sql<{ id: bigint }>`
    insert into points_entries (merchant_id, member_id, delta, kind, idempotency_key, reference)
    values (${merchantId}, ${r.member_id}, ${r.points}, 'refund', ${refundKey(id)}, ${`redemption:${id}`})
    on conflict (merchant_id, idempotency_key) do nothing returning id`.execute(trx);
  if (entry.length === 0) return;
  await sql`update points_items set stock = stock + 1, redeemed = redeemed - 1 where id = ${r.item_id}`.execute(
    trx,
  );
  await sql`update points_accounts set balance = balance + ${r.points}, spent = spent - ${r.points},
      updated_at = now() where member_id = ${r.member_id}`.execute(trx);
}

async function redemptionById(db: Db, id: number): Promise<PointsOperatorRedemption> {
  const { rows } = await sql<QueueRow>`${QUEUE_SELECT} where r.id = ${id}`.execute(db);
  return queueView(rows[0]!);
}

/** A category without a rate shows this unit (one currency unit at two decimals) and 0 points. */
const DEFAULT_STAKE_UNIT_MINOR = 100;

/** The rules of the operator's own merchant, in its currency. */
export async function pointsRules(db: Db, merchantId: string): Promise<PointsRules> {
  const s = await pointsSettings(db, merchantId);
  const { rows: merchant } = await sql<{ currency: string }>`
    select currency from merchants where id = ${merchantId}`.execute(db);
  const currency = merchant[0]!.currency;
  const { rows } = await sql<{ category: string; stake_unit_minor: bigint; points_per_unit: bigint }>`
    select category, stake_unit_minor, points_per_unit from points_rates where merchant_id = ${merchantId}`.execute(
    db,
  );
  const stored = new Map(rows.map((r) => [r.category, r]));
  return {
    enabled: s.enabled,
    cashEnabled: s.cash_enabled,
    currency,
    convertPoints: Number(s.convert_points),
    convertCashMinor: Number(s.convert_cash_minor),
    convertMinPoints: Number(s.convert_min_points),
    whatsappContact: s.whatsapp_contact,
    zaloContact: s.zalo_contact,
    rates: GAME_TYPES.map((category) => {
      const r = stored.get(category);
      return {
        category,
        stakeUnitMinor: r ? Number(r.stake_unit_minor) : DEFAULT_STAKE_UNIT_MINOR,
        pointsPerUnit: r ? Number(r.points_per_unit) : 0,
      };
    }),
  };
}

/**
 * Saves what changed: the switches and the conversion (one row per merchant, created on the first
 * save with the defaults — cash off) and the rates given. A new rate applies to stake still to come.
 */
export async function updatePointsRules(
  trx: Db,
  merchantId: string,
  change: PointsRulesUpdate,
): Promise<void> {
  await sql`insert into points_settings (merchant_id) values (${merchantId}) on conflict do nothing`.execute(
    trx,
  );
  await sql`update points_settings set
      enabled = coalesce(${change.enabled ?? null}::boolean, enabled),
      cash_enabled = coalesce(${change.cashEnabled ?? null}::boolean, cash_enabled),
      convert_points = coalesce(${change.convertPoints ?? null}::bigint, convert_points),
      convert_cash_minor = coalesce(${change.convertCashMinor ?? null}::bigint, convert_cash_minor),
      convert_min_points = coalesce(${change.convertMinPoints ?? null}::bigint, convert_min_points),
      whatsapp_contact = case when ${change.whatsappContact !== undefined}::boolean
                              then ${change.whatsappContact ?? null} else whatsapp_contact end,
      zalo_contact = case when ${change.zaloContact !== undefined}::boolean
                          then ${change.zaloContact ?? null} else zalo_contact end,
      updated_at = now()
    where merchant_id = ${merchantId}`.execute(trx);
  for (const rate of change.rates)
    await sql`insert into points_rates (merchant_id, category, stake_unit_minor, points_per_unit)
      values (${merchantId}, ${rate.category}, ${rate.stakeUnitMinor}, ${rate.pointsPerUnit})
      on conflict (merchant_id, category) do update
        set stake_unit_minor = excluded.stake_unit_minor, points_per_unit = excluded.points_per_unit`.execute(
      trx,
    );
}
