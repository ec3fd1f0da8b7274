import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BetLeg,
  betReturn,
  type CashOutLeg,
  cashOutFactor,
  cashOutValue,
  capPayout,
  combinedFactor,
  fraction,
  LEG_RESULTS,
  type LegSettlement,
  legFactor,
  maxStakeForPayout,
  partialCashOut,
  potentialReturn,
  quarterLineResult,
  returnOf,
} from './index.ts';

const win: LegSettlement = { result: 'win' };
const leg = (odds: number, result?: LegSettlement['result'], deadHeat?: [number, number]): BetLeg => ({
  odds,
  ...(result
    ? {
        settlement: {
          result,
          ...(deadHeat ? { deadHeatFactor: { num: deadHeat[0], den: deadHeat[1] } } : {}),
        },
      }
    : {}),
});

describe('leg factors', () => {
  it('are the exact fractions of the feed contract', () => {
    expect(legFactor(1850, win)).toEqual(fraction(37n, 20n));
    expect(legFactor(1850, { result: 'lose' })).toEqual(fraction(0n));
    expect(legFactor(1850, { result: 'void' })).toEqual(fraction(1n));
    expect(legFactor(1900, { result: 'half_win' })).toEqual(fraction(29n, 20n)); // (1 + 1.9) / 2
    expect(legFactor(1900, { result: 'half_lose' })).toEqual(fraction(1n, 2n));
    expect(legFactor(5000, { result: 'win', deadHeatFactor: { num: 1, den: 2 } })).toEqual(fraction(5n, 2n));
  });

  it('refuses odds off the grid and dead heats off a win', () => {
    expect(() => legFactor(1000, win)).toThrow(RangeError);
    expect(() => legFactor(1850.5, win)).toThrow(RangeError);
    expect(() => legFactor(1_000_001, win)).toThrow(RangeError);
    expect(() => legFactor(1850, { result: 'half_win', deadHeatFactor: { num: 1, den: 2 } })).toThrow(
      RangeError,
    );
    expect(() => legFactor(1850, { result: 'win', deadHeatFactor: { num: 3, den: 2 } })).toThrow(RangeError);
    expect(() => legFactor(1850, { result: 'win', deadHeatFactor: { num: 0, den: 2 } })).toThrow(RangeError);
  });
});

describe('quarter-line Asian handicaps, worked (stake 1000)', () => {
  // [handicap in quarters, odds, final margin (home − away) → return of a home bet]
  const table: Array<[string, number, number, Record<number, number>]> = [
    // −0.25: a draw is half lost; any win is a win.
    ['-0.25', -1, 2000, { [-2]: 0, [-1]: 0, 0: 500, 1: 2000, 2: 2000 }],
    // −0.75: winning by one is half won (1000/2 × 1.9 + 500), by two a win.
    ['-0.75', -3, 1900, { [-1]: 0, 0: 0, 1: 1450, 2: 1900, 3: 1900 }],
    // +1.25: a draw or a win wins, losing by one is half won, by two lost.
    ['+1.25', 5, 1800, { [-3]: 0, [-2]: 0, [-1]: 1400, 0: 1800, 1: 1800 }],
    // −1 (a whole line): winning by one is void.
    ['-1', -4, 2100, { 0: 0, 1: 1000, 2: 2100 }],
  ];
  for (const [name, q, odds, byMargin] of table)
    it(`home ${name} at ${odds / 1000}`, () => {
      for (const [margin, paid] of Object.entries(byMargin)) {
        const settlement = { result: quarterLineResult(4 * Number(margin) + q) };
        expect(betReturn(1000n, [{ odds, settlement }]), `margin ${margin}`).toBe(BigInt(paid));
      }
    });

  it('the contract examples of §7', () => {
    expect(quarterLineResult(4 * 1 - 3)).toBe('half_win'); // home −0.75 winning by one
    expect(quarterLineResult(0 - 1)).toBe('half_lose'); // home −0.25 on a draw
    expect(quarterLineResult(0 + 1)).toBe('half_win'); // away +0.25 on a draw
    expect(quarterLineResult(4 * 3 - 11)).toBe('half_win'); // over 2.75 with three goals
    expect(quarterLineResult(4 * 2 - 8)).toBe('void'); // over 2.0 with two goals
  });

  it('the two sides of a line mirror each other', () => {
    const mirror = { win: 'lose', lose: 'win', void: 'void', half_win: 'half_lose', half_lose: 'half_win' };
    for (let q = -20; q <= 20; q++) expect(quarterLineResult(-q)).toBe(mirror[quarterLineResult(q)]);
  });
});

