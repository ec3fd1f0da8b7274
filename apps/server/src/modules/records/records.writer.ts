import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { BetRecordStatus } from './records.tables.ts';

/**
 * A change to one round's betting record, made by the module that moved the round's money, inside
 * that same transaction. Amounts are deltas: a vendor round that takes two debits and one credit
 * calls this three times; the first call creates the record.
 */
export interface BetRecordChange {
  merchantId: string;
  memberId: string;
  source: string;
  sourceRef: string;
  category: string;
  vendor: string;
  gameCode: string;
  currency: string;
  stakeMinor?: bigint;
  payoutMinor?: bigint;
  /** Omitted: the status stays as it is ('open' for a new record). */
  status?: BetRecordStatus;
  at: Date;
}

export async function recordBet(db: Db, change: BetRecordChange): Promise<void> {
  const stake = change.stakeMinor ?? 0n;
  const payout = change.payoutMinor ?? 0n;
  const status = change.status ?? 'open';
  const settledAt = status === 'open' ? null : change.at;
  if (stake < 0n || payout < 0n) {
    // A negative delta (a vendor rollback giving a stake back) only ever changes an existing record:
    // PostgreSQL checks `stake_minor >= 0` on the row an upsert proposes before it finds the conflict.
    const updated = await db
      .updateTable('bet_records')
      .set({
        stake_minor: sql`stake_minor + ${stake}`,
        payout_minor: sql`payout_minor + ${payout}`,
        ...(change.status ? { status, settled_at: settledAt } : {}),
      })
      .where('merchant_id', '=', change.merchantId)
      .where('source', '=', change.source)
      .where('source_ref', '=', change.sourceRef)
      .executeTakeFirst();
    if (!updated.numUpdatedRows)
      throw new Error(`recordBet: no record ${change.source}:${change.sourceRef} to reduce`);
    return;
  }
  await db
    .insertInto('bet_records')
    .values({
      merchant_id: change.merchantId,
      member_id: change.memberId,
      source: change.source,
      source_ref: change.sourceRef,
      category: change.category,
      vendor: change.vendor,
      game_code: change.gameCode,
      currency: change.currency,
      stake_minor: stake,
      payout_minor: payout,
      status,
      placed_at: change.at,
      settled_at: settledAt,
    })
    .onConflict((oc) =>
      oc.constraint('bet_records_source').doUpdateSet({
        stake_minor: sql`bet_records.stake_minor + ${stake}`,
        payout_minor: sql`bet_records.payout_minor + ${payout}`,
        status: change.status ? sql`${status}` : sql`bet_records.status`,
        settled_at: change.status ? sql`${settledAt}` : sql`bet_records.settled_at`,
      }),
    )
    .execute();
}

/**
 * recordBet for many rounds in one statement, for group-committed hot paths (vendor debits). Amount
 * deltas only: a new record opens 'open', an existing one keeps its status. Changes to the same round
 * are summed first, since one upsert cannot touch a row twice.
 */
export async function recordBets(db: Db, changes: Omit<BetRecordChange, 'status'>[]): Promise<void> {
  if (!changes.length) return;
  type Change = Omit<BetRecordChange, 'status'>;
  const byRound = new Map<string, Change>();
  for (const change of changes) {
    const key = `${change.merchantId}:${change.source}:${change.sourceRef}`;
    const seen = byRound.get(key);
    byRound.set(
      key,
      seen
        ? {
            ...seen,
            stakeMinor: (seen.stakeMinor ?? 0n) + (change.stakeMinor ?? 0n),
            payoutMinor: (seen.payoutMinor ?? 0n) + (change.payoutMinor ?? 0n),
          }
        : change,
    );
  }
  const rows = [...byRound.values()];
  const column = (pick: (c: Change) => string) => rows.map(pick);
  await sql`
    insert into bet_records (merchant_id, member_id, source, source_ref, category, vendor, game_code, currency,
                             stake_minor, payout_minor, placed_at)
    select m, mb, so, r, ca, v, g, cu, s, p, at
      from unnest(${column((c) => c.merchantId)}::uuid[], ${column((c) => c.memberId)}::uuid[],
                  ${column((c) => c.source)}::text[], ${column((c) => c.sourceRef)}::text[],
                  ${column((c) => c.category)}::text[], ${column((c) => c.vendor)}::text[],
                  ${column((c) => c.gameCode)}::text[], ${column((c) => c.currency)}::text[],
                  ${column((c) => String(c.stakeMinor ?? 0n))}::bigint[],
                  ${column((c) => String(c.payoutMinor ?? 0n))}::bigint[],
                  ${column((c) => c.at.toISOString())}::timestamptz[])
        as x(m, mb, so, r, ca, v, g, cu, s, p, at)
    on conflict on constraint bet_records_source do update set
      stake_minor = bet_records.stake_minor + excluded.stake_minor,
      payout_minor = bet_records.payout_minor + excluded.payout_minor`.execute(db);
}

/**
 * Closes many rounds' records of one source in one statement (batch settlement of lottery tickets,
 * crash cash-outs): each gets its payout delta and its final status ('settled', or 'cancelled' for a
 * refunded stake, which keeps the record out of the profit sums), settled at its own `at` or else the
 * batch's. Records that do not exist are left alone: they were opened when the round's stake moved.
 * A close may also give a stake back (`stakeMinor`, a negative delta: a vendor's rollback) and may
 * leave the status as it is (`status: null`), or reopen the record (`'open'`: a sportsbook settlement
 * rolled back); one close per record.
 */
export async function closeRecords(
  db: Db,
  merchantId: string,
  source: string,
  closes: {
    sourceRef: string;
    payoutMinor: bigint;
    stakeMinor?: bigint;
    status: BetRecordStatus | null;
    at?: Date;
  }[],
  at: Date,
): Promise<void> {
  if (!closes.length) return;
  const refs = closes.map((c) => c.sourceRef);
  // `source_ref = any(…)` as well as the join: the rows are then reached through the unique index
  // instead of hashing every record of the source for each batch.
  await sql`
    update bet_records b
       set stake_minor = b.stake_minor + x.s, payout_minor = b.payout_minor + x.p,
           status = coalesce(x.st, b.status),
           settled_at = case when x.st is null then b.settled_at when x.st = 'open' then null else x.at end
      from unnest(${refs}::text[], ${closes.map((c) => String(c.payoutMinor))}::bigint[],
                  ${closes.map((c) => String(c.stakeMinor ?? 0n))}::bigint[], ${closes.map((c) => c.status)}::text[],
                  ${closes.map((c) => (c.at ?? at).toISOString())}::timestamptz[])
        as x(r, p, s, st, at)
     where b.merchant_id = ${merchantId}::uuid and b.source = ${source} and b.source_ref = any(${refs}::text[])
       and b.source_ref = x.r`.execute(db);
}
