import { type Kysely, sql } from 'kysely';

/**
 * A deferred bet's bonus share that stays cash because its bonus completed before the bet settled
 * (modules/bonuses `bonus.deferred.ts`): no ledger move marks it (the kind paid the whole return into
 * main, and after a completion the share is the player's), yet it is bonus money become cash, as a
 * conversion is. One row per bonus and settling event, so the GGR report's bonus cost counts it on the
 * day it happened (`records.report.ts`), and the bonus's `converted_minor` includes it. A correction
 * that takes such money back from cash (a sports bet resettled after the completion) is a negative row.
 */
const STATEMENTS = [
  `create table bonus_late_cash (
     bonus_id bigint not null references member_bonuses (id),
     event_ref text not null,
     merchant_id uuid not null references merchants (id),
     currency text not null,
     amount_minor bigint not null check (amount_minor <> 0),
     created_at timestamptz not null default now(),
     primary key (bonus_id, event_ref)
   )`,
  `create index bonus_late_cash_merchant_time on bonus_late_cash (merchant_id, created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
