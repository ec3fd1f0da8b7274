import { createHmac } from 'node:crypto';
import { floats } from '@sorte/fairness';
import { unitsToNumber } from '@sorte/money';
import { expect, it } from 'vitest';
import { webHmac } from '../../../lib/web-crypto';
import { outcomeMatches, VERIFIERS } from '../verify/verifiers';

const nodeHmac = (key: string, message: string) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());
const serverSeed = 'c4a1b6f3e4d5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff';
const clientSeed = 'carnaval-player';

// The server's slot (what POST /wps/originals/carnaval/bet plays and records), by a computed path so
// the web type-check does not pull in the server's sources.
const SERVER_SLOT = '../../../../../server/src/modules/originals/originals.slot.ts';
const { SLOT } = (await import(/* @vite-ignore */ SERVER_SLOT)) as {
  SLOT: {
    floats: number;
    play: (f: number[], p: never, e: number) => { multiplierUnits: bigint; outcome: Record<string, unknown> };
  };
};

it('the verifier recomputes slot rounds exactly as the server recorded them, free spins included', async () => {
  let sawFreeSpins = false;
  for (let nonce = 0; nonce < 400; nonce++) {
    const server = SLOT.play(
      floats(nodeHmac, { serverSeed, clientSeed, nonce }, SLOT.floats),
      {} as never,
      0.01,
    );
    if (nonce >= 30 && !(Number(server.outcome.freeSpins) > 0)) continue;
    sawFreeSpins ||= Number(server.outcome.freeSpins) > 0;
    const browser = await VERIFIERS.carnaval.compute(
      { serverSeed, clientSeed, nonce: String(nonce) },
      webHmac,
    );
    expect(browser.multiplier, `#${nonce}`).toBe(unitsToNumber(server.multiplierUnits));
    expect(outcomeMatches(VERIFIERS.carnaval, browser.outcome, server.outcome), `#${nonce}`).toBe(true);
  }
  expect(sawFreeSpins).toBe(true);
  const other = await VERIFIERS.carnaval.compute({ serverSeed, clientSeed, nonce: '1' }, webHmac);
  const recorded = SLOT.play(
    floats(nodeHmac, { serverSeed, clientSeed, nonce: 2 }, SLOT.floats),
    {} as never,
    0.01,
  );
  expect(outcomeMatches(VERIFIERS.carnaval, other.outcome, recorded.outcome)).toBe(false);
});
