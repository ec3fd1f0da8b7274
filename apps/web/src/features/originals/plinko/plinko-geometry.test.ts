import { floats, plinkoOutcome } from '@sorte/fairness';
import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import { bucketX, waypoints } from './plinko-geometry';

const hmac = (key: string, message: string) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());

it("the drawn ball ends over the outcome's bucket for every row count", () => {
  for (let rows = 8; rows <= 16; rows++)
    for (let nonce = 0; nonce < 20; nonce++) {
      const { path, bucket } = plinkoOutcome(
        floats(hmac, { serverSeed: 's', clientSeed: 'c', nonce }, 16),
        rows,
        'high',
      );
      const end = waypoints(rows, path).at(-1)!;
      expect(end.x).toBeCloseTo(bucketX(rows, bucket), 6);
    }
});
