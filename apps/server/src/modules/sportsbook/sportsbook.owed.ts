import type { BoSportsOwedBet, PageQuery } from '@sorte/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { offsetOf } from '../../platform/http/paging.ts';

/**
 * Take-backs still owed (sportsbook.settle.ts): a rollback or a resettlement takes back only what the
 * player's balance holds, and the rest stays on the bet as `credited_minor` above its return, netted
 * against its next resettlement. The operators' list of those bets, newest first, with the total.
 * A fully cashed-out bet is final and never settled, so it is never owed.
 */
export async function owedBets(db: Db, merchantId: string, query: PageQuery) {
  const owed = db
    .selectFrom('sb_bets as b')
    .where('b.merchant_id', '=', merchantId)
    .where('b.status', '<>', 'cashed_out')
    .where(sql<boolean>`b.credited_minor > b.settled_return_minor`);
  const totals = await owed
    .select((eb) => [
      eb.fn.countAll<string>().as('n'),
      sql<string | null>`sum(b.credited_minor - b.settled_return_minor)`.as('owed'),
    ])
    .executeTakeFirstOrThrow();
  const rows = await owed
    .innerJoin('members as m', 'm.id', 'b.member_id')
    .select([
      'b.id',
      'm.account',
      'b.kind',
      'b.status',
      'b.stake_minor',
      'b.credited_minor',
      'b.settled_return_minor',
      'b.placed_at',
      'b.settled_at',
    ])
    .orderBy('b.id', 'desc')
    .limit(query.pageSize)
    .offset(offsetOf(query))
    .execute();
  const list: BoSportsOwedBet[] = rows.map((b) => ({
    id: Number(b.id),
    account: b.account,
    kind: b.kind,
    status: b.status,
    stakeMinor: Number(b.stake_minor),
    creditedMinor: Number(b.credited_minor),
    returnMinor: Number(b.settled_return_minor),
    owedMinor: Number(b.credited_minor - b.settled_return_minor),
    placedAt: b.placed_at.toISOString(),
    settledAt: b.settled_at?.toISOString() ?? null,
  }));
  return { list, total: Number(totals.n), owedTotalMinor: Number(totals.owed ?? 0) };
}
