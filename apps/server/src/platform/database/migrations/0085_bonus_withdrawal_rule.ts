import { type Kysely, sql } from 'kysely';

/**
 * The merchant's rule for a withdrawal request made while a bonus is active (issue 17 item 3,
 * modules/bonuses `onWithdrawalRequest`), set in the back office beside the bonus switch:
 *
 * - `forfeit` (the default, what every merchant had before): the request is refused once with
 *   BONUS_FORFEIT_CONFIRMATION_REQUIRED; confirmed, the bonus is forfeited and the withdrawal goes on.
 * - `block`: the request is refused with BONUS_WITHDRAWAL_BLOCKED until the bonus ends (wagered,
 *   lost, expired); nothing moves.
 */
const STATEMENTS = [
  `alter table merchants add column bonus_withdrawal_rule text not null default 'forfeit'
     check (bonus_withdrawal_rule in ('forfeit', 'block'))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
