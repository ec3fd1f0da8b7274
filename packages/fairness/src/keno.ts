/**
 * Keno, drawn as Stake publishes it (https://stake.us/provably-fair/game-events, "Keno"): 10 hits
 * out of squares 1…40, each float picking floor(float × squares left) among the squares not yet
 * drawn (the shared `drawDistinct`). The player picks 1…10 squares and is paid by the number of hits.
 *
 * Paytables: Stake shows its tables only inside the game, not in its published fairness material,
 * so ours are designed, with an RTP of exactly 1 − house edge for every risk and pick count.
 * Design: hits below a risk's minimum pay 0; a paying count h gets weight P(h)^−α (rarer → pays
 * more, α grows with risk), scaled so Σ P(h)·m(h) = 1 − edge; multipliers above the risk's cap are
 * fixed at the cap and the rest rescaled until none exceeds it. P(h) is hypergeometric:
 * C(k, h)·C(40 − k, 10 − h) / C(40, 10). The designed multipliers are then rounded DOWN onto the
 * 8-place grid (@sorte/money), so the RTP is 1 − edge less under one grid step (< 10⁻⁸).
 */
import { floorToUnits, unitsToNumber } from '@sorte/money';
import { binomial } from './combinatorics.ts';
import { checkHouseEdge, DEFAULT_HOUSE_EDGE } from './edge.ts';
import { drawDistinct } from './shuffle.ts';

export const KENO_SQUARES = 40;
export const KENO_DRAWN = 10;
export const KENO_FLOATS = KENO_DRAWN;
export const KENO_RISKS = ['low', 'classic', 'medium', 'high'] as const;
export type KenoRisk = (typeof KENO_RISKS)[number];

/** Per risk: fewest hits that pay for 1…10 picks, the weight exponent α, and the top multiplier. */
const DESIGN: Record<KenoRisk, { minHits: number[]; alpha: number; cap: number }> = {
  low: { minHits: [1, 1, 1, 1, 2, 2, 2, 2, 3, 3], alpha: 0.35, cap: 500 },
  classic: { minHits: [1, 1, 2, 2, 2, 3, 3, 3, 4, 4], alpha: 0.5, cap: 1000 },
  medium: { minHits: [1, 2, 2, 3, 3, 3, 4, 4, 4, 5], alpha: 0.65, cap: 2500 },
  high: { minHits: [1, 2, 3, 3, 4, 4, 5, 5, 5, 6], alpha: 0.75, cap: 10_000 },
};

const SQUARES = Array.from({ length: KENO_SQUARES }, (_, i) => i + 1);

/** P(h hits) for h = 0…picks. */
export function kenoHitProbabilities(picks: number): number[] {
  const all = binomial(KENO_SQUARES, KENO_DRAWN);
  return Array.from(
    { length: picks + 1 },
    (_, h) => (binomial(picks, h) * binomial(KENO_SQUARES - picks, KENO_DRAWN - h)) / all,
  );
}

export interface KenoBet {
  /** 1…10 distinct squares 1…40. */
  picks: readonly number[];
  risk: string;
  houseEdge?: number;
}

function checkRisk(risk: string): KenoRisk {
  if (!(KENO_RISKS as readonly string[]).includes(risk))
    throw new RangeError(`keno risk must be one of ${KENO_RISKS.join(', ')}, got ${risk}`);
  return risk as KenoRisk;
}

function checkPickCount(count: number): void {
  if (!Number.isInteger(count) || count < 1 || count > KENO_DRAWN)
    throw new RangeError(`keno takes 1…${KENO_DRAWN} picks, got ${count}`);
}

function checkPicks(picks: readonly number[]): void {
  checkPickCount(picks.length);
  if (new Set(picks).size !== picks.length) throw new RangeError('keno picks must be distinct');
  for (const pick of picks)
    if (!Number.isInteger(pick) || pick < 1 || pick > KENO_SQUARES)
      throw new RangeError(`keno picks must be squares 1…${KENO_SQUARES}, got ${pick}`);
}

/** Multiplier by hit count (index 0…pickCount) for a risk, for display and statistics. */
export function kenoPaytable(pickCount: number, risk: string, houseEdge = DEFAULT_HOUSE_EDGE): number[] {
  return kenoPaytableUnits(pickCount, risk, houseEdge).map((units) => unitsToNumber(units));
}

/** Multiplier by hit count on the 8-place grid, the design's value rounded down. */
export function kenoPaytableUnits(pickCount: number, risk: string, houseEdge = DEFAULT_HOUSE_EDGE): bigint[] {
  checkPickCount(pickCount);
  const edge = checkHouseEdge(houseEdge);
  const { minHits, alpha, cap } = DESIGN[checkRisk(risk)];
  const p = kenoHitProbabilities(pickCount);
  const weight = p.map((probability, h) => (h >= minHits[pickCount - 1]! ? probability ** -alpha : 0));
  const capped = new Set<number>();
  for (;;) {
    let rest = 1 - edge;
    let weighted = 0;
    p.forEach((probability, h) => {
      if (capped.has(h)) rest -= cap * probability;
      else weighted += probability * weight[h]!;
    });
    const table = weight.map((w, h) => (capped.has(h) ? cap : (w * rest) / weighted));
    const over = table.flatMap((multiplier, h) => (multiplier > cap ? [h] : []));
    if (over.length === 0) return table.map((multiplier) => floorToUnits(multiplier));
    for (const h of over) capped.add(h);
  }
}

/** The 10 drawn squares, in draw order, from the bet's first 10 floats. */
export function kenoDraw(floats: readonly number[]): number[] {
  if (floats.length < KENO_DRAWN)
    throw new RangeError(`keno needs ${KENO_DRAWN} floats, got ${floats.length}`);
  return drawDistinct(SQUARES, floats.slice(0, KENO_DRAWN));
}

export function playKeno(
  floats: readonly number[],
  bet: KenoBet,
): { drawn: number[]; hits: number; payout: number; multiplierUnits: bigint } {
  checkPicks(bet.picks);
  const table = kenoPaytableUnits(bet.picks.length, bet.risk, bet.houseEdge);
  const drawn = kenoDraw(floats);
  const hits = bet.picks.filter((pick) => drawn.includes(pick)).length;
  return { drawn, hits, payout: unitsToNumber(table[hits]!), multiplierUnits: table[hits]! };
}

/** Theoretical RTP of a setting: Σ over hit counts of P(h) × multiplier(h). */
export function kenoRtp(setting: { pickCount: number; risk: string; houseEdge?: number }): number {
  const table = kenoPaytable(setting.pickCount, setting.risk, setting.houseEdge);
  return kenoHitProbabilities(setting.pickCount).reduce(
    (sum, probability, h) => sum + probability * table[h]!,
    0,
  );
}
