import { type Kysely, sql } from 'kysely';

/**
 * Hourly figures for hourly salaries (issue 15, docs/agents.md): per member × hour (UTC hours; a
 * period of an hourly salary is one) × currency, the bets, stake, valid stake and payout of rounds
 * PLACED in that hour, kept by the agents module's own consumer of the bet stream (checkpoint
 * 'agent_hourly'), which starts from the beginning of the stream. The daily rollups (0059) stay what
 * dividends and daily salaries read.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `create table bet_rollups_hourly (
    merchant_id uuid not null,
    member_id uuid not null,
    hour timestamptz not null,
    currency text not null,
    bets bigint not null,
    stake_minor bigint not null,
    valid_stake_minor bigint not null,
    payout_minor bigint not null,
    profit_minor bigint generated always as (payout_minor - stake_minor) stored,
    primary key (merchant_id, hour, member_id, currency)
  )`,
  `insert into stream_checkpoints (consumer) values ('agent_hourly') on conflict do nothing`,
];
