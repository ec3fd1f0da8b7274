import { expect, it } from 'vitest';
import { createIntentKeys, newIdempotencyKey } from './intent-key';

it('reuses the key while the same submit is retried and renews it when the payload changes or succeeds', () => {
  let n = 0;
  const keys = createIntentKeys(() => `key-${++n}`);
  const first = keys.keyFor('{"amount":100}');
  expect(keys.keyFor('{"amount":100}')).toBe(first);
  const changed = keys.keyFor('{"amount":200}');
  expect(changed).not.toBe(first);
  keys.done();
  expect(keys.keyFor('{"amount":200}')).not.toBe(changed);
});

it('generates keys the contract accepts', () => {
  const key = newIdempotencyKey();
  expect(key).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  expect(newIdempotencyKey()).not.toBe(key);
});
