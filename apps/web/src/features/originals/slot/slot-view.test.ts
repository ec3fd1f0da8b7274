import { CARNAVAL_STRIPS, floats, playSlot, SLOT_FLOATS, SLOT_LINES } from '@sorte/fairness';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gridOf, reelTape, unitsToMinor, winCells } from './slot-view';

const hmac = (key: string, message: string) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());

describe('slot view', () => {
  it('rebuilds the grid of every spin from its stops as the fairness package drew it', () => {
    for (let nonce = 0; nonce < 40; nonce++) {
      const round = playSlot(floats(hmac, { serverSeed: 's', clientSeed: 'c', nonce }, SLOT_FLOATS));
      for (const spin of round.spins) expect(gridOf(spin.kind, spin.stops)).toEqual(spin.grid);
    }
  });
  it('lands the tape on the window and starts it on the previous one', () => {
    const previous = gridOf('base', [0, 0, 0, 0, 0])[2]!;
    const tape = reelTape('base', 2, 5, 10, previous);
    expect(tape).toHaveLength(16);
    expect(tape.slice(0, 3)).toEqual(gridOf('base', [0, 0, 5, 0, 0])[2]);
    expect(tape.slice(-3)).toEqual(previous);
    expect(CARNAVAL_STRIPS.base[2]!.length).toBeGreaterThan(10);
  });
  it('pays stake × units / 20 rounded down and marks the cells a line win covers', () => {
    expect(unitsToMinor(1_000n, 7)).toBe(350n);
    expect(unitsToMinor(2_007n, 7)).toBe(702n);
    const cells = winCells([{ line: 3, symbol: 'mask', count: 3, units: 40 }], SLOT_LINES);
    expect([...cells]).toEqual(['0:0', '1:1', '2:2']);
  });
});
