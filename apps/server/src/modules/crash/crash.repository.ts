import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
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
  lock?: 'share',
): Promise<RoundRow | undefined> {
  let query = db
    .selectFrom('crash_rounds')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id);
  if (lock) query = query.forShare();
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

export async function betByKey(db: Db, memberId: string, key: string): Promise<BetRow | undefined> {
  return db
    .selectFrom('crash_bets')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * Writes a bet unless the player already has one with this key or in this round (their unique
 * constraints): then nothing is written and the answer is undefined. A concurrent twin's insert is
 * waited for rather than failed on, so the caller can read back and answer what committed first.
 */
export async function insertBet(db: Db, bet: Insertable<CrashBetsTable>): Promise<BetRow | undefined> {
  return db
    .insertInto('crash_bets')
    .values(bet)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function memberBet(
  db: Db,
  roundId: bigint,
  memberId: string,
  lock = false,
): Promise<BetRow | undefined> {
  let query = db
    .selectFrom('crash_bets')
    .selectAll()
    .where('round_id', '=', roundId)
    .where('member_id', '=', memberId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
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
