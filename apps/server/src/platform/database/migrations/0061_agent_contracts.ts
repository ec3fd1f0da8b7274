import { type Kysely, sql } from 'kysely';

/**
 * Agent contracts (issue 15, docs/agents.md): the merchant's contract rules, the contracts between an
 * upline and a direct downline agent, the requests that make and end them, and their settlements.
 *
 * - `agent_contract_rules`: one row per merchant (absent = the defaults of contracts.rules.ts). Which
 *   types are on is the merchant's feature flags (dividendContract, dailySalary, hourlySalary,
 *   realtimeSalary), not a column here.
 * - `agent_contracts`: a contract's tiers (jsonb, checked by the service) and its life: offered →
 *   active | rejected; active → terminated. At most one active and one offered contract per downline
 *   and type. `upline_id` null: the merchant itself (an operator) is the upline of a top agent.
 * - `agent_contract_requests`: "new contract" and "termination" requests, from and to whom, pending →
 *   accepted | rejected | cancelled.
 * - `agent_settlement_runs`: one row per merchant, contract type and period, written in the very
 *   transaction that settles every contract of that period; its primary key is what makes a period
 *   settle exactly once (a second worker's insert waits for the first and then finds it done; a
 *   killed worker's insert goes with its transaction).
 * - `agent_contract_settlements`: per contract and period (unique), the base figures, tier, rate,
 *   carry in and out, the amount and its status; the ledger transfer that paid it.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const TYPES = `('dividend', 'daily', 'hourly', 'realtime')`;

const STATEMENTS = [
  `create table agent_contract_rules (
    merchant_id uuid primary key references merchants(id),
    max_rate_units jsonb not null,
    max_amount_minor bigint not null check (max_amount_minor >= 0),
    max_tiers smallint not null check (max_tiers between 1 and 50),
    dividend_period text not null check (dividend_period in ('daily', 'weekly', 'semimonthly', 'monthly')),
    active_min_valid_bet_minor bigint not null check (active_min_valid_bet_minor >= 0),
    carry_over boolean not null,
    approval_threshold_minor bigint not null check (approval_threshold_minor >= 0),
    updated_at timestamptz not null,
    updated_by text
  )`,
  `create table agent_contracts (
    id bigint generated always as identity primary key,
    merchant_id uuid not null references merchants(id),
    type text not null check (type in ${TYPES}),
    upline_id uuid references members(id),
    downline_id uuid not null references members(id),
    status text not null check (status in ('offered', 'active', 'rejected', 'terminated')),
    tiers jsonb not null,
    period text not null check (period in ('daily', 'weekly', 'semimonthly', 'monthly', 'hourly', 'realtime')),
    offered_at timestamptz not null,
    accepted_at timestamptz,
    ended_at timestamptz,
    end_reason text check (end_reason in ('rejected', 'terminated', 'superseded', 'rate_cap', 'forced')),
    check (upline_id is null or upline_id <> downline_id)
  )`,
  `create unique index agent_contracts_one_active on agent_contracts (downline_id, type) where status = 'active'`,
  `create unique index agent_contracts_one_offered on agent_contracts (downline_id, type) where status = 'offered'`,
  `create index agent_contracts_upline on agent_contracts (upline_id, type, status)`,
  `create index agent_contracts_merchant on agent_contracts (merchant_id, type, status, accepted_at)`,
  `create table agent_contract_requests (
    id bigint generated always as identity primary key,
    merchant_id uuid not null references merchants(id),
    contract_id bigint not null references agent_contracts(id),
    kind text not null check (kind in ('new', 'termination')),
    from_member_id uuid references members(id),
    to_member_id uuid references members(id),
    status text not null check (status in ('pending', 'accepted', 'rejected', 'cancelled')),
    created_at timestamptz not null,
    decided_at timestamptz
  )`,
  `create unique index agent_contract_requests_one_pending on agent_contract_requests (contract_id, kind)
     where status = 'pending'`,
  `create index agent_contract_requests_to on agent_contract_requests (to_member_id, status)`,
  `create index agent_contract_requests_from on agent_contract_requests (from_member_id, status)`,
  `create table agent_settlement_runs (
    merchant_id uuid not null references merchants(id),
    type text not null check (type in ${TYPES}),
    period_start timestamptz not null,
    period_end timestamptz not null,
    contracts integer not null,
    paid_minor bigint not null,
    awaiting_minor bigint not null,
    settled_at timestamptz not null,
    primary key (merchant_id, type, period_start)
  )`,
  `create table agent_contract_settlements (
    id bigint generated always as identity primary key,
    merchant_id uuid not null references merchants(id),
    contract_id bigint not null references agent_contracts(id),
    agent_id uuid not null references members(id),
    type text not null check (type in ${TYPES}),
    period_start timestamptz not null,
    period_end timestamptz not null,
    currency text not null,
    valid_bet_minor bigint not null,
    profit_loss_minor bigint not null,
    active_members integer not null,
    tier smallint,
    rate_units bigint not null,
    gross_minor bigint not null,
    downline_minor bigint not null,
    carry_in_minor bigint not null,
    carry_out_minor bigint not null,
    amount_minor bigint not null check (amount_minor >= 0),
    status text not null check (status in ('paid', 'awaiting_approval', 'approved', 'rejected')),
    transfer_id bigint,
    created_at timestamptz not null,
    decided_at timestamptz,
    decided_by text,
    unique (contract_id, period_start)
  )`,
  `create index agent_contract_settlements_agent on agent_contract_settlements (agent_id, type, period_start desc)`,
  `create index agent_contract_settlements_status on agent_contract_settlements (merchant_id, status, period_start)`,
];
