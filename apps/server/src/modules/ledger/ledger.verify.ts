import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';

/** Each check reports at most this many offending rows: enough to investigate, bounded in size. */
const MAX_ROWS_PER_CHECK = 50;

export type InvariantCheck =
  | 'currency_sum_zero'
  | 'transfer_entries'
  | 'cached_balance'
  | 'member_not_negative'
  | 'cached_pending'
  | 'hold_resolution'
  | 'dangling_reference';

export interface Violation {
  check: InvariantCheck;
  detail: Record<string, string | number | null>;
}

export interface VerifyReport {
  ok: boolean;
  checkedAt: string;
  counts: { accounts: number; transfers: number; entries: number; openHolds: number };
  /** Sum of entries per currency: zero in a balanced ledger. */
  currencies: { currency: string; entries: number; sumMinor: string }[];
  violations: Violation[];
}

/**
 * Checks every ledger invariant on one consistent snapshot (REPEATABLE READ), so it can run on a live
 * database while money moves without reporting half-applied transfers that are in fact atomic.
 * With `merchantId`, only that merchant's accounts and transfers (an operator sees their own books,
 * not their neighbours' counts); without it, the whole database (the CLI, the tests).
 */
export async function verifyLedger(db: Db, options: { merchantId?: string } = {}): Promise<VerifyReport> {
  const only = (column: string): RawBuilder<unknown> =>
    options.merchantId ? sql`${sql.ref(column)} = ${options.merchantId}::uuid` : sql`true`;
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const violations: Violation[] = [];
      const currencies = await currencyTotals(trx, only);
      for (const c of currencies)
        if (c.sumMinor !== '0')
          violations.push({
            check: 'currency_sum_zero',
            detail: { currency: c.currency, sumMinor: c.sumMinor },
          });
      for (const query of CHECKS) violations.push(...(await query(trx, only)));
      const counts = await countRows(trx, only);
      return {
        ok: violations.length === 0,
        checkedAt: new Date().toISOString(),
        counts,
        currencies,
        violations,
      };
    });
}

async function currencyTotals(db: Db, only: Scope) {
  const { rows } = await sql<{ currency: string; entries: bigint; sum_minor: bigint }>`
    select a.currency, count(*) as entries, sum(e.amount_minor)::bigint as sum_minor
    from ledger_entries e join ledger_accounts a on a.id = e.account_id
    where ${only('a.merchant_id')}
    group by a.currency order by a.currency`.execute(db);
  return rows.map((r) => ({
    currency: r.currency,
    entries: Number(r.entries),
    sumMinor: String(r.sum_minor),
  }));
}

async function countRows(db: Db, only: Scope) {
  const { rows } = await sql<{ accounts: bigint; transfers: bigint; entries: bigint; open_holds: bigint }>`
    select (select count(*) from ledger_accounts a where ${only('a.merchant_id')}) as accounts,
      (select count(*) from ledger_transfers t where ${only('t.merchant_id')}) as transfers,
      (select count(*) from ledger_entries e join ledger_accounts a on a.id = e.account_id where ${only('a.merchant_id')}) as entries,
      (select count(*) from ledger_transfers h where h.status = 'pending' and ${only('h.merchant_id')}
        and not exists (select 1 from ledger_transfers r where r.pending_id = h.id)) as open_holds`.execute(
    db,
  );
  const r = rows[0]!;
  return {
    accounts: Number(r.accounts),
    transfers: Number(r.transfers),
    entries: Number(r.entries),
    openHolds: Number(r.open_holds),
  };
}

/** Narrows a check to one merchant: a condition on the named merchant_id column (or `true`). */
type Scope = (column: string) => RawBuilder<unknown>;
type Check = (db: Db, only: Scope) => Promise<Violation[]>;

function rowsAs(check: InvariantCheck, rows: Record<string, unknown>[]): Violation[] {
  return rows.map((row) => ({
    check,
    detail: Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, v === null ? null : typeof v === 'number' ? v : String(v)]),
    ),
  }));
}

/** A posted transfer has exactly its two legs (−amount on the debit account, +amount on the credit); holds and voids have none. */
const transferEntries: Check = async (db, only) => {
  const { rows } = await sql<Record<string, unknown>>`
    select t.id as transfer_id, t.status, count(e.id) as entries, coalesce(sum(e.amount_minor), 0) as sum_minor
    from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
    where ${only('t.merchant_id')}
    group by t.id
    having (t.status = 'posted' and (count(e.id) <> 2
        or coalesce(sum(e.amount_minor) filter (where e.account_id = t.debit_account_id), 0) <> -t.amount_minor
        or coalesce(sum(e.amount_minor) filter (where e.account_id = t.credit_account_id), 0) <> t.amount_minor))
      or (t.status <> 'posted' and count(e.id) <> 0)
    order by t.id limit ${MAX_ROWS_PER_CHECK}`.execute(db);
  return rowsAs('transfer_entries', rows);
};

