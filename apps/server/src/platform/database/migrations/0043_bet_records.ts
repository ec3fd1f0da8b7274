import { type Kysely, sql } from 'kysely';

/**
 * One betting record per round, for every kind of game (vendor rounds, in-house rounds, crash, and
 * later sports and lottery tickets): what the player's betting records and personal profit and loss
 * read. Written in the same transaction as the money that the round moved, so it never disagrees
 * with the ledger.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `create table bet_records (
    id bigint generated always as identity primary key,
    merchant_id uuid not null,
    member_id uuid not null,
    source text not null,
    source_ref text not null,
    category text not null,
    vendor text not null,
    game_code text not null,
    currency text not null,
    stake_minor bigint not null default 0 check (stake_minor >= 0),
    payout_minor bigint not null default 0 check (payout_minor >= 0),
    status text not null default 'open' check (status in ('open', 'settled', 'cancelled')),
    placed_at timestamptz not null default now(),
    settled_at timestamptz,
    constraint bet_records_source unique (merchant_id, source, source_ref)
  )`,
  `create index bet_records_member on bet_records (member_id, placed_at desc, id desc)`,
  // The records screens filter by lobby category or by vendor within a date range.
  `create index bet_records_member_category on bet_records (member_id, category, placed_at desc)`,
  `create index bet_records_member_vendor on bet_records (member_id, vendor, placed_at desc)`,
];
