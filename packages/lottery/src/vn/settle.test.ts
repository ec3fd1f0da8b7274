/**
 * Worked examples: each bet type priced and settled by hand against the fixed North and South results
 * of test-results.ts, at the default rates (North lô 23,000 ăn 80,000; South lô 18,000 ăn 90,000;
 * lô 3 số 23,000 / 17,000 ăn 900,000; đề 1,000 ăn 80,000; xiên North 17k/65k/300k, South
 * 30k/200k/1.5M per 1,000; bao lô ×75 / ×650 per slot).
 */
import { describe, expect, it } from 'vitest';
import type { VnTicket } from './bet-types.ts';
import type { VnPayoutConfig } from './payout-config.ts';
import { DEFAULT_VN_PAYOUTS, vnTicketCostMinor } from './payout-config.ts';
import { loHeadTable } from './lo-table.ts';
import { deNumber, loNumbers, settleVnTicket } from './settle.ts';
import { NORTH_RESULT, SOUTH_RESULT } from './test-results.ts';

function play(ticket: VnTicket, config: VnPayoutConfig = DEFAULT_VN_PAYOUTS) {
  const result = ticket.region === 'north' ? NORTH_RESULT : SOUTH_RESULT;
  const { winCount, payoutMinor, hits } = settleVnTicket(ticket, result, config);
  return { costMinor: vnTicketCostMinor(ticket, config), winCount, payoutMinor, hits };
}

describe('lô results', () => {
  it('takes the last digits of every prize long enough', () => {
    expect(loNumbers(NORTH_RESULT, 2)).toHaveLength(27);
    expect(loNumbers(NORTH_RESULT, 3)).toHaveLength(23);
    expect(loNumbers(SOUTH_RESULT, 2)).toHaveLength(18);
    expect(loNumbers(SOUTH_RESULT, 3)).toHaveLength(17);
    expect(loNumbers(NORTH_RESULT, 3)).not.toContain('33');
    expect(deNumber(NORTH_RESULT)).toBe('17');
    expect(deNumber(SOUTH_RESULT)).toBe('35');
  });
});

describe('lô 2 số', () => {
  it('North: 17, 33 and 99 at 1 point cost 69,000 and pay 4 occurrences × 80,000', () => {
    const outcome = play({ betType: 'lo2', region: 'north', numbers: ['17', '33', '99'], points: 1 });
    expect(outcome).toEqual({
      costMinor: 69_000n,
      winCount: 4,
      payoutMinor: 320_000n,
      hits: [
        { number: '17', count: 2 },
        { number: '33', count: 2 },
        { number: '99', count: 0 },
      ],
    });
  });

  it('North: a number out once at 3 points pays 240,000', () => {
    expect(play({ betType: 'lo2', region: 'north', numbers: ['64'], points: 3 })).toMatchObject({
      costMinor: 69_000n,
      winCount: 1,
      payoutMinor: 240_000n,
    });
  });

  it('South: 47 out three times and 35 three times, at 2 points, pay 6 × 2 × 90,000', () => {
    expect(play({ betType: 'lo2', region: 'south', numbers: ['47', '35', '00'], points: 2 })).toMatchObject({
      costMinor: 108_000n,
      winCount: 6,
      payoutMinor: 1_080_000n,
    });
  });

  it('counts the G8 two-digit prize in the South and the G7 in the North', () => {
    expect(play({ betType: 'lo2', region: 'north', numbers: ['06'], points: 1 }).winCount).toBe(1);
    expect(play({ betType: 'lo2', region: 'central', numbers: ['47'], points: 1 }).winCount).toBe(3);
  });
});

describe('lô 3 số', () => {
  it('North: 517 (special prize) wins once, 006 does not match the two-digit G7 06', () => {
    expect(play({ betType: 'lo3', region: 'north', numbers: ['517', '006'], points: 2 })).toMatchObject({
      costMinor: 92_000n,
      winCount: 1,
      payoutMinor: 1_800_000n,
    });
  });

  it('South: 935 out three times (G7, G4, special) pays three times', () => {
    expect(play({ betType: 'lo3', region: 'south', numbers: ['935'], points: 1 })).toMatchObject({
      costMinor: 17_000n,
      winCount: 3,
      payoutMinor: 2_700_000n,
    });
  });
});

describe('đề đặc biệt', () => {
  it('North: 17 (special 38517) at 1 point pays 80,000; 33, out twice in lô, pays nothing', () => {
    expect(play({ betType: 'de', region: 'north', numbers: ['17'], points: 1 })).toMatchObject({
      costMinor: 1_000n,
      winCount: 1,
      payoutMinor: 80_000n,
    });
    expect(play({ betType: 'de', region: 'north', numbers: ['33'], points: 1 }).payoutMinor).toBe(0n);
  });

  it('South: 35 and 47 at 10 points cost 20,000 and only 35 wins, once', () => {
    expect(play({ betType: 'de', region: 'south', numbers: ['35', '47'], points: 10 })).toMatchObject({
      costMinor: 20_000n,
      winCount: 1,
      payoutMinor: 800_000n,
    });
  });
});

