import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';

/** Betting a member must do before withdrawing, created by a credited deposit (later bonuses too). */
export interface TurnoverRequirement {
  merchantId: string;
  memberId: string;
  /** 'deposit', later 'bonus', 'adjustment' … */
  source: string;
  sourceId: string;
  requiredMinor: bigint;
}

export interface TurnoverStatus {
  requiredMinor: bigint;
  doneMinor: bigint;
  /** What is still to bet; 0 once the requirement is met. */
  remainingMinor: bigint;
}

/**
 * Records a requirement. Idempotent by (member, source, sourceId): the same deposit credited twice
 * (a replayed callback) cannot double what the player must bet. Pass the transaction of the credit.
 */
export async function addTurnoverRequirement(trx: Db, r: TurnoverRequirement): Promise<void> {
  await trx
    .insertInto('turnover_requirements')
    .values({
      merchant_id: r.merchantId,
      member_id: r.memberId,
      source: r.source,
      source_id: r.sourceId,
      required_minor: r.requiredMinor,
    })
    .onConflict((oc) => oc.constraint('turnover_requirements_source').doNothing())
    .execute();
}

/**
 * Required is every requirement ever recorded; done is every posted bet that debited one of the
 * member's playing wallets (main, bonus, game:*), an in-house round settled as one net transfer by
 * its stake. Both are lifetime sums, so a bet counts once
 * towards whatever is still outstanding, whichever deposit it followed.
 */
export async function turnoverStatus(db: Db, merchantId: string, memberId: string): Promise<TurnoverStatus> {
  const required = await db
    .selectFrom('turnover_requirements')
    .select(sql<string>`coalesce(sum(required_minor), 0)::text`.as('total'))
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  // Read through the member's entries (the accounts' index), not the transfers by debit account: the
  // bet path indexes transfers only by id and key. A round that settled as one net transfer (modules/
  // bets) counts its whole stake, whichever way its net went.
  const { rows } = await sql<{ total: string }>`
    select coalesce(sum(case when t.metadata ? 'stakeMinor' then (t.metadata->>'stakeMinor')::bigint
                             else -e.amount_minor end), 0)::text as total
      from ledger_accounts a
      join ledger_entries e on e.account_id = a.id
      join ledger_transfers t on t.id = e.transfer_id
     where a.owner_type = 'member' and a.owner_id = ${memberId}::uuid and a.merchant_id = ${merchantId}::uuid
       and (a.kind in ('main', 'bonus') or a.kind like 'game:%')
       and t.status = 'posted'
       and ((t.code = 'bet' and e.amount_minor < 0) or (t.code = 'win' and t.metadata ? 'stakeMinor'))`.execute(
    db,
  );
  const done = rows[0]!;
  const requiredMinor = BigInt(required.total);
  const doneMinor = BigInt(done.total);
  const remainingMinor = requiredMinor > doneMinor ? requiredMinor - doneMinor : 0n;
  return { requiredMinor, doneMinor, remainingMinor };
}
