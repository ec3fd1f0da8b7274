import { type Kysely, sql } from 'kysely';

/**
 * Seed pairs of the in-house provably-fair games (modules/originals): one active pair per member,
 * revealed pairs kept so any past round can be verified. The nonce is the next one to use; a bet
 * claims it in the same transaction that takes the stake.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `create table fairness_seeds (
    id bigint generated always as identity primary key,
    merchant_id uuid not null references merchants(id),
    member_id uuid not null references members(id),
    server_seed text not null,
    server_seed_hash text not null,
    client_seed text not null,
    nonce bigint not null default 0 check (nonce >= 0),
    status text not null check (status in ('active', 'revealed')),
    created_at timestamptz not null default now(),
    revealed_at timestamptz
  )`,
  `create unique index fairness_seeds_active on fairness_seeds (member_id) where status = 'active'`,
  `create index fairness_seeds_member on fairness_seeds (member_id, id desc)`,
];
