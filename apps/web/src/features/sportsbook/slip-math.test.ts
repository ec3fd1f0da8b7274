import { describe, expect, it } from 'vitest';
import {
  combinedOdds,
  hasRelated,
  needsAcceptance,
  type SlipLeg,
  slipQuote,
  slipTypes,
  systemChoices,
} from './slip-math';

const leg = (eventId: string, odds: number): SlipLeg => ({
  eventId,
  market: '1x2',
  specifiers: '',
  outcome: 'home',
  odds,
});

describe('slip maths', () => {
  it('singles: one bet per selection, each return rounded down once', () => {
    // 10.00 at 1.85 returns 18.50; 3.33 at 2.333 returns 7.76889 → 7.76.
    expect(slipQuote('single', [leg('a', 1850)], 1000n, null)).toEqual({
      lines: 1,
      totalStakeMinor: 1000n,
      potentialReturnMinor: 1850n,
    });
    expect(slipQuote('single', [leg('a', 2333), leg('b', 2333)], 333n, null)).toEqual({
      lines: 2,
      totalStakeMinor: 666n,
      potentialReturnMinor: 776n * 2n,
    });
  });

  it('a multiple returns the stake times the exact product, rounded down at the end', () => {
    // 1.85 × 2.10 × 1.333 = 5.178705 → 1.00 returns 5.17 (not 5.18, and not leg-by-leg).
    const quote = slipQuote('multiple', [leg('a', 1850), leg('b', 2100), leg('c', 1333)], 100n, null);
    expect(quote).toEqual({ lines: 1, totalStakeMinor: 100n, potentialReturnMinor: 517n });
    expect(combinedOdds([leg('a', 1850), leg('b', 2100), leg('c', 1333)])).toBe(5178n);
  });

  it('a system stakes each line and sums the exact line factors', () => {
    // Trixie of 2.00, 3.00, 4.00: doubles 6 + 8 + 12, treble 24 → 50 × 1.00 per line.
    const legs = [leg('a', 2000), leg('b', 3000), leg('c', 4000)];
    expect(slipQuote('system', legs, 100n, 'trixie')).toEqual({
      lines: 4,
      totalStakeMinor: 400n,
      potentialReturnMinor: 5000n,
    });
    expect(slipQuote('system', legs, 100n, '2/3')).toEqual({
      lines: 3,
      totalStakeMinor: 300n,
      potentialReturnMinor: 2600n,
    });
    // A system of the wrong size, or no system, is no quote.
    expect(slipQuote('system', legs, 100n, 'yankee')).toBeNull();
    expect(slipQuote('system', legs, 100n, null)).toBeNull();
  });

  it('offers multiples and systems only for unrelated selections', () => {
    expect(slipTypes([leg('a', 1500)])).toEqual(['single']);
    expect(slipTypes([leg('a', 1500), leg('b', 1500)])).toEqual(['single', 'multiple']);
    expect(slipTypes([leg('a', 1500), leg('b', 1500), leg('c', 1500)])).toEqual([
      'single',
      'multiple',
      'system',
    ]);
    expect(hasRelated([leg('a', 1500), leg('a', 1700)])).toBe(true);
    expect(slipTypes([leg('a', 1500), leg('a', 1700), leg('c', 1500)])).toEqual(['single']);
    expect(slipQuote('multiple', [leg('a', 1500), leg('a', 1700)], 100n, null)).toBeNull();
  });

  it('names the systems a count of selections allows', () => {
    expect(systemChoices(2)).toEqual([]);
    expect(systemChoices(3).map((c) => [c.id, c.lines])).toEqual([
      ['2/3', 3],
      ['trixie', 4],
      ['patent', 7],
    ]);
    expect(systemChoices(4).map((c) => [c.id, c.lines])).toEqual([
      ['2/4', 6],
      ['3/4', 4],
      ['yankee', 11],
      ['lucky_15', 15],
    ]);
    expect(systemChoices(5).map((c) => c.id)).toContain('super_yankee');
    expect(systemChoices(5).map((c) => c.id)).not.toContain('canadian');
    expect(systemChoices(8).find((c) => c.id === 'goliath')?.lines).toBe(247);
  });

  it('asks the player to accept a moved price as the policy says', () => {
    expect(needsAcceptance('none', 1850, 1850)).toBe(false);
    expect(needsAcceptance('none', 1850, 1900)).toBe(true);
    expect(needsAcceptance('higher', 1850, 1900)).toBe(false);
    expect(needsAcceptance('higher', 1850, 1800)).toBe(true);
    expect(needsAcceptance('any', 1850, 1200)).toBe(false);
  });
});
