import {
  type BoGgrReport,
  type BoGgrReportQuery,
  boGgrReport,
  boGgrReportQuery,
  type GgrCostKind,
  MAX_GGR_RANGE_DAYS,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireOperator } from '../backoffice/index.ts';
import { ROLLUPS_TIME_ZONE } from './records.rollups.ts';

const DAY_MS = 86_400_000;

interface Row {
  day: string;
  category: string;
  vendor: string;
  currency: string;
  bets: bigint;
  stake: bigint;
  valid: bigint;
  payout: bigint;
  /** What NGR subtracts from GGR: what the house paid besides winnings (cost rows only). */
  bonus: bigint;
  cost: GgrCostKind | null;
}

type Figures = Pick<Row, 'bets' | 'stake' | 'valid' | 'payout' | 'bonus'>;

function figures(r: Figures) {
  const ggr = r.stake - r.payout;
  // Minor units stay far below 2^53 (MAX_AMOUNT_MINOR), so the JSON numbers are exact.
  return {
    bets: Number(r.bets),
    stakeMinor: Number(r.stake),
    validStakeMinor: Number(r.valid),
    payoutMinor: Number(r.payout),
    ggrMinor: Number(ggr),
    bonusCostMinor: Number(r.bonus),
    ngrMinor: Number(ggr - r.bonus),
  };
}

/** The day (the rollups' time zone) of a timestamp column, and the report's range on it. */
const dayOf = (column: ReturnType<typeof sql.ref>) =>
  sql<string>`to_char((${column} at time zone ${ROLLUPS_TIME_ZONE}::text)::date, 'YYYY-MM-DD')`;
const inRange = (column: ReturnType<typeof sql.ref>, q: BoGgrReportQuery) =>
  sql`${column} >= (${q.dateFrom}::date)::timestamp at time zone ${ROLLUPS_TIME_ZONE}::text
      and ${column} < (${q.dateTo}::date + 1)::timestamp at time zone ${ROLLUPS_TIME_ZONE}::text`;

/** A cost row: no bets, no vendor, what was paid as bonus cost. */
function costRow(day: string, category: string, currency: string, paid: bigint, cost: GgrCostKind): Row {
  return {
    day,
    category,
    vendor: '',
    currency,
    bets: 0n,
    stake: 0n,
    valid: 0n,
    payout: 0n,
    bonus: paid,
    cost,
  };
}

/**
 * Rebates paid per day (the rollups' time zone), category and currency: the claims' per-category
 * lines, read through `rebate_claims_merchant_time` (a claim is rare next to the bets it rebates, so
 * no rollup of its own). A rebate belongs to a category, not to a vendor: the report shows it on a
 * row of its own with the vendor left empty, and a report narrowed to one vendor has none.
 */
async function rebateCost(db: Db, merchantId: string, q: BoGgrReportQuery): Promise<Row[]> {
  if (q.vendor) return [];
  const created = sql.ref('c.created_at');
  const { rows } = await sql<{ day: string; category: string; currency: string; cost: bigint }>`
    select ${dayOf(created)} as day, l.category, c.currency, sum(l."amountMinor")::bigint as cost
    from rebate_claims c
    cross join lateral jsonb_to_recordset(c.lines) as l(category text, "amountMinor" bigint)
    where c.merchant_id = ${merchantId}::uuid and ${inRange(created, q)}
      ${q.category ? sql`and l.category = ${q.category}::text` : sql``}
    group by 1, 2, 3
    having sum(l."amountMinor") <> 0`.execute(db);
  return rows.map((r) => costRow(r.day, r.category, r.currency, BigInt(r.cost), 'rebate'));
}

/** Reward-centre payouts by the reward's source: VIP rebates, raffle prizes, the rest (promotions, missions). */
const REWARD_COST: Record<string, GgrCostKind> = { vip_rebate: 'vip_rebate', raffle: 'raffle' };

/**
 * The other money the house pays players, per day and currency, read from the ledger transfers that
 * paid it (exact to the minor unit): bonuses converted to cash (the `bonus:<id>:convert` transfer of
 * each completed bonus, and the bonus shares of bets settled after it, which stayed cash with no move
 * of their own: `bonus_late_cash`, dated by its row) and reward-centre rewards claimed (VIP rebates, raffle prizes and the rest;
 * the claim's transfer), dated by the transfer. Neither belongs to a category or a vendor: rows with
 * both empty, left out of a report narrowed to either. Both are reached through their own rows
 * (member_bonuses, member_rewards: one per grant or reward), then the transfer by its key or id.
 */
