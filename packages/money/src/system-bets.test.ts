import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BetLeg,
  combinedFactor,
  NAMED_SYSTEMS,
  parseSystem,
  returnOf,
  systemLines,
  systemReturn,
  systemStake,
} from './index.ts';

const won = (odds: number): BetLeg => ({ odds, settlement: { result: 'win' } });

describe('system bets', () => {
  it('expands k-of-n systems into their lines', () => {
    expect(systemLines(parseSystem('2/3'))).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(systemLines(parseSystem('2,3/4'))).toHaveLength(10);
    expect(systemLines(parseSystem('trixie'))).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
      [0, 1, 2],
    ]);
    for (const bad of ['4/3', '0/3', '2/1', '2/13', 'nonsense', '/3', '2/'])
      expect(() => parseSystem(bad), bad).toThrow(RangeError);
  });

  // Every named system, unit stake 100, every selection at 2.00: lines, total stake, and the return
  // when all win, when the first loses, and when the first is void (hand-counted: Σ C(n,k) 2^k).
  const table: Array<[string, number, number, number, number, number]> = [
    // name, selections, lines, all win, first lost, first void
    ['trixie', 3, 4, 2000, 400, 1200],
    ['patent', 3, 7, 2600, 800, 1700],
    ['yankee', 4, 11, 7200, 2000, 4600],
    ['lucky_15', 4, 15, 8000, 2600, 5300],
    ['super_yankee', 5, 26, 23200, 7200, 15200],
    ['canadian', 5, 26, 23200, 7200, 15200],
    ['lucky_31', 5, 31, 24200, 8000, 16100],
    ['heinz', 6, 57, 71600, 23200, 47400],
    ['lucky_63', 6, 63, 72800, 24200, 48500],
    ['super_heinz', 7, 120, 217200, 71600, 144400],
    ['goliath', 8, 247, 654400, 217200, 435800],
  ];
  for (const [name, selections, lines, allWin, firstLost, firstVoid] of table)
    it(`${name}: ${lines} lines of ${selections}`, () => {
      const spec = parseSystem(name);
      expect(spec.selections).toBe(selections);
      expect(systemLines(spec)).toHaveLength(lines);
      expect(systemStake(100n, spec)).toBe(BigInt(100 * lines));
      const legs = Array.from({ length: selections }, () => won(2000));
      expect(systemReturn(100n, spec, legs).returnMinor).toBe(BigInt(allWin));
      expect(
        systemReturn(100n, spec, [{ odds: 2000, settlement: { result: 'lose' } }, ...legs.slice(1)])
          .returnMinor,
      ).toBe(BigInt(firstLost));
      expect(
        systemReturn(100n, spec, [{ odds: 2000, settlement: { result: 'void' } }, ...legs.slice(1)])
          .returnMinor,
      ).toBe(BigInt(firstVoid));
    });

  it('covers every named system', () => {
    expect(table.map(([name]) => name).sort()).toEqual(Object.keys(NAMED_SYSTEMS).sort());
  });

  it('a Lucky 15 and a Yankee at 2, 3, 4 and 5, worked', () => {
    const legs = [won(2000), won(3000), won(4000), won(5000)];
    // singles 2+3+4+5 = 14; doubles 6+8+10+12+15+20 = 71; trebles 24+30+40+60 = 154; fourfold 120.
    expect(systemReturn(100n, parseSystem('lucky_15'), legs).returnMinor).toBe(35_900n);
    expect(systemReturn(100n, parseSystem('yankee'), legs).returnMinor).toBe(34_500n);
    expect(systemReturn(100n, parseSystem('trixie'), legs.slice(0, 3)).returnMinor).toBe(5_000n);
    expect(systemReturn(100n, parseSystem('patent'), legs.slice(0, 3)).returnMinor).toBe(5_900n);
    expect(() => systemReturn(100n, parseSystem('yankee'), legs.slice(0, 3))).toThrow(RangeError);
  });

  it('rounds once over the exact sum of the lines: never less than the lines rounded one by one', () => {
    // 2/3 at 1.335: each double 178.2225 → 178, one by one 534; the sum 534.6675 → 534 too.
    expect(systemReturn(100n, parseSystem('2/3'), [won(1335), won(1335), won(1335)]).returnMinor).toBe(534n);
    const patentLegs = [won(1555), won(1555), won(1555)];
    // singles 155.5 ×3 = 466.5; doubles 241.8025 ×3 = 725.4075; treble 376.0028875 → 1567.9103875 → 1567;
    // one by one: 155×3 + 241×3 + 376 = 1564.
    expect(systemReturn(100n, parseSystem('patent'), patentLegs).returnMinor).toBe(1567n);
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(NAMED_SYSTEMS)),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        fc.array(
          fc.record({
            odds: fc.integer({ min: 1001, max: 50_000 }),
            result: fc.constantFrom('win', 'lose', 'void', 'half_win', 'half_lose', null),
          }),
          { minLength: 8, maxLength: 8 },
        ),
        (name, unit, picks) => {
          const spec = parseSystem(name);
          const legs: BetLeg[] = picks
            .slice(0, spec.selections)
            .map((p) => (p.result ? { odds: p.odds, settlement: { result: p.result } } : { odds: p.odds }));
          const { returnMinor, factor } = systemReturn(unit, spec, legs);
          const oneByOne = systemLines(spec).reduce(
            (s, line) => s + returnOf(unit, combinedFactor(line.map((i) => legs[i]!))),
            0n,
          );
          expect(returnMinor).toBeGreaterThanOrEqual(oneByOne);
          expect(returnMinor - oneByOne).toBeLessThan(BigInt(systemLines(spec).length));
          expect(returnMinor * factor.den).toBeLessThanOrEqual(unit * factor.num);
          expect(unit * factor.num).toBeLessThan((returnMinor + 1n) * factor.den);
        },
      ),
      { numRuns: 200 },
    );
  });
});
