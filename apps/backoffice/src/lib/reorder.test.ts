import { describe, expect, it } from 'vitest';
import { reorder } from './reorder';

const rows = (...orders: number[]) => orders.map((sortOrder, i) => ({ id: `r${i}`, sortOrder }));
const applied = (list: { id: string; sortOrder: number }[], changes: ReturnType<typeof reorder>) =>
  list
    .map((row) => ({ ...row, sortOrder: changes.find((c) => c.item === row)?.sortOrder ?? row.sortOrder }))
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((row) => row.id);

describe('reorder', () => {
  it('swaps a row with its neighbour and patches only what changed', () => {
    const list = rows(0, 10, 20, 30);
    const changes = reorder(list, 2, -1);
    expect(changes.map((c) => [c.item.id, c.sortOrder])).toEqual([
      ['r2', 10],
      ['r1', 20],
    ]);
    expect(applied(list, changes)).toEqual(['r0', 'r2', 'r1', 'r3']);
  });

  it('breaks ties left by earlier edits', () => {
    const list = rows(5, 5, 5);
    expect(applied(list, reorder(list, 0, 1))).toEqual(['r1', 'r0', 'r2']);
  });

  it('does nothing past either end', () => {
    expect(reorder(rows(0, 10), 0, -1)).toEqual([]);
    expect(reorder(rows(0, 10), 1, 1)).toEqual([]);
  });
});
