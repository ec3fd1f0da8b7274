import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { memberKey } from '../bets/index.ts';
import type { CrashBetsTable, CrashRoundsTable } from './crash.tables.ts';

export type RoundRow = Selectable<CrashRoundsTable>;
export type BetRow = Selectable<CrashBetsTable>;

/** The merchant's newest round; `lock` takes the row for the transaction (update or share). */
export async function latestRound(
  db: Db,
  merchantId: string,
  lock?: 'update' | 'share',
): Promise<RoundRow | undefined> {
  let query = db
    .selectFrom('crash_rounds')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('id', 'desc')
    .limit(1);
  if (lock === 'update') query = query.forUpdate();
  if (lock === 'share') query = query.forShare();
  return query.executeTakeFirst();
}

export async function roundById(
  db: Db,
  merchantId: string,
  id: bigint,
  lock?: 'share' | 'update',
): Promise<RoundRow | undefined> {
  let query = db
    .selectFrom('crash_rounds')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id);
  if (lock === 'update') query = query.forUpdate();
  if (lock === 'share') query = query.forShare();
  return query.executeTakeFirst();
}

export async function bustedRounds(db: Db, merchantId: string, limit: number): Promise<RoundRow[]> {
  return db
    .selectFrom('crash_rounds')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'busted')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function betsOf(db: Db, roundId: bigint): Promise<BetRow[]> {
  return db.selectFrom('crash_bets').selectAll().where('round_id', '=', roundId).orderBy('id').execute();
}

/** The round's active bets, locked in id order (the leader's bust). */
export async function activeBets(db: Db, roundId: bigint): Promise<BetRow[]> {
  return db
    .selectFrom('crash_bets')
    .selectAll()
    .where('round_id', '=', roundId)
    .where('status', '=', 'active')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** A member's bet in a round (read without a lock: a cash-out's bet is locked in its batch). */
