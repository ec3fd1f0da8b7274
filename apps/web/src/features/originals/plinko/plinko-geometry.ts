/**
 * The plinko board's geometry in SVG units. Row r (0 = top) has r + 3 pegs; each row the ball goes
 * half a spacing left (0) or right (1), so after `rows` rows it sits over bucket = number of rights —
 * exactly the outcome packages/fairness computes from the round's path.
 */
export const BOARD_WIDTH = 600;
const TOP = 40;

export function spacing(rows: number): number {
  return BOARD_WIDTH / (rows + 2);
}

export function boardHeight(rows: number): number {
  return TOP + rows * spacing(rows) + spacing(rows) * 0.9;
}

export function pegs(rows: number): { x: number; y: number }[] {
  const s = spacing(rows);
  const out: { x: number; y: number }[] = [];
  for (let r = 0; r < rows; r++)
    for (let j = 0; j < r + 3; j++) out.push({ x: BOARD_WIDTH / 2 + (j - (r + 2) / 2) * s, y: TOP + r * s });
  return out;
}

export function bucketX(rows: number, bucket: number): number {
  return BOARD_WIDTH / 2 + (bucket - rows / 2) * spacing(rows);
}

export function bucketY(rows: number): number {
  return TOP + rows * spacing(rows) - spacing(rows) * 0.2;
}

/** The ball's positions: above the first row, then just above each row's peg it hits, then the bucket. */
export function waypoints(rows: number, path: readonly (0 | 1)[]): { x: number; y: number }[] {
  const s = spacing(rows);
  const points = [{ x: BOARD_WIDTH / 2, y: TOP - s * 0.9 }];
  let x = BOARD_WIDTH / 2;
  for (let r = 0; r < rows; r++) {
    points.push({ x, y: TOP + r * s - s * 0.35 });
    x += path[r] === 1 ? s / 2 : -s / 2;
  }
  points.push({ x, y: bucketY(rows) });
  return points;
}

/** Position along the waypoints at progress k ∈ [0, 1]: a small hop between consecutive points. */
export function positionAt(points: readonly { x: number; y: number }[], k: number): { x: number; y: number } {
  const legs = points.length - 1;
  const at = Math.min(legs - 1e-9, Math.max(0, k * legs));
  const i = Math.floor(at);
  const f = at - i;
  const a = points[i]!;
  const b = points[i + 1]!;
  const hop = Math.sin(Math.PI * f) * (b.y - a.y) * 0.35;
  return { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f * f - hop * (1 - f) };
}
