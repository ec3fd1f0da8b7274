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

/** A settled bet (placed at `at`), the way the game path records it; the earning consumer turns it into points. */
export async function settledBet(
  f: Fixture,
  memberId: string,
  stakeMinor: bigint,
  category = 'INHOUSE',
  ref: string = randomUUID(),
  at: Date = new Date(),
) {
  await recordBet(f.db, {
    merchantId: f.merchantId,
    memberId,
    source: 'test',
    sourceRef: ref,
    category,
    vendor: 'SORTE',
    gameCode: 'dice',
    currency: f.currency,
    stakeMinor,
    payoutMinor: 0n,
    status: 'settled',
    at,
  });
  return ref;
}
