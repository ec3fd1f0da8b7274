import { describe, expect, it } from 'vitest';
import {
  addAll,
  gridPage,
  headPick,
  parseNumbers,
  quickPick,
  randomNumbers,
  tailPick,
  toggleNumber,
} from './numbers';

describe('parseNumbers', () => {
  it('reads commas, semicolons, dots and spaces, keeps order and drops repeats', () => {
    expect(parseNumbers(' 07, 23 68;07.99 ', 2)).toEqual({ numbers: ['07', '23', '68', '99'], invalid: [] });
  });

  it('reports tokens of the wrong length or not digits, as typed (leading zeros matter)', () => {
    expect(parseNumbers('7, 123, ab, 45', 2)).toEqual({ numbers: ['45'], invalid: ['7', '123', 'ab'] });
    expect(parseNumbers('007 12 999', 3)).toEqual({ numbers: ['007', '999'], invalid: ['12'] });
  });
});

describe('grid and pickers', () => {
  it('pages 00–99, or a hundred of three-digit numbers', () => {
    const two = gridPage(2);
    expect(two).toHaveLength(100);
    expect([two[0], two[7], two[99]]).toEqual(['00', '07', '99']);
    const three = gridPage(3, 3);
    expect([three[0], three[99]]).toEqual(['300', '399']);
  });

  it('picks a head row, a tail column, evens, odds, big and small by the last two digits', () => {
    const page = gridPage(2);
    expect(headPick(page, 3)).toEqual(['30', '31', '32', '33', '34', '35', '36', '37', '38', '39']);
    expect(tailPick(page, 3)).toEqual(['03', '13', '23', '33', '43', '53', '63', '73', '83', '93']);
    expect(quickPick(page, 'even')).toHaveLength(50);
    expect(quickPick(page, 'odd')[0]).toBe('01');
    expect(quickPick(page, 'big')[0]).toBe('50');
    expect(quickPick(page, 'small').at(-1)).toBe('49');
    expect(headPick(gridPage(3, 5), 0)[0]).toBe('500');
  });

  it('toggles and adds without repeats and never beyond the bet type’s maximum', () => {
    expect(toggleNumber(['01', '02'], '01', 10)).toEqual(['02']);
    expect(toggleNumber(['01', '02'], '03', 2)).toEqual(['01', '02']);
    expect(addAll(['05'], ['04', '05', '06', '07'], 3)).toEqual(['05', '04', '06']);
  });

  it('draws distinct random numbers outside the chosen ones', () => {
    let i = 0;
    const sequence = [0.05, 0.05, 0.07, 0.5];
    const picked = randomNumbers(2, 2, ['07'], () => sequence[i++ % sequence.length]!);
    expect(picked).toEqual(['05', '50']);
    expect(randomNumbers(5, 2, gridPage(2).slice(0, 98))).toHaveLength(2);
  });
});
