/**
 * Every in-house game's payout against exact rational arithmetic: each multiplier the game can pay
 * is written as the fraction its rule defines (fair odds × (1 − edge), a published table entry, a
 * target…), and for random stakes 1…10¹² the payout the server makes — @sorte/money payoutMinor on the
 * game's grid units — must be that fraction floored onto the grid, then stake × it floored to the
 * minor unit: never more than the exact fraction pays, and exactly it when the fraction is on the grid.
 */
import { gridOf, MULTIPLIER_SCALE, multiplierUnits, payoutMinor } from '@sorte/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HUNDREDTHS_SCALE } from './cents.ts';
import { binomial } from './combinatorics.ts';
import { crashPoint, settleCrash } from './crash.ts';
import { diceOdds } from './dice.ts';
import { hiloCard, hiloPayoutUnits, playHilo } from './hilo.ts';
import { KENO_DRAWN, KENO_RISKS, kenoPaytable, kenoPaytableUnits } from './keno.ts';
import { LIMBO_MAX_TARGET, playLimbo } from './limbo.ts';
import { MINES_MAX, MINES_MIN, MINES_TILES, minesMultiplierUnits } from './mines.ts';
import { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, PLINKO_RISKS, plinkoTable, plinkoTableUnits } from './plinko.ts';
import { SLOT_LINE_COUNT, slotMultiplierUnits } from './slot.ts';
import { nodeHmac } from './test-support.ts';
import { WHEEL_RISKS, WHEEL_SEGMENTS, wheelTable, wheelTableUnits } from './wheel.ts';

const ONE = gridOf(MULTIPLIER_SCALE);

/** A multiplier a game can pay: its grid units and the exact fraction its rule defines. */
interface Paid {
  game: string;
  units: bigint;
  numerator: bigint;
  denominator: bigint;
}

/** A decimal literal as an exact fraction ("1.5" → 15/10). */
function fractionOf(decimal: number): { numerator: bigint; denominator: bigint } {
  const [whole, fraction = ''] = String(decimal).split('.');
  return { numerator: BigInt(whole! + fraction), denominator: 10n ** BigInt(fraction.length) };
}

/** A table's multipliers, each the exact fraction of its decimal (published and designed tables). */
function published(paid: Paid[], game: string, table: number[], units: bigint[]): void {
  for (const [i, m] of table.entries()) paid.push({ game, units: units[i]!, ...fractionOf(m) });
}

function everyMultiplier(): Paid[] {
  const paid: Paid[] = [];
  // Dice: every winning-roll count a target can give; (1 − edge) × 10001 / winning rolls.
  for (let winning = 1; winning <= 9800; winning++) {
    const odds = diceOdds({ target: winning / 100, direction: 'under' });
    paid.push({
      game: 'dice',
      units: odds.multiplierUnits,
      numerator: 99n * 10_001n,
      denominator: 100n * BigInt(winning),
    });
  }
  // Mines: every mine count and safe-pick count; (1 − edge) × C(25, k) / C(25 − mines, k).
  for (let mines = MINES_MIN; mines <= MINES_MAX; mines++)
    for (let k = 1; k <= MINES_TILES - mines; k++)
      paid.push({
        game: 'mines',
        units: minesMultiplierUnits(mines, k),
        numerator: 99n * BigInt(binomial(MINES_TILES, k)),
        denominator: 100n * BigInt(binomial(MINES_TILES - mines, k)),
      });
  // Hilo: one correct guess pays (1 − edge) × 13 / winning ranks, for 1…12 winning ranks.
  for (let ranks = 1; ranks <= 12; ranks++) {
    const value = 14 - ranks; // 'higherOrSame' on value v wins on 14 − v ranks
    paid.push({
      game: 'hilo',
      units: hiloPayoutUnits(value, 'higherOrSame'),
      numerator: 99n * 13n,
      denominator: 100n * BigInt(ranks),
    });
  }
  // Wheel and plinko: the published tables, at the default edge exactly as published.
  for (const segments of WHEEL_SEGMENTS)
    for (const risk of WHEEL_RISKS) {
      const units = wheelTableUnits({ segments, risk });
      published(paid, 'wheel', wheelTable({ segments, risk }), units);
    }
  for (let rows = PLINKO_MIN_ROWS; rows <= PLINKO_MAX_ROWS; rows++)
    for (const risk of PLINKO_RISKS) {
      const units = plinkoTableUnits(rows, risk);
      published(paid, 'plinko', plinkoTable(rows, risk), units);
    }
  // Keno: designed tables, on the grid by construction; their decimal is the fraction.
  for (const risk of KENO_RISKS)
    for (let k = 1; k <= KENO_DRAWN; k++) {
      const units = kenoPaytableUnits(k, risk);
      published(paid, 'keno', kenoPaytable(k, risk), units);
    }
  // Slot: line units / 20 of the total bet, for line-unit totals up to the top win.
  for (const lineUnits of [0n, 1n, 3n, 5n, 7n, 13n, 19n, 20n, 21n, 287_512n])
    paid.push({
      game: 'slot',
      units: slotMultiplierUnits(lineUnits),
      numerator: lineUnits,
      denominator: BigInt(SLOT_LINE_COUNT),
    });
  return paid;
}

