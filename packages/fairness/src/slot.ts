/**
 * "Carnaval Dourado", the in-house video slot: 5 reels × 3 rows, 20 fixed paylines, a wild, a
 * scatter that pays anywhere and starts free spins. Provably fair like the other in-house games:
 * each spin takes five floats of the bet (rng.ts), reel r stopping at floor(float × strip length);
 * free spins take the following floats of the same nonce, five per spin, in order.
 *
 * RTP. A slot's return is set by its reel strips and paytable, not by a house edge: this one returns
 * exactly CARNAVAL_RTP (computed by `slotRtp` from the strips, pinned by the tests and the RTP
 * report) whatever the merchant's house-edge setting, and that figure is the one published in the
 * paytable. Scaling the pays by the merchant's edge would make payouts that are no longer whole line
 * units, so the strict option was chosen: one published paytable, one fixed RTP.
 *
 * Money. Every win is counted in whole LINE UNITS (line bet = total bet / 20), so a round's payout
 * is `units / 20` of the total bet with no floating-point rounding: 1/20 = 0.05 is on the 8-place
 * multiplier grid, so `multiplierUnits` is exact and the server pays it like every other game;
 * scatter pays are quoted in total bets and are 20 units each.
 */
import { unitsToNumber } from '@sorte/money';
import { MULTIPLIER_ONE } from './cents.ts';
import { floats, type HmacSha256, type Seeds } from './rng.ts';

export const SLOT_REELS = 5;
export const SLOT_ROWS = 3;

/** Symbols on the strips, by one-letter code. */
export const SLOT_SYMBOLS = {
  W: 'wild',
  S: 'scatter',
  M: 'mask',
  P: 'parrot',
  D: 'drum',
  F: 'feather',
  X: 'pineapple',
  A: 'a',
  K: 'k',
  Q: 'q',
  J: 'j',
} as const;
export type SlotCode = keyof typeof SLOT_SYMBOLS;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[SlotCode];
/** Symbols that pay on a line (the scatter pays anywhere instead), highest first. */
export const SLOT_LINE_SYMBOLS = [
  'wild',
  'mask',
  'parrot',
  'drum',
  'feather',
  'pineapple',
  'a',
  'k',
  'q',
  'j',
] as const;
export type SlotLineSymbol = (typeof SLOT_LINE_SYMBOLS)[number];

/**
 * The 20 paylines, read left to right: the row (0 top, 1 middle, 2 bottom) on each reel. A win is
 * 3, 4 or 5 of a symbol from the leftmost reel, the wild standing in for any symbol but the scatter.
 */
export const SLOT_LINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
];
export const SLOT_LINE_COUNT = SLOT_LINES.length;

/**
 * Line pays in line bets for 3, 4 and 5 in a row. The wild's own row (wilds from reel 1) is part of
 * the line rule, but Carnaval's strips carry no wild on reel 1, so it never pays there and the
 * paytable screen does not list it.
 */
export const SLOT_PAYTABLE: Record<SlotLineSymbol, readonly [number, number, number]> = {
  wild: [50, 250, 2500],
  mask: [40, 150, 1000],
  parrot: [30, 100, 500],
  drum: [25, 75, 300],
  feather: [20, 60, 200],
  pineapple: [15, 50, 150],
  a: [10, 30, 100],
  k: [8, 25, 80],
  q: [6, 20, 60],
  j: [5, 15, 50],
};
/** Scatter pays in TOTAL bets for 3, 4 and 5 scatters anywhere. */
export const SLOT_SCATTER_PAYS: readonly [number, number, number] = [2, 10, 50];
/** Free spins awarded by 3, 4 and 5 scatters, in the base game and again (retrigger) in free spins. */
export const SLOT_FREE_SPINS_AWARD: readonly [number, number, number] = [8, 12, 20];
/** Every free-spin win (lines and scatters) is multiplied by this. */
export const SLOT_FREE_SPIN_MULTIPLIER = 3;
/**
 * At most this many free spins in one round: a retrigger beyond it adds only up to the cap. Bounds
 * the floats a round can need (and so the verifier's work) and makes the top win finite.
 */