async function payoutCost(db: Db, merchantId: string, q: BoGgrReportQuery): Promise<Row[]> {
  if (q.vendor || q.category) return [];
  const created = sql.ref('t.created_at');
  const late = sql.ref('l.created_at');
  const { rows } = await sql<{ day: string; kind: string; currency: string; cost: bigint }>`
    select ${dayOf(created)} as day, 'bonus' as kind, t.currency, sum(t.amount_minor)::bigint as cost
      from member_bonuses b
      join ledger_transfers t on t.merchant_id = b.merchant_id and t.idempotency_key = 'bonus:' || b.id::text || ':convert'
     where b.merchant_id = ${merchantId}::uuid and b.status = 'completed' and t.status = 'posted'
       and ${inRange(created, q)}
     group by 1, 2, 3
    union all
    select ${dayOf(late)} as day, 'bonus' as kind, l.currency, sum(l.amount_minor)::bigint as cost
      from bonus_late_cash l
     where l.merchant_id = ${merchantId}::uuid and ${inRange(late, q)}
     group by 1, 2, 3
    union all
    select ${dayOf(created)} as day, r.source as kind, t.currency, sum(t.amount_minor)::bigint as cost
      from member_rewards r
      join ledger_transfers t on t.id = r.transfer_id and t.merchant_id = r.merchant_id
     where r.merchant_id = ${merchantId}::uuid and r.status = 'claimed' and t.status = 'posted'
       and ${inRange(created, q)}
     group by 1, 2, 3`.execute(db);
  const summed = new Map<string, Row>();
  for (const r of rows) {
    const cost: GgrCostKind = r.kind === 'bonus' ? 'bonus' : (REWARD_COST[r.kind] ?? 'reward');
    const key = `${r.day}|${cost}|${r.currency}`;
    const paid = (summed.get(key)?.bonus ?? 0n) + BigInt(r.cost);
    summed.set(key, costRow(r.day, '', r.currency, paid, cost));
  }
  return [...summed.values()];
}

const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const byKey = (a: Row, b: Row) =>
  compare(a.day, b.day) ||
  compare(a.category, b.category) ||
  compare(a.vendor, b.vendor) ||
  compare(a.cost ?? '', b.cost ?? '') ||
  compare(a.currency, b.currency);

/**
 * The merchant's GGR and NGR per day, category and vendor over a range of days, from the merchant
 * rollups (records.rollups.ts): one row per key and day, never the bets.
 */
export async function ggrReport(db: Db, merchantId: string, q: BoGgrReportQuery): Promise<BoGgrReport> {
  const days = (Date.parse(q.dateTo) - Date.parse(q.dateFrom)) / DAY_MS + 1;
  if (!(days >= 1)) throw new AppError('RECORDS_RANGE_INVALID');
  if (days > MAX_GGR_RANGE_DAYS)
    throw new AppError('RECORDS_RANGE_TOO_LONG', { maxDays: MAX_GGR_RANGE_DAYS });
  const { rows: betRows } = await sql<Row>`
    select to_char(day, 'YYYY-MM-DD') as day, category, vendor, currency,
      sum(bets)::bigint as bets, sum(stake_minor)::bigint as stake,
      sum(valid_stake_minor)::bigint as valid, sum(payout_minor)::bigint as payout, 0::bigint as bonus,
      null as cost
    from bet_rollups_merchant_daily
    where merchant_id = ${merchantId}::uuid and day between ${q.dateFrom}::date and ${q.dateTo}::date
      ${q.category ? sql`and category = ${q.category}::text` : sql``}
      ${q.vendor ? sql`and vendor = ${q.vendor}::text` : sql``}
    group by 1, 2, 3, 4
    having sum(bets) <> 0 or sum(stake_minor) <> 0 or sum(payout_minor) <> 0
    order by 1, 2, 3, 4`.execute(db);
  // Days, then category, vendor, cost and currency (codes and ISO days), the costs' rows among the bets'.
  const rows = [
    ...betRows,
    ...(await rebateCost(db, merchantId, q)),
    ...(await payoutCost(db, merchantId, q)),
  ].sort(byKey);
  const totals = new Map<string, Figures>();
  for (const r of rows) {
    const sum = totals.get(r.currency) ?? { bets: 0n, stake: 0n, valid: 0n, payout: 0n, bonus: 0n };
    totals.set(r.currency, {
      bets: sum.bets + r.bets,
      stake: sum.stake + r.stake,
      valid: sum.valid + r.valid,
      payout: sum.payout + r.payout,
      bonus: sum.bonus + r.bonus,
    });
  }
  return {
    dateFrom: q.dateFrom,
    dateTo: q.dateTo,
    timeZone: ROLLUPS_TIME_ZONE,
    rows: rows.map((r) => ({
      day: r.day,
      category: r.category,
      vendor: r.vendor,
      currency: r.currency,
      cost: r.cost,
      ...figures(r),
    })),
    totals: [...totals].map(([currency, sum]) => ({ currency, ...figures(sum) })),
  };
}

/** The back office's GGR / NGR report: finance and auditors (the ledger check's permission). */
export function registerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/bo/reports/ggr',
    {
      schema: doc({
        querystring: boGgrReportQuery,
        response: boGgrReport,
        summary:
          'Gross and net gaming revenue per day (merchant time zone), category and vendor over a range of days, from the bet rollups (they trail the bets by about 200 ms); NGR = GGR − bonus cost (manual rebates per category, bonuses converted to cash, VIP rebates, raffle prizes and reward-centre payouts, from their ledger transfers; on rows of their own with an empty vendor and their `cost`)',
        tags: ['reports'],
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'ledger.verify');
      const query = parseInput(boGgrReportQuery, request.query);
      return { success: true, value: await ggrReport(ctx.db, operator.merchantId, query) };
    },
  );
}
