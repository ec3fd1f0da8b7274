import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DRAW_FLOAT_COUNTS,
  deriveDraw,
  drawCommitment,
  drawFromFloats,
  isValidDraw,
  verifyDraw,
} from './draw.ts';
import { nodeHmac, nodeSha256 } from './test-support.ts';
import type { FamilyCode } from './types.ts';

const SEED = 'b1946ac92492d2347c6235b4d2611184';
const DRAW_NO = '20261122-0001';
const crypto = { sha256: nodeSha256, hmac: nodeHmac };

/** The draw's floats straight from the HMAC hex, as a verifier with only a hashing tool would. */
function floatsFromHex(serverSeed: string, gameCode: string, drawNo: string, count: number): number[] {
  const hex = (round: number) =>
    createHmac('sha256', serverSeed).update(`${gameCode}:${drawNo}:0:${round}`).digest('hex');
  const all = hex(0) + hex(1);
  return Array.from({ length: count }, (_, i) => Number.parseInt(all.slice(8 * i, 8 * i + 8), 16) / 2 ** 32);
}

const GAMES: [FamilyCode, string, number[]][] = [
  ['FIVE_DIGIT', 'SSC1', [0, 0, 6, 2, 6]],
  ['THREE_DICE', 'K3_1', [2, 6, 1]],
  ['RACE_10', 'PK10_1', [3, 4, 9, 10, 2, 1, 8, 7, 5, 6]],
  ['ELEVEN_FIVE', '11X5_1', [10, 9, 6, 3, 11]],
];

describe('provably-fair draws', () => {
  it('publishes SHA-256(serverSeed) as lowercase hex', () => {
    expect(drawCommitment(nodeSha256, SEED)).toBe(
      '8f0a88218e0b3a8c717eb9d90e7e0f2e12bddeb3121a11d9cdbae1737c08a384',
    );
  });
  it.each(GAMES)('%s draw for fixed seeds is pinned and matches the HMAC hex', (family, gameCode, pinned) => {
    const draw = deriveDraw(nodeHmac, { family, gameCode, drawNo: DRAW_NO, serverSeed: SEED });
    expect(draw).toEqual(pinned);
    expect(draw).toEqual(
      drawFromFloats(family, floatsFromHex(SEED, gameCode, DRAW_NO, DRAW_FLOAT_COUNTS[family])),
    );
  });
  it('maps floats per family: digits ×10, faces ×6 + 1, distinct cars and balls', () => {
    expect(drawFromFloats('FIVE_DIGIT', [0, 0.1, 0.55, 0.99, 0.999999])).toEqual([0, 1, 5, 9, 9]);
    expect(drawFromFloats('THREE_DICE', [0, 0.5, 0.9999])).toEqual([1, 4, 6]);
    // Every float 0 takes the lowest car left: the identity order.
    expect(drawFromFloats('RACE_10', new Array(10).fill(0))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(drawFromFloats('ELEVEN_FIVE', [0.999, 0.999, 0.999, 0.999, 0.999])).toEqual([11, 10, 9, 8, 7]);
    expect(() => drawFromFloats('THREE_DICE', [0.1, 0.2])).toThrow(RangeError);
  });
  it('tells a possible result from an impossible one', () => {
    expect(isValidDraw('FIVE_DIGIT', [0, 0, 6, 2, 6])).toBe(true);
    expect(isValidDraw('FIVE_DIGIT', [0, 0, 6, 2])).toBe(false);
    expect(isValidDraw('THREE_DICE', [0, 1, 2])).toBe(false);
    expect(isValidDraw('RACE_10', [1, 1, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(false);
    expect(isValidDraw('ELEVEN_FIVE', [10, 9, 6, 3, 11])).toBe(true);
    expect(isValidDraw('ELEVEN_FIVE', [10, 9, 6, 3, 12])).toBe(false);
  });
  it('race and 11-5 draws never repeat, over many draws', () => {
    for (let n = 1; n <= 200; n++) {
      const drawNo = `20261122-${String(n).padStart(4, '0')}`;
      expect(
        new Set(deriveDraw(nodeHmac, { family: 'RACE_10', gameCode: 'PK10_1', drawNo, serverSeed: SEED }))
          .size,
      ).toBe(10);
      expect(
        new Set(deriveDraw(nodeHmac, { family: 'ELEVEN_FIVE', gameCode: 'X', drawNo, serverSeed: SEED }))
          .size,
      ).toBe(5);
    }
  });
  it('a different draw number or game gives a different result from the same seed', () => {
    const a = deriveDraw(nodeHmac, {
      family: 'RACE_10',
      gameCode: 'PK10_1',
      drawNo: DRAW_NO,
      serverSeed: SEED,
    });
    const b = deriveDraw(nodeHmac, {
      family: 'RACE_10',
      gameCode: 'PK10_1',
      drawNo: '20261122-0002',
      serverSeed: SEED,
    });
    const c = deriveDraw(nodeHmac, {
      family: 'RACE_10',
      gameCode: 'PK10_3',
      drawNo: DRAW_NO,
      serverSeed: SEED,
    });
    expect(a).not.toEqual(b);
    expect(a).not.toEqual(c);
  });
  it('verifies a revealed seed against its commitment and the announced result', () => {
    const input = { family: 'FIVE_DIGIT' as const, gameCode: 'SSC1', drawNo: DRAW_NO, serverSeed: SEED };
    const commitment = drawCommitment(nodeSha256, SEED);
    expect(verifyDraw(crypto, { ...input, commitment, announced: [0, 0, 6, 2, 6] })).toEqual({
      ok: true,
      draw: [0, 0, 6, 2, 6],
    });
    expect(verifyDraw(crypto, { ...input, commitment: commitment.toUpperCase() }).ok).toBe(true);
    expect(verifyDraw(crypto, { ...input, commitment, announced: [0, 0, 6, 2, 7] })).toEqual({
      ok: false,
      reason: 'RESULT_MISMATCH',
    });
    expect(verifyDraw(crypto, { ...input, serverSeed: 'other', commitment })).toEqual({
      ok: false,
      reason: 'COMMITMENT_MISMATCH',
    });
  });
});
