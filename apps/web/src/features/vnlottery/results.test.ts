import { describe, expect, it } from 'vitest';
import type { VnDrawView } from './api';
import { boardRows, drawsOfProvince, matchesTicket, prizeLabel, resultProvinces } from './results';

const southResult = {
  structure: 'southCentral' as const,
  prizes: {
    db: ['877759'],
    g1: ['71991'],
    g2: ['67608'],
    g3: ['12660', '87663'],
    g4: ['69444', '34595', '86278', '04354', '61723', '62592', '24840'],
    g5: ['4689'],
    g6: ['9591', '3297', '6451'],
    g7: ['973'],
    g8: ['72'],
  },
};

describe('the results board', () => {
  it('prints the Central and South from G8 up to the special prize, the North from ĐB down', () => {
    expect(boardRows(southResult).map((r) => prizeLabel(r.prize))).toEqual([
      'G8',
      'G7',
      'G6',
      'G5',
      'G4',
      'G3',
      'G2',
      'G1',
      'ĐB',
    ]);
    const north = boardRows({ structure: 'north', prizes: { db: ['12345'] } });
    expect(north[0]).toEqual({ prize: 'db', numbers: ['12345'] });
    expect(north.at(-1)).toEqual({ prize: 'g7', numbers: [] });
  });

  it('marks a ticket’s wins where its bet type looks', () => {
    const lo = { betType: 'lo2' as const, numbers: ['59', '72'] };
    expect(matchesTicket(lo, 'db', '877759')).toBe(true);
    expect(matchesTicket(lo, 'g8', '72')).toBe(true);
    expect(matchesTicket(lo, 'g1', '71991')).toBe(false);
    const de = { betType: 'de' as const, numbers: ['59'] };
    expect(matchesTicket(de, 'db', '877759')).toBe(true);
    expect(matchesTicket(de, 'g6', '3259')).toBe(false);
    const lo3 = { betType: 'lo3' as const, numbers: ['072', '973'] };
    expect(matchesTicket(lo3, 'g8', '72')).toBe(false);
    expect(matchesTicket(lo3, 'g7', '973')).toBe(true);
  });

  it('offers each province once, newest first, with its settled days', () => {
    const draw = (id: string, province: string, drawDate: string, result = true) =>
      ({
        id,
        province,
        provinceName: province,
        region: 'south',
        drawDate,
        result: result ? southResult : null,
      }) as VnDrawView;
    const list = [
      draw('3', 'HCM', '2026-11-21'),
      draw('2', 'TG', '2026-11-15'),
      draw('1', 'HCM', '2026-11-16'),
    ];
    expect(resultProvinces(list).map((p) => p.code)).toEqual(['HCM', 'TG']);
    expect(drawsOfProvince([...list, draw('0', 'HCM', '2026-11-09', false)], 'HCM').map((d) => d.id)).toEqual(
      ['3', '1'],
    );
  });
});
