import { describe, expect, it } from 'vitest';
import { MAX_MULTIPLE, priceTicket, settleTicket } from './ticket.ts';

const base = {
  playTypeCode: '5D_POSITION',
  selection: [[1, 2], [3], [], [], []],
  unitStakeMinor: 200n,
  multiple: 3,
};

describe('tickets', () => {
  it('costs unit stake × units × multiple', () => {
    const priced = priceTicket(base);
    expect(priced.ok && priced.stakeMinor).toBe(1800n);
  });
  it('refuses unknown play types, bad stakes and multiples', () => {
    expect(priceTicket({ ...base, playTypeCode: 'NOPE' })).toEqual({
      ok: false,
      reason: 'UNKNOWN_PLAY_TYPE',
    });
    expect(priceTicket({ ...base, unitStakeMinor: 0n })).toEqual({ ok: false, reason: 'BAD_UNIT_STAKE' });
    expect(priceTicket({ ...base, unitStakeMinor: 2 as unknown as bigint })).toEqual({
      ok: false,
      reason: 'BAD_UNIT_STAKE',
    });
    expect(priceTicket({ ...base, multiple: 0 })).toEqual({ ok: false, reason: 'BAD_MULTIPLE' });
    expect(priceTicket({ ...base, multiple: MAX_MULTIPLE + 1 })).toEqual({
      ok: false,
      reason: 'BAD_MULTIPLE',
    });
    expect(priceTicket({ ...base, selection: [[1]] })).toEqual({ ok: false, reason: 'WRONG_ROW_COUNT' });
  });
  it('settles each winning unit on unit stake × multiple', () => {
    const settled = settleTicket(base, [2, 3, 0, 0, 0], 1950);
    expect(settled).toEqual({
      ok: true,
      stakeMinor: 1800n,
      winning: [
        { key: 'p1:2', payoutMinor: 5850n },
        { key: 'p2:3', payoutMinor: 5850n },
      ],
      payoutMinor: 11_700n,
    });
  });
  it('refuses to settle on a result of another family', () => {
    expect(() => settleTicket(base, [2, 3, 0], 1950)).toThrow(RangeError);
    expect(() => settleTicket(base, [2, 3, 0, 0, 10], 1950)).toThrow(RangeError);
  });
});
