import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';

/**
 * No half-written mines or hilo round: every round has its stake (`multistep:<member>:<key>:stake`,
 * code `bet`, the stake); a won round with a payout has exactly its win, keyed per ROUND
 * (`multistep:<member>:<round>:win`), and no other round has one; an open round has its open betting
 * record and no copy for recall; a finished one its settled record and its copy in original_rounds
 * (same id, seed, nonce, stake, payout and transfers); every `multistep:` transfer of these members
 * belongs to a round. (The nonces are `expectWholeBets`'s, which counts these rounds too.) Answers the
 * number of rounds.
 */
export async function expectWholeSteps(db: Db, memberIds: string[]): Promise<number> {
  const { rows } = await sql<{ problem: string; n: number }>`
    with m as (select * from multistep_rounds where member_id = any(${memberIds}::uuid[]))
    select 'round without its stake' as problem, count(*)::int as n from m
      where not exists (
        select 1 from ledger_transfers t
         where t.id = m.stake_transfer_id and t.code = 'bet' and t.amount_minor = m.stake_minor
           and t.idempotency_key = 'multistep:' || m.member_id || ':' || m.idempotency_key || ':stake')
    union all
    select 'win mismatch', count(*)::int from m
      where (m.status = 'won' and m.payout_minor > 0) <> (m.payout_transfer_id is not null)
         or (m.status <> 'won' and m.payout_minor <> 0)
         or (m.payout_transfer_id is not null and not exists (
              select 1 from ledger_transfers t
               where t.id = m.payout_transfer_id and t.code = 'win' and t.amount_minor = m.payout_minor
                 and t.idempotency_key = 'multistep:' || m.member_id || ':' || m.id || ':win'))
    union all
    select 'round without its record', count(*)::int from m
      where not exists (
        select 1 from bet_records b
         where b.source = 'originals' and b.source_ref = m.id::text and b.stake_minor = m.stake_minor
           and b.payout_minor = m.payout_minor
           and b.status = case when m.status = 'open' then 'open' else 'settled' end)
    union all
    select 'finished round without its copy, or open with one', count(*)::int from m
      where (m.status = 'open') = exists (select 1 from original_rounds o where o.id = m.id)
         or (m.status <> 'open' and not exists (
              select 1 from original_rounds o
               where o.id = m.id and o.member_id = m.member_id and o.seed_id = m.seed_id and o.nonce = m.nonce
                 and o.idempotency_key = m.idempotency_key and o.stake_minor = m.stake_minor
                 and o.payout_minor = m.payout_minor and o.stake_transfer_id = m.stake_transfer_id
                 and o.payout_transfer_id is not distinct from m.payout_transfer_id))
    union all
    select 'transfer without its round', count(*)::int from ledger_transfers t
      where t.idempotency_key like 'multistep:%'
        and split_part(t.idempotency_key, ':', 2)::uuid = any(${memberIds}::uuid[])
        and not exists (select 1 from m where m.stake_transfer_id = t.id or m.payout_transfer_id = t.id)`.execute(
    db,
  );
  for (const row of rows) if (row.n) throw new Error(`${row.problem}: ${row.n}`);
  const { rows: count } = await sql<{ n: number }>`
    select count(*)::int as n from multistep_rounds where member_id = any(${memberIds}::uuid[])`.execute(db);
  return count[0]!.n;
}
