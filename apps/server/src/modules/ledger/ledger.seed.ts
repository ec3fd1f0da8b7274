import { sql } from 'kysely';
import type { SeedContext } from '../../platform/context.ts';
import { memberAccountId, systemAccountId, transfer } from './ledger.service.ts';

/** R$ 1.000,00 (or 1,000.00 of the merchant's currency): enough to try every game in the demo. */
export const DEMO_STARTING_BALANCE_MINOR = 100_000n;
/** Bound on how many seeded demo members are credited. */
const MAX_DEMO_MEMBERS = 20;

/**
 * Gives each demo member seeded by the members/agents modules (register_method 'SEED', not a trial
 * account) a starting balance through a proper 'adjustment' transfer from the merchant's adjustment
 * account. The idempotency key names the member, so running the seed at every start credits once.
 * The members are found by how they were seeded rather than by name, so a demo player added later
 * is credited at the next start whatever its account name.
 */
export async function seedDemoBalances(ctx: SeedContext): Promise<void> {
  const members = await seededMembers(ctx);
  for (const member of members) {
    const debit = await systemAccountId(ctx.db, member.merchant_id, 'adjustment', member.currency);
    const credit = await memberAccountId(ctx.db, member.id, member.merchant_id, 'main', member.currency);
    await transfer(ctx.db, {
      merchantId: member.merchant_id,
      idempotencyKey: `demo-seed:${member.id}`,
      code: 'adjustment',
      debitAccountId: debit,
      creditAccountId: credit,
      amountMinor: DEMO_STARTING_BALANCE_MINOR,
      currency: member.currency,
      metadata: { reason: 'demo starting balance' },
    });
  }
  if (members.length) ctx.log.info({ members: members.length }, 'demo balances ensured');
}

/** Read-only look at the members table: the members module exports no "list seeded members" call. */
async function seededMembers(ctx: SeedContext) {
  const { rows } = await sql<{ id: string; merchant_id: string; currency: string }>`
    select m.id, m.merchant_id, m.currency from members m join merchants d on d.id = m.merchant_id
    where d.code = ${ctx.config.DEFAULT_MERCHANT} and m.register_method = 'SEED' and m.type <> 4
    order by m.created_at limit ${MAX_DEMO_MEMBERS}`.execute(ctx.db);
  return rows;
}
