import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';

/** One record of a member's account history, as read (see ledger.history.service.ts for the rules). */
export interface HistoryRow {
  /** 'e' an entry (or the bet line of a net round), 'w' the win line of a net round, 'h' a hold. */
  src: 'e' | 'w' | 'h';
  id: bigint;
  account_id: bigint;
  kind: string;
  currency: string;
  amount_minor: bigint;
  created_at: Date;
  transfer_id: bigint;
  code: string;
  status: 'posted' | 'pending' | 'voided';
  metadata: Record<string, unknown>;
  balance_after: bigint | null;
  /** The catalog's name of the game a bet or win moved money for (metadata.game), in the asked language. */
  game_name: string | null;
}

export interface HistoryScope {
  memberId: string;
  merchantId: string;
  wallet?: string;
  type?: string;
  /** Inclusive lower bound on the record's time. */
  from?: Date;
  /** Upper bound on the record's time; exclusive for a bare date (next day 00:00 UTC). */
  to?: { at: Date; inclusive: boolean };
  /** A single record (detail): no time bound, and a hold that was since posted is still found. */
  only?: { src: 'e' | 'w' | 'h'; id: bigint };
}

/** A member has a handful of accounts (main, bonus, commission, one per game vendor); this bounds it. */
const MAX_MEMBER_ACCOUNTS = 200;

/**
 * The member's records: every posted entry on the member's own accounts, plus the holds on them
 * that are still open or were voided (a hold moves no balance and has no entry; once posted, its
 * posted entry stands for it). Scoped by owner and merchant first, so nothing of another member
 * can ever be matched, whatever the filters.
 *
 * An in-house round that settled as ONE net transfer (modules/bets, postMoney: its metadata carries
 * the round's `stakeMinor` and `payoutMinor`) is shown as what it stands for: its bet (−stake, id
 * `e<entry>`) and its win (+payout, id `w<entry>`), as the two transfers of before showed it. The two
 * lines sum to the entry, so every balance after stays exact.
 */
function records(s: HistoryScope): RawBuilder<unknown> {
  const fromE = s.from ? sql`and e.created_at >= ${s.from.toISOString()}::timestamptz` : sql``;
  const fromH = s.from ? sql`and h.created_at >= ${s.from.toISOString()}::timestamptz` : sql``;
  const upper = (column: RawBuilder<unknown>) =>
    s.to
      ? s.to.inclusive
        ? sql`and ${column} <= ${s.to.at.toISOString()}::timestamptz`
        : sql`and ${column} < ${s.to.at.toISOString()}::timestamptz`
      : sql``;
  const typeE = s.type ? sql`and x.code = ${s.type}::text` : sql``;
  const typeH = s.type ? sql`and h.code = ${s.type}::text` : sql``;
  const onlyE = s.only
    ? s.only.src === 'h'
      ? sql`and false`
      : sql`and e.id = ${s.only.id}::bigint and x.src = ${s.only.src}::text`
    : sql``;
  const onlyH = s.only ? (s.only.src === 'h' ? sql`and h.id = ${s.only.id}::bigint` : sql`and false`) : sql``;
  // In the list a posted hold is represented by its posted entry; a detail lookup still finds it.
  const resolved = s.only ? sql`` : sql`and (r.status is null or r.status = 'voided')`;
  return sql`
    acct as (
      select id, kind, currency, balance_minor from ledger_accounts
      where owner_type = 'member' and owner_id = ${s.memberId}::uuid and merchant_id = ${s.merchantId}::uuid
        ${s.wallet ? sql`and kind = ${s.wallet}::text` : sql``}
      order by id limit ${MAX_MEMBER_ACCOUNTS}
    ),
    rec as (
      select x.src, e.id, e.account_id, x.amount_minor, e.created_at, t.id as transfer_id, x.code,
        'posted'::text as status, t.metadata
      from acct a
      join ledger_entries e on e.account_id = a.id
      join ledger_transfers t on t.id = e.transfer_id
      cross join lateral (
        select 'e'::text as src, t.code, e.amount_minor where not (t.metadata ? 'payoutMinor')
        union all
        select 'e', 'bet', -(t.metadata->>'stakeMinor')::bigint where t.metadata ? 'payoutMinor'
        union all
        select 'w', 'win', (t.metadata->>'payoutMinor')::bigint where t.metadata ? 'payoutMinor'
      ) x
      where true ${fromE} ${upper(sql`e.created_at`)} ${typeE} ${onlyE}
      union all
      select 'h'::text, h.id, h.debit_account_id, -h.amount_minor, h.created_at, h.id, h.code,
        coalesce(r.status, 'pending'), h.metadata
      from acct a
      join ledger_transfers h on h.debit_account_id = a.id and h.status = 'pending'
      left join ledger_transfers r on r.pending_id = h.id
      where true ${resolved} ${fromH} ${upper(sql`h.created_at`)} ${typeH} ${onlyH}
    )`;
}

