import { type Kysely, sql } from 'kysely';

/**
 * Rounds for real-time salaries (issue 15, docs/agents.md): a real-time salary pays per single bet
 * (its tier is met by the bet's own valid stake, its rate depends on whether the player won), so it
 * needs each round's settled contribution, not a sum. The agents module's own consumer of the bet
 * stream (checkpoint 'agent_realtime') adds each fact's deltas to the row of its round, keyed by the
 * 5-minute bucket (UTC) the round was PLACED in — a void brings the row to zero, a resettlement
 * changes its payout. Only merchants that have given a real-time contract are folded in; a bucket's
 * rows are deleted once its period is settled.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `create table agent_realtime_rounds (
    merchant_id uuid not null,
    bucket timestamptz not null,
    record_id bigint not null,
    member_id uuid not null,
    currency text not null,
    stake_minor bigint not null,
    valid_stake_minor bigint not null,
    payout_minor bigint not null,
    primary key (merchant_id, bucket, record_id)
  )`,
  `insert into stream_checkpoints (consumer) values ('agent_realtime') on conflict do nothing`,
];
