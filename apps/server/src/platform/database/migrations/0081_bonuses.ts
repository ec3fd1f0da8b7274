import { type Kysely, sql } from 'kysely';

/**
 * Bonuses with wagering wired to the ledger (issue 17 item 3; the rules are
 * modules/bonuses/bonus.wagering.ts). The bonus money itself is the member's `bonus` ledger account
 * (beside `main`, one per currency, made with it); grants come from and forfeitures go back to the
 * merchant's `bonus_pool` system account. These tables hold what the ledger does not:
 *
 * - `promotion_bonus_terms`: the bonus a deposit_bonus / reload promotion gives on a qualifying
 *   deposit — a percentage of the deposit up to a cap, the minimum deposit, the requirement (basis and
 *   times), the max bet while wagering, the days it lasts and the contribution per game category.
 * - `member_bonuses`: one row a grant — the terms copied at grant time, the requirement, what has
 *   been wagered, the status (active / completed / forfeited / expired / lost) and what it ended with.
 *   `(merchant_id, source, source_id)` is unique: a deposit grants at most once, an operator's grant
 *   is keyed by the operator's idempotency key. At most one `active` row per member (partial unique
 *   index): the bet path's per-batch check reads this index and finds nothing for most members.
 * - `bonus_bet_slips`: the bonus side of a bet placed under a bonus — stake, cash and bonus parts,
 *   the contribution and how its return was split — keyed by the bet.
 */
const STATEMENTS = [
  `
    create table promotion_bonus_terms (
      promotion_id bigint primary key references promotions (id) on delete cascade,
      percent_bps integer not null check (percent_bps > 0 and percent_bps <= 100000),
      max_bonus_minor bigint not null check (max_bonus_minor > 0),
      min_deposit_minor bigint not null default 0 check (min_deposit_minor >= 0),
      basis text not null check (basis in ('bonus', 'deposit_plus_bonus')),
      times integer not null check (times >= 0 and times <= 200),
      max_bet_minor bigint not null check (max_bet_minor > 0),
      valid_days integer not null check (valid_days between 1 and 365),
      contribution_bps jsonb not null default '{}'
    )`,
  `
    create table member_bonuses (
      id bigint generated always as identity primary key,
      merchant_id uuid not null references merchants (id),
      member_id uuid not null references members (id),
      currency text not null,
      source text not null check (source in ('deposit', 'operator')),
      source_id text not null,
      promotion_id bigint references promotions (id),
      granted_by text,
      granted_minor bigint not null check (granted_minor > 0),
      deposit_minor bigint not null default 0 check (deposit_minor >= 0),
      basis text not null check (basis in ('bonus', 'deposit_plus_bonus')),
      times integer not null check (times >= 0),
      requirement_minor bigint not null check (requirement_minor >= 0),
      wagered_minor bigint not null default 0 check (wagered_minor >= 0),
      max_bet_minor bigint not null check (max_bet_minor > 0),
      contribution_bps jsonb not null,
      status text not null default 'active'
        check (status in ('active', 'completed', 'forfeited', 'expired', 'lost')),
      expires_at timestamptz not null,
      granted_at timestamptz not null,
      ended_at timestamptz,
      converted_minor bigint not null default 0,
      forfeited_minor bigint not null default 0,
      unique (merchant_id, source, source_id),
      check ((status = 'active') = (ended_at is null))
    )`,
  `create unique index member_bonuses_one_active on member_bonuses (member_id) where status = 'active'`,
  `create index member_bonuses_by_member on member_bonuses (member_id, id desc)`,
  `create index member_bonuses_due on member_bonuses (expires_at) where status = 'active'`,
  `
    create table bonus_bet_slips (
      bonus_id bigint not null references member_bonuses (id),
      bet_ref text not null,
      category text not null,
      stake_minor bigint not null check (stake_minor > 0),
      cash_part_minor bigint not null check (cash_part_minor >= 0),
      bonus_part_minor bigint not null check (bonus_part_minor >= 0),
      contribution_minor bigint not null check (contribution_minor >= 0),
      payout_cash_minor bigint not null default 0 check (payout_cash_minor >= 0),
      payout_bonus_minor bigint not null default 0 check (payout_bonus_minor >= 0),
      created_at timestamptz not null default now(),
      primary key (bonus_id, bet_ref),
      check (cash_part_minor + bonus_part_minor = stake_minor)
    )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