export const SLOT_FREE_SPINS_CAP = 50;
/** Floats a round can consume: the base spin and every possible free spin, five each. */
export const SLOT_FLOATS = SLOT_REELS * (1 + SLOT_FREE_SPINS_CAP);

/**
 * Reel strips, one letter per stop (see SLOT_SYMBOLS). Scatters sit at least three stops apart on
 * every strip, so a reel shows at most one; the strips wrap around.
 */
export const SLOT_BASE_STRIPS: readonly string[] = [
  'FJAQMDJKXQAFPJKDQXASMJFQKDAJXQPK',
  'XKPWJFAQDMKXJAWQFKPDJAXQWMFKJADQS',
  'ADQXKJWAFPQSJDKXMAQWJFKDAJPXQWKFJM',
  'KWFJAQMDKXJAWFQPKDJXAQMWSFKJADQXP',
  'QXSKJPFAQDJKMXAWQFJKDPAXJQKFMJAD',
];
/** Free-spin strips: three wilds on reels 2–5 and more of the high symbols. */
export const SLOT_FREE_STRIPS: readonly string[] = [
  'DQXPKJSFMQADXJPKQFMADJXQPKFMJA',
  'FJMADQXPKWFJMADQXSPKWFJMADQXPKW',
  'XPKWFJMADQXPKWFJMADQXPKWFJMADSQ',
  'ADQXPKWFJMSADQXPKWFJMADQXPKWFJM',
  'KWFJMADQXPKWFJMADQXPKSWFJMADQXP',
];

export interface SlotStrips {
  base: readonly string[];
  free: readonly string[];
}
export const CARNAVAL_STRIPS: SlotStrips = { base: SLOT_BASE_STRIPS, free: SLOT_FREE_STRIPS };

/**
 * The published RTP: `slotRtp(CARNAVAL_STRIPS).total`, written out so a change to the strips or the
 * paytable that moves it fails the tests and the RTP report instead of passing silently.
 */
export const CARNAVAL_RTP = 0.9625302555009846;
/** The largest round win in total bets (`slotMaxWin`), held against the merchant's max win. */
export const CARNAVAL_MAX_WIN = 14_375.6;

// ---------------------------------------------------------------- one spin

export interface SlotLineWin {
  /** Payline index, 0-based (shown 1-based). */
  line: number;
  symbol: SlotLineSymbol;
  count: number;
  /** Line units before the free-spin multiplier. */
  units: number;
}

export interface SlotSpin {
  kind: 'base' | 'free';
  /** Stop index per reel: the top row shows strip[stop], the rows below the next stops. */
  stops: number[];
  /** grid[reel][row]. */
  grid: SlotSymbol[][];
  lines: SlotLineWin[];
  scatters: number;
  /** Free spins this spin awarded (after the cap). */
  freeSpinsAwarded: number;
  /** Everything this spin won in line units, the free-spin multiplier applied. */
  units: number;
}

export interface SlotRound {
  spins: SlotSpin[];
  /** Base spin plus free spins, in line units. */
  units: number;
  /** units / 20: the round's win in total bets. */
  payout: number;
  /** `payout` on the 8-place grid, exactly (units × 10⁸ / 20). */
  multiplierUnits: bigint;
  freeSpins: number;
}

const TOTAL_BET_UNITS = SLOT_LINE_COUNT;

function symbolAt(strip: string, index: number): SlotCode {
  return strip[index % strip.length] as SlotCode;
}