/**
 * How many records match, counted no further than `cap`: counting a heavy player's year of bets
 * exactly would read all of them on every page view.
 */
export async function countHistory(db: Db, s: HistoryScope, cap: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    with ${records(s)}
    select count(*)::int as n from (select 1 from rec limit ${cap}) capped`.execute(db);
  return rows[0]?.n ?? 0;
}

/**
 * One page, newest first: (created_at, id) descending — entries of one transfer or one batch share
 * created_at, the id makes the order total and stable across pages.
 *
 * balance_after is the account's cached balance minus every entry applied after this one, read in
 * the same statement (one snapshot, so the two agree). "After" is by entry id, not created_at:
 * created_at is the transaction's start time, while ids are drawn after the account's row lock is
 * taken (ledger.repository.ts postTransfer, ledger_post_batch), so per account the id order is the
 * order the balance really moved in, even when a transaction that started earlier wrote later.
 * Only the entries from the page's oldest one onwards are summed, so the first pages — the ones
 * people read — stay cheap however long the account's history is.
 */
export async function findHistoryPage(
  db: Db,
  s: HistoryScope,
  limit: number,
  offset: number,
  language: string,
): Promise<HistoryRow[]> {
  const { rows } = await sql<HistoryRow>`
    with ${records(s)},
    page as (
      select * from rec order by created_at desc, src = 'h' desc, id desc, src desc limit ${limit} offset ${offset}
    ),
    oldest as (
      select account_id, min(id) as min_id from page where src <> 'h' group by account_id
    ),
    newer as (
      select x.id,
        (sum(x.amount_minor) over (partition by x.account_id order by x.id desc) - x.amount_minor)::bigint as newer_sum
      from oldest o join ledger_entries x on x.account_id = o.account_id and x.id >= o.min_id
    )
    select p.src, p.id, p.account_id, a.kind, a.currency, p.amount_minor, p.created_at, p.transfer_id, p.code,
      p.status, p.metadata,
      -- A net round's bet line: the balance after its entry, less the win that followed it.
      case when p.src <> 'h' then (a.balance_minor - n.newer_sum
        - case when p.src = 'e' and p.metadata ? 'payoutMinor' then (p.metadata->>'payoutMinor')::bigint else 0 end
      )::bigint end as balance_after,
      gn.name as game_name
    from page p
    join acct a on a.id = p.account_id
    left join newer n on p.src <> 'h' and n.id = p.id
    left join lateral (
      -- A bet's or win's transfer names its game by catalog code (a vendor's also by vendor, which
      -- settles a code two vendors share); the name in the language asked, else English.
      select coalesce(g.names->>${language}::text, g.names->>'en') as name
      from games g where g.code = p.metadata->>'game'
      order by (g.vendor = p.metadata->>'vendor') desc nulls last, g.id limit 1
    ) gn on true
    order by p.created_at desc, p.src = 'h' desc, p.id desc, p.src desc`.execute(db);
  return rows;
}
