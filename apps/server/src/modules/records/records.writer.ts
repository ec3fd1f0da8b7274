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