describe('dead heat', () => {
  it('two tied for third in a top-3 market: half the stake at the odds', () => {
    expect(betReturn(1000n, [leg(5000, 'win', [1, 2])])).toBe(2500n);
  });
  it('three tied for second in a top-3 market: two places among three, 2/3 of the stake', () => {
    // 100 × 2/3 × 3.333 = 222.2 → 222, rounded once.
    expect(betReturn(100n, [leg(3333, 'win', [2, 3])])).toBe(222n);
  });
  it('a dead-heat leg in a double', () => {
    expect(betReturn(1000n, [leg(4000, 'win', [1, 2]), leg(1500, 'win')])).toBe(3000n);
  });
});

describe('multiples', () => {
  it('a void leg counts 1', () => {
    expect(betReturn(1000n, [leg(1500, 'win'), leg(2000, 'void'), leg(1800, 'win')])).toBe(2700n);
    expect(betReturn(1000n, [leg(1500, 'void'), leg(2000, 'void')])).toBe(1000n);
  });
  it('a lost leg loses the multiple; half results multiply', () => {
    expect(betReturn(1000n, [leg(1500, 'win'), leg(2000, 'lose')])).toBe(0n);
    expect(betReturn(1000n, [leg(1900, 'half_win'), leg(2000, 'win')])).toBe(2900n);
    expect(betReturn(1000n, [leg(1900, 'half_lose'), leg(2000, 'win')])).toBe(1000n);
  });
  it('rounds once at the end, not leg by leg', () => {
    // 100 × 1.005³ = 101.5075… → 101; leg by leg each floor(100.5) would give 100.
    expect(betReturn(100n, [leg(1005, 'win'), leg(1005, 'win'), leg(1005, 'win')])).toBe(101n);
  });
  it('an open leg is refused by betReturn and counts as a win in the potential return', () => {
    expect(() => betReturn(100n, [leg(1500, 'win'), leg(2000)])).toThrow(RangeError);
    expect(potentialReturn(100n, [leg(1500, 'win'), leg(2000)])).toBe(300n);
    expect(potentialReturn(100n, [leg(1500, 'lose'), leg(2000)])).toBe(0n);
  });
});

describe('payout cap', () => {
  it('caps the potential return and finds the largest stake under the cap', () => {
    expect(potentialReturn(10_000n, [leg(50_000), leg(40_000)], 1_000_000n)).toBe(1_000_000n);
    expect(capPayout(999n, 1000n)).toBe(999n);
    expect(maxStakeForPayout(1000n, fraction(0n))).toBeNull();
  });
  it('maxStakeForPayout is the largest stake whose return stays within the cap', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.array(fc.integer({ min: 1001, max: 1_000_000 }), { minLength: 1, maxLength: 4 }),
        (max, odds) => {
          const f = combinedFactor(odds.map((o) => leg(o)));
          const stake = maxStakeForPayout(max, f)!;
          expect(returnOf(stake, f)).toBeLessThanOrEqual(max);
          expect(returnOf(stake + 1n, f)).toBeGreaterThan(max);
        },
      ),
    );
  });
});