/** Pay of one line's five symbols in line units (before any multiplier), or null. */
export function lineWin(
  codes: readonly SlotCode[],
): { symbol: SlotLineSymbol; count: number; units: number } | null {
  let wilds = 0;
  while (wilds < SLOT_REELS && codes[wilds] === 'W') wilds++;
  const wildWin =
    wilds >= 3 ? { symbol: 'wild' as const, count: wilds, units: SLOT_PAYTABLE.wild[wilds - 3]! } : null;
  if (wilds === SLOT_REELS) return wildWin;
  const first = codes[wilds]!;
  if (first === 'S') return wildWin;
  let count = wilds + 1;
  while (count < SLOT_REELS && (codes[count] === first || codes[count] === 'W')) count++;
  if (count < 3) return wildWin;
  const symbol = SLOT_SYMBOLS[first] as SlotLineSymbol;
  const units = SLOT_PAYTABLE[symbol][count - 3]!;
  // The wilds on their own may pay more than the symbol they complete (W W W M J: 50 > mask's 25).
  return wildWin && wildWin.units > units ? wildWin : { symbol, count, units };
}

function scatterUnits(scatters: number): number {
  return scatters >= 3 ? SLOT_SCATTER_PAYS[scatters - 3]! * TOTAL_BET_UNITS : 0;
}

function freeSpinsFor(scatters: number): number {
  return scatters >= 3 ? SLOT_FREE_SPINS_AWARD[scatters - 3]! : 0;
}

/** One spin from five floats on the given strips. */
export function spinReels(
  spinFloats: readonly number[],
  strips: readonly string[],
): { stops: number[]; codes: SlotCode[][] } {
  if (spinFloats.length < SLOT_REELS) throw new RangeError(`a spin needs ${SLOT_REELS} floats`);
  const stops = strips.map((strip, reel) => Math.floor(spinFloats[reel]! * strip.length));
  const codes = strips.map((strip, reel) =>
    Array.from({ length: SLOT_ROWS }, (_, row) => symbolAt(strip, stops[reel]! + row)),
  );
  return { stops, codes };
}

function evaluate(codes: SlotCode[][]): { lines: SlotLineWin[]; scatters: number; units: number } {
  const lines: SlotLineWin[] = [];
  let units = 0;
  SLOT_LINES.forEach((rows, line) => {
    const win = lineWin(rows.map((row, reel) => codes[reel]![row]!));
    if (win) {
      lines.push({ line, ...win });
      units += win.units;
    }
  });
  const scatters = codes.reduce((sum, reel) => sum + reel.filter((c) => c === 'S').length, 0);
  return { lines, scatters, units: units + scatterUnits(scatters) };
}

/**
 * A whole round: the base spin from floats 0–4 and, when it lands 3+ scatters, its free spins from
 * floats 5–9, 10–14… Free spins use the free-spin strips, multiply their wins by
 * SLOT_FREE_SPIN_MULTIPLIER and retrigger on 3+ scatters, never past SLOT_FREE_SPINS_CAP in total.
 */
export function playSlot(roundFloats: readonly number[], strips: SlotStrips = CARNAVAL_STRIPS): SlotRound {
  const spins: SlotSpin[] = [];
  let cursor = 0;
  const spin = (kind: 'base' | 'free', awardedSoFar: number): SlotSpin => {
    const { stops, codes } = spinReels(
      roundFloats.slice(cursor, cursor + SLOT_REELS),
      kind === 'base' ? strips.base : strips.free,
    );
    cursor += SLOT_REELS;
    const { lines, scatters, units } = evaluate(codes);
    const freeSpinsAwarded = Math.min(freeSpinsFor(scatters), SLOT_FREE_SPINS_CAP - awardedSoFar);
    return {
      kind,
      stops,
      grid: codes.map((reel) => reel.map((c) => SLOT_SYMBOLS[c])),
      lines,
      scatters,
      freeSpinsAwarded,
      units: kind === 'free' ? units * SLOT_FREE_SPIN_MULTIPLIER : units,
    };
  };
  const base = spin('base', 0);
  spins.push(base);
  let awarded = base.freeSpinsAwarded;
  for (let played = 0; played < awarded; played++) {
    const free = spin('free', awarded);
    awarded += free.freeSpinsAwarded;
    spins.push(free);
  }
  const units = spins.reduce((sum, s) => sum + s.units, 0);
  const multiplierUnits = slotMultiplierUnits(BigInt(units));
  return { spins, units, payout: unitsToNumber(multiplierUnits), multiplierUnits, freeSpins: awarded };
}

