import {
  combinedFactor,
  NAMED_SYSTEMS,
  oddsFraction,
  parseSystem,
  returnOf,
  systemLines,
  systemReturn,
} from '@sorte/money';

/**
 * The bet slip's arithmetic, exact: stakes and returns are bigint minor units and every return comes
 * from @sorte/money (stake × the exact product of the odds, rounded down once — the server's own
 * rule), so the slip shows what the server will answer. The server is still the authority: the
 * placed bet's potentialReturnMinor is what the slip shows once it answers.
 */
export type SlipType = 'single' | 'multiple' | 'system';

/** The fields of a selection the maths and the bet request need. */
export interface SlipLeg {
  eventId: string;
  market: string;
  specifiers: string;
  outcome: string;
  /** Odds the player accepted, × 1000. */
  odds: number;
}

/** Most selections in one slip (the server's limit per request). */
export const MAX_SELECTIONS = 12;

export const legKey = (leg: Pick<SlipLeg, 'eventId' | 'market' | 'specifiers' | 'outcome'>) =>
  `${leg.eventId}|${leg.market}|${leg.specifiers}|${leg.outcome}`;

/** Two selections of one event cannot share a multiple or a system (the server refuses related outcomes). */
export function hasRelated(legs: readonly Pick<SlipLeg, 'eventId'>[]): boolean {
  return new Set(legs.map((l) => l.eventId)).size !== legs.length;
}

/** The bet types the slip offers for these selections. */
export function slipTypes(legs: readonly Pick<SlipLeg, 'eventId'>[]): SlipType[] {
  const combinable = !hasRelated(legs);
  return [
    'single',
    ...(legs.length >= 2 && combinable ? (['multiple'] as const) : []),
    ...(legs.length >= 3 && combinable ? (['system'] as const) : []),
  ];
}

export interface SystemChoice {
  /** What the server takes in `system`: a name of @sorte/money's NAMED_SYSTEMS or 'k/n'. */
  id: string;
  /** A name of the table ('trixie') or null for 'k/n' (shown as is). */
  name: string | null;
  lines: number;
}

/**
 * The systems n selections allow: each k/n (k from 2 to n − 1, its doubles, trebles …) and the named
 * systems of exactly n selections (Trixie and Patent for 3, Yankee and Lucky 15 for 4 …; Canadian
 * is Super Yankee's other name and is left out).
 */
export function systemChoices(n: number): SystemChoice[] {
  if (n < 3 || n > MAX_SELECTIONS) return [];
  const choices: SystemChoice[] = [];
  for (let k = 2; k < n; k++) {
    const id = `${k}/${n}`;
    choices.push({ id, name: null, lines: systemLines(parseSystem(id)).length });
  }
  for (const [name, spec] of Object.entries(NAMED_SYSTEMS)) {
    if (spec.selections !== n || name === 'canadian') continue;
    choices.push({ id: name, name, lines: systemLines(spec).length });
  }
  return choices;
}

export interface SlipQuote {
  /** Bets or lines the stake buys (singles: one per selection; a system: its lines). */
  lines: number;
  totalStakeMinor: bigint;
  potentialReturnMinor: bigint;
}

/**
 * What the slip costs and returns if every selection wins, for a stake per bet (singles), per
 * accumulator (multiple) or per line (system). Null when the type does not fit the selections.
 */
export function slipQuote(
  type: SlipType,
  legs: readonly SlipLeg[],
  stakeMinor: bigint,
  system: string | null,
): SlipQuote | null {
  if (legs.length === 0 || stakeMinor < 0n) return null;
  const betLegs = legs.map((l) => ({ odds: l.odds }));
  if (type === 'single') {
    const potential = legs.reduce((sum, l) => sum + returnOf(stakeMinor, oddsFraction(l.odds)), 0n);
    return {
      lines: legs.length,
      totalStakeMinor: stakeMinor * BigInt(legs.length),
      potentialReturnMinor: potential,
    };
  }
  if (!slipTypes(legs).includes(type)) return null;
  if (type === 'multiple') {
    return {
      lines: 1,
      totalStakeMinor: stakeMinor,
      potentialReturnMinor: returnOf(stakeMinor, combinedFactor(betLegs)),
    };
  }
  if (!system) return null;
  let spec: ReturnType<typeof parseSystem>;
  try {
    spec = parseSystem(system);
  } catch {
    return null;
  }
  if (spec.selections !== legs.length) return null;
  const lines = systemLines(spec).length;
  return {
    lines,
    totalStakeMinor: stakeMinor * BigInt(lines),
    potentialReturnMinor: systemReturn(stakeMinor, spec, betLegs).returnMinor,
  };
}

/** The combined decimal odds of a multiple, × 1000 rounded down (display only). */
export function combinedOdds(legs: readonly Pick<SlipLeg, 'odds'>[]): bigint {
  const f = combinedFactor(legs.map((l) => ({ odds: l.odds })));
  return (f.num * 1000n) / f.den;
}

/**
 * The policy's verdict on a price the slip sees move from `accepted` to `current`: whether the bet
 * can go as it is (the server will take it) or the player must accept the new price first.
 */
export function needsAcceptance(
  policy: 'none' | 'higher' | 'any',
  accepted: number,
  current: number,
): boolean {
  if (accepted === current || policy === 'any') return false;
  return policy === 'none' || current < accepted;
}