describe('cash-out', () => {
  const open: CashOutLeg[] = [
    { odds: 2000, settlement: win },
    { odds: 3000, currentOdds: 1500 },
  ];
  it('prices an open bet from its current odds with the margin, rounded down', () => {
    // 100 × 2 × (3 / 1.5) × 0.95 = 380.
    expect(cashOutValue(100n, open, 500)).toBe(380n);
    // Current odds longer than accepted: less than the stake.
    expect(cashOutValue(100n, [{ odds: 2000, currentOdds: 4000 }], 500)).toBe(47n);
    expect(
      cashOutValue(
        100n,
        [
          { odds: 2000, settlement: { result: 'lose' } },
          { odds: 2000, currentOdds: 1100 },
        ],
        0,
      ),
    ).toBe(0n);
  });
  it('refuses a settled bet, a leg without a price and a margin out of range', () => {
    expect(() => cashOutValue(100n, [{ odds: 2000, settlement: win }], 500)).toThrow(RangeError);
    expect(() => cashOutValue(100n, [{ odds: 2000 }], 500)).toThrow(RangeError);
    expect(() => cashOutValue(100n, open, 10_000)).toThrow(RangeError);
    expect(() => cashOutValue(100n, open, -1)).toThrow(RangeError);
  });
  it('partial: pays the amount asked, gives up the smallest part of the stake that covers it', () => {
    const part = partialCashOut(100n, open, 500, 190n);
    expect(part).toEqual({ paidMinor: 190n, stakeCashedOutMinor: 50n, remainingStakeMinor: 50n });
    expect(cashOutValue(part.remainingStakeMinor, open, 500)).toBe(190n);
    expect(() => partialCashOut(100n, open, 500, 381n)).toThrow(RangeError);
    expect(() => partialCashOut(100n, open, 500, 0n)).toThrow(RangeError);
  });

  const cashOutCase = fc.record({
    stake: fc.bigInt({ min: 1n, max: 10n ** 8n }),
    margin: fc.integer({ min: 0, max: 2000 }),
    legs: fc.array(
      fc.record({
        odds: fc.integer({ min: 1001, max: 20_000 }),
        current: fc.integer({ min: 1001, max: 20_000 }),
        settled: fc.constantFrom<LegSettlement['result'] | null>(
          null,
          null,
          'win',
          'void',
          'half_win',
          'half_lose',
        ),
      }),
      { minLength: 1, maxLength: 5 },
    ),
  });
  const toLegs = (
    legs: Array<{ odds: number; current: number; settled: LegSettlement['result'] | null }>,
  ) => {
    const out: CashOutLeg[] = legs.map((l) =>
      l.settled
        ? { odds: l.odds, settlement: { result: l.settled } }
        : { odds: l.odds, currentOdds: l.current },
    );
    if (out.every((l) => l.settlement)) out[0] = { odds: legs[0]!.odds, currentOdds: legs[0]!.current };
    return out;
  };

  it('partial cash-out + the rest of the bet = the whole, the house never losing by the split', () => {
    fc.assert(
      fc.property(cashOutCase, fc.bigInt({ min: 1n, max: 10n ** 12n }), ({ stake, margin, legs }, pick) => {
        const bet = toLegs(legs);
        const full = cashOutValue(stake, bet, margin);
        fc.pre(full > 0n);
        const amount = (pick % full) + 1n;
        const part = partialCashOut(stake, bet, margin, amount);
        expect(part.stakeCashedOutMinor + part.remainingStakeMinor).toBe(stake);
        expect(part.remainingStakeMinor).toBeGreaterThanOrEqual(0n);
        const rest = cashOutValue(part.remainingStakeMinor, bet, margin);
        // The part given up is worth at least what is paid, by less than one minor unit of stake's worth.
        const cashedValue = cashOutValue(part.stakeCashedOutMinor, bet, margin);
        expect(cashedValue).toBeGreaterThanOrEqual(amount);
        expect(cashedValue - amount).toBeLessThanOrEqual(cashOutValue(1n, bet, margin));
        expect(amount + rest).toBeLessThanOrEqual(full);
        // The potential returns of the two parts add up to the whole's, within the one rounding.
        const potential = (s: bigint) => potentialReturn(s, bet);
        const split = potential(part.stakeCashedOutMinor) + potential(part.remainingStakeMinor);
        expect(split).toBeLessThanOrEqual(potential(stake));
        expect(potential(stake) - split).toBeLessThanOrEqual(1n);
      }),
      { numRuns: 500 },
    );
  });

  it('a cash-out falls as the current odds lengthen and never reaches the potential return', () => {
    fc.assert(
      fc.property(cashOutCase, fc.integer({ min: 1, max: 5000 }), ({ stake, margin, legs }, step) => {
        const bet = toLegs(legs);
        const i = bet.findIndex((l) => !l.settlement);
        const longer = bet.map((l, j) =>
          j === i ? { ...l, currentOdds: Math.min(1_000_000, Number(l.currentOdds) + step) } : l,
        );
        expect(cashOutValue(stake, longer, margin)).toBeLessThanOrEqual(cashOutValue(stake, bet, margin));
        expect(cashOutValue(stake, bet, margin)).toBeLessThanOrEqual(potentialReturn(stake, bet));
        // Exactly: cash-out factor = potential factor × (1 − margin) / Π current odds of the open legs.
        const f = cashOutFactor(bet, margin);
        const potential = combinedFactor(bet);
        const current = bet.reduce((p, l) => (l.settlement ? p : p * BigInt(l.currentOdds!)), 1n);
        const open = BigInt(bet.filter((l) => !l.settlement).length);
        expect(f.num * potential.den * current * 10_000n).toBe(
          potential.num * f.den * BigInt(10_000 - margin) * 1000n ** open,
        );
      }),
    );
  });
});

