import { type Kysely, sql } from 'kysely';

/**
 * Vietnamese stake limits per merchant (`vn_limits`, its own row so saving limits never touches the
 * rates), and the stake sold per draw, bet type and number (`vn_exposure`; xiên: per combination,
 * "12-34"). A bet adds to its keys with a conditional upsert in its own transaction, so the cap holds
 * however many players bet at once. Refunds of a cancelled draw leave it as it is: the draw is over.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `create table vn_limits (
    merchant_id uuid primary key references merchants(id),
    limits jsonb not null,
    updated_at timestamptz not null default now()
  )`,
  `create table vn_exposure (
    draw_id bigint not null references vn_draws(id),
    bet_type text not null,
    number_key text not null,
    merchant_id uuid not null references merchants(id),
    total_minor bigint not null check (total_minor >= 0),
    primary key (draw_id, bet_type, number_key)
  )`,
];
