import { expect, it } from 'vitest';
import { clampAmount, doubleAmount, halfAmount, increaseByPercent } from './amount';
import { type AutoBetSettings, DEFAULT_AUTO, autoShouldStop, nextAutoAmount } from './autobet';
import { formatMultiplier, verifyHref, verifyRoundHref } from './verify-link';

const bounds = { minMinor: 1n, maxMinor: 1000n };

it('halves and doubles the stake within the minimum and the balance', () => {
  expect(halfAmount(1n, bounds)).toBe(1n);
  expect(halfAmount(301n, bounds)).toBe(150n);
  expect(doubleAmount(600n, bounds)).toBe(1000n);
  expect(doubleAmount(600n, { minMinor: 1n, maxMinor: null })).toBe(1200n);
  expect(clampAmount(0n, bounds)).toBe(1n);
});

it('increases by a percentage in whole minor units, at least one', () => {
  expect(increaseByPercent(100n, 50)).toBe(150n);
  expect(increaseByPercent(1n, 10)).toBe(2n);
  expect(increaseByPercent(100n, 0)).toBe(100n);
  expect(increaseByPercent(333n, 12.5)).toBe(374n);
});

it('auto-bet resets or increases after a win or a loss and stops on count, profit and loss', () => {
  const martingale: AutoBetSettings = { ...DEFAULT_AUTO, onLoss: { mode: 'increase', percent: 100 } };
  expect(nextAutoAmount(100n, 400n, false, martingale)).toBe(800n);
  expect(nextAutoAmount(100n, 400n, true, martingale)).toBe(100n);
  const stops: AutoBetSettings = { ...DEFAULT_AUTO, count: 0, stopProfitMinor: 500n, stopLossMinor: 300n };
  expect(autoShouldStop(1000, 499n, stops)).toBe(false);
  expect(autoShouldStop(3, 500n, stops)).toBe(true);
  expect(autoShouldStop(3, -300n, stops)).toBe(true);
  expect(autoShouldStop(3, -299n, stops)).toBe(false);
  expect(autoShouldStop(10, 0n, DEFAULT_AUTO)).toBe(true);
  expect(autoShouldStop(9, 0n, DEFAULT_AUTO)).toBe(false);
});

it('builds verifier links and multiplier text', () => {
  expect(verifyRoundHref('42')).toBe('/verify?round=42');
  expect(verifyHref({ game: 'dice', serverSeed: 'a b', nonce: 3, params: { target: 50.5 } })).toBe(
    '/verify?game=dice&serverSeed=a+b&nonce=3&target=50.5',
  );
  expect(formatMultiplier(1.98)).toBe('1.98×');
  expect(formatMultiplier(2)).toBe('2.00×');
});
