/**
 * The bet slip's arithmetic, priced with the same rules the server re-checks (@sorte/lottery): a
 * selection's units and stake, and what a chase over several draws costs in all.
 */
import { priceTicket } from '@sorte/lottery';

export type Selection = (number | string)[][];

export interface SlipLine {
  /** Stable within the slip, for React keys and removal. */
  id: string;
  playType: string;
  selection: Selection;
  unitStakeMinor: number;
  multiple: number;
  units: number;
  stakeMinor: number;
}

export type Priced = { ok: true; units: number; stakeMinor: number } | { ok: false; reason: string };

/** Units and stake of one selection, or the rules' reason it cannot be a ticket yet. */
export function priceSelection(
  playType: string,
  selection: Selection,
  unitStakeMinor: number,
  multiple: number,
): Priced {
  if (!Number.isSafeInteger(unitStakeMinor) || unitStakeMinor <= 0)
    return { ok: false, reason: 'BAD_UNIT_STAKE' };
  const priced = priceTicket({
    playTypeCode: playType,
    selection,
    unitStakeMinor: BigInt(unitStakeMinor),
    multiple,
  });
  if (!priced.ok) return priced;
  return { ok: true, units: priced.units.length, stakeMinor: Number(priced.stakeMinor) };
}

export type ChaseMode = 'constant' | 'double';

export interface ChasePlan {
  draws: number;
  stopOnWin: boolean;
  mode: ChaseMode;
}

/** The contract's caps: a factor is at most 1000 and a chase at most 120 draws. */
export const MAX_CHASE_FACTOR = 1000;
export const MAX_CHASE_DRAWS = 120;

/** Each draw's factor on every ticket's multiple: all 1, or 1, 2, 4… (capped) when doubling. */
export function chaseFactors(plan: Pick<ChasePlan, 'draws' | 'mode'>): number[] {
  return Array.from({ length: plan.draws }, (_, i) =>
    plan.mode === 'double' ? Math.min(MAX_CHASE_FACTOR, 2 ** Math.min(i, 10)) : 1,
  );
}

/** What the slip costs now: every draw's factor times the slip's stake (all taken at once). */
export function slipTotalMinor(lines: readonly SlipLine[], plan: ChasePlan | null): number {
  const once = lines.reduce((sum, line) => sum + line.stakeMinor, 0);
  if (!plan) return once;
  return chaseFactors(plan).reduce((sum, factor) => sum + once * factor, 0);
}

/** The body's `chase` field: omitted factors mean 1 for every draw. */
export function chaseBody(plan: ChasePlan | null) {
  if (!plan || plan.draws < 2) return undefined;
  return {
    draws: plan.draws,
    stopOnWin: plan.stopOnWin,
    ...(plan.mode === 'double' ? { multiples: chaseFactors(plan) } : {}),
  };
}
