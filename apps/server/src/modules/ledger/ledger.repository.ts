import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { LedgerAccountsTable, LedgerTransfersTable } from './ledger.tables.ts';

/** The columns the ledger reads back; derived from the table so the two cannot drift apart. */
export type AccountRow = Omit<Selectable<LedgerAccountsTable>, 'version' | 'created_at'>;

export type TransferRow = Selectable<LedgerTransfersTable>;

export interface NewAccount {
  merchant_id: string;
  owner_type: 'member' | 'system';
  owner_id: string | null;
  kind: string;
  currency: string;
  shard: number;
  allow_negative: boolean;
}

export interface TransferParams {
  merchantId: string;
  idempotencyKey: string;
  code: string;
  debitAccountId: bigint;
  creditAccountId: bigint;
  amountMinor: bigint;
  currency: string;
  metadata: Record<string, unknown>;
}

export type PostOutcome = 'ok' | 'not_found' | 'currency' | 'insufficient';

const ACCOUNT_COLUMNS = [
  'id',
  'merchant_id',
  'owner_type',
  'owner_id',
  'kind',
  'currency',
  'shard',
  'balance_minor',
  'pending_minor',
  'allow_negative',
] as const;

/** Creates the accounts that do not exist yet; existing ones (same owner, kind, currency, shard) are left alone. */
export async function insertAccounts(db: Db, rows: NewAccount[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('ledger_accounts')
    .values(rows)
    .onConflict((oc) => oc.constraint('ledger_accounts_owner').doNothing())
    .execute();
}

export async function findMemberAccounts(db: Db, memberId: string, currency: string): Promise<AccountRow[]> {
  return db
    .selectFrom('ledger_accounts')
    .select(ACCOUNT_COLUMNS)
    .where('owner_id', '=', memberId)
    .where('currency', '=', currency)
    .orderBy('id')
    .limit(100)
    .execute();
}

/** The accounts of one kind and currency of many members of a merchant (bounded by the caller's list). */
export async function findAccountsOfMembers(
  db: Db,
  merchantId: string,
  kind: string,
  currency: string,
  memberIds: string[],
): Promise<{ id: bigint; owner_id: string | null }[]> {
  if (!memberIds.length) return [];
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'owner_id'])
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .where('owner_id', 'in', memberIds)
    .execute();
}

export async function findSystemAccount(
  db: Db,
  key: Omit<NewAccount, 'owner_type' | 'owner_id' | 'allow_negative'>,
) {
  return db
    .selectFrom('ledger_accounts')
    .select(ACCOUNT_COLUMNS)
    .where('merchant_id', '=', key.merchant_id)
    .where('owner_type', '=', 'system')
    .where('owner_id', 'is', null)
    .where('kind', '=', key.kind)
    .where('currency', '=', key.currency)
    .where('shard', '=', key.shard)
    .executeTakeFirst();
}