describe('xiên', () => {
  it('xiên 2 wins once when both numbers are out, however often each appears', () => {
    expect(play({ betType: 'xien2', region: 'south', numbers: ['47', '35'], points: 5 })).toMatchObject({
      costMinor: 5_000n,
      winCount: 1,
      payoutMinor: 150_000n,
    });
    expect(play({ betType: 'xien2', region: 'north', numbers: ['17', '81'], points: 1 })).toMatchObject({
      costMinor: 1_000n,
      winCount: 1,
      payoutMinor: 17_000n,
    });
  });

  it('xiên 2 of three numbers is three combinations, of which only 47–35 wins', () => {
    expect(play({ betType: 'xien2', region: 'south', numbers: ['47', '35', '00'], points: 1 })).toMatchObject(
      {
        costMinor: 3_000n,
        winCount: 1,
        payoutMinor: 30_000n,
      },
    );
  });

  it('xiên 3 and 4 are all or nothing', () => {
    expect(play({ betType: 'xien3', region: 'south', numbers: ['47', '35', '00'], points: 1 })).toMatchObject(
      {
        winCount: 0,
        payoutMinor: 0n,
      },
    );
    expect(
      play({ betType: 'xien3', region: 'south', numbers: ['47', '35', '81'], points: 1 }).payoutMinor,
    ).toBe(200_000n);
    expect(
      play({ betType: 'xien3', region: 'north', numbers: ['17', '81', '48'], points: 1 }).payoutMinor,
    ).toBe(65_000n);
    expect(
      play({ betType: 'xien4', region: 'south', numbers: ['47', '35', '81', '90'], points: 1 }).payoutMinor,
    ).toBe(1_500_000n);
    expect(
      play({ betType: 'xien4', region: 'north', numbers: ['17', '81', '48', '00'], points: 1 }),
    ).toMatchObject({
      winCount: 0,
      payoutMinor: 0n,
    });
    expect(
      play({ betType: 'xien4', region: 'north', numbers: ['17', '81', '48', '64'], points: 2 }).payoutMinor,
    ).toBe(600_000n);
  });
});

describe('bao lô', () => {
  it('2 số South: 10,000 a slot costs 18 slots and pays ×75 for each of 47’s three slots', () => {
    expect(
      play({ betType: 'baoLo2', region: 'south', numbers: ['47'], stakePerSlotMinor: 10_000n }),
    ).toMatchObject({
      costMinor: 180_000n,
      winCount: 3,
      payoutMinor: 2_250_000n,
    });
  });

  it('2 số North: 27 slots; 81 matches two of them', () => {
    expect(
      play({ betType: 'baoLo2', region: 'north', numbers: ['81', '99'], stakePerSlotMinor: 1_000n }),
    ).toMatchObject({ costMinor: 54_000n, winCount: 2, payoutMinor: 150_000n });
  });

  it('3 số: 17 slots in the South, 23 in the North, ×650 per match', () => {
    expect(
      play({ betType: 'baoLo3', region: 'south', numbers: ['935'], stakePerSlotMinor: 1_000n }),
    ).toMatchObject({
      costMinor: 17_000n,
      winCount: 3,
      payoutMinor: 1_950_000n,
    });
    expect(
      play({ betType: 'baoLo3', region: 'north', numbers: ['733'], stakePerSlotMinor: 1_000n }),
    ).toMatchObject({
      costMinor: 23_000n,
      winCount: 1,
      payoutMinor: 650_000n,
    });
  });

  it('floors a fractional multiplier once over the ticket (3 slots × 3 × 75.5 = 679.5 → 679)', () => {
    const config = {
      ...DEFAULT_VN_PAYOUTS,
      baoLo2: { ...DEFAULT_VN_PAYOUTS.baoLo2, south: { kind: 'perSlot', payoutHundredths: 7550 } },
    };
    const ticket: VnTicket = { betType: 'baoLo2', region: 'south', numbers: ['47'], stakePerSlotMinor: 3n };
    expect(play(ticket, config as VnPayoutConfig)).toMatchObject({
      costMinor: 54n,
      winCount: 3,
      payoutMinor: 679n,
    });
  });
});

describe('settlement guards', () => {
  it('refuses to settle a ticket on a result of the other structure', () => {
    expect(() =>
      settleVnTicket(
        { betType: 'lo2', region: 'north', numbers: ['17'], points: 1 },
        SOUTH_RESULT,
        DEFAULT_VN_PAYOUTS,
      ),
    ).toThrow(RangeError);
  });
});

describe('bảng lô tô', () => {
  it('groups the South lô numbers by first digit, one entry per occurrence', () => {
    // 47 47 47 35 35 35 81 90 36 09 53 17 62 88 74 60 03 26, counted by hand.
    expect(loHeadTable(SOUTH_RESULT)).toEqual([
      ['3', '9'],
      ['7'],
      ['6'],
      ['5', '5', '5', '6'],
      ['7', '7', '7'],
      ['3'],
      ['0', '2'],
      ['4'],
      ['1', '8'],
      ['0'],
    ]);
    expect(loHeadTable(NORTH_RESULT).flat()).toHaveLength(27);
  });
});