const cachedBalance: Check = async (db, only) => {
  const { rows } = await sql<Record<string, unknown>>`
    select a.id as account_id, a.kind, a.balance_minor as cached_minor, coalesce(s.total, 0) as entries_minor
    from ledger_accounts a
    left join (select account_id, sum(amount_minor) as total from ledger_entries group by account_id) s on s.account_id = a.id
    where a.balance_minor <> coalesce(s.total, 0) and ${only('a.merchant_id')}
    order by a.id limit ${MAX_ROWS_PER_CHECK}`.execute(db);
  return rowsAs('cached_balance', rows);
};

const memberNotNegative: Check = async (db, only) => {
  const { rows } = await sql<Record<string, unknown>>`
    select id as account_id, owner_id, kind, balance_minor, pending_minor from ledger_accounts
    where owner_type = 'member' and (balance_minor < 0 or balance_minor - pending_minor < 0 or allow_negative)
      and ${only('merchant_id')}
    order by id limit ${MAX_ROWS_PER_CHECK}`.execute(db);
  return rowsAs('member_not_negative', rows);
};

/** The reserved amount cached on each account equals the sum of its open (unresolved) holds. */
const cachedPending: Check = async (db, only) => {
  const { rows } = await sql<Record<string, unknown>>`
    select a.id as account_id, a.pending_minor as cached_minor, coalesce(o.total, 0) as open_holds_minor
    from ledger_accounts a
    left join (
      select h.debit_account_id as account_id, sum(h.amount_minor) as total
      from ledger_transfers h
      where h.status = 'pending' and not exists (select 1 from ledger_transfers r where r.pending_id = h.id)
      group by h.debit_account_id
    ) o on o.account_id = a.id
    where a.pending_minor <> coalesce(o.total, 0) and ${only('a.merchant_id')}
    order by a.id limit ${MAX_ROWS_PER_CHECK}`.execute(db);
  return rowsAs('cached_pending', rows);
};

/** Every post or void names a hold, copies its accounts and amount, and no hold is resolved twice. */
const holdResolution: Check = async (db, only) => {
  const { rows } = await sql<Record<string, unknown>>`
    select r.id as transfer_id, r.pending_id, 'mismatch' as problem
    from ledger_transfers r left join ledger_transfers h on h.id = r.pending_id
    where r.pending_id is not null and ${only('r.merchant_id')} and (h.id is null or h.status <> 'pending' or h.amount_minor <> r.amount_minor
      or h.debit_account_id <> r.debit_account_id or h.credit_account_id <> r.credit_account_id)
    union all
    select null, pending_id, 'resolved_twice' from ledger_transfers
    where pending_id is not null and ${only('merchant_id')} group by pending_id having count(*) > 1
    limit ${MAX_ROWS_PER_CHECK}`.execute(db);
  return rowsAs('hold_resolution', rows);
};

/**
 * Every entry names an existing transfer and account, and every transfer existing accounts of its
 * own merchant and currency. The hot-path tables carry no foreign keys (migration 0014 measured
 * them at half the batch throughput); the posting functions only write ids of accounts they have
 * locked and checked, and this check proves it after the fact.
 */
const danglingReference: Check = async (db, only) => {
  const { rows } = await sql<Record<string, unknown>>`
    select e.id as entry_id, null::bigint as transfer_id, 'entry_without_transfer' as problem
    from ledger_entries e left join ledger_accounts a on a.id = e.account_id
    where ${only('a.merchant_id')} and not exists (select 1 from ledger_transfers t where t.id = e.transfer_id)
    union all
    select e.id, e.transfer_id, 'entry_without_account'
    from ledger_entries e left join ledger_transfers t on t.id = e.transfer_id
    where ${only('t.merchant_id')} and not exists (select 1 from ledger_accounts a where a.id = e.account_id)
    union all
    select null, t.id, 'transfer_account_mismatch'
    from ledger_transfers t
    left join ledger_accounts d on d.id = t.debit_account_id
    left join ledger_accounts c on c.id = t.credit_account_id
    where ${only('t.merchant_id')} and (d.id is null or c.id is null or d.merchant_id <> t.merchant_id or c.merchant_id <> t.merchant_id
      or d.currency <> t.currency or c.currency <> t.currency)
    limit ${MAX_ROWS_PER_CHECK}`.execute(db);
  return rowsAs('dangling_reference', rows);
};

const CHECKS: Check[] = [
  transferEntries,
  cachedBalance,
  memberNotNegative,
  cachedPending,
  holdResolution,
  danglingReference,
];
