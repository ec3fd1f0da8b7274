import { expect, it } from 'vitest';
import { ApiError } from './api';
import { isUncertain, sendWithRetry } from './send-with-retry';

it('retries only answers that may have been lost', () => {
  expect(isUncertain(new ApiError('NETWORK_ERROR', '', 0))).toBe(true);
  expect(isUncertain(new ApiError('INTERNAL', '', 503))).toBe(true);
  expect(isUncertain(new ApiError('WALLET_INSUFFICIENT_FUNDS', '', 409))).toBe(false);
  expect(isUncertain(new Error('x'))).toBe(false);
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
