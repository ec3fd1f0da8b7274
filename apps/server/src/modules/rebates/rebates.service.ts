import type {
  RebateCategory,
  RebateClaim,
  RebateClaimLine,
  RebateRates,
  RebateSummary,
} from '@sorte/contracts';
import { applyBasisPoints, isPlayCurrency } from '@sorte/money';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { payFromBonusPool, withLedgerTransaction } from '../ledger/index.ts';
import { RECORDS_TIME_ZONE } from '../records/index.ts';

/**
 * Manual rebates (issue 17 item 5): per game category, rate (basis points) × the valid stake not yet
 * rebated. Read from the daily rollups only (`bet_rollups_daily`, which hold real-money settled bets:
 * the free-play currencies never reach them, and the merchant's currency is asked for besides).
 *
 * The arithmetic, per category c with a rate switched on since day S_c:
 *   staked_c   = Σ valid stake of the member's rollup rows of c, days ≥ S_c, merchant currency
 *   rebated_c  = the counter (`rebate_progress`), 0 when it belongs to an earlier switch-on
 *   delta_c    = staked_c − rebated_c; a negative delta (voids after a claim) shows as 0 and is
 *                carried: the counter stays, so later stake first makes up the voided part
 *   amount_c   = ⌊delta_c × rate_c / 10,000⌋ (@sorte/money applyBasisPoints, exact bigint)
 * A claim pays Σ amount_c and moves the counter of each category that paid to staked_c, so the house
 * keeps less than one minor unit per category per claim; a category whose amount is 0 keeps its
 * counter (its stake waits for the next claim instead of being lost).
 *
 * A claim is one transaction under the member's row lock: the same key answers the first claim; a
 * claim with another key that finds less than the minimum (the usual case when 20 arrive at once:
 * the first paid everything) is refused with 409 REBATE_NOTHING_TO_CLAIM. The cash moves through the
 * ledger from the merchant's `bonus_pool` (the promotions' expense account) to the member's main
 * wallet, code 'rebate', keyed by the member and the claim's key.
 */

export interface RebateCaller {
  memberId: string;
  merchantId: string;
  currency: string;
}

const DEFAULT_MIN_CLAIM = 1n;
/** Claims shown with the summary. */
const LAST_CLAIMS = 5;

/** The rollups' day of `now`: a rate switched on counts the valid stake from that day. */
const today = sql`(now() at time zone ${RECORDS_TIME_ZONE}::text)::date`;

async function minClaim(db: Db, merchantId: string): Promise<bigint> {
  const { rows } = await sql<{ min_claim_minor: bigint }>`
    select min_claim_minor from rebate_settings where merchant_id = ${merchantId}`.execute(db);
  return rows[0]?.min_claim_minor ?? DEFAULT_MIN_CLAIM;
}

interface LineRow {
  category: string;
  rate_bp: number;
  since: string;
  staked: bigint;
  rebated: bigint;
}

export interface RebateLine {
  category: string;
  rateBp: bigint;
  since: string;
  staked: bigint;
  delta: bigint;
  amount: bigint;
}

/** One category's figures (pure: the rule above). */
export function rebateLine(category: string, rateBp: bigint, since: string, staked: bigint, rebated: bigint) {
  const delta = staked - rebated;
  const amount = delta > 0n ? applyBasisPoints(delta, rateBp) : 0n;
  return { category, rateBp, since, staked, delta, amount } satisfies RebateLine;
}

/** The member's lines for every category with a non-zero rate; read from the rollups only. */
export async function rebateLines(db: Db, caller: RebateCaller): Promise<RebateLine[]> {
  if (isPlayCurrency(caller.currency)) return [];
  const { rows } = await sql<LineRow>`
    select r.category, r.rate_bp, to_char(r.since, 'YYYY-MM-DD') as since,
      coalesce((select sum(b.valid_stake_minor) from bet_rollups_daily b
                 where b.merchant_id = r.merchant_id and b.member_id = ${caller.memberId}
                   and b.day >= r.since and b.category = r.category and b.currency = ${caller.currency}), 0)::bigint
        as staked,
      coalesce((select p.rebated_stake_minor from rebate_progress p
                 where p.member_id = ${caller.memberId} and p.category = r.category and p.since = r.since), 0)::bigint
        as rebated
    from rebate_rates r
    where r.merchant_id = ${caller.merchantId} and r.rate_bp > 0
    order by r.category`.execute(db);
  return rows.map((r) => rebateLine(r.category, BigInt(r.rate_bp), r.since, r.staked, r.rebated));
}

