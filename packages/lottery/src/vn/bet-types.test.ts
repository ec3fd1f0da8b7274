import { describe, expect, it } from 'vitest';
import type { VnTicket } from './bet-types.ts';
import { checkVnTicket, xienCombinations, loSlotCount, MAX_POINTS, vnTicketUnits } from './bet-types.ts';

const lo2 = (numbers: string[], points = 1): VnTicket => ({
  betType: 'lo2',
  region: 'north',
  numbers,
  points,
});

describe('lô slot counts', () => {
  it('are 27/23 in the North and 18/17 in the Central and South', () => {
    expect(loSlotCount('north', 2)).toBe(27);
    expect(loSlotCount('north', 3)).toBe(23);
    expect(loSlotCount('central', 2)).toBe(18);
    expect(loSlotCount('south', 3)).toBe(17);
  });
});

describe('checkVnTicket', () => {
  it('accepts well-formed tickets of every bet type', () => {
    const tickets: VnTicket[] = [
      lo2(['00', '99']),
      { betType: 'lo3', region: 'south', numbers: ['007'], points: 5 },
      {
        betType: 'de',
        region: 'central',
        numbers: Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')),
        points: 1,
      },
      { betType: 'xien4', region: 'north', numbers: ['01', '02', '03', '04'], points: 1 },
      { betType: 'baoLo3', region: 'south', numbers: ['935'], stakePerSlotMinor: 1n },
    ];
    for (const ticket of tickets) expect(checkVnTicket(ticket)).toBeNull();
  });

  it('refuses numbers of the wrong shape', () => {
    expect(checkVnTicket(lo2(['7']))).toEqual({ code: 'BET_NUMBER_FORMAT', number: '7', digits: 2 });
    expect(checkVnTicket(lo2(['007']))).toEqual({ code: 'BET_NUMBER_FORMAT', number: '007', digits: 2 });
    expect(checkVnTicket(lo2(['1a']))).toEqual({ code: 'BET_NUMBER_FORMAT', number: '1a', digits: 2 });
    expect(checkVnTicket({ betType: 'lo3', region: 'north', numbers: ['35'], points: 1 })).toEqual({
      code: 'BET_NUMBER_FORMAT',
      number: '35',
      digits: 3,
    });
  });

  it('refuses a number chosen twice', () => {
    expect(checkVnTicket(lo2(['12', '34', '12']))).toEqual({ code: 'BET_DUPLICATE_NUMBER', number: '12' });
  });

  it('needs enough numbers for a xiên and bounds every ticket', () => {
    expect(checkVnTicket({ betType: 'xien3', region: 'south', numbers: ['01', '02'], points: 1 })).toEqual({
      code: 'BET_NUMBER_COUNT',
      min: 3,
      max: 10,
      actual: 2,
    });
    const eleven = Array.from({ length: 11 }, (_, i) => String(i + 10));
    expect(checkVnTicket({ betType: 'xien2', region: 'south', numbers: eleven, points: 1 })).toMatchObject({
      code: 'BET_NUMBER_COUNT',
      actual: 11,
    });
    expect(checkVnTicket(lo2([]))).toMatchObject({ code: 'BET_NUMBER_COUNT', min: 1, actual: 0 });
  });

  it('needs whole points within the bound, and a positive stake per slot for bao lô', () => {
    for (const points of [0, -1, 1.5, MAX_POINTS + 1, Number.NaN])
      expect(checkVnTicket(lo2(['12'], points))).toEqual({ code: 'BET_BAD_POINTS', max: MAX_POINTS });
    expect(
      checkVnTicket({ betType: 'baoLo2', region: 'north', numbers: ['12'], stakePerSlotMinor: 0n }),
    ).toEqual({
      code: 'BET_BAD_STAKE',
    });
    // A per-slot bet sent with points (or the reverse) is refused rather than priced by the wrong model.
    const mixed = { betType: 'baoLo2', region: 'north', numbers: ['12'], points: 1 } as unknown as VnTicket;
    expect(checkVnTicket(mixed)).toEqual({ code: 'BET_BAD_STAKE' });
    const reverse = {
      betType: 'lo2',
      region: 'north',
      numbers: ['12'],
      stakePerSlotMinor: 5n,
    } as unknown as VnTicket;
    expect(checkVnTicket(reverse)).toEqual({ code: 'BET_BAD_STAKE' });
  });

  it('refuses an unknown bet type or region, including names Object.prototype carries', () => {
    const ticket = (betType: string, region = 'north') =>
      ({ betType, region, numbers: ['12'], points: 1 }) as unknown as VnTicket;
    expect(checkVnTicket(ticket('constructor'))).toEqual({ code: 'BET_UNKNOWN_TYPE' });
    expect(checkVnTicket(ticket('lo2', 'west'))).toEqual({ code: 'BET_UNKNOWN_REGION' });
    expect(checkVnTicket(ticket('lo2', 'toString'))).toEqual({ code: 'BET_UNKNOWN_REGION' });
    expect(
      checkVnTicket({ betType: 'dau', region: 'north', numbers: ['1'], points: 1 } as unknown as VnTicket),
    ).toEqual({
      code: 'BET_UNKNOWN_TYPE',
    });
  });
});

describe('vnTicketUnits', () => {
  it('counts numbers for lô and đề, combinations for xiên, numbers × slots for bao lô', () => {
    expect(vnTicketUnits(lo2(['01', '02', '03']))).toBe(3);
    expect(
      vnTicketUnits({ betType: 'xien2', region: 'south', numbers: ['01', '02', '03', '04'], points: 1 }),
    ).toBe(6);
    const ten = Array.from({ length: 10 }, (_, i) => String(i + 10));
    expect(vnTicketUnits({ betType: 'xien4', region: 'south', numbers: ten, points: 1 })).toBe(210);
    expect(
      vnTicketUnits({ betType: 'baoLo2', region: 'north', numbers: ['01', '02'], stakePerSlotMinor: 1n }),
    ).toBe(54);
    expect(
      vnTicketUnits({ betType: 'baoLo3', region: 'central', numbers: ['001'], stakePerSlotMinor: 1n }),
    ).toBe(17);
  });

  it('builds xiên combinations in the order chosen', () => {
    expect(xienCombinations(['a', 'b', 'c'], 2)).toEqual([
      ['a', 'b'],
      ['a', 'c'],
      ['b', 'c'],
    ]);
  });
});
