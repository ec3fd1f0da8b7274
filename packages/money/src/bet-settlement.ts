import {
  FRACTION_ONE,
  FRACTION_ZERO,
  type Fraction,
  floorTimes,
  fraction,
  multiplyFractions,
} from './fraction.ts';
import { type Odds, ODDS_SCALE, oddsOf } from './odds.ts';

/**
 * The exact arithmetic of a sportsbook bet: what each leg is worth once settled, what a single, a
 * multiple (accumulator) or a line of a system bet returns, the potential return, the payout cap
 * and the cash-out price. Everything is a bigint fraction until the one rounding:
 *
 *   return = floor(stake × Π leg factors)   (minor units, rounded DOWN, ONCE, at the end)
 *
 * so a bet pays the exact product less a remainder below one minor unit: the rounding favours the
 * house by strictly less than 1 minor unit per bet, never more, whatever the number of legs (a
 * multiple rounded leg by leg would lose up to a unit per leg and compound it). A leg's factor
 * (docs/sportsbook-feed.md §6 `bet_settlement`), for decimal odds o = odds / 1000:
 *
 *   win        o
 *   win, dead heat p/q     (p/q) × o     (that share of the stake wins at o, the rest is lost)
 *   lose       0
 *   void       1                         (the stake back; in a multiple the leg counts 1)
 *   half_win   (1 + o) / 2              (half the stake wins at o, half is returned)
 *   half_lose  1 / 2                     (half lost, half returned)
 */

/** A leg's result as the feed settles it (the contract's OutcomeResult). */
export type LegResult = 'win' | 'lose' | 'void' | 'half_win' | 'half_lose';
export const LEG_RESULTS: readonly LegResult[] = ['win', 'lose', 'void', 'half_win', 'half_lose'];

export interface LegSettlement {
  result: LegResult;
  /** Only with 'win': the share of the stake paid at the odds when outcomes share a place (0 < p/q ≤ 1). */
  deadHeatFactor?: { num: bigint | number; den: bigint | number };
}

/** A leg of a bet: the odds it was accepted at and, once settled, its settlement. */
export interface BetLeg {
  odds: Odds;
  settlement?: LegSettlement;
}

/** Decimal odds as the exact fraction odds / 1000. */
export function oddsFraction(odds: Odds): Fraction {
  return fraction(oddsOf(odds), ODDS_SCALE);
}

/** The settled leg's factor: what one unit staked on it returns, exactly (table above). */
export function legFactor(odds: Odds, settlement: LegSettlement): Fraction {
  const o = oddsOf(odds);
  const { result, deadHeatFactor } = settlement;
  if (deadHeatFactor) {
    if (result !== 'win') throw new RangeError(`a dead-heat factor on a ${result}`);
    const p = BigInt(deadHeatFactor.num);
    const q = BigInt(deadHeatFactor.den);
    if (q <= 0n || p <= 0n || p > q) throw new RangeError(`dead-heat factor ${p}/${q}`);
    return fraction(p * o, q * ODDS_SCALE);
  }
  switch (result) {
    case 'win':
      return fraction(o, ODDS_SCALE);
    case 'lose':
      return FRACTION_ZERO;
    case 'void':
      return FRACTION_ONE;
    case 'half_win':
      return fraction(ODDS_SCALE + o, 2n * ODDS_SCALE);
    case 'half_lose':
      return fraction(1n, 2n);
    default:
      throw new RangeError(`unknown result ${String(result)}`);
  }
}

/**
 * The factor of a combination of legs: the product of the leg factors (a void leg counts 1, a lost
 * leg makes it 0). An open leg (no settlement) counts as a win at its odds — the potential factor.
 */
export function combinedFactor(legs: readonly BetLeg[]): Fraction {
  if (legs.length === 0) throw new RangeError('a bet without legs');
  return multiplyFractions(
    ...legs.map((leg) => (leg.settlement ? legFactor(leg.odds, leg.settlement) : oddsFraction(leg.odds))),
  );
}

/** stake × factor, rounded down to the minor unit once: what a bet with this factor returns. */
export function returnOf(stakeMinor: bigint, factor: Fraction): bigint {
  if (stakeMinor < 0n) throw new RangeError(`negative stake ${stakeMinor}`);
  return floorTimes(stakeMinor, factor);
}

/**
 * The return of a single (one leg) or a multiple (every leg settled), stake included; 0 when a leg
 * lost, the stake when every leg is void.
 */
export function betReturn(stakeMinor: bigint, legs: readonly BetLeg[]): bigint {
  if (legs.some((leg) => !leg.settlement)) throw new RangeError('a leg is not settled');
  return returnOf(stakeMinor, combinedFactor(legs));
}

/**
 * The potential return: every open leg winning at its odds, settled legs at their factor. Capped at
 * `maxPayoutMinor` when given (the merchant's maximum payout per bet, stake included).
 */
