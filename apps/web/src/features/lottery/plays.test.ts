import type { LotteryFamily } from '@sorte/contracts';
import { PLAYS_BY_FAMILY, priceTicket } from '@sorte/lottery';
import { describe, expect, it } from 'vitest';
import { emptySelection, playGroups, playLayout, quickPick, togglePick } from './plays';

const FAMILIES = Object.keys(PLAYS_BY_FAMILY) as LotteryFamily[];

/** The widest selection a layout allows: every number / option of every row. */
function everything(family: LotteryFamily, code: string) {
  const layout = playLayout(family, code)!;
  return layout.rows.map((row) => (row.kind === 'numbers' ? quickPick(row, 'all') : [...row.options]));
}

describe('play layouts', () => {
  it('lay out every play type of every family, and the rules accept every pick they offer', () => {
    for (const family of FAMILIES)
      for (const play of PLAYS_BY_FAMILY[family]) {
        const layout = playLayout(family, play.code);
        expect(layout, play.code).not.toBeNull();
        const priced = priceTicket({
          playTypeCode: play.code,
          selection: everything(family, play.code),
          unitStakeMinor: 100n,
          multiple: 1,
        });
        expect(priced.ok, play.code).toBe(true);
      }
  });

  it('refuse a pick one past the row range (the layout is no wider than the rules)', () => {
    for (const family of FAMILIES)
      for (const play of PLAYS_BY_FAMILY[family]) {
        const layout = playLayout(family, play.code)!;
        layout.rows.forEach((row, i) => {
          if (row.kind !== 'numbers') return;
          const selection = everything(family, play.code);
          selection[i] = [row.max + 1];
          const priced = priceTicket({
            playTypeCode: play.code,
            selection,
            unitStakeMinor: 100n,
            multiple: 1,
          });
          expect(priced.ok, `${play.code} row ${i}`).toBe(false);
        });
      }
  });

  it('all ten digits at the 1st position make ten units, one of which always wins', () => {
    const selection = emptySelection(playLayout('FIVE_DIGIT', '5D_POSITION')!);
    selection[0] = quickPick({ kind: 'numbers', label: 'position', min: 0, max: 9 }, 'all');
    const priced = priceTicket({ playTypeCode: '5D_POSITION', selection, unitStakeMinor: 100n, multiple: 2 });
    expect(priced.ok && priced.units.length).toBe(10);
    expect(priced.ok && priced.stakeMinor).toBe(2000n);
    expect(priced.ok && priced.units.filter((u) => u.wins([7, 0, 0, 0, 0])).length).toBe(1);
  });

  it('group the offered play types into tabs in the package order', () => {
    const groups = playGroups('FIVE_DIGIT', [
      '5D_SUM_VALUE',
      '5D_POSITION',
      '5D_FRONT3_GROUP6',
      '5D_FRONT3_STRAIGHT',
    ]);
    expect(groups.map((g) => g.group)).toEqual(['position', 'front3', 'sum']);
    expect(groups[1]!.plays.map((p) => p.code)).toEqual(['5D_FRONT3_STRAIGHT', '5D_FRONT3_GROUP6']);
  });
});

describe('quick picks', () => {
  const digits = { kind: 'numbers' as const, label: 'position', min: 0, max: 9 };
  const balls = { kind: 'numbers' as const, label: 'balls', min: 1, max: 11 };
  it('split the range in halves, the extra number going to big', () => {
    expect(quickPick(digits, 'big')).toEqual([5, 6, 7, 8, 9]);
    expect(quickPick(digits, 'small')).toEqual([0, 1, 2, 3, 4]);
    expect(quickPick(balls, 'big')).toEqual([6, 7, 8, 9, 10, 11]);
    expect(quickPick(digits, 'odd')).toEqual([1, 3, 5, 7, 9]);
    expect(quickPick(balls, 'even')).toEqual([2, 4, 6, 8, 10]);
    expect(quickPick(digits, 'clear')).toEqual([]);
  });

  it('toggling keeps numbers sorted and options in their declared order', () => {
    const layout = playLayout('FIVE_DIGIT', '5D_POSITION_BSOE')!;
    let selection = emptySelection(layout);
    selection = togglePick(layout, selection, 1, 'EVEN');
    selection = togglePick(layout, selection, 1, 'BIG');
    expect(selection[1]).toEqual(['BIG', 'EVEN']);
    selection = togglePick(layout, selection, 1, 'BIG');
    expect(selection[1]).toEqual(['EVEN']);
    const digitsLayout = playLayout('FIVE_DIGIT', '5D_POSITION')!;
    expect(togglePick(digitsLayout, [[7], [], [], [], []], 0, 2)[0]).toEqual([2, 7]);
  });
});
