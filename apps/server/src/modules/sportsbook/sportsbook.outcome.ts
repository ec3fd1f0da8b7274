import {
  type BetLeg,
  betReturn,
  type LegResult,
  type LegSettlement,
  parseSystem,
  systemLines,
  systemReturn,
} from '@sorte/money';
import type { SbBetKind, SbBetStatus } from './sportsbook.tables.ts';

/**
 * What a sportsbook bet is worth under what stands now — pure functions, shared by settlement
 * (sportsbook.settle.ts) and cash-out (sportsbook.cashout.ts), so the two can never disagree on a
 * leg. The rules (docs/sportsbook-feed.md §6):
 *
 * - A leg is **void** when a standing cancel of its market covers the time the bet was accepted
 *   (`startTime ≤ placed < endTime`, an absent bound open) — a cancel outranks a settlement, as a
 *   cancelled market has no valid result for the bets it covers; otherwise it has its outcome's
 *   standing result (with its dead-heat factor); otherwise it is open.
 * - A single or a multiple is **lost** as soon as one leg lost (its factor is 0 whatever the rest
 *   does), **decided** once every leg has a result, and returns floor(stake × Π factors) on the stake
 *   left after cash-outs. A system is decided once every leg has a result (or when every line holds
 *   a lost leg) and returns its lines' exact sum rounded down once (`systemReturn`).
 * - A decided bet is **void** when every leg is void (its stake comes back), **lost** when it
 *   returns nothing, **won** otherwise (a half-lost single returns half its stake and is 'won'
 *   in that sense: it is paid; the legs keep each result).
 */

/** A market's key in maps: fixture, market and specifiers (NUL cannot occur in any of them). */
export const marketKey = (l: { fixture_id: string; market_key: string; specifiers: string }) =>
  `${l.fixture_id}\u0000${l.market_key}\u0000${l.specifiers}`;

/** An outcome's key in maps: its market's key and the outcome id. */
export const outcomeKey = (l: {
  fixture_id: string;
  market_key: string;
  specifiers: string;
  outcome_id: string;
}) => `${marketKey(l)}\u0000${l.outcome_id}`;

/** A standing settlement of one outcome. */
export interface StandingResult {
  result: LegResult;
  deadHeatNum: number | null;
  deadHeatDen: number | null;
}

/** A standing cancel of a market: bets accepted in [start, end) are void; null bounds are open. */
export interface StandingCancel {
  startTime: bigint | null;
  endTime: bigint | null;
}

export interface LegInput {
  odds: number;
  /** The standing result of the leg's outcome, if any. */
  result: StandingResult | null;
  /** The standing cancels of the leg's market. */
  cancels: readonly StandingCancel[];
}

/** A leg's settlement under what stands, or null while it is open. */
export function legSettlement(leg: LegInput, placedAtMs: bigint): LegSettlement | null {
  const covered = leg.cancels.some(
    (c) =>
      (c.startTime === null || placedAtMs >= c.startTime) && (c.endTime === null || placedAtMs < c.endTime),
  );
  if (covered) return { result: 'void' };
  if (!leg.result) return null;
  return leg.result.deadHeatNum !== null && leg.result.deadHeatDen !== null
    ? {
        result: leg.result.result,
        deadHeatFactor: { num: leg.result.deadHeatNum, den: leg.result.deadHeatDen },
      }
    : { result: leg.result.result };
}

export interface BetInput {
  kind: SbBetKind;
  system: string | null;
  /** The stake settlement pays on: the bet's stake less what cash-outs gave up (singles and multiples). */
  stakeMinor: bigint;
  unitStakeMinor: bigint;
  legs: readonly BetLeg[];
}

export interface BetOutcome {
  /** False while the result can still change the return. */
  decided: boolean;
  /** What the bet returns when decided (0 while open). */
  returnMinor: bigint;
  status: Exclude<SbBetStatus, 'cashed_out'>;
}

const OPEN: BetOutcome = { decided: false, returnMinor: 0n, status: 'open' };
const lost = (leg: BetLeg) => leg.settlement?.result === 'lose';

/** The bet's outcome under its legs' settlements (each leg from `legSettlement`). */
export function betOutcome(bet: BetInput): BetOutcome {
  const settled = bet.legs.every((leg) => leg.settlement);
  if (bet.kind === 'system') {
    const spec = parseSystem(bet.system ?? '');
    if (!settled) {
      const everyLineLost = systemLines(spec).every((line) => line.some((i) => lost(bet.legs[i]!)));
      return everyLineLost ? { decided: true, returnMinor: 0n, status: 'lost' } : OPEN;
    }
    return decidedAt(bet, systemReturn(bet.unitStakeMinor, spec, bet.legs).returnMinor);
  }
  if (bet.legs.some(lost)) return { decided: true, returnMinor: 0n, status: 'lost' };
  if (!settled) return OPEN;
  return decidedAt(bet, betReturn(bet.stakeMinor, bet.legs));
}

function decidedAt(bet: BetInput, returnMinor: bigint): BetOutcome {
  const status = bet.legs.every((leg) => leg.settlement?.result === 'void')
    ? 'void'
    : returnMinor === 0n
      ? 'lost'
      : 'won';
  return { decided: true, returnMinor, status };
}
