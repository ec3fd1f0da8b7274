import { type Kysely, sql } from 'kysely';

/**
 * The double-entry ledger (ARCHITECTURE §4, modules/ledger). Accounts carry a cached balance and the
 * amount reserved by open holds; transfers are immutable, idempotent by (merchant, key); entries are
 * the two signed legs of every posted transfer and are never updated or deleted.
 *
 * A hold is a transfer with status 'pending'. It is resolved by a second transfer (status 'posted'
 * or 'voided') whose pending_id names it; the unique index on pending_id is what makes "post or void,
 * exactly once" hold under any concurrency — the hold row itself never changes.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `create table ledger_accounts (
    id bigint generated always as identity primary key,
    merchant_id uuid not null references merchants(id),
    owner_type text not null check (owner_type in ('member', 'system')),
    owner_id uuid references members(id),
    kind text not null check (kind ~ '^[a-z_]+(:[a-z0-9_-]+)?$'),
    currency text not null check (currency ~ '^[A-Z]{3,5}$'),
    shard smallint not null default 0 check (shard >= 0 and shard < 256),
    balance_minor bigint not null default 0,
    pending_minor bigint not null default 0 check (pending_minor >= 0),
    allow_negative boolean not null default false,
    version bigint not null default 0,
    created_at timestamptz not null default now(),
    check ((owner_type = 'member') = (owner_id is not null)),
    -- A player's money can only ever go negative through a bug; the database refuses it as well.
    check (owner_type = 'system' or not allow_negative),
    check (allow_negative or balance_minor - pending_minor >= 0),
    constraint ledger_accounts_owner unique nulls not distinct (merchant_id, owner_type, owner_id, kind, currency, shard)
  )`,
  `create index ledger_accounts_member on ledger_accounts (owner_id) where owner_id is not null`,
  `create table ledger_transfers (
    id bigint generated always as identity primary key,
    merchant_id uuid not null references merchants(id),
    idempotency_key text not null check (length(idempotency_key) between 1 and 200),
    code text not null check (code in ('deposit', 'withdrawal', 'bet', 'win', 'refund', 'bonus', 'commission', 'transfer', 'adjustment', 'fee', 'rebate', 'jackpot')),
    debit_account_id bigint not null references ledger_accounts(id),
    credit_account_id bigint not null references ledger_accounts(id),
    amount_minor bigint not null check (amount_minor > 0),
    currency text not null,
    status text not null check (status in ('posted', 'pending', 'voided')),
    pending_id bigint references ledger_transfers(id),
    metadata jsonb not null default '{}',
    created_at timestamptz not null default now(),
    check (debit_account_id <> credit_account_id),
    -- Only a resolution of a hold is 'voided'; a hold itself never names another.
    check (status <> 'voided' or pending_id is not null),
    check (status <> 'pending' or pending_id is null)
  )`,
  `create unique index ledger_transfers_key on ledger_transfers (merchant_id, idempotency_key)`,
  `create unique index ledger_transfers_resolution on ledger_transfers (pending_id) where pending_id is not null`,
  `create index ledger_transfers_debit on ledger_transfers (debit_account_id, id desc)`,
  `create index ledger_transfers_credit on ledger_transfers (credit_account_id, id desc)`,
  `create table ledger_entries (
    id bigint generated always as identity primary key,
    transfer_id bigint not null references ledger_transfers(id),
    account_id bigint not null references ledger_accounts(id),
    amount_minor bigint not null check (amount_minor <> 0),
    created_at timestamptz not null default now()
  )`,
  `create index ledger_entries_account on ledger_entries (account_id, id desc)`,
  `create index ledger_entries_transfer on ledger_entries (transfer_id)`,
];
