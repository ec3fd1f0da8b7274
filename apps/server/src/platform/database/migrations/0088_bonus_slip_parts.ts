import { type Kysely, sql } from 'kysely';

/**
 * A bonus slip settled piece by piece (modules/bonuses `bonus.deferred.ts`, `part`): a lottery slip's
 * tickets settle draw by draw and batch by batch, some may be refunded (a cancelled draw, a chase
 * stopped by a win), so its slip records how much of its stake has settled and how much was refunded.
 * Each part counts and gives back by the running totals (⌊total × part so far / stake⌋ less what was
 * already counted or given), so the parts add up exactly to the slip's contribution and bonus part.
 *
 * - `bonus_bet_slips.settled_stake_minor`: the stake settled so far (won or lost).
 * - `bonus_bet_slips.void_stake_minor`: the stake refunded so far.
 * The slip stays `open` until the two cover its stake. Slips settled whole leave both at 0.
 */
const STATEMENTS = [
  `alter table bonus_bet_slips
     add column settled_stake_minor bigint not null default 0 check (settled_stake_minor >= 0),
     add column void_stake_minor bigint not null default 0 check (void_stake_minor >= 0),
     add constraint bonus_bet_slips_parts check (settled_stake_minor + void_stake_minor <= stake_minor)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
