import { describe, expect, it } from 'vitest';
import { balancePartsOf } from './balance';

describe('balancePartsOf', () => {
  it('splits the total into cash and the bonus wallet (balance − pending)', () => {
    const answer = {
      balanceMinor: 6_234,
      wallets: [
        { kind: 'main', balanceMinor: 6_000, pendingMinor: 1_000 },
        { kind: 'bonus', balanceMinor: 1_334, pendingMinor: 100 },
      ],
    };
    expect(balancePartsOf(answer)).toEqual({ cashMinor: 5_000n, bonusMinor: 1_234n });
  });

  it('without a bonus wallet everything is cash', () => {
    expect(
      balancePartsOf({ balanceMinor: 700, wallets: [{ kind: 'main', balanceMinor: 700, pendingMinor: 0 }] }),
    ).toEqual({
      cashMinor: 700n,
      bonusMinor: 0n,
    });
    expect(balancePartsOf(null)).toEqual({ cashMinor: 0n, bonusMinor: 0n });
  });
});
