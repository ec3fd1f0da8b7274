import { randomUUID } from 'node:crypto';
import { type Fixture, newMember } from '../ledger/ledger.test-helpers.ts';
import { recordBet } from '../records/index.ts';

/** A member with a withdrawal password (its hash given), and the caller the points service takes. */
export async function pointsMember(f: Fixture, passwordHash: string, prefix = 'pts') {
  const m = await newMember(f, prefix);
  await f.db
    .updateTable('members')
    .set({ payment_password_hash: passwordHash })
    .where('id', '=', m.memberId)
    .execute();
  return { ...m, caller: { memberId: m.memberId, merchantId: f.merchantId, currency: f.currency } };
}

/** A bet's record as the game path writes it, before its outcome. */
const betRecord = (
  f: Fixture,
  memberId: string,
  sourceRef: string,
  category: string,
  currency: string,
  at: Date,
) => ({
  merchantId: f.merchantId,
  memberId,
  source: 'test',
  sourceRef,
  category,
  vendor: 'SORTE',
  gameCode: 'dice',
  currency,
  at,
});

/**
 * A settled bet (placed at `at`, in the merchant's currency unless `currency` names another), the way
 * the game path records it; the earning consumer turns it into points.
 */
export async function settledBet(
  f: Fixture,
  memberId: string,
  stakeMinor: bigint,
  category = 'INHOUSE',
  ref: string = randomUUID(),
  at: Date = new Date(),
  currency: string = f.currency,
) {
  await recordBet(f.db, {
    ...betRecord(f, memberId, ref, category, currency, at),
    stakeMinor,
    payoutMinor: 0n,
    status: 'settled',
  });
  return ref;
}

/** The void of the INHOUSE bet `ref`, the way the game path records a cancelled round. */
export async function cancelledBet(f: Fixture, memberId: string, ref: string, at: Date = new Date()) {
  await recordBet(f.db, { ...betRecord(f, memberId, ref, 'INHOUSE', f.currency, at), status: 'cancelled' });
}
