import { type Kysely, sql } from 'kysely';

/**
 * The bonus side of bets that settle later (issue 17, modules/bonuses `bonus.deferred.ts`): a slip
 * may now stay open between its placement and its settlement.
 *
 * - `bonus_bet_slips.status`: `open` (placed, not settled), `settled` (won or lost: its contribution
 *   counted) or `void` (rolled back: nothing counted); the rows before this migration were settled
 *   in the batch that placed them.
 * - `bonus_bet_slips.settle_ref`: what the kind settles a slip by (a vendor's round:
 *   `vendor:<vendor>:<round>`), indexed while set; `settled_at` when it settled or was voided.
 * - `member_bonuses.open_bonus_minor`: the bonus money on the bonus's open slips — a bonus with a
 *   balance of 0 is only `lost` once none of its money is still on a bet.
 */
const STATEMENTS = [
  `alter table member_bonuses
     add column open_bonus_minor bigint not null default 0 check (open_bonus_minor >= 0)`,
  `alter table bonus_bet_slips
     add column status text not null default 'settled' check (status in ('open', 'settled', 'void')),
     add column settle_ref text,
     add column settled_at timestamptz`,
  `create index bonus_bet_slips_settle_ref on bonus_bet_slips (settle_ref) where settle_ref is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
