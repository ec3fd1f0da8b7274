import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../platform/database/database.ts';
import { recountRollups, rollupsHoldCommitted, storedRollups } from './records.rollups.ts';

/**
 * The rollups for tests of any module: catch the consumer up (instead of waiting for its poll) until
 * they hold every fact committed so far — on a PostgreSQL server shared with other work, a
 * transaction running in another database holds the stream's horizon back for a moment — and
 * compare what it stored with a recount from the betting records.
 */
export const catchUpRollups = (db: Db) => rollupsHoldCommitted(db);
export { recountRollups, storedRollups };

/**
 * What every game's tests check at the end: each betting record has exactly the facts its history
 * calls for — a settled round one 'settle' fact, a void or resettlement a correcting delta, an open
 * round none, play money none at all — their sums are the round's settled contribution, and the
 * rollups, caught up, equal a recount of the records.
 */
export async function expectStreamConsistent(db: Db): Promise<{ records: number; facts: number }> {
  const { rows } = await sql<{
    id: bigint;
    status: string;
    currency: string;
    contribution: string;
    facts: string;
    settles: number;
    count: number;
  }>`
    select r.id, r.status, r.currency,
      concat_ws(' ', case when r.status = 'settled' then 1 else 0 end,
                     case when r.status = 'settled' then r.stake_minor else 0 end,
                     case when r.status = 'settled' then r.payout_minor else 0 end) as contribution,
      concat_ws(' ', coalesce(sum(s.bets), 0), coalesce(sum(s.stake_minor), 0), coalesce(sum(s.payout_minor), 0))
        as facts,
      (count(*) filter (where s.kind = 'settle'))::int as settles,
      count(s.position)::int as count
    from bet_records r left join bet_stream s on s.record_id = r.id
    group by r.id`.execute(db);
  let facts = 0;
  for (const r of rows) {
    facts += r.count;
    if (/^X[A-Z]{3,4}$/.test(r.currency)) {
      expect(r.count, `play-money record ${r.id} is in the stream`).toBe(0);
      continue;
    }
    expect(r.facts, `record ${r.id} (${r.status})`).toBe(r.contribution);
    if (r.status === 'settled') expect(r.settles, `record ${r.id}: one settle fact`).toBe(1);
    else expect(r.settles, `record ${r.id}: ${r.status}`).toBeLessThanOrEqual(1);
    if (r.status === 'open') expect(r.facts).toBe('0 0 0');
  }
  await catchUpRollups(db);
  expect(await storedRollups(db)).toEqual(await recountRollups(db));
  return { records: rows.length, facts };
}
