import { type Kysely, sql } from 'kysely';

/**
 * Sportsbook margins per sport (issue 16, trading), per merchant: `sb_margins` holds the margin in
 * basis points (500 = 5 %) the merchant takes on the feed's odds of one sport. Every price a player
 * of that merchant sees or takes is the feed's odds shortened by it (applyOddsMargin of
 * @sorte/money); no row means no margin (the feed's odds as they are). At most 50 %.
 */
const STATEMENTS = [
  `create table sb_margins (
    merchant_id uuid not null,
    sport text not null check (sport <> ''),
    margin_bps integer not null check (margin_bps between 0 and 5000),
    updated_at timestamptz not null default now(),
    primary key (merchant_id, sport)
  )`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was, not today's typed one
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