/** A round's win of `lineUnits` in total bets on the 8-place grid: units / 20, exact (1/20 = 0.05). */
export function slotMultiplierUnits(lineUnits: bigint): bigint {
  return (lineUnits * MULTIPLIER_ONE) / BigInt(TOTAL_BET_UNITS);
}

/**
 * A round straight from the seeds, drawing only the floats it uses: five for the base spin, and all
 * SLOT_FLOATS only when free spins start (the same floats either way — a prefix of the bet's
 * stream). The RTP report's simulation uses it; the server simply draws SLOT_FLOATS.
 */
export function playSlotSeeded(
  hmac: HmacSha256,
  seeds: Seeds,
  strips: SlotStrips = CARNAVAL_STRIPS,
): SlotRound {
  const first = floats(hmac, seeds, SLOT_REELS);
  const { codes } = spinReels(first, strips.base);
  const triggers = codes.flat().filter((c) => c === 'S').length >= 3;
  return playSlot(triggers ? floats(hmac, seeds, SLOT_FLOATS) : first, strips);
}

// ---------------------------------------------------------------- exact RTP

/** Refuses strips that break the game's assumptions (length, symbols, scatter spacing). */
export function checkStrips(strips: readonly string[]): void {
  if (strips.length !== SLOT_REELS) throw new RangeError(`need ${SLOT_REELS} strips`);
  for (const strip of strips) {
    if (strip.length < SLOT_ROWS * 2) throw new RangeError('strip too short');
    for (const c of strip) if (!(c in SLOT_SYMBOLS)) throw new RangeError(`unknown symbol ${c}`);
    for (let i = 0; i < strip.length; i++)
      if (strip[i] === 'S')
        for (let d = 1; d < SLOT_ROWS; d++)
          if (symbolAt(strip, i + d) === 'S') throw new RangeError('scatters closer than a window');
  }
}

/** P(exactly k scatters) for k = 0…5: each reel shows one with probability 3 × scatters / length. */
export function scatterCountProbabilities(strips: readonly string[]): number[] {
  let dist = [1];
  for (const strip of strips) {
    const p = (SLOT_ROWS * [...strip].filter((c) => c === 'S').length) / strip.length;
    const next = new Array(dist.length + 1).fill(0);
    dist.forEach((q, k) => {
      next[k] += q * (1 - p);
      next[k + 1] += q * p;
    });
    dist = next;
  }
  return dist;
}

/**
 * Expected pay of ONE line in line units. Every row of a reel shows each strip position with the
 * same probability 1/length, and the reels stop independently, so every payline has the same
 * symbol distribution: the product of the reels' symbol frequencies. Enumerated over all symbol
 * combinations weighted by their stop counts — the same sum as over all length⁵ stop combinations.
 */
export function expectedLineUnits(strips: readonly string[]): number {
  const freq = strips.map((strip) => {
    const counts = new Map<SlotCode, number>();
    for (const c of strip) counts.set(c as SlotCode, (counts.get(c as SlotCode) ?? 0) + 1);
    return [...counts].map(([code, n]) => ({ code, p: n / strip.length }));
  });
  let total = 0;
  const codes: SlotCode[] = [];
  const walk = (reel: number, p: number): void => {
    if (reel === SLOT_REELS) {
      total += p * (lineWin(codes)?.units ?? 0);
      return;
    }
    for (const f of freq[reel]!) {
      codes[reel] = f.code;
      walk(reel + 1, p * f.p);
    }
  };
  walk(0, 1);
  return total;
}

