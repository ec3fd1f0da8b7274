import { type Kysely, sql } from 'kysely';

/**
 * The back office (modules/backoffice): operator users with roles and TOTP, their sessions, and
 * the audit log of every operator action. Operators are a different population from members and
 * never share a table, a token or a login throttle with them.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `create table operators (
    id uuid primary key default gen_random_uuid(),
    merchant_id uuid not null references merchants(id),
    username text not null,
    password_hash text not null,
    role text not null check (role in ('admin', 'finance', 'support', 'auditor')),
    status text not null default 'active' check (status in ('active', 'disabled')),
    totp_secret text,
    totp_enabled boolean not null default false,
    totp_last_step bigint,
    failures integer not null default 0,
    locked_until timestamptz,
    last_login_at timestamptz,
    last_login_ip text,
    created_at timestamptz not null default now(),
    constraint operators_username unique (merchant_id, username)
  )`,
  `create table operator_sessions (
    id uuid primary key default gen_random_uuid(),
    token_hash text not null unique,
    operator_id uuid not null references operators(id),
    totp_verified boolean not null,
    ip text,
    user_agent text,
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz
  )`,
  `create table audit_log (
    id bigint generated always as identity primary key,
    merchant_id uuid not null references merchants(id),
    operator_id uuid references operators(id),
    operator_name text not null,
    action text not null,
    target_type text not null,
    target_id text,
    before jsonb,
    after jsonb,
    reason text,
    ip text,
    created_at timestamptz not null default now()
  )`,
  `create index audit_log_merchant_time on audit_log (merchant_id, created_at desc, id desc)`,
];
