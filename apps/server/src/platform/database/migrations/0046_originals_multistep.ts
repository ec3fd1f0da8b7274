import { type Kysely, sql } from 'kysely';

/** In-house rounds played in steps (mines, hilo). */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS: string[] = [
  // The id comes from original_rounds' sequence: the finished round is copied there under the same id
  // (recall and betting records name one round from start to end).
  `create table multistep_rounds (
    id bigint primary key default nextval(pg_get_serial_sequence('original_rounds', 'id')),
    merchant_id uuid not null,
    member_id uuid not null,
    game text not null check (game in ('mines', 'hilo')),
    status text not null default 'open' check (status in ('open', 'won', 'lost')),
    idempotency_key text not null,
    cashout_key text,
    seed_id bigint not null,
    nonce bigint not null,
    house_edge_bps integer not null,
    params jsonb not null,
    moves jsonb not null default '[]',
    stake_minor bigint not null check (stake_minor > 0),
    payout_minor bigint not null default 0 check (payout_minor >= 0),
    currency text not null,
    balance_before_minor bigint not null,
    stake_transfer_id bigint not null,
    payout_transfer_id bigint,
    created_at timestamptz not null default now(),
    finished_at timestamptz,
    constraint multistep_rounds_idempotency unique (member_id, idempotency_key),
    constraint multistep_rounds_nonce unique (seed_id, nonce)
  )`,
  // One open round per player and game; seed rotation also looks here (refused while one is open).
  `create unique index multistep_rounds_open on multistep_rounds (member_id, game) where status = 'open'`,
  `create index multistep_rounds_member on multistep_rounds (member_id, created_at desc)`,
];
