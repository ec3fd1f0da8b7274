import { describe, expect, it } from 'vitest';
import { crashPayoutMinor, floorCents, msToReach, multiplierAt, plot, toneOf } from './curve';

describe('crash curve', () => {
  it('grows as e^(k·t) from the start and reaches a multiplier at ln(m)/k', () => {
    expect(multiplierAt(1_000, 1_000, 0.00006)).toBe(1);
    expect(multiplierAt(1_000, 500, 0.00006)).toBe(1);
    expect(multiplierAt(0, msToReach(2, 0.00006), 0.00006)).toBeCloseTo(2, 10);
  });
  it('pays stake × the floored multiplier in minor units', () => {
    // The server's rule: the decimal floored, no float product (1.15 stays 1.15; 1.4999999999 is 1.49).
    expect(floorCents(1.4999999999)).toBe(1.49);
    expect(floorCents(1.15)).toBe(1.15);
    expect(floorCents(2.019)).toBe(2.01);
    expect(crashPayoutMinor(1_000, 1.5)).toBe(1_500n);
    expect(crashPayoutMinor(333, 1.01)).toBe(336n);
    expect(crashPayoutMinor(100, 1.15)).toBe(115n);
  });
  it('colours crash points under 2×, under 10× and above', () => {
    expect([1, 1.99, 2, 9.99, 10, 1000].map(toneOf)).toEqual(['low', 'low', 'mid', 'mid', 'high', 'high']);
  });
  it('plots inside the box with the tip at the current multiplier', () => {
    const p = plot(20_000, 0.00006, 400, 200);
    expect(p.tip.x).toBeGreaterThan(0);
    expect(p.tip.x).toBeLessThanOrEqual(400);
    expect(p.tip.y).toBeGreaterThanOrEqual(0);
    expect(p.path.startsWith('M0.0,200.0')).toBe(true);
    expect(p.grid.length).toBeGreaterThan(1);
    for (const line of p.grid) expect(line.y).toBeGreaterThan(0);
  });
});