describe('properties of returns', () => {
  const settled = fc.record({
    odds: fc.integer({ min: 1001, max: 1_000_000 }),
    result: fc.constantFrom(...LEG_RESULTS),
    deadHeat: fc.option(
      fc
        .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }))
        .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as [number, number]),
    ),
  });
  const toLeg = (l: { odds: number; result: LegSettlement['result']; deadHeat: [number, number] | null }) =>
    leg(l.odds, l.result, l.result === 'win' && l.deadHeat ? l.deadHeat : undefined);

  it('a return is the exact product rounded down once: the house keeps less than one minor unit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.array(settled, { minLength: 1, maxLength: 8 }),
        (stake, legs) => {
          const bet = legs.map(toLeg);
          const f = combinedFactor(bet);
          const paid = betReturn(stake, bet);
          expect(paid * f.den).toBeLessThanOrEqual(stake * f.num);
          expect(stake * f.num).toBeLessThan((paid + 1n) * f.den);
        },
      ),
    );
  });

  it('returns are monotone in the odds of every leg, for every result', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.array(settled, { minLength: 1, maxLength: 5 }),
        fc.nat(),
        fc.integer({ min: 1, max: 10_000 }),
        (stake, legs, which, step) => {
          const i = which % legs.length;
          const higher = legs.map((l, j) =>
            j === i ? { ...l, odds: Math.min(1_000_000, l.odds + step) } : l,
          );
          expect(betReturn(stake, higher.map(toLeg))).toBeGreaterThanOrEqual(
            betReturn(stake, legs.map(toLeg)),
          );
          const open = legs.map((l) => leg(l.odds));
          const openHigher = higher.map((l) => leg(l.odds));
          expect(potentialReturn(stake, openHigher)).toBeGreaterThanOrEqual(potentialReturn(stake, open));
        },
      ),
    );
  });

  /** Odds of n outcomes whose implied chances sum to at least `places` (an overround ≥ 1 over the places). */
  const book = (places: number) =>
    fc.integer({ min: Math.max(2, places + 1), max: 8 }).chain((n) =>
      fc.record({
        odds: fc.array(fc.integer({ min: 1001, max: Math.max(1001, Math.floor((n * 1000) / places)) }), {
          minLength: n,
          maxLength: n,
        }),
        unit: fc.bigInt({ min: 1n, max: 1000n }),
        // A finishing position per outcome; equal positions are ties.
        positions: fc.array(fc.nat({ max: n - 1 }), { minLength: n, maxLength: n }),
      }),
    );
  /** Stakes proportional to 1/odds, exactly: s_i = unit × Π_{j≠i} o_j, so every s_i × o_i is the same. */
  const proportionalStakes = (odds: number[], unit: bigint) =>
    odds.map((_, i) => odds.reduce((p, o, j) => (j === i ? p : p * BigInt(o)), unit));

  for (const places of [1, 2, 3])
    it(`no result of a ${places}-place market pays more than the book took (dead heats included)`, () => {
      fc.assert(
        fc.property(book(places), ({ odds, unit, positions }) => {
          const exact = odds.reduce(
            (s, o) => fraction(s.num * BigInt(o) + s.den * 1000n, s.den * BigInt(o)),
            fraction(0n),
          );
          fc.pre(exact.num >= BigInt(places) * exact.den);
          const stakes = proportionalStakes(odds, unit);
          // Places go to the best positions; a tie across the last places shares them (dead heat).
          const order = [...new Set(positions)].sort((a, b) => a - b);
          let left = places;
          const settlements = new Map<number, LegSettlement>();
          for (const p of order) {
            const tied = positions.flatMap((q, i) => (q === p ? [i] : []));
            for (const i of tied)
              settlements.set(
                i,
                left >= tied.length
                  ? win
                  : left > 0
                    ? { result: 'win', deadHeatFactor: { num: left, den: tied.length } }
                    : { result: 'lose' },
              );
            left = Math.max(0, left - tied.length);
          }
          const paid = stakes.reduce(
            (s, stake, i) => s + betReturn(stake, [{ odds: odds[i]!, settlement: settlements.get(i)! }]),
            0n,
          );
          expect(paid).toBeLessThanOrEqual(stakes.reduce((a, b) => a + b, 0n));
        }),
        { numRuns: 300 },
      );
    });

  it('no final margin of an Asian line pays more than the book took', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1001, max: 30_000 }),
        fc.integer({ min: 1001, max: 30_000 }),
        fc.integer({ min: -40, max: 40 }),
        fc.bigInt({ min: 1n, max: 1000n }),
        (home, away, quarters, unit) => {
          fc.pre(1000 * (home + away) >= home * away); // 1/home + 1/away ≥ 1
          const [sh, sa] = proportionalStakes([home, away], unit);
          const paid =
            betReturn(sh!, [{ odds: home, settlement: { result: quarterLineResult(quarters) } }]) +
            betReturn(sa!, [{ odds: away, settlement: { result: quarterLineResult(-quarters) } }]);
          expect(paid).toBeLessThanOrEqual(sh! + sa!);
        },
      ),
    );
  });
});
