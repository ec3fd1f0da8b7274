/**
 * Provably-fair draw results. Each draw has its own server seed, a random secret the server keeps
 * until the draw is made; SHA-256(serverSeed) in lowercase hex is published as the commitment
 * before betting closes, and the seed itself after the draw. Anyone can then check that the seed
 * matches the commitment and recompute the result:
 *
 *   floats = @sorte/fairness floats with serverSeed, clientSeed = `${gameCode}:${drawNo}`, nonce 0,
 *   i.e. HMAC-SHA256(key = serverSeed, message = `${gameCode}:${drawNo}:0:${round}`), 4 bytes per
 *   float — the same source the in-house games publish.
 *
 * The client seed is the draw's public name rather than a player's seed: one draw is shared by every
 * ticket, and naming it binds the seed to exactly one draw of one game.
 *
 *   FIVE_DIGIT   5 floats, digit = floor(float × 10)
 *   THREE_DICE   3 floats, face = floor(float × 6) + 1
 *   RACE_10      10 floats, drawDistinct(cars 1…10) — the finishing order, champion first
 *   ELEVEN_FIVE  5 floats, drawDistinct(balls 1…11) — five distinct balls in drawing order
 */
import { drawDistinct, floats, type HmacSha256, pickIndex, type Sha256, toHex } from '@sorte/fairness';
import type { Draw, FamilyCode } from './types.ts';

export const DRAW_FLOAT_COUNTS: Readonly<Record<FamilyCode, number>> = {
  FIVE_DIGIT: 5,
  THREE_DICE: 3,
  RACE_10: 10,
  ELEVEN_FIVE: 5,
};

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The result a family's floats make. */
export function drawFromFloats(family: FamilyCode, fs: readonly number[]): Draw {
  if (fs.length !== DRAW_FLOAT_COUNTS[family])
    throw new RangeError(`${family} needs ${DRAW_FLOAT_COUNTS[family]} floats`);
  switch (family) {
    case 'FIVE_DIGIT':
      return fs.map((f) => pickIndex(f, 10));
    case 'THREE_DICE':
      return fs.map((f) => pickIndex(f, 6) + 1);
    case 'RACE_10':
      return drawDistinct(range(1, 10), fs);
    case 'ELEVEN_FIVE':
      return drawDistinct(range(1, 11), fs);
  }
}

/** Whether `draw` is a possible result of `family` (length, range, no repeats where drawn without). */
export function isValidDraw(family: FamilyCode, draw: Draw): boolean {
  const [min, max, length, distinct] = {
    FIVE_DIGIT: [0, 9, 5, false],
    THREE_DICE: [1, 6, 3, false],
    RACE_10: [1, 10, 10, true],
    ELEVEN_FIVE: [1, 11, 5, true],
  }[family] as [number, number, number, boolean];
  return (
    Array.isArray(draw) &&
    draw.length === length &&
    draw.every((n) => Number.isInteger(n) && n >= min && n <= max) &&
    (!distinct || new Set(draw).size === length)
  );
}

export interface DrawSeedInput {
  family: FamilyCode;
  gameCode: string;
  drawNo: string;
  serverSeed: string;
}

/** The published commitment to a draw's server seed. */
export function drawCommitment(sha256: Sha256, serverSeed: string): string {
  return toHex(sha256(serverSeed));
}

/** The draw's result from its seed (the server at draw time, and any verifier afterwards). */
export function deriveDraw(hmac: HmacSha256, input: DrawSeedInput): Draw {
  const seeds = { serverSeed: input.serverSeed, clientSeed: `${input.gameCode}:${input.drawNo}`, nonce: 0 };
  return drawFromFloats(input.family, floats(hmac, seeds, DRAW_FLOAT_COUNTS[input.family]));
}

export type DrawVerification =
  | { ok: true; draw: Draw }
  | { ok: false; reason: 'COMMITMENT_MISMATCH' | 'RESULT_MISMATCH' };

/** Checks a revealed seed against its commitment and, when given, the announced result. */
export function verifyDraw(
  crypto: { sha256: Sha256; hmac: HmacSha256 },
  input: DrawSeedInput & { commitment: string; announced?: Draw },
): DrawVerification {
  if (drawCommitment(crypto.sha256, input.serverSeed) !== input.commitment.toLowerCase())
    return { ok: false, reason: 'COMMITMENT_MISMATCH' };
  const draw = deriveDraw(crypto.hmac, input);
  if (input.announced && input.announced.join(',') !== draw.join(','))
    return { ok: false, reason: 'RESULT_MISMATCH' };
  return { ok: true, draw };
}
