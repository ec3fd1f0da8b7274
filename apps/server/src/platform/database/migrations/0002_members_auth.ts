import { type Kysely, sql } from 'kysely';

/**
 * Members (modules/members), their sessions and sign-in defences (modules/auth), the deployment's
 * payload-encryption key (platform/crypto) and the development outbox (platform/notify).
 * Members carry what later issues build on: the agent tree (parent_id + ancestry), VIP label,
 * referral links and the currency their wallets will use.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `create table server_keys (
    id text primary key,
    public_key text not null,
    private_key text not null,
    created_at timestamptz not null default now()
  )`,
  `create table dev_outbox (
    id bigint generated always as identity primary key,
    channel text not null check (channel in ('sms', 'email')),
    address text not null,
    subject text,
    body text not null,
    secret text,
    created_at timestamptz not null
  )`,
  `create index dev_outbox_address on dev_outbox (address, id desc)`,
  `create table members (
    id uuid primary key default gen_random_uuid(),
    merchant_id uuid not null references merchants(id),
    account text not null,
    password_hash text not null,
    payment_password_hash text,
    type smallint not null default 0 check (type in (0, 1, 2, 4, 41, 42)),
    parent_id uuid references members(id),
    ancestry text not null default '/',
    status text not null default 'active' check (status in ('active', 'disabled')),
    currency text not null,
    nickname text,
    payee_name text,
    email text,
    country_dialing_code text,
    mobile text,
    contacts jsonb not null default '{}',
    id_number text,
    birthday text,
    recommender text,
    referral_code text not null unique,
    referred_by uuid references members(id),
    affiliate_code text,
    affiliate_code_used text,
    vip_label_name text not null default 'VIP0',
    vip_color text not null default '#ffffff',
    vip_color2 text not null default '#6b7280',
    vip_rank_level integer not null default 0,
    age_confirmed_at timestamptz,
    terms_accepted_at timestamptz,
    register_ip text,
    register_domain text,
    register_url text,
    register_method text,
    password_changed_at timestamptz not null,
    must_change_password boolean not null default false,
    first_login_done_at timestamptz,
    last_login_at timestamptz,
    last_login_ip text,
    created_at timestamptz not null,
    -- Only trial accounts may exist without the age and terms confirmations of registration.
    check (type = 4 or (age_confirmed_at is not null and terms_accepted_at is not null))
  )`,
  `create unique index members_account on members (merchant_id, lower(account))`,
  `create unique index members_mobile on members (merchant_id, country_dialing_code, mobile) where mobile is not null`,
  `create unique index members_affiliate_code on members (merchant_id, lower(affiliate_code)) where affiliate_code is not null`,
  `create index members_ancestry on members (merchant_id, ancestry text_pattern_ops)`,
  `create index members_parent on members (parent_id) where parent_id is not null`,
  `create index members_email on members (merchant_id, lower(email)) where email is not null`,
  `create table sessions (
    id uuid primary key default gen_random_uuid(),
    token_hash text not null unique,
    member_id uuid not null references members(id),
    merchant_id uuid not null references merchants(id),
    created_at timestamptz not null,
    last_seen_at timestamptz not null,
    expires_at timestamptz not null,
    ip text,
    user_agent text,
    revoked_at timestamptz
  )`,
  `create index sessions_member on sessions (member_id) where revoked_at is null`,
  `create table login_failures (
    merchant_id uuid not null references merchants(id),
    subject text not null,
    failures integer not null,
    last_failure_at timestamptz not null,
    locked_until timestamptz,
    primary key (merchant_id, subject)
  )`,
  `create table member_known_ips (
    member_id uuid not null references members(id),
    ip text not null,
    first_seen_at timestamptz not null,
    last_seen_at timestamptz not null,
    primary key (member_id, ip)
  )`,
  `create table captchas (
    id text primary key,
    merchant_id uuid not null references merchants(id),
    answer_hash text not null,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null
  )`,
  `create index captchas_expiry on captchas (expires_at)`,
  `create table sms_codes (
    id uuid primary key default gen_random_uuid(),
    merchant_id uuid not null references merchants(id),
    purpose text not null check (purpose in ('register', 'login', 'password')),
    address text not null,
    code_hash text not null,
    expires_at timestamptz not null,
    attempts integer not null default 0,
    used_at timestamptz,
    created_at timestamptz not null
  )`,
  `create index sms_codes_lookup on sms_codes (merchant_id, purpose, address, created_at desc)`,
  `create table password_resets (
    token_hash text primary key,
    member_id uuid not null references members(id),
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null
  )`,
  `create table ip_challenges (
    id text primary key,
    member_id uuid not null references members(id),
    ip text not null,
    code_hash text,
    expires_at timestamptz not null,
    attempts integer not null default 0,
    used_at timestamptz,
    created_at timestamptz not null
  )`,
  `create index ip_challenges_member on ip_challenges (member_id, ip, created_at desc)`,
  `create table login_history (
    id bigint generated always as identity primary key,
    merchant_id uuid not null references merchants(id),
    member_id uuid references members(id),
    at timestamptz not null,
    ip text,
    user_agent text,
    success boolean not null,
    method text not null
  )`,
  `create index login_history_member on login_history (member_id, at desc)`,
  `create table auth_throttles (
    key text primary key,
    window_start timestamptz not null,
    hits integer not null
  )`,
];
