import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  PAYOUT_PERCENT,
  type ReferenceVendor,
  startReferenceVendor,
} from '../../../../reference-vendor/src/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  balanceOf,
  expectVerified,
  type Fixture,
  fixture,
  fund,
  newMember,
} from '../ledger/ledger.test-helpers.ts';
import { REFERENCE_VENDOR } from './index.ts';
import { launchVendorGame } from './vendor-launch.ts';

/**
 * The reference vendor, as a separate HTTP server, against the platform listening for real: the
 * launch URL's token is exchanged by the vendor (authenticate), and its rounds debit, credit and end
 * through the signed API; a round that fails on the vendor's side is rolled back.
 */
let t: TestApp;
let f: Fixture;
let vendor: ReferenceVendor;
beforeAll(async () => {
  t = await createTestApp();
  f = await fixture(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  vendor = await startReferenceVendor({
    port: 0,
    host: '127.0.0.1',
    platformUrl: `http://127.0.0.1:${port}`,
    secretFor: async (merchant) => {
      const row = await t.ctx.db
        .selectFrom('game_vendor_credentials')
        .innerJoin('merchants', 'merchants.id', 'game_vendor_credentials.merchant_id')
        .select('secret')
        .where('merchants.code', '=', merchant)
        .where('vendor', '=', REFERENCE_VENDOR)
        .executeTakeFirst();
      return row?.secret;
    },
  });
});
afterAll(async () => {
  await vendor.close();
  await t.close();
});

async function post(path: string, body: unknown) {
  const r = await fetch(`${vendor.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: r.status,
    ...((await r.json()) as { success: boolean; code?: string; value?: never; details?: never }),
  };
}

async function record(roundId: string) {
  return t.ctx.db
    .selectFrom('bet_records')
    .select(['stake_minor', 'payout_minor', 'status'])
    .where('source_ref', '=', `${REFERENCE_VENDOR}:${roundId}`)
    .executeTakeFirstOrThrow();
}

test('a launched player opens the vendor page and plays: authenticate → debit → credit → end round', async () => {
  const p = await newMember(f, 'refvendor');
  await fund(f, p.mainId, 10_000n);
  const { gameUrl } = await launchVendorGame(t.ctx, {
    merchantId: f.merchantId,
    memberId: p.memberId,
    currency: f.currency,
    vendor: REFERENCE_VENDOR,
    gameCode: 'lucky-coin',
    language: 'pt-BR',
    trial: false,
  });
  const launch = new URL(gameUrl);
  const page = await fetch(`${vendor.url}/play${launch.search}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Lucky Coin');
  expect(html).toContain('Cara');

  const opened = await post('/api/open', {
    token: launch.searchParams.get('token'),
    merchant: launch.searchParams.get('merchant'),
  });
  expect(opened).toMatchObject({ status: 200, value: { balanceMinor: 10_000, currency: f.currency } });
  const sid = (opened.value as unknown as { sid: string }).sid;

  let expected = 10_000n;
  for (let i = 0; i < 6; i++) {
    const played = await post('/api/flip', { sid, pick: 'heads', stakeMinor: 1_000 });
    expect(played.status).toBe(200);
    const r = played.value as unknown as {
      roundId: string;
      won: boolean;
      payoutMinor: number;
      balanceMinor: number;
    };
    const payout = r.won ? (1_000n * PAYOUT_PERCENT) / 100n : 0n;
    expect(BigInt(r.payoutMinor)).toBe(payout);
    expected += payout - 1_000n;
    expect(BigInt(r.balanceMinor)).toBe(expected);
    expect(await record(r.roundId)).toMatchObject({
      stake_minor: 1_000n,
      payout_minor: payout,
      status: 'settled',
    });
  }
  expect((await balanceOf(f, p.mainId)).balance).toBe(expected);
  expect(await post('/api/balance', { sid })).toMatchObject({ value: { balanceMinor: Number(expected) } });

  // The vendor's own round fails after the stake was taken: it rolls the debit back and ends the round.
  const failed = await post('/api/flip', { sid, pick: 'tails', stakeMinor: 500, failAfterDebit: true });
  expect(failed.success).toBe(false);
  expect((await balanceOf(f, p.mainId)).balance).toBe(expected);
  const cancelled = await t.ctx.db
    .selectFrom('bet_records')
    .select(['stake_minor', 'status'])
    .where('member_id', '=', p.memberId)
    .where('status', '=', 'cancelled')
    .execute();
  expect(cancelled).toEqual([{ stake_minor: 0n, status: 'cancelled' }]);

  // A stake above the balance is refused by the platform, with the balance passed through.
  expect(await post('/api/flip', { sid, pick: 'heads', stakeMinor: 1_000_000 })).toMatchObject({
    status: 409,
    code: 'WALLET_INSUFFICIENT_FUNDS',
    details: { balanceMinor: Number(expected) },
  });
  expect(await post('/api/open', { token: 'not-a-real-token-at-all', merchant: 'demo' })).toMatchObject({
    status: 401,
    code: 'PROVIDER_TOKEN_INVALID',
  });
  await expectVerified(t.ctx.db);
});
