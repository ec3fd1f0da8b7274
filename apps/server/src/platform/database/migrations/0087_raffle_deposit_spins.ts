import { type Kysely, sql } from 'kysely';

/**
 * Raffle spins for deposits and raffle promotions (issue 17 item 6, "raffle promotion claim";
 * modules/rewards raffles.ts, modules/promotions).
 *
 * - `raffles.spins_per_deposit` (0–10, 0 = none) and `min_deposit_minor`: each approved deposit of
 *   the member credited inside the raffle's window whose credit (amount − fee) reaches the minimum
 *   gives that many spins, counted at spin time under the member's lock (nothing is written in the
 *   deposit path). They carry over within the window, not past its end.
 * - `raffle_spins.entitlement`: which entitlement a spin used, `daily` (every spin made before) or
 *   `deposit`; deposit spins left = qualifying deposits × spins_per_deposit − deposit spins made.
 * - `promotions.raffle_id`: the raffle a promotion of type raffle opens ("Spin now"); the service
 *   checks it is the promotion's merchant's.
 */
const STATEMENTS = [
  `alter table raffles add column spins_per_deposit integer not null default 0
     check (spins_per_deposit between 0 and 10)`,
  `alter table raffles add column min_deposit_minor bigint not null default 0 check (min_deposit_minor >= 0)`,
  `alter table raffle_spins add column entitlement text not null default 'daily'
     check (entitlement in ('daily', 'deposit'))`,
  `alter table promotions add column raffle_id bigint references raffles (id)`,
  `alter table promotions add constraint promotions_raffle_type check (raffle_id is null or type = 'raffle')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
