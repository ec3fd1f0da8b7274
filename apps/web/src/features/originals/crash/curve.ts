/**
 * The crash curve as the client draws it. The server sends the start time and the growth k; the
 * multiplier is m(t) = e^(k·t), t in ms since the start on the server's clock (the client's clock
 * corrected by the offset measured from the server's `serverTime`). The server alone decides a
 * cash-out: what is drawn here is only the picture of it.
 */
import { floorToCents, HUNDREDTHS_SCALE } from '@sorte/fairness';
import { multiplierUnits, payoutMinor } from '@sorte/money';

export function multiplierAt(startedAtMs: number, serverNowMs: number, growthPerMs: number): number {
  return Math.exp(growthPerMs * Math.max(0, serverNowMs - startedAtMs));
}

/** Milliseconds after the start at which the curve reaches `multiplier`. */
export function msToReach(multiplier: number, growthPerMs: number): number {
  return Math.log(Math.max(1, multiplier)) / growthPerMs;
}

/** Floors to the hundredth, as the server does with its clock's multiplier (one rule: @sorte/fairness). */
export const floorCents = floorToCents;

/** What a cash-out at `multiplier` pays: crash's payout rule on the hundredths grid (@sorte/money). */
export function crashPayoutMinor(stakeMinor: number | bigint, multiplier: number): bigint {
  const hundredths = multiplierUnits(floorToCents(multiplier), HUNDREDTHS_SCALE);
  return payoutMinor(BigInt(stakeMinor), hundredths, HUNDREDTHS_SCALE);
}

export type CrashTone = 'low' | 'mid' | 'high';

/** The colour of a crash point in the history strip: under 2×, under 10×, 10× and more. */
export function toneOf(crashPoint: number): CrashTone {
  if (crashPoint < 2) return 'low';
  return crashPoint < 10 ? 'mid' : 'high';
}

export interface Plot {
  /** SVG path of the curve from the start to `elapsedMs`, in a width × height box. */
  path: string;
  /** The end point (where the rocket/dot sits). */
  tip: { x: number; y: number };
  /** Horizontal grid lines: multiplier value and its y. */
  grid: { value: number; y: number }[];
}

/**
 * Plots the curve so it always fills the box: the time axis spans at least 8 s, the multiplier axis
 * at least 1×–2×, both growing with the round.
 */
export function plot(elapsedMs: number, growthPerMs: number, width: number, height: number): Plot {
  const spanMs = Math.max(8_000, elapsedMs * 1.1);
  const top = Math.max(2, multiplierAt(0, elapsedMs, growthPerMs) * 1.15);
  const x = (ms: number) => (ms / spanMs) * width;
  const y = (m: number) => height - ((m - 1) / (top - 1)) * height;
  const steps = 48;
  const points: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const ms = (elapsedMs * i) / steps;
    points.push(`${x(ms).toFixed(1)},${y(multiplierAt(0, ms, growthPerMs)).toFixed(1)}`);
  }
  const end = multiplierAt(0, elapsedMs, growthPerMs);
  return {
    path: `M${points.join(' L')}`,
    tip: { x: x(elapsedMs), y: y(end) },
    grid: gridValues(top).map((value) => ({ value, y: y(value) })),
  };
}

/** Three or four round values between 1× and the top of the axis. */
function gridValues(top: number): number[] {
  const range = top - 1;
  const raw = range / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((f) => f * magnitude).find((s) => s >= raw) ?? raw;
  const values: number[] = [];
  for (let v = 1 + step; v < top; v += step) values.push(Math.round(v * 100) / 100);
  return values;
}