/** Expected units of one spin on these strips (20 lines + scatter), before any multiplier. */
export function expectedSpinUnits(strips: readonly string[]): number {
  const scatter = scatterCountProbabilities(strips).reduce((sum, p, k) => sum + p * scatterUnits(k), 0);
  return SLOT_LINE_COUNT * expectedLineUnits(strips) + scatter;
}

/**
 * Expected number of free spins played after an award of `initial`, with retriggers and the cap:
 * a Markov chain over (spins awarded, spins played); from each state the next spin retriggers 3/4/5
 * scatters with the free strips' probabilities. Solved exactly by dynamic programming (states with
 * more awarded are computed first).
 */
export function expectedFreeSpins(initial: number, strips: readonly string[]): number {
  const cap = SLOT_FREE_SPINS_CAP;
  const counts = scatterCountProbabilities(strips);
  const pNone = counts[0]! + counts[1]! + counts[2]!;
  // remaining[a][p]: expected spins still to play when a are awarded and p played.
  const memo = new Map<number, number>();
  const remaining = (a: number, p: number): number => {
    if (p >= a) return 0;
    const key = a * (cap + 1) + p;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let value = 1 + pNone * remaining(a, p + 1);
    for (let k = 3; k <= 5; k++) value += counts[k]! * remaining(Math.min(cap, a + freeSpinsFor(k)), p + 1);
    memo.set(key, value);
    return value;
  };
  return remaining(Math.min(cap, initial), 0);
}

export interface SlotRtp {
  /** Base spin's return (lines + scatter), in total bets. */
  base: number;
  /** The free-spin feature's return per base spin, in total bets. */
  freeSpins: number;
  total: number;
  /** P(a base spin starts free spins). */
  triggerProbability: number;
  /** One free spin's expected win in total bets, multiplier included. */
  freeSpinValue: number;
  /** Expected free spins once triggered, retriggers included. */
  expectedFreeSpins: number;
}

/**
 * The exact RTP. Free spins: by Wald's identity the feature returns E[spins played] × E[one free
 * spin's win] — whether a spin is played depends only on the spins before it — so no free-spin
 * sequence needs enumerating.
 */
export function slotRtp(strips: SlotStrips = CARNAVAL_STRIPS): SlotRtp {
  checkStrips(strips.base);
  checkStrips(strips.free);
  const base = expectedSpinUnits(strips.base) / TOTAL_BET_UNITS;
  const freeSpinValue = (SLOT_FREE_SPIN_MULTIPLIER * expectedSpinUnits(strips.free)) / TOTAL_BET_UNITS;
  const counts = scatterCountProbabilities(strips.base);
  let triggerProbability = 0;
  let spins = 0;
  for (let k = 3; k <= 5; k++) {
    triggerProbability += counts[k]!;
    spins += counts[k]! * expectedFreeSpins(freeSpinsFor(k), strips.free);
  }
  const freeSpins = spins * freeSpinValue;
  return {
    base,
    freeSpins,
    total: base + freeSpins,
    triggerProbability,
    freeSpinValue,
    expectedFreeSpins: spins / triggerProbability,
  };
}

// ---------------------------------------------------------------- full stop enumeration

export interface SpinEnumeration {
  /** Mean units of one spin over every stop combination (lines + scatter, no multiplier). */
  meanUnits: number;
  /** Highest units of one spin by scatter count 0…5 (−1 where that count cannot land). */
  maxUnitsByScatters: number[];
  combinations: number;
}

/**
 * Every stop combination of the five strips (length⁵ of them), each spin scored in full over the
 * 20 lines: the brute-force check of `expectedSpinUnits` and the source of the top win. A line that
 * has no 3-in-a-row after reel 3 cannot pay, so only the lines still alive are scored for reels 4–5.
 */