export async function findAccountById(db: Db, id: bigint): Promise<AccountRow | undefined> {
  return db.selectFrom('ledger_accounts').select(ACCOUNT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findTransferByKey(
  db: Db,
  merchantId: string,
  key: string,
): Promise<TransferRow | undefined> {
  const { rows } = await sql<TransferRow>`select * from ledger_transfers
    where merchant_id = ${merchantId}::uuid and idempotency_key = ${key}`.execute(db);
  return rows[0];
}

export async function findTransferById(
  db: Db,
  merchantId: string,
  id: bigint,
): Promise<TransferRow | undefined> {
  const { rows } = await sql<TransferRow>`select * from ledger_transfers
    where merchant_id = ${merchantId}::uuid and id = ${id}::bigint`.execute(db);
  return rows[0];
}

export async function findResolution(db: Db, holdId: bigint): Promise<TransferRow | undefined> {
  const { rows } =
    await sql<TransferRow>`select * from ledger_transfers where pending_id = ${holdId}::bigint`.execute(db);
  return rows[0];
}

/**
 * Locks accounts in ascending id order. Every writer takes its row locks in this one global order
 * (single transfers inside their statement, batches up front), so writers can wait on each other but
 * never deadlock.
 */
export async function lockAccounts(db: Db, ids: bigint[]): Promise<void> {
  if (!ids.length) return;
  await sql`select id from ledger_accounts where id = any(${ids.map(String)}::bigint[]) order by id for update`.execute(
    db,
  );
}

/**
 * Posts a transfer (or places a hold) in ONE statement, so on the pool it is one round trip:
 * lock both accounts in id order → check merchant, currency and spendable funds on the locked rows →
 * insert the transfer (a duplicate idempotency key inserts nothing) → move the balances → write the
 * two entries. Every write is gated on the check that precedes it, so a refusal writes nothing and
 * does not abort the surrounding transaction — which is what lets a batch continue past it without
 * a savepoint. The CHECK on ledger_accounts stays as the database's own backstop.
 */
export async function postTransfer(
  db: Db,
  p: TransferParams,
  status: 'posted' | 'pending',
): Promise<{ outcome: PostOutcome; row: TransferRow | null }> {
  const { rows } = await transferStatement(p, status).execute(db);
  const first = rows[0];
  return { outcome: first?.outcome ?? 'not_found', row: rowOrNull(first) };
}

/** The statement of postTransfer, on its own so its plan can be inspected. */
export function transferStatement(p: TransferParams, status: 'posted' | 'pending') {
  const d = sql`${p.debitAccountId}::bigint`;
  const c = sql`${p.creditAccountId}::bigint`;
  const amt = sql`${p.amountMinor}::bigint`;
  return sql<{ outcome: PostOutcome } & Nullable<TransferRow>>`
    with acc as (
      select id, merchant_id, currency, allow_negative, balance_minor - pending_minor as available
      from ledger_accounts where id in (${d}, ${c}) order by id for update
    ),
    chk as (
      select case
        when (select count(*) from acc where merchant_id = ${p.merchantId}::uuid) < 2 then 'not_found'
        when exists (select 1 from acc where currency <> ${p.currency}::text) then 'currency'
        when not exists (select 1 from acc where id = ${d} and (allow_negative or available >= ${amt})) then 'insufficient'
        else 'ok' end as outcome
    ),
    ins as (
      insert into ledger_transfers (merchant_id, idempotency_key, code, debit_account_id, credit_account_id, amount_minor, currency, status, metadata)
      select ${p.merchantId}::uuid, ${p.idempotencyKey}::text, ${p.code}::text, ${d}, ${c}, ${amt}, ${p.currency}::text, ${status}::text, ${JSON.stringify(p.metadata)}::jsonb
      from chk where outcome = 'ok'
      on conflict (merchant_id, idempotency_key) do nothing
      returning *
    ),
    upd as (
      update ledger_accounts a set ${balanceMove(status, d, amt)}, version = a.version + 1
      from ins where a.id in (${d}, ${status === 'posted' ? c : d})
      returning a.id
    ),
    ent as (
      insert into ledger_entries (transfer_id, account_id, amount_minor, created_at)
      select ins.id, v.account_id, v.amount_minor, ins.created_at
      from ins cross join (values (${d}, -${amt}), (${c}, ${amt})) v(account_id, amount_minor)
      where ${status === 'posted'}
    )
    select chk.outcome, ins.*, (select count(*) from upd) as moved from chk left join ins on true`;
}

/** A posted transfer moves balances; a hold only reserves on the debit side. */
function balanceMove(status: 'posted' | 'pending', d: RawBuilder<unknown>, amt: RawBuilder<unknown>) {
  if (status === 'pending') return sql`pending_minor = a.pending_minor + ${amt}`;
  return sql`balance_minor = a.balance_minor + case when a.id = ${d} then -${amt} else ${amt} end`;
}

/**
 * Resolves a hold by inserting its post or void as a new transfer naming it (pending_id). The unique
 * index on pending_id admits exactly one resolution, whatever races; the loser inserts nothing.
 * A post moves the held amount from reserved to spent and writes the entries; a void only releases it.
 */
export async function resolveHold(
  db: Db,
  merchantId: string,
  holdId: bigint,
  status: 'posted' | 'voided',
  key: string,
): Promise<{ found: boolean; row: TransferRow | null }> {
  const posted = status === 'posted';
  const { rows } = await sql<{ found: boolean } & Nullable<TransferRow>>`
    with h as (
      select * from ledger_transfers
      where id = ${holdId}::bigint and merchant_id = ${merchantId}::uuid and status = 'pending'
    ),
    acc as (
      select id from ledger_accounts
      where id in (select debit_account_id from h union all select credit_account_id from h)
      order by id for update
    ),
    ins as (
      insert into ledger_transfers (merchant_id, idempotency_key, code, debit_account_id, credit_account_id, amount_minor, currency, status, pending_id, metadata)
      select h.merchant_id, ${key}::text, h.code, h.debit_account_id, h.credit_account_id, h.amount_minor, h.currency, ${status}::text, h.id, h.metadata
      from h where (select count(*) from acc) > 0
      on conflict do nothing
      returning *
    ),
    upd as (
      update ledger_accounts a set
        pending_minor = a.pending_minor - case when a.id = ins.debit_account_id then ins.amount_minor else 0 end,
        balance_minor = a.balance_minor + case when not ${posted} then 0 when a.id = ins.debit_account_id then -ins.amount_minor else ins.amount_minor end,
        version = a.version + 1
      from ins where a.id = ins.debit_account_id or (${posted} and a.id = ins.credit_account_id)
      returning a.id
    ),
    ent as (
      insert into ledger_entries (transfer_id, account_id, amount_minor, created_at)
      select ins.id, v.account_id, v.amount_minor, ins.created_at
      from ins cross join lateral (values (ins.debit_account_id, -ins.amount_minor), (ins.credit_account_id, ins.amount_minor)) v(account_id, amount_minor)
      where ${posted}
    )
    select exists (select 1 from h) as found, ins.*, (select count(*) from upd) as moved
    from (select 1) as one left join ins on true`.execute(db);
  const first = rows[0];
  return { found: Boolean(first?.found), row: rowOrNull(first) };
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** The statement's result row carries the inserted transfer's columns, all null when nothing was inserted. */
function rowOrNull(r: Nullable<TransferRow> | undefined): TransferRow | null {
  if (!r || r.id === null) return null;
  return {
    id: r.id,
    merchant_id: r.merchant_id as string,
    idempotency_key: r.idempotency_key as string,
    code: r.code as string,
    debit_account_id: r.debit_account_id as bigint,
    credit_account_id: r.credit_account_id as bigint,
    amount_minor: r.amount_minor as bigint,
    currency: r.currency as string,
    status: r.status as TransferRow['status'],
    pending_id: r.pending_id,
    metadata: r.metadata ?? {},
    created_at: r.created_at as Date,
  };
}

export type BatchOutcome = PostOutcome | 'duplicate';

/**
 * One round trip whatever happens: ledger_post_batch_auto (migration 0013) runs the set-based
 * function and, in its two edge cases, the per-item one — inside or outside a caller's transaction.
 */
export async function postBatch(
  db: Db,
  merchantId: string,
  items: TransferParams[],
): Promise<BatchOutcomeRow[]> {
  const { rows } = await sql<BatchRow>`
    select o_idx, o_outcome, o_transfer_id, o_debit_spendable, o_created_at from ledger_post_batch_auto(
      ${merchantId}::uuid,
      ${items.map((p) => p.idempotencyKey)}::text[],
      ${items.map((p) => p.code)}::text[],
      ${items.map((p) => String(p.debitAccountId))}::bigint[],
      ${items.map((p) => String(p.creditAccountId))}::bigint[],
      ${items.map((p) => String(p.amountMinor))}::bigint[],
      ${items.map((p) => p.currency)}::text[],
      ${JSON.stringify(items.map((p) => p.metadata))}::jsonb)`.execute(db);
  return batchOutcomes(items, rows);
}

export interface BatchOutcomeRow {
  outcome: BatchOutcome;
  transferId: bigint | null;
  /** The debit account's spendable balance after the item (set-based path only; null otherwise). */
  debitSpendableMinor: bigint | null;
  /** When a new transfer was written (its row's created_at); null when not reported. */
  createdAt: Date | null;
}

type BatchRow = {
  o_idx: number;
  o_outcome: BatchOutcome | null;
  o_transfer_id: bigint | null;
  o_debit_spendable?: bigint | null;
  o_created_at?: Date | null;
};

function batchOutcomes(items: TransferParams[], rows: BatchRow[]): BatchOutcomeRow[] {
  const results: BatchOutcomeRow[] = items.map(() => ({
    outcome: 'not_found',
    transferId: null,
    debitSpendableMinor: null,
    createdAt: null,
  }));
  for (const r of rows)
    results[r.o_idx] = {
      outcome: r.o_outcome ?? 'not_found',
      transferId: r.o_transfer_id,
      debitSpendableMinor: r.o_debit_spendable ?? null,
      createdAt: r.o_created_at ?? null,
    };
  return results;
}

export async function findTransfersByIds(db: Db, ids: bigint[]): Promise<TransferRow[]> {
  if (!ids.length) return [];
  const { rows } =
    await sql<TransferRow>`select * from ledger_transfers where id = any(${ids.map(String)}::bigint[])`.execute(
      db,
    );
  return rows;
}

/**
 * Locks these ledger accounts in id order and answers their spendable balances. A batch that locks
 * every account its transfers touch (its house account included) in this one ordered pass, as the
 * ledger's own batch would lock them, never holds one while waiting for another.
 */
export async function lockSpendable(db: Db, accountIds: bigint[]): Promise<Map<bigint, bigint>> {
  const { rows } = await sql<{ id: bigint; spendable: bigint }>`
    select id, balance_minor - pending_minor as spendable
      from ledger_accounts
     where id = any(${accountIds.map(String)}::bigint[])
     order by id
       for update`.execute(db);
  return new Map(rows.map((r) => [r.id, r.spendable]));
}