export function potentialReturn(
  stakeMinor: bigint,
  legs: readonly BetLeg[],
  maxPayoutMinor?: bigint,
): bigint {
  return capPayout(returnOf(stakeMinor, combinedFactor(legs)), maxPayoutMinor);
}

/** A return limited to the maximum payout (stake included); no cap when undefined. */
export function capPayout(returnMinor: bigint, maxPayoutMinor?: bigint): bigint {
  if (maxPayoutMinor === undefined) return returnMinor;
  if (maxPayoutMinor < 0n) throw new RangeError(`negative max payout ${maxPayoutMinor}`);
  return returnMinor > maxPayoutMinor ? maxPayoutMinor : returnMinor;
}

/**
 * The largest stake whose return at this factor stays within the maximum payout: floor(s × n/d) ≤
 * max ⟺ s × n < (max + 1) × d. Null when the factor is 0 (any stake returns nothing).
 */
export function maxStakeForPayout(maxPayoutMinor: bigint, factor: Fraction): bigint | null {
  if (factor.num === 0n) return null;
  return ((maxPayoutMinor + 1n) * factor.den - 1n) / factor.num;
}

/** Basis points of a whole: the cash-out margin is in 1/10,000 (250 = 2.5 %). */
const BPS = 10_000n;

/** A leg of an open bet for cash-out: its accepted odds, its settlement if any, and today's odds if open. */
export interface CashOutLeg extends BetLeg {
  /** The odds the market offers now for this outcome; required for an open leg. */
  currentOdds?: Odds;
}

/**
 * The cash-out factor of an open bet: settled legs at their factor; each open leg at accepted odds
 * / current odds (its potential return discounted by the chance the current price implies, margin
 * of the current price included); times (1 − margin). 0 once a leg has lost.
 */
export function cashOutFactor(legs: readonly CashOutLeg[], marginBps: bigint | number): Fraction {
  const margin = BigInt(marginBps);
  if (margin < 0n || margin >= BPS) throw new RangeError(`cash-out margin ${margin} bps`);
  if (legs.length === 0) throw new RangeError('a bet without legs');
  if (legs.every((leg) => leg.settlement))
    throw new RangeError('no open leg: the bet is settled, not cashed out');
  return multiplyFractions(
    fraction(BPS - margin, BPS),
    ...legs.map((leg) => {
      if (leg.settlement) return legFactor(leg.odds, leg.settlement);
      if (leg.currentOdds === undefined) throw new RangeError('an open leg without current odds');
      return fraction(oddsOf(leg.odds), oddsOf(leg.currentOdds));
    }),
  );
}

/** The full cash-out price of an open bet: stake × cash-out factor, rounded down once. */
export function cashOutValue(
  stakeMinor: bigint,
  legs: readonly CashOutLeg[],
  marginBps: bigint | number,
): bigint {
  return returnOf(stakeMinor, cashOutFactor(legs, marginBps));
}

export interface PartialCashOut {
  /** Paid to the player now: exactly the amount asked. */
  paidMinor: bigint;
  /** The part of the stake given up for it: the smallest whose cash-out value covers the amount. */
  stakeCashedOutMinor: bigint;
  /** The stake that stays on the bet, on the same legs and odds. */
  remainingStakeMinor: bigint;
}

/**
 * A partial cash-out of `amountMinor` (1 … the full value): the bet gives up the smallest part c of
 * its stake whose own cash-out value floor(c × f) reaches the amount, c = ceil(amount / f), and keeps
 * the rest of the stake proportionally (same legs, same odds). The amount paid plus the value of the
 * rest never exceeds the value of the whole, so splitting a cash-out never costs the house.
 */
export function partialCashOut(
  stakeMinor: bigint,
  legs: readonly CashOutLeg[],
  marginBps: bigint | number,
  amountMinor: bigint,
): PartialCashOut {
  const factor = cashOutFactor(legs, marginBps);
  const full = returnOf(stakeMinor, factor);
  if (amountMinor <= 0n || amountMinor > full)
    throw new RangeError(`cash-out of ${amountMinor} outside 1…${full}`);
  const part = (amountMinor * factor.den + factor.num - 1n) / factor.num;
  return { paidMinor: amountMinor, stakeCashedOutMinor: part, remainingStakeMinor: stakeMinor - part };
}

/**
 * The result of an Asian line (docs/sportsbook-feed.md §7) from the side's margin after the line,
 * in quarters (4 × (goal difference + handicap), 4 × (total − line) …), an exact integer:
 * a multiple of 0.5 wins above 0, loses below, is void at 0; a quarter line is two half-stakes on
 * the lines 0.25 either side (win + void = half_win, lose + void = half_lose).
 */
export function quarterLineResult(marginQuarters: bigint | number): LegResult {
  const q = BigInt(marginQuarters);
  if (q % 2n === 0n) return q > 0n ? 'win' : q < 0n ? 'lose' : 'void';
  const low = quarterLineResult(q - 1n);
  const high = quarterLineResult(q + 1n);
  if (low === high) return low;
  return low === 'win' || high === 'win' ? 'half_win' : 'half_lose';
}
