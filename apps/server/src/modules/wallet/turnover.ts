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
 * member's playing wallets (main, bonus, game:*). Both are lifetime sums, so a bet counts once
 * towards whatever is still outstanding, whichever deposit it followed.
 */
export async function turnoverStatus(db: Db, merchantId: string, memberId: string): Promise<TurnoverStatus> {
  const required = await db
    .selectFrom('turnover_requirements')
    .select(sql<string>`coalesce(sum(required_minor), 0)::text`.as('total'))
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  const done = await db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as a', 'a.id', 't.debit_account_id')
    .select(sql<string>`coalesce(sum(t.amount_minor), 0)::text`.as('total'))
    .where('a.owner_type', '=', 'member')
    .where('a.owner_id', '=', memberId)
    .where('a.merchant_id', '=', merchantId)
    .where((eb) => eb.or([eb('a.kind', 'in', ['main', 'bonus']), eb('a.kind', 'like', 'game:%')]))
    .where('t.code', '=', 'bet')
    .where('t.status', '=', 'posted')
    .executeTakeFirstOrThrow();
  const requiredMinor = BigInt(required.total);
  const doneMinor = BigInt(done.total);
  const remainingMinor = requiredMinor > doneMinor ? requiredMinor - doneMinor : 0n;
  return { requiredMinor, doneMinor, remainingMinor };
}
