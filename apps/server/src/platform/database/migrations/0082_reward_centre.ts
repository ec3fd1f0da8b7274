import { type Kysely, sql } from 'kysely';

/**
 * The reward centre, automatic VIP rebates and raffles (issue 17 items 4, 5 and 6; modules/rewards).
 *
 * - `member_rewards`: claimable cash rewards (source vip_rebate, raffle, promotion, mission; the
 *   source's own reference makes a reward once per member: `(member_id, source, source_ref)`),
 *   amount in minor units, expiry, status available/claimed (an available reward past `expires_at`
 *   reads as expired; the row is not rewritten). A claim records its key and ledger transfer.
 * - `vip_rebate_rates`: per merchant × VIP level × game category, basis points of a day's valid stake.
 * - `vip_rebate_runs`: one row per merchant and rollup day; its row lock is the daily job's lease
 *   (`for update skip locked`), `done_at` says the day was paid out.
 * - `raffles`: a lucky draw or prize wheel: names per language, window, spins per day and the valid
 *   stake of the previous day a member needs to spin, prize segments (weight, cash prize) in jsonb.
 * - `raffle_seeds`: per member × raffle, the server seed of the next spin (its SHA-256 shown first).
 * - `raffle_spins`: each spin with its seeds, nonce, float, segment and reward.
 */
const STATEMENTS = [
  `
    create table member_rewards (
      id bigint generated always as identity primary key,
      merchant_id uuid not null references merchants (id),
      member_id uuid not null references members (id),
      source text not null check (source in ('vip_rebate', 'raffle', 'promotion', 'mission')),
      source_ref text not null,
      amount_minor bigint not null check (amount_minor > 0),
      currency text not null,
      details jsonb not null default '{}',
      expires_at timestamptz not null,
      status text not null default 'available' check (status in ('available', 'claimed')),
      claim_key text,
      claimed_at timestamptz,
      transfer_id bigint,
      created_at timestamptz not null default now(),
      constraint member_rewards_once unique (member_id, source, source_ref),
      check ((status = 'claimed') = (transfer_id is not null and claim_key is not null and claimed_at is not null))
    )`,
  `create index member_rewards_member on member_rewards (member_id, id desc)`,
  `
    create table vip_rebate_rates (
      merchant_id uuid not null references merchants (id),
      vip_level integer not null check (vip_level >= 0),
      category text not null,
      rate_bp integer not null check (rate_bp >= 0 and rate_bp <= 10000),
      updated_at timestamptz not null default now(),
      primary key (merchant_id, vip_level, category)
    )`,
  `
    create table vip_rebate_runs (
      merchant_id uuid not null references merchants (id),
      day date not null,
      done_at timestamptz,
      rewards integer not null default 0,
      primary key (merchant_id, day)
    )`,
  `
    create table raffles (
      id bigint generated always as identity primary key,
      merchant_id uuid not null references merchants (id),
      kind text not null check (kind in ('wheel', 'draw')),
      status text not null default 'active' check (status in ('active', 'paused')),
      names jsonb not null,
      starts_at timestamptz not null,
      ends_at timestamptz,
      spins_per_day integer not null check (spins_per_day between 1 and 10),
      min_stake_minor bigint not null default 0 check (min_stake_minor >= 0),
      segments jsonb not null,
      reward_days integer not null default 7 check (reward_days between 1 and 90),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (ends_at is null or ends_at > starts_at)
    )`,
  `
    create table raffle_seeds (
      raffle_id bigint not null references raffles (id),
      member_id uuid not null references members (id),
      server_seed text not null,
      commitment text not null,
      nonce integer not null default 0,
      primary key (member_id, raffle_id)
    )`,
  `
    create table raffle_spins (
      id bigint generated always as identity primary key,
      raffle_id bigint not null references raffles (id),
      merchant_id uuid not null,
      member_id uuid not null,
      day date not null,
      idempotency_key text not null,
      server_seed text not null,
      commitment text not null,
      client_seed text not null,
      nonce integer not null,
      segment integer not null,
      prize_minor bigint not null check (prize_minor >= 0),
      reward_id bigint references member_rewards (id),
      created_at timestamptz not null default now(),
      constraint raffle_spins_key unique (member_id, raffle_id, idempotency_key)
    )`,
  `create index raffle_spins_member on raffle_spins (member_id, raffle_id, day)`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was, not today's typed one
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
