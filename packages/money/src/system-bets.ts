import { type BetLeg, combinedFactor, returnOf } from './bet-settlement.ts';
import { addFractions, type Fraction } from './fraction.ts';

/**
 * System bets: n selections staked as every combination of some sizes (its lines), one unit stake
 * per line. "2/3" is the three doubles of three selections; the named systems are fixed sets:
 *
 *   name          selections  line sizes     lines
 *   Trixie             3        2–3              4
 *   Patent             3        1–3              7
 *   Yankee             4        2–4             11
 *   Lucky 15           4        1–4             15
 *   Super Yankee       5        2–5             26   (also called Canadian)
 *   Lucky 31           5        1–5             31
 *   Heinz              6        2–6             57
 *   Lucky 63           6        1–6             63
 *   Super Heinz        7        2–7            120
 *   Goliath            8        2–8            247
 *
 * Total stake = unit stake × lines. Each line is a multiple of its selections (a void selection
 * counts 1, a lost one makes the line 0). The total return is the unit stake times the EXACT sum of
 * the lines' factors, rounded down ONCE: the same rule as a single or a multiple, so the house
 * keeps less than 1 minor unit per bet. Rounding each line down would keep up to one unit per
 * line (up to 246 on a Goliath) without any reason of fairness: the stricter rule for the house
 * is the one that takes the least from the player, and it is the one chosen.
 */
export interface SystemSpec {
  /** Number of selections (legs). */
  selections: number;
  /** Sizes of the combinations staked (1 = singles, 2 = doubles, …), ascending. */
  sizes: number[];
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export const NAMED_SYSTEMS = {
  trixie: { selections: 3, sizes: range(2, 3) },
  patent: { selections: 3, sizes: range(1, 3) },
  yankee: { selections: 4, sizes: range(2, 4) },
  lucky_15: { selections: 4, sizes: range(1, 4) },
  super_yankee: { selections: 5, sizes: range(2, 5) },
  canadian: { selections: 5, sizes: range(2, 5) },
  lucky_31: { selections: 5, sizes: range(1, 5) },
  heinz: { selections: 6, sizes: range(2, 6) },
  lucky_63: { selections: 6, sizes: range(1, 6) },
  super_heinz: { selections: 7, sizes: range(2, 7) },
  goliath: { selections: 8, sizes: range(2, 8) },
} as const satisfies Record<string, SystemSpec>;

export type NamedSystem = keyof typeof NAMED_SYSTEMS;

/** Most selections a system may have (a full 12-selection system is 4,095 lines). */
export const MAX_SYSTEM_SELECTIONS = 12;

/**
 * A system from its name ('trixie', 'lucky_15', 'super_yankee' …) or its sizes over its selections
 * ('2/3'; '2,3/4' for doubles and trebles of four). Throws RangeError on anything else.
 */
export function parseSystem(text: string): SystemSpec {
  const named = (NAMED_SYSTEMS as Record<string, SystemSpec>)[text.trim().toLowerCase()];
  if (named) return { selections: named.selections, sizes: [...named.sizes] };
  const match = /^(\d+(?:,\d+)*)\/(\d+)$/.exec(text.replace(/\s+/g, ''));
  if (!match) throw new RangeError(`not a system: ${text}`);
  return checkedSystem({ selections: Number(match[2]), sizes: match[1]!.split(',').map(Number) });
}

function checkedSystem(spec: SystemSpec): SystemSpec {
  const { selections } = spec;
  const sizes = [...new Set(spec.sizes)].sort((a, b) => a - b);
  if (!Number.isInteger(selections) || selections < 2 || selections > MAX_SYSTEM_SELECTIONS)
    throw new RangeError(`a system of ${selections} selections`);
  if (sizes.length === 0 || sizes.some((k) => !Number.isInteger(k) || k < 1 || k > selections))
    throw new RangeError(`line sizes ${spec.sizes.join(',')} of ${selections}`);
  return { selections, sizes };
}

/** The lines: every combination of each size, as ascending selection indices, by size then in order. */
export function systemLines(spec: SystemSpec): number[][] {
  const { selections, sizes } = checkedSystem(spec);
  const lines: number[][] = [];
  const pick = (size: number, from: number, chosen: number[]) => {
    if (chosen.length === size) return void lines.push([...chosen]);
    for (let i = from; i <= selections - (size - chosen.length); i++) pick(size, i + 1, [...chosen, i]);
  };
  for (const size of sizes) pick(size, 0, []);
  return lines;
}

/** Unit stake × number of lines. */
export function systemStake(unitStakeMinor: bigint, spec: SystemSpec): bigint {
  if (unitStakeMinor < 0n) throw new RangeError(`negative unit stake ${unitStakeMinor}`);
  return unitStakeMinor * BigInt(systemLines(spec).length);
}

export interface SystemReturn {
  /** Each line's exact factor, in the order of systemLines. */
  lineFactors: Fraction[];
  /** The exact sum of the lines' factors. */
  factor: Fraction;
  /** unit stake × factor, rounded down once. */
  returnMinor: bigint;
}

/**
 * What a system returns: settled legs at their factors, open legs as wins at their odds (so with
 * open legs this is the potential return).
 */
export function systemReturn(
  unitStakeMinor: bigint,
  spec: SystemSpec,
  legs: readonly BetLeg[],
): SystemReturn {
  const lines = systemLines(spec);
  if (legs.length !== spec.selections)
    throw new RangeError(`${legs.length} legs for a system of ${spec.selections}`);
  const lineFactors = lines.map((line) => combinedFactor(line.map((i) => legs[i]!)));
  const factor = addFractions(...lineFactors);
  return { lineFactors, factor, returnMinor: returnOf(unitStakeMinor, factor) };
}