const PAID = everyMultiplier();
const stakes = fc.bigInt({ min: 1n, max: 10n ** 12n });
/** Limbo targets and crash cash-outs: any hundredth 1.01…1,000,000. */
const hundredthsArb = fc.bigInt({ min: 101n, max: BigInt(LIMBO_MAX_TARGET) * 100n });

describe('payouts against exact rational arithmetic', () => {
  it('floors every game multiplier onto the grid, never up', () => {
    expect(PAID.length).toBeGreaterThan(10_000);
    for (const m of PAID)
      expect(m.units, `${m.game} ${m.numerator}/${m.denominator}`).toBe((m.numerator * ONE) / m.denominator);
  });

  it('pays floor(stake × floored multiplier) for any stake 1…10¹² and every multiplier of every game', () => {
    fc.assert(
      fc.property(stakes, fc.constantFrom(...PAID), (stake, m) => {
        const paid = payoutMinor(stake, m.units);
        const exact = (stake * m.numerator) / m.denominator;
        expect(paid).toBeLessThanOrEqual(exact);
        // Flooring the multiplier first costs less than one grid step per unit staked.
        expect(exact - paid).toBeLessThanOrEqual(stake / ONE + 1n);
        if ((m.numerator * ONE) % m.denominator === 0n) expect(paid).toBe(exact);
      }),
      { numRuns: 20_000 },
    );
  });

  it('pays a limbo target and a crash cash-out exactly: stake × hundredths / 100', () => {
    fc.assert(
      fc.property(stakes, hundredthsArb, (stake, h) => {
        const target = Number(h) / 100;
        const limbo = playLimbo([0], { target }); // a float of 0 wins any target
        expect(payoutMinor(stake, limbo.multiplierUnits)).toBe((stake * h) / 100n);
        const cashOut = multiplierUnits(target, HUNDREDTHS_SCALE);
        expect(settleCrash(1_000_000, { cashOut: target }).win).toBe(true);
        expect(payoutMinor(stake, cashOut, HUNDREDTHS_SCALE)).toBe((stake * h) / 100n);
      }),
      { numRuns: 5_000 },
    );
  });

  it('pays a hilo chain as the exact product of its guesses, floored after each guess', () => {
    const cardFloat = fc.double({ min: 0, max: 0.999, noNaN: true });
    fc.assert(
      fc.property(fc.array(cardFloat, { minLength: 5, maxLength: 5 }), (cards) => {
        // The likelier side on each card (always a legal guess): higher from 2…6 and Aces, lower from 7.
        const values = cards.map((float) => hiloCard(float).value);
        const guesses = values.slice(0, -1).map((v) => (v >= 7 ? ('lower' as const) : ('higher' as const)));
        const lostAt = guesses.findIndex(
          (g, i) => (g === 'higher') !== values[i + 1]! > values[i]! || values[i + 1] === values[i],
        );
        if (lostAt >= 0) guesses.length = lostAt + 1; // nothing can follow a lost guess
        const round = playHilo(
          cards,
          guesses.map((guess) => ({ kind: 'guess' as const, guess })),
        );
        // Exact: each guess (1 − edge) × 13 / ranks floored onto the grid, the product floored again.
        let units = ONE;
        for (const [i, step] of round.steps.entries()) {
          const ranks = guesses[i] === 'higher' ? 13 - values[i]! : values[i]! - 1;
          const guess = (99n * 13n * ONE) / (100n * BigInt(ranks));
          units = step.correct ? (units * guess) / ONE : 0n;
          expect(step.multiplierUnits).toBe(units);
          if (!step.correct) break;
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('pays 100 minor at limbo 1.15 / 1.13 / 2.01 / 4.35 in full (floating point paid one less)', () => {
    for (const [target, paid] of [
      [1.15, 115n],
      [1.13, 113n],
      [2.01, 201n],
      [4.35, 435n],
    ] as const) {
      const round = playLimbo([0], { target });
      expect(payoutMinor(100n, round.multiplierUnits)).toBe(paid);
      expect(BigInt(Math.floor(100 * round.payout))).toBe(paid - 1n);
    }
  });

  it('settles crash points in integers: every point is a whole hundredth of at least 1', () => {
    for (let i = 0; i < 2000; i++) {
      const point = crashPoint(nodeHmac, `game-${i}`, 'salt');
      expect(point).toBeGreaterThanOrEqual(1);
      expect(multiplierUnits(point, HUNDREDTHS_SCALE)).toBe(BigInt(Math.round(point * 100)));
    }
  });
});
