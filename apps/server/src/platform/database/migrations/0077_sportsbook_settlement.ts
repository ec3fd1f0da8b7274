import { type Kysely, sql } from 'kysely';

/**
 * Sportsbook bet settlement and cash-out (issue 16; modules/sportsbook/sportsbook.settle.ts and
 * sportsbook.cashout.ts).
 *
 * - `sb_feed_facts.settled_at`: when the settlement worker queued the bets of the fact's market; the
 *   partial index finds the facts not yet taken.
 * - `sb_settle_queue`: bets to re-evaluate against what stands (a settlement, a cancel or a rollback
 *   on one of their markets). Settlement is state-based: a bet's return is computed from the standing
 *   results and cancels, and only the difference from what its settlement has already moved is
 *   posted, so a fact replayed, reordered or seen twice moves nothing more.
 * - `sb_bets.settled_return_minor`: the return the standing results give (0 while open);
 *   `credited_minor`: what settlement has moved to the player, net (credits less clawbacks). They
 *   differ only when a clawback found the player's balance short: the rest is owed and is netted
 *   against the bet's next resettlement. `money_moves`: a counter giving each settlement transfer of
 *   the bet its own idempotency key.
 * - `sb_bets.cashout_stake_minor` / `cashout_paid_minor`: the stake given up in cash-outs and what
 *   they paid; settlement pays on the stake left. A full cash-out is status 'cashed_out'.
 * - `sb_bet_legs` result detail: the dead-heat factor of a won leg.
 * - `sb_limits.cashout_margin_bps` (default 5 %) and `cashout_enabled`.
 */
const STATEMENTS = [
  `alter table sb_feed_facts add column settled_at timestamptz`,
  `create index sb_feed_facts_unsettled on sb_feed_facts (id) where settled_at is null`,
  `create table sb_settle_queue (
    bet_id bigint primary key,
    queued_at timestamptz not null default now()
  )`,
  `create index sb_bet_legs_market on sb_bet_legs (fixture_id, market_key, specifiers)`,
  `alter table sb_bets add column settled_return_minor bigint not null default 0 check (settled_return_minor >= 0)`,
  `alter table sb_bets add column credited_minor bigint not null default 0`,
  `alter table sb_bets add column money_moves integer not null default 0`,
  `alter table sb_bets add column cashout_stake_minor bigint not null default 0 check (cashout_stake_minor >= 0)`,
  `alter table sb_bets add column cashout_paid_minor bigint not null default 0 check (cashout_paid_minor >= 0)`,
  `alter table sb_bets add column cashouts integer not null default 0`,
  `alter table sb_bet_legs add column dead_heat_num integer`,
  `alter table sb_bet_legs add column dead_heat_den integer`,
  `alter table sb_limits add column cashout_margin_bps integer not null default 500
     check (cashout_margin_bps between 0 and 5000)`,
  `alter table sb_limits add column cashout_enabled boolean not null default true`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was, not today's typed one
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
