import {
  type BoGgrReport,
  type BoGgrReportQuery,
  boGgrReport,
  boGgrReportQuery,
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

/**
 * Bonus cost per day, category and vendor: what NGR subtracts from GGR. Bonuses and rebates do not
 * exist yet, so it is 0 everywhere; when they do, their own rollup is joined here.
 */
const BONUS_COST_MINOR = 0n;

interface Row {
  day: string;
  category: string;
  vendor: string;
  currency: string;
  bets: bigint;
  stake: bigint;
  valid: bigint;
  payout: bigint;
}

function figures(r: Pick<Row, 'bets' | 'stake' | 'valid' | 'payout'>) {
  const ggr = r.stake - r.payout;
  // Minor units stay far below 2^53 (MAX_AMOUNT_MINOR), so the JSON numbers are exact.
  return {
    bets: Number(r.bets),
    stakeMinor: Number(r.stake),
    validStakeMinor: Number(r.valid),
    payoutMinor: Number(r.payout),
    ggrMinor: Number(ggr),
    bonusCostMinor: Number(BONUS_COST_MINOR),
    ngrMinor: Number(ggr - BONUS_COST_MINOR),
  };
}

/**
 * The merchant's GGR and NGR per day, category and vendor over a range of days, from the merchant
 * rollups (records.rollups.ts): one row per key and day, never the bets.
 */
export async function ggrReport(db: Db, merchantId: string, q: BoGgrReportQuery): Promise<BoGgrReport> {
  const days = (Date.parse(q.dateTo) - Date.parse(q.dateFrom)) / DAY_MS + 1;
  if (!(days >= 1)) throw new AppError('RECORDS_RANGE_INVALID');
  if (days > MAX_GGR_RANGE_DAYS)
    throw new AppError('RECORDS_RANGE_TOO_LONG', { maxDays: MAX_GGR_RANGE_DAYS });
  const { rows } = await sql<Row>`
    select to_char(day, 'YYYY-MM-DD') as day, category, vendor, currency,
      sum(bets)::bigint as bets, sum(stake_minor)::bigint as stake,
      sum(valid_stake_minor)::bigint as valid, sum(payout_minor)::bigint as payout
    from bet_rollups_merchant_daily
    where merchant_id = ${merchantId}::uuid and day between ${q.dateFrom}::date and ${q.dateTo}::date
      ${q.category ? sql`and category = ${q.category}::text` : sql``}
      ${q.vendor ? sql`and vendor = ${q.vendor}::text` : sql``}
    group by 1, 2, 3, 4
    having sum(bets) <> 0 or sum(stake_minor) <> 0 or sum(payout_minor) <> 0
    order by 1, 2, 3, 4`.execute(db);
  const totals = new Map<string, Pick<Row, 'bets' | 'stake' | 'valid' | 'payout'>>();
  for (const r of rows) {
    const sum = totals.get(r.currency) ?? { bets: 0n, stake: 0n, valid: 0n, payout: 0n };
    totals.set(r.currency, {
      bets: sum.bets + r.bets,
      stake: sum.stake + r.stake,
      valid: sum.valid + r.valid,
      payout: sum.payout + r.payout,
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
          'Gross and net gaming revenue per day (merchant time zone), category and vendor over a range of days, from the bet rollups (they trail the bets by about 200 ms); NGR = GGR − bonus cost (0 until bonuses exist)',
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
