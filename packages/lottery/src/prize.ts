/**
 * Prize modes and prize series (奖金组).
 *
 * The series convention of Chinese-style lottery platforms: a series S pays a winning unit
 * fair odds × S / 2000, so series 2000 would return exactly the stake on average and a series'
 * return-to-player is S / 2000 (1960 → 98%). Every play type's odds scale by the same factor, so one
 * number describes a member's whole price list. The house edge at a member's series is
 * 1 − S / 2000, with no rebate paid on top ("rebate-free").
 *
 * An agent holds a series and gives each downline a series no higher than its own; the difference
 * (agent − downline) / 2000 of the downline's turnover is the agent's rebate. The edge the house
 * keeps is therefore set by the top of the chain: 1 − top series / 2000, whatever the split below.
 *
 * Prize modes (Lott, ZY, Elott, SEA) are the merchant-level choice the brand configuration names
 * (product spec §1); the spec does not show their numbers, so each mode here is the range of
 * series a merchant may hand out, with our defaults: the mode's max series is the best price any
 * member or agent of that merchant can hold.
 */
import type { Chance } from './types.ts';

export const SERIES_BASE = 2000;

export type PrizeModeCode = 'LOTT' | 'ZY' | 'ELOTT' | 'SEA';

export interface PrizeMode {
  code: PrizeModeCode;
  minSeries: number;
  maxSeries: number;
}

/** Our defaults (not from the spec): the official-style lottery the dearest, the e-lottery the best. */
export const PRIZE_MODES: Readonly<Record<PrizeModeCode, PrizeMode>> = {
  LOTT: { code: 'LOTT', minSeries: 1700, maxSeries: 1960 },
  ZY: { code: 'ZY', minSeries: 1700, maxSeries: 1970 },
  ELOTT: { code: 'ELOTT', minSeries: 1800, maxSeries: 1980 },
  SEA: { code: 'SEA', minSeries: 1700, maxSeries: 1950 },
};

export type SeriesRejection = 'SERIES_NOT_WHOLE' | 'SERIES_OUT_OF_MODE' | 'SERIES_ABOVE_AGENT';

/** A member's or agent's series must be a whole number within the merchant's mode. */
export function checkSeries(mode: PrizeMode, series: number): SeriesRejection | null {
  if (!Number.isInteger(series)) return 'SERIES_NOT_WHOLE';
  if (series < mode.minSeries || series > mode.maxSeries) return 'SERIES_OUT_OF_MODE';
  return null;
}

/** The downline rule: in the mode, and never above its agent's series (equal means no rebate). */
export function checkDownlineSeries(
  mode: PrizeMode,
  agentSeries: number,
  downlineSeries: number,
): SeriesRejection | null {
  return (
    checkSeries(mode, agentSeries) ??
    checkSeries(mode, downlineSeries) ??
    (downlineSeries > agentSeries ? 'SERIES_ABOVE_AGENT' : null)
  );
}

/** The agent's rebate rate on a downline's turnover: (agent − downline) / 2000, exact. */
export function downlineRebateRate(
  agentSeries: number,
  downlineSeries: number,
): { numerator: number; denominator: number } {
  return { numerator: Math.max(0, agentSeries - downlineSeries), denominator: SERIES_BASE };
}

/** The rebate on `turnoverMinor`, floored: a rebate is money paid out, so rounding never creates it. */
export function downlineRebateMinor(
  turnoverMinor: bigint,
  agentSeries: number,
  downlineSeries: number,
): bigint {
  const rate = downlineRebateRate(agentSeries, downlineSeries);
  return (turnoverMinor * BigInt(rate.numerator)) / BigInt(rate.denominator);
}

/**
 * Rebates along an agent chain, top agent first and the betting member last: each agent earns the
 * difference between its series and the next one down, so the shares add up to
 * (top − member) / 2000 of the member's turnover.
 */
export function chainRebatesMinor(seriesChain: readonly number[], turnoverMinor: bigint): bigint[] {
  return seriesChain
    .slice(0, -1)
    .map((series, i) => downlineRebateMinor(turnoverMinor, series, seriesChain[i + 1]!));
}

/** The decimal odds (stake included) a unit with `chance` pays at `series`, for display. */
export function unitOdds(chance: Chance, series: number): number {
  return (chance.outOf * series) / (chance.wins * SERIES_BASE);
}

/**
 * What a winning unit pays for `stakeMinor` on it, stake included:
 * floor(stake × outOf × series / (wins × 2000)). Rounded down once per winning unit so rounding
 * can only keep a fraction of a minor unit with the house, never pay one that was not won.
 */
export function unitPayoutMinor(chance: Chance, stakeMinor: bigint, series: number): bigint {
  // Above 2000 every bet would pay more than it costs on average: a config bug, never a price.
  if (!Number.isInteger(series) || series < 1 || series > SERIES_BASE)
    throw new RangeError(`series ${series}`);
  return (stakeMinor * BigInt(chance.outOf) * BigInt(series)) / (BigInt(chance.wins) * BigInt(SERIES_BASE));
}
