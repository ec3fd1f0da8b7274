import { type Fixture, newMember } from '../ledger/ledger.test-helpers.ts';

/** A fresh member of the fixture's merchant as the rewards and raffles services take a caller. */
export async function rewardsCaller(f: Fixture, prefix = 'rw') {
  const m = await newMember(f, prefix);
  return { memberId: m.memberId, merchantId: f.merchantId, currency: f.currency };
}