export function enumerateSpins(strips: readonly string[]): SpinEnumeration {
  checkStrips(strips);
  const windows = strips.map((strip) =>
    Array.from({ length: strip.length }, (_, stop) =>
      Array.from({ length: SLOT_ROWS }, (_, row) => symbolAt(strip, stop + row)),
    ),
  );
  const scat = windows.map((reel) => reel.map((w) => w.filter((c) => c === 'S').length));
  const matches = (a: SlotCode, b: SlotCode): boolean => a === b || a === 'W' || b === 'W';
  const maxUnitsByScatters = [-1, -1, -1, -1, -1, -1];
  let sum = 0;
  let combinations = 0;
  const [w0, w1, w2, w3, w4] = windows as [
    SlotCode[][],
    SlotCode[][],
    SlotCode[][],
    SlotCode[][],
    SlotCode[][],
  ];
  const codes: SlotCode[] = ['J', 'J', 'J', 'J', 'J'];
  for (let a = 0; a < w0.length; a++)
    for (let b = 0; b < w1.length; b++)
      for (let c = 0; c < w2.length; c++) {
        // Lines that can still pay: the first three symbols agree (wild-aware, no scatter).
        const alive: number[] = [];
        SLOT_LINES.forEach((rows, line) => {
          const x = w0[a]![rows[0]!]!;
          const y = w1[b]![rows[1]!]!;
          const z = w2[c]![rows[2]!]!;
          if (x === 'S' || y === 'S' || z === 'S') return;
          const lead = x !== 'W' ? x : y !== 'W' ? y : z;
          if (matches(lead, x) && matches(lead, y) && matches(lead, z)) alive.push(line);
        });
        const s3 = scat[0]![a]! + scat[1]![b]! + scat[2]![c]!;
        for (let d = 0; d < w3.length; d++)
          for (let e = 0; e < w4.length; e++) {
            let units = 0;
            for (const line of alive) {
              const rows = SLOT_LINES[line]!;
              codes[0] = w0[a]![rows[0]!]!;
              codes[1] = w1[b]![rows[1]!]!;
              codes[2] = w2[c]![rows[2]!]!;
              codes[3] = w3[d]![rows[3]!]!;
              codes[4] = w4[e]![rows[4]!]!;
              units += lineWin(codes)?.units ?? 0;
            }
            const scatters = s3 + scat[3]![d]! + scat[4]![e]!;
            units += scatterUnits(scatters);
            sum += units;
            combinations++;
            if (units > maxUnitsByScatters[scatters]!) maxUnitsByScatters[scatters] = units;
          }
      }
  return { meanUnits: sum / combinations, maxUnitsByScatters, combinations };
}

/**
 * The largest win one round can pay, in total bets: the best base spin that triggers plus the best
 * free-spin sequence (each spin at the best it can be for its scatter count, retriggers chosen to
 * maximise the total under the cap), or the best base spin without a trigger if that is larger.
 * Spins are independent, so every such sequence can happen.
 */
export function slotMaxWin(
  baseSpins: SpinEnumeration = enumerateSpins(CARNAVAL_STRIPS.base),
  freeSpins: SpinEnumeration = enumerateSpins(CARNAVAL_STRIPS.free),
): number {
  const base = baseSpins.maxUnitsByScatters;
  const free = freeSpins.maxUnitsByScatters.map((u) => (u < 0 ? -1 : u * SLOT_FREE_SPIN_MULTIPLIER));
  const cap = SLOT_FREE_SPINS_CAP;
  const memo = new Map<number, number>();
  // best(a, p): the most the remaining free spins can add with a awarded and p played.
  const best = (a: number, p: number): number => {
    if (p >= a) return 0;
    const key = a * (cap + 1) + p;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let value = 0;
    for (let k = 0; k <= 5; k++) {
      if (free[k]! < 0) continue;
      value = Math.max(value, free[k]! + best(Math.min(cap, a + freeSpinsFor(k)), p + 1));
    }
    memo.set(key, value);
    return value;
  };
  let top = 0;
  for (let k = 0; k <= 5; k++) {
    if (base[k]! < 0) continue;
    top = Math.max(top, base[k]! + best(Math.min(cap, freeSpinsFor(k)), 0));
  }
  return top / TOTAL_BET_UNITS;
}