export async function memberBet(db: Db, roundId: bigint, memberId: string): Promise<BetRow | undefined> {
  return db
    .selectFrom('crash_bets')
    .selectAll()
    .where('round_id', '=', roundId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/**
 * Share-locks, in id order, the merchant's newest round and the rounds named: bets land only in a
 * round whose betting phase the lock keeps open (the leader's start waits for it).
 */
export async function lockRoundsForBets(db: Db, merchantId: string, ids: bigint[]): Promise<RoundRow[]> {
  const { rows } = await sql<RoundRow>`
    select * from crash_rounds
     where merchant_id = ${merchantId}::uuid
       and (id = any(${ids.map(String)}::bigint[])
            or id = (select max(id) from crash_rounds where merchant_id = ${merchantId}::uuid))
     order by id
       for share`.execute(db);
  return rows;
}

/** Share-locks these rounds of the merchant in id order (a cash-out batch: the bust waits for it). */
export async function lockRounds(db: Db, merchantId: string, ids: bigint[]): Promise<RoundRow[]> {
  return db
    .selectFrom('crash_rounds')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forShare()
    .execute();
}

/** Locks these bets for update in id order (a cash-out batch; two batches of one bet queue). */
export async function lockBets(db: Db, ids: bigint[]): Promise<BetRow[]> {
  return db.selectFrom('crash_bets').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

/**
 * The bets already stored under these (member, key) pairs, and the bets these members already have
 * in these rounds (one bet per player and round), in one statement of index probes. Run after the
 * batch's account locks: its snapshot then sees what a batch of the same member committed meanwhile.
 */
export async function storedBets(
  db: Db,
  keys: { memberId: string; idempotencyKey: string }[],
  seats: { roundId: bigint; memberId: string }[],
): Promise<BetRow[]> {
  const { rows } = await sql<BetRow>`
    select b.* from unnest(${keys.map((k) => k.memberId)}::uuid[], ${keys.map((k) => k.idempotencyKey)}::text[])
        as k(m, key)
      cross join lateral (
        select * from crash_bets c where c.member_id = k.m and c.idempotency_key = k.key
      ) b
    union
    select b.* from unnest(${seats.map((s) => String(s.roundId))}::bigint[], ${seats.map((s) => s.memberId)}::uuid[])
        as s(r, m)
      cross join lateral (select * from crash_bets c where c.round_id = s.r and c.member_id = s.m) b`.execute(
    db,
  );
  return rows;
}

export type NewBet = Omit<Insertable<CrashBetsTable>, 'id' | 'status' | 'merchant_id' | 'created_at'>;

/** A batch's accepted bets in one statement; answers the rows in the order given. */
export async function insertBets(db: Db, merchantId: string, bets: NewBet[]): Promise<BetRow[]> {
  if (!bets.length) return [];
  const column = <T>(pick: (b: NewBet) => T) => bets.map(pick);
  const { rows } = await sql<BetRow>`
    insert into crash_bets (round_id, merchant_id, member_id, player, currency, idempotency_key, stake_minor,
                            auto_cash_out, limit_cash_out, status, stake_transfer_id)
    select r, ${merchantId}::uuid, m, p, c, k, s, a, l, 'active', t
      from unnest(${column((b) => String(b.round_id))}::bigint[], ${column((b) => b.member_id)}::uuid[],
                  ${column((b) => b.player)}::text[], ${column((b) => b.currency)}::text[],
                  ${column((b) => b.idempotency_key)}::text[], ${column((b) => String(b.stake_minor))}::bigint[],
                  ${column((b) => b.auto_cash_out ?? null)}::numeric[], ${column((b) => b.limit_cash_out)}::numeric[],
                  ${column((b) => String(b.stake_transfer_id))}::bigint[])
        with ordinality as x(r, m, p, c, k, s, a, l, t, n)
     order by n
    returning *`.execute(db);
  const byKey = new Map(rows.map((r) => [memberKey(r.member_id, r.idempotency_key), r]));
  return bets.map((b) => byKey.get(memberKey(b.member_id, b.idempotency_key))!);
}

export interface CashedOut {
  id: bigint;
  cashOut: string;
  payoutMinor: bigint;
  payoutTransferId: bigint;
  at: Date;
}

/** A batch's cash-outs in one statement; answers the rows in the order given. */
export async function settleCashOuts(db: Db, cashed: CashedOut[]): Promise<BetRow[]> {
  if (!cashed.length) return [];
  const { rows } = await sql<BetRow>`
    update crash_bets b
       set status = 'cashed', cash_out = x.c, payout_minor = x.p, payout_transfer_id = x.t, settled_at = x.at
      from unnest(${cashed.map((c) => String(c.id))}::bigint[], ${cashed.map((c) => c.cashOut)}::numeric[],
                  ${cashed.map((c) => String(c.payoutMinor))}::bigint[],
                  ${cashed.map((c) => String(c.payoutTransferId))}::bigint[],
                  ${cashed.map((c) => c.at.toISOString())}::timestamptz[]) as x(id, c, p, t, at)
     where b.id = x.id
    returning b.*`.execute(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return cashed.map((c) => byId.get(c.id)!);
}

/** Settles these bets as lost at the bust, in one statement. */
export async function loseBets(db: Db, ids: bigint[], at: Date): Promise<void> {
  if (!ids.length) return;
  await db.updateTable('crash_bets').set({ status: 'lost', settled_at: at }).where('id', 'in', ids).execute();
}

/** The merchant's in-house limits; the migration's defaults when the merchant never saved any. */
export async function limits(
  db: Db,
  merchantId: string,
): Promise<{ houseEdgeBps: number; maxBetMinor: bigint; maxWinMinor: bigint }> {
  const row = await db
    .selectFrom('originals_settings')
    .select(['house_edge_bps', 'max_bet_minor', 'max_win_minor'])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return {
    houseEdgeBps: row?.house_edge_bps ?? 100,
    maxBetMinor: row?.max_bet_minor ?? 1_000_000n,
    maxWinMinor: row?.max_win_minor ?? 100_000_000n,
  };
}
