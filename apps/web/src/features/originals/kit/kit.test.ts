import { expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { clampAmount, doubleAmount, halfAmount, increaseByPercent } from './amount';
import { type AutoBetSettings, DEFAULT_AUTO, autoShouldStop, nextAutoAmount } from './autobet';
import { isUncertain, sendWithRetry } from './place-bet';
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

it('retries only answers that may have been lost', () => {
  expect(isUncertain(new ApiError('NETWORK_ERROR', '', 0))).toBe(true);
  expect(isUncertain(new ApiError('INTERNAL', '', 503))).toBe(true);
  expect(isUncertain(new ApiError('WALLET_INSUFFICIENT_FUNDS', '', 409))).toBe(false);
  expect(isUncertain(new Error('x'))).toBe(false);
});

it('builds verifier links and multiplier text', () => {
  expect(verifyRoundHref('42')).toBe('/verify?round=42');
  expect(verifyHref({ game: 'dice', serverSeed: 'a b', nonce: 3, params: { target: 50.5 } })).toBe(
    '/verify?game=dice&serverSeed=a+b&nonce=3&target=50.5',
  );
  expect(formatMultiplier(1.98)).toBe('1.98×');
  expect(formatMultiplier(2)).toBe('2.00×');
});

it('retries a lost answer with the same request, never a refusal, and gives up after three tries', async () => {
  const noPause = async () => {};
  const bodies: string[] = [];
  let failures = 2;
  const key = 'intent-key-1';
  const send = async () => {
    bodies.push(key);
    if (failures-- > 0) throw new ApiError('NETWORK_ERROR', '', 0);
    return 'round';
  };
  expect(await sendWithRetry(send, 3, noPause)).toBe('round');
  expect(bodies).toEqual([key, key, key]);

  let calls = 0;
  const refused = async () => {
    calls++;
    throw new ApiError('WALLET_INSUFFICIENT_FUNDS', '', 409);
  };
  await expect(sendWithRetry(refused, 3, noPause)).rejects.toMatchObject({
    code: 'WALLET_INSUFFICIENT_FUNDS',
  });
  expect(calls).toBe(1);

  calls = 0;
  const down = async () => {
    calls++;
    throw new ApiError('INTERNAL', '', 502);
  };
  await expect(sendWithRetry(down, 3, noPause)).rejects.toMatchObject({ status: 502 });
  expect(calls).toBe(3);
});
