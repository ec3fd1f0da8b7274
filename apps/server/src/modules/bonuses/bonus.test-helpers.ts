import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { memberAccountId } from '../ledger/index.ts';
import { type Contribution, grantBonus } from './bonus.service.ts';

/**
 * What other modules' tests need of the bonuses module: a bonus granted directly, as an operator's
 * grant would (the wallet's and games' tests put a member under a bonus this way), the expiry
 * sweep, and reads of the bonus rows, slips and transfers to check them by. Test files may import a
 * module's *.test-helpers.ts (scripts/check-boundaries.mjs); the service stays behind index.ts for
 * everything else.
 */
export { expireDue, grantBonus } from './bonus.service.ts';

/**
 * An operator's bonus of `amountMinor` granted now to the member (basis: the bonus; `times` × it to
 * wager), in its own transaction; answers the `member_bonuses` id and the member's bonus account. The
 * merchant's bonus switch must be on.
 */
export async function grantOperatorBonus(
  f: { db: Db; merchantId: string; currency: string },
  memberId: string,
  g: { amountMinor: bigint; times: number; maxBetMinor: bigint; contributionBps: Contribution; now: Date },
): Promise<{ bonusRowId: bigint; bonusAccountId: bigint }> {
  const granted = await f.db.transaction().execute((trx) =>
    grantBonus(trx, {
      ...g,
      merchantId: f.merchantId,
      memberId,
      currency: f.currency,
      source: 'operator',
      sourceId: randomUUID(),
      promotionId: null,
      grantedBy: 'test',
      depositMinor: 0n,
      basis: 'bonus',
      validDays: 7,
      claim: null,
    }),
  );
  if (!granted.ok) throw new Error(granted.code);
  const bonusAccountId = await memberAccountId(f.db, memberId, f.merchantId, 'bonus', f.currency);
  return { bonusRowId: BigInt(granted.bonus.id), bonusAccountId };
}

/** A bonus row's progress, amounts as text. */
export async function bonusRowOf(db: Db, id: bigint | string) {
  const { rows } = await sql<{ status: string; wagered: string; open: string; converted: string }>`
    select status, wagered_minor::text as wagered, open_bonus_minor::text as open,
           converted_minor::text as converted
      from member_bonuses where id = ${String(id)}`.execute(db);
  return rows[0]!;
}

/** The bonus slips of a bonus, or filed under settle refs `like` a pattern; amounts as text, by bet ref. */
export async function bonusSlips(db: Db, of: { bonusId: bigint } | { settleRefLike: string }) {
  const where =
    'bonusId' in of ? sql`s.bonus_id = ${String(of.bonusId)}` : sql`s.settle_ref like ${of.settleRefLike}`;
  const { rows } = await sql<{
    settle_ref: string;
    status: string;
    cash: string;
    bonus: string;
    contribution: string;
    payout_cash: string;
    payout_bonus: string;
  }>`
    select settle_ref, status, cash_part_minor::text as cash, bonus_part_minor::text as bonus,
           contribution_minor::text as contribution, payout_cash_minor::text as payout_cash,
           payout_bonus_minor::text as payout_bonus
      from bonus_bet_slips s where ${where} order by bet_ref`.execute(db);
  return rows;
}

/** How many of the merchant's ledger transfers have a key `like` the pattern. */
export async function transfersKeyed(db: Db, merchantId: string, pattern: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ledger_transfers
     where merchant_id = ${merchantId} and idempotency_key like ${pattern}`.execute(db);
  return rows[0]!.n;
}
