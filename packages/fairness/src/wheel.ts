/**
 * Wheel, as Stake publishes it (https://stake.us/provably-fair/game-events, "Wheel"): the segment
 * is floor(float × segments) and pays the multiplier at that index of Stake's table for the chosen
 * segment count and risk. Every table sums to 0.99 × segments, so each setting's RTP is exactly 99%.
 * For another house edge the table is scaled by (1 − edge) / 0.99 and rounded down onto the 8-place
 * grid (@sorte/money), keeping the RTP at 1 − edge less under one grid step.
 */
import { multiplierUnits, unitsToNumber } from '@sorte/money';
import { rtpUnits } from './cents.ts';
import { checkHouseEdge, DEFAULT_HOUSE_EDGE } from './edge.ts';
import { pickIndex } from './shuffle.ts';

export const WHEEL_FLOATS = 1;
export const WHEEL_SEGMENTS = [10, 20, 30, 40, 50] as const;
export const WHEEL_RISKS = ['low', 'medium', 'high'] as const;
export type WheelSegments = (typeof WHEEL_SEGMENTS)[number];
export type WheelRisk = (typeof WHEEL_RISKS)[number];

/** The RTP Stake's tables are built for. */
const TABLE_RTP = 0.99;
const TABLE_RTP_UNITS = multiplierUnits(TABLE_RTP);
/** Low risk repeats one block of ten at every size. */
const LOW_BLOCK = [1.5, 1.2, 1.2, 1.2, 0, 1.2, 1.2, 1.2, 1.2, 0];

/** High risk: one segment, the last, pays 0.99 × segments (9.9× on 10 … 49.5× on 50). */
function highTable(segments: number): number[] {
  return Array.from({ length: segments }, (_, i) =>
    i === segments - 1 ? Math.round(TABLE_RTP * segments * 100) / 100 : 0,
  );
}

const MEDIUM: Record<WheelSegments, number[]> = {
  10: [0, 1.9, 0, 1.5, 0, 2, 0, 1.5, 0, 3],
  20: [1.5, 0, 2, 0, 2, 0, 2, 0, 1.5, 0, 3, 0, 1.8, 0, 2, 0, 2, 0, 2, 0],
  30: [
    1.5, 0, 1.5, 0, 2, 0, 1.5, 0, 2, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 2, 0, 2, 0, 1.7, 0, 4, 0, 1.5, 0, 2, 0,
  ],
  40: [
    2, 0, 3, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 1.5, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 2, 0, 2, 0, 1.6, 0, 2, 0, 1.5,
    0, 3, 0, 1.5, 0, 2, 0, 1.5, 0,
  ],
  50: [
    2, 0, 1.5, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 1.5, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 2, 0, 1.5, 0, 2, 0, 2, 0,
    1.5, 0, 3, 0, 1.5, 0, 2, 0, 1.5, 0, 1.5, 0, 5, 0, 1.5, 0, 2, 0, 1.5, 0,
  ],
};

export interface WheelBet {
  segments: number;
  risk: string;
  houseEdge?: number;
}

/** The multipliers of every segment for a setting, for display and statistics (see wheelTableUnits). */
export function wheelTable(bet: WheelBet): number[] {
  return wheelTableUnits(bet).map((units) => unitsToNumber(units));
}

/** The multipliers of every segment on the 8-place grid; throws RangeError for an unknown setting. */
export function wheelTableUnits(bet: WheelBet): bigint[] {
  const edge = checkHouseEdge(bet.houseEdge ?? DEFAULT_HOUSE_EDGE);
  if (!(WHEEL_SEGMENTS as readonly number[]).includes(bet.segments))
    throw new RangeError(`wheel segments must be one of ${WHEEL_SEGMENTS.join(', ')}, got ${bet.segments}`);
  if (!(WHEEL_RISKS as readonly string[]).includes(bet.risk))
    throw new RangeError(`wheel risk must be one of ${WHEEL_RISKS.join(', ')}, got ${bet.risk}`);
  const segments = bet.segments as WheelSegments;
  const base =
    bet.risk === 'low'
      ? Array.from({ length: segments }, (_, i) => LOW_BLOCK[i % 10]!)
      : bet.risk === 'medium'
        ? MEDIUM[segments]
        : highTable(segments);
  const rtp = rtpUnits(edge);
  return base.map((multiplier) => (multiplierUnits(multiplier) * rtp) / TABLE_RTP_UNITS);
}

export function playWheel(
  floats: readonly number[],
  bet: WheelBet,
): { segment: number; payout: number; multiplierUnits: bigint } {
  const table = wheelTableUnits(bet);
  const segment = pickIndex(floats[0]!, table.length);
  return { segment, payout: unitsToNumber(table[segment]!), multiplierUnits: table[segment]! };
}

/** Theoretical RTP of a setting: every segment is equally likely. */
export function wheelRtp(bet: WheelBet): number {
  const table = wheelTable(bet);
  return table.reduce((sum, multiplier) => sum + multiplier, 0) / table.length;
}