function categoryView(line: RebateLine): RebateCategory {
  return {
    category: line.category,
    rateBp: Number(line.rateBp),
    validStakeMinor: Number(line.delta > 0n ? line.delta : 0n),
    claimableMinor: Number(line.amount),
  };
}

interface ClaimRow {
  id: bigint;
  amount_minor: bigint;
  currency: string;
  lines: RebateClaimLine[];
  created_at: Date;
}

function claimView(r: ClaimRow): RebateClaim {
  return {
    id: Number(r.id),
    amountMinor: Number(r.amount_minor),
    currency: r.currency,
    lines: r.lines,
    createdAt: r.created_at.toISOString(),
  };
}

const CLAIM_SELECT = sql`select id, amount_minor, currency, lines, created_at from rebate_claims`;

export async function claimHistory(
  db: Db,
  memberId: string,
  page: { pageNo: number; pageSize: number },
): Promise<{ list: RebateClaim[]; total: number }> {
  const offset = (page.pageNo - 1) * page.pageSize;
  const { rows } = await sql<ClaimRow>`${CLAIM_SELECT}
    where member_id = ${memberId} order by id desc limit ${page.pageSize} offset ${offset}`.execute(db);
  const { rows: count } = await sql<{ total: bigint }>`
    select count(*)::bigint as total from rebate_claims where member_id = ${memberId}`.execute(db);
  return { list: rows.map(claimView), total: Number(count[0]?.total ?? 0n) };
}

export async function rebateSummary(db: Db, caller: RebateCaller): Promise<RebateSummary> {
  const lines = await rebateLines(db, caller);
  const { list } = await claimHistory(db, caller.memberId, { pageNo: 1, pageSize: LAST_CLAIMS });
  return {
    enabled: lines.length > 0,
    currency: caller.currency,
    minClaimMinor: Number(await minClaim(db, caller.merchantId)),
    categories: lines.map(categoryView),
    totalMinor: Number(lines.reduce((sum, l) => sum + l.amount, 0n)),
    lastClaims: list,
  };
}

/** Whether the merchant offers rebates at all (some rate above 0). */
export async function rebatesEnabled(db: Db, merchantId: string): Promise<boolean> {
  const { rows } =
    await sql`select 1 from rebate_rates where merchant_id = ${merchantId} and rate_bp > 0 limit 1`.execute(
      db,
    );
  return rows.length > 0;
}

