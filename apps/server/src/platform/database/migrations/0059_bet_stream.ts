import { type Kysely, sql } from 'kysely';

/**
 * The stream of settled bets (issue 14) and the rollups it feeds (docs/architecture.md, "The stream
 * of settled bets").
 *
 * - `bet_stream` is a transactional outbox, append-only: a fact is written by the trigger on
 *   `bet_records` in the very transaction that settles, voids or resettles a round, so it exists
 *   exactly when the settlement committed. A fact is a delta of the round's settled contribution
 *   (settled: 1 bet, its stake, valid stake and payout; open or cancelled: nothing), so a void or a
 *   resettlement is a correcting fact and consumers only ever add. Play money (a play currency,
 *   'X' + the real code) never enters it.
 * - A consumer reads the facts in (tx, position) order, only from transactions older than every
 *   transaction still running (`pg_snapshot_xmin`), so a fact committed late with a lower position
 *   is never skipped; its checkpoint (`stream_checkpoints`) moves in the transaction that applies
 *   the batch.
 * - `bet_rollups_daily` (member × day × category × vendor × currency) and
 *   `bet_rollups_merchant_daily` (the same without the member) are what the member's profit and
 *   loss and the back office's GGR report read.
 *
 * Existing settled rounds are carried into the stream, so the rollups start complete.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const PLAY = `'^X[A-Z]{3,4}$'`;

const STATEMENTS = [
  `create table bet_stream (
    position bigint generated always as identity,
    tx xid8 not null default pg_current_xact_id(),
    kind text not null check (kind in ('settle', 'resettle', 'void', 'reopen')),
    record_id bigint not null,
    merchant_id uuid not null,
    member_id uuid not null,
    agent_chain text not null,
    category text not null,
    vendor text not null,
    game_code text not null,
    currency text not null,
    bets integer not null,
    stake_minor bigint not null,
    valid_stake_minor bigint not null,
    payout_minor bigint not null,
    placed_at timestamptz not null,
    settled_at timestamptz,
    primary key (tx, position)
  )`,
  // One function for both triggers: the delta between the round's settled contribution before and
  // after the write. The triggers' WHEN clauses keep open rounds (a vendor debit adding stake) from
  // calling it at all.
  `create function bet_stream_emit() returns trigger language plpgsql as $$
  declare
    was_settled boolean := tg_op = 'UPDATE' and old.status = 'settled';
    is_settled boolean := new.status = 'settled';
    d_bets integer := (case when is_settled then 1 else 0 end) - (case when was_settled then 1 else 0 end);
    d_stake bigint := (case when is_settled then new.stake_minor else 0 end)
                    - (case when was_settled then old.stake_minor else 0 end);
    d_payout bigint := (case when is_settled then new.payout_minor else 0 end)
                     - (case when was_settled then old.payout_minor else 0 end);
  begin
    if new.currency ~ ${PLAY} then return null; end if;
    insert into bet_stream (kind, record_id, merchant_id, member_id, agent_chain, category, vendor, game_code,
                            currency, bets, stake_minor, valid_stake_minor, payout_minor, placed_at, settled_at)
    values (case when new.status = 'cancelled' then 'void'
                 when is_settled and was_settled then 'resettle'
                 when is_settled then 'settle' else 'reopen' end,
            new.id, new.merchant_id, new.member_id,
            coalesce((select ancestry from members where id = new.member_id), ''),
            new.category, new.vendor, new.game_code, new.currency,
            d_bets, d_stake, d_stake, d_payout, new.placed_at, new.settled_at);
    return null;
  end $$`,
  `create trigger bet_records_stream_insert after insert on bet_records
     for each row when (new.status <> 'open') execute function bet_stream_emit()`,
  `create trigger bet_records_stream_update after update on bet_records
     for each row when (old.status is distinct from new.status
       or (new.status = 'settled' and (old.stake_minor <> new.stake_minor or old.payout_minor <> new.payout_minor)))
     execute function bet_stream_emit()`,
  `create table stream_checkpoints (
    consumer text primary key,
    tx xid8 not null default '0',
    position bigint not null default 0,
    updated_at timestamptz not null default now()
  )`,
  `insert into stream_checkpoints (consumer) values ('rollups')`,
  `create table bet_rollups_daily (
    merchant_id uuid not null,
    member_id uuid not null,
    day date not null,
    category text not null,
    vendor text not null,
    currency text not null,
    bets bigint not null,
    stake_minor bigint not null,
    valid_stake_minor bigint not null,
    payout_minor bigint not null,
    profit_minor bigint generated always as (payout_minor - stake_minor) stored,
    primary key (merchant_id, member_id, day, category, vendor, currency)
  )`,
  `create table bet_rollups_merchant_daily (
    merchant_id uuid not null,
    day date not null,
    category text not null,
    vendor text not null,
    currency text not null,
    bets bigint not null,
    stake_minor bigint not null,
    valid_stake_minor bigint not null,
    payout_minor bigint not null,
    primary key (merchant_id, day, category, vendor, currency)
  )`,
  `insert into bet_stream (kind, record_id, merchant_id, member_id, agent_chain, category, vendor, game_code,
                           currency, bets, stake_minor, valid_stake_minor, payout_minor, placed_at, settled_at)
   select 'settle', r.id, r.merchant_id, r.member_id, coalesce(m.ancestry, ''), r.category, r.vendor, r.game_code,
          r.currency, 1, r.stake_minor, r.stake_minor, r.payout_minor, r.placed_at, r.settled_at
     from bet_records r left join members m on m.id = r.member_id
    where r.status = 'settled' and r.currency !~ ${PLAY}
    order by r.id`,
];