/** Claims everything claimable now; see the module comment for the rules. */
export async function claimRebate(
  db: Db,
  caller: RebateCaller,
  idempotencyKey: string,
): Promise<RebateClaim> {
  if (isPlayCurrency(caller.currency)) throw new AppError('REBATE_DISABLED');
  return withLedgerTransaction(db, async (trx) => {
    const { rows: member } = await sql`select id from members
      where id = ${caller.memberId} and merchant_id = ${caller.merchantId} for update`.execute(trx);
    if (member.length === 0) throw new AppError('UNAUTHENTICATED');
    const { rows: twin } = await sql<ClaimRow>`${CLAIM_SELECT}
      where member_id = ${caller.memberId} and idempotency_key = ${idempotencyKey}`.execute(trx);
    if (twin[0]) return claimView(twin[0]);

    const lines = await rebateLines(trx, caller);
    if (lines.length === 0) throw new AppError('REBATE_DISABLED');
    const paying = lines.filter((l) => l.amount > 0n);
    const total = paying.reduce((sum, l) => sum + l.amount, 0n);
    if (total <= 0n || total < (await minClaim(trx, caller.merchantId)))
      throw new AppError('REBATE_NOTHING_TO_CLAIM');

    const created = await payFromBonusPool(trx, {
      merchantId: caller.merchantId,
      memberId: caller.memberId,
      idempotencyKey: `rebate:${caller.memberId}:${idempotencyKey}`,
      code: 'rebate',
      amountMinor: total,
      currency: caller.currency,
      metadata: { source: 'rebate' },
    });
    for (const l of paying)
      await sql`
        insert into rebate_progress (merchant_id, member_id, category, since, rebated_stake_minor)
        values (${caller.merchantId}, ${caller.memberId}, ${l.category}, ${l.since}::date, ${l.staked})
        on conflict (member_id, category) do update
          set since = excluded.since, rebated_stake_minor = excluded.rebated_stake_minor`.execute(trx);
    const claimLines: RebateClaimLine[] = paying.map((l) => ({
      category: l.category,
      rateBp: Number(l.rateBp),
      validStakeMinor: Number(l.delta),
      amountMinor: Number(l.amount),
    }));
    const { rows } = await sql<ClaimRow>`
      insert into rebate_claims (merchant_id, member_id, currency, amount_minor, lines, idempotency_key, transfer_id)
      values (${caller.merchantId}, ${caller.memberId}, ${caller.currency}, ${total},
        ${JSON.stringify(claimLines)}::jsonb, ${idempotencyKey}, ${created.id})
      returning id, amount_minor, currency, lines, created_at`.execute(trx);
    return claimView(rows[0]!);
  });
}

// ---------------------------------------------------------------- operators

export async function operatorRates(db: Db, merchantId: string): Promise<RebateRates> {
  const { rows } = await sql<{ category: string; rate_bp: number }>`
    select category, rate_bp from rebate_rates where merchant_id = ${merchantId} order by category`.execute(
    db,
  );
  return {
    minClaimMinor: Number(await minClaim(db, merchantId)),
    rates: rows.map((r) => ({
      category: r.category as RebateRates['rates'][number]['category'],
      rateBp: r.rate_bp,
    })),
  };
}

/**
 * Sets rates (categories left out keep theirs) and the minimum claim. A rate switched on from 0 (or
 * none) starts counting from today's rollup day: stake of earlier days never earns.
 */
export async function updateRates(
  db: Db,
  merchantId: string,
  change: { minClaimMinor?: number; rates: { category: string; rateBp: number }[] },
): Promise<void> {
  if (change.minClaimMinor !== undefined)
    await sql`insert into rebate_settings (merchant_id, min_claim_minor) values (${merchantId}, ${change.minClaimMinor})
      on conflict (merchant_id) do update set min_claim_minor = excluded.min_claim_minor, updated_at = now()`.execute(
      db,
    );
  for (const r of change.rates)
    await sql`
      insert into rebate_rates as x (merchant_id, category, rate_bp, since)
      values (${merchantId}, ${r.category}, ${r.rateBp}, ${today})
      on conflict (merchant_id, category) do update set
        rate_bp = excluded.rate_bp,
        since = case when x.rate_bp = 0 and excluded.rate_bp > 0 then excluded.since else x.since end,
        updated_at = now()`.execute(db);
}

/**
 * The rebates' invariants (beside the ledger's verify): each claim's amount is its lines' sum, and
 * its ledger transfer exists with that amount, code 'rebate', to the claiming member.
 */
export async function verifyRebates(db: Db): Promise<string[]> {
  const { rows } = await sql<{ id: bigint }>`
    select c.id from rebate_claims c
      left join ledger_transfers t on t.id = c.transfer_id and t.merchant_id = c.merchant_id
      left join ledger_accounts a on a.id = t.credit_account_id
     where t.id is null or t.amount_minor <> c.amount_minor or t.code <> 'rebate' or a.owner_id is distinct from c.member_id
        or c.amount_minor <> (select coalesce(sum((l ->> 'amountMinor')::bigint), 0) from jsonb_array_elements(c.lines) l)`.execute(
    db,
  );
  return rows.map((r) => `rebate claim ${r.id} differs from its lines or its ledger transfer`);
}
