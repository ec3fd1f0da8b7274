import { randomUUID } from 'node:crypto';
import { playCurrency } from '@sorte/money';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call } from '../auth/auth.test-helpers.ts';
import { boCall, operatorToken } from '../backoffice/backoffice.test-helpers.ts';
import { type Fixture, fundedPlayer, key, newMember, outcome } from '../ledger/ledger.test-helpers.ts';
import { mainBalance, payingModuleTestApp } from '../ledger/paying-module.test-helpers.ts';
import { cancelledBet, settledBet } from '../points/points.test-helpers.ts';
import { catchUpRollups } from '../records/records.test-helpers.ts';
import {
  claimRebate,
  rebateLine,
  rebateSummary,
  type RebateCaller,
  updateRates,
  verifyRebates,
} from './rebates.service.ts';

let t: TestApp;
let f: Fixture;
payingModuleTestApp(verifyRebates, async (app, merchant) => {
  t = app;
  f = merchant;
  // Known rates for every test: 1 % on INHOUSE, 0.33 % on LIVE, nothing on RNG.
  await sql`delete from rebate_rates where merchant_id = ${f.merchantId}`.execute(f.db);
  await updateRates(f.db, f.merchantId, {
    minClaimMinor: 1,
    rates: [
      { category: 'INHOUSE', rateBp: 100 },
      { category: 'LIVE', rateBp: 33 },
    ],
  });
});

async function member(): Promise<RebateCaller & { mainId: bigint }> {
  const m = await newMember(f, 'rb');
  return { memberId: m.memberId, mainId: m.mainId, merchantId: f.merchantId, currency: f.currency };
}

/** A settled bet (INHOUSE unless named, the merchant's currency unless named) the way the game path records it. */
const bet = (
  memberId: string,
  stakeMinor: bigint,
  category = 'INHOUSE',
  ref: string = randomUUID(),
  currency = f.currency,
) => settledBet(f, memberId, stakeMinor, category, ref, new Date(), currency);
const voidBet = (memberId: string, ref: string) => cancelledBet(f, memberId, ref);

const main = (m: RebateCaller) => mainBalance(f, m.memberId);
const line = async (m: RebateCaller, category: string) =>
  (await rebateSummary(f.db, m)).categories.find((c) => c.category === category);

describe('arithmetic', () => {
  test('rate × stake is rounded down per category; a negative delta is 0', () => {
    expect(rebateLine('X', 100n, '2026-01-01', 199n, 0n).amount).toBe(1n);
    expect(rebateLine('X', 33n, '2026-01-01', 1_000n, 0n).amount).toBe(3n); // 3.3 → 3
    expect(rebateLine('X', 33n, '2026-01-01', 300n, 0n).amount).toBe(0n); // 0.99 → 0
    expect(rebateLine('X', 100n, '2026-01-01', 500n, 800n)).toMatchObject({ delta: -300n, amount: 0n });
  });

  test('claims round per category, keep unpaid stake, and carry a void past a claim', async () => {
    const m = await member();
    const first = await bet(m.memberId, 1_250n); // INHOUSE 1 %: 12.5 → 12
    await bet(m.memberId, 250n, 'LIVE'); // LIVE 0.33 %: 0.825 → 0 (stake kept for later)
    await bet(m.memberId, 50_000n, 'RNG'); // no rate
    await catchUpRollups(f.db);
    const summary = await rebateSummary(f.db, m);
    expect(summary.categories).toEqual([
      { category: 'INHOUSE', rateBp: 100, validStakeMinor: 1_250, claimableMinor: 12 },
      { category: 'LIVE', rateBp: 33, validStakeMinor: 250, claimableMinor: 0 },
    ]);
    expect(summary.totalMinor).toBe(12);
    const claim = await claimRebate(f.db, m, key('c'));
    expect(claim).toMatchObject({
      amountMinor: 12,
      lines: [{ category: 'INHOUSE', rateBp: 100, validStakeMinor: 1_250, amountMinor: 12 }],
    });
    expect(await main(m)).toBe(12n);
    expect(await line(m, 'INHOUSE')).toMatchObject({ validStakeMinor: 0, claimableMinor: 0 });
    expect(await line(m, 'LIVE')).toMatchObject({ validStakeMinor: 250, claimableMinor: 0 });
    expect(await outcome(claimRebate(f.db, m, key('c')))).toBe('REBATE_NOTHING_TO_CLAIM');

    // The first bet is voided after it was rebated: INHOUSE is now 1,250 below its counter.
    await voidBet(m.memberId, first);
    await bet(m.memberId, 1_000n);
    await catchUpRollups(f.db);
    expect(await line(m, 'INHOUSE')).toMatchObject({ validStakeMinor: 0, claimableMinor: 0 });
    await bet(m.memberId, 450n); // 1,450 − 1,250 = 200 above the counter → 2
    await bet(m.memberId, 300n, 'LIVE'); // LIVE 550 → 1.815 → 1
    await catchUpRollups(f.db);
    expect(await line(m, 'INHOUSE')).toMatchObject({ validStakeMinor: 200, claimableMinor: 2 });
    const second = await claimRebate(f.db, m, key('c'));
    expect(second.amountMinor).toBe(3);
    expect(second.lines.map((l) => [l.category, l.validStakeMinor, l.amountMinor])).toEqual([
      ['INHOUSE', 200, 2],
      ['LIVE', 550, 1],
    ]);
    expect(await main(m)).toBe(15n);
  });

  test('free play never earns; the minimum claim is kept', async () => {
    const m = await member();
    await bet(m.memberId, 1_000_000n, 'INHOUSE', randomUUID(), playCurrency(f.currency));
    await catchUpRollups(f.db);
    expect((await rebateSummary(f.db, m)).totalMinor).toBe(0);
    expect(await outcome(claimRebate(f.db, { ...m, currency: playCurrency(f.currency) }, key('c')))).toBe(
      'REBATE_DISABLED',
    );
    await bet(m.memberId, 900n);
    await catchUpRollups(f.db);
    await updateRates(f.db, f.merchantId, { minClaimMinor: 10, rates: [] });
    try {
      expect(await outcome(claimRebate(f.db, m, key('c')))).toBe('REBATE_NOTHING_TO_CLAIM');
    } finally {
      await updateRates(f.db, f.merchantId, { minClaimMinor: 1, rates: [] });
    }
    expect((await claimRebate(f.db, m, key('c'))).amountMinor).toBe(9);
  });
});

describe('claiming', () => {
  test('20 concurrent claims pay exactly once; a retry with the same key answers the first claim', async () => {
    const m = await member();
    await bet(m.memberId, 10_000n);
    await catchUpRollups(f.db);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => outcome(claimRebate(f.db, m, key('c')))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'REBATE_NOTHING_TO_CLAIM')).toHaveLength(19);
    expect(await main(m)).toBe(100n);

    await bet(m.memberId, 5_000n);
    await catchUpRollups(f.db);
    const k = key('same');
    const copies = await Promise.all(Array.from({ length: 20 }, () => claimRebate(f.db, m, k)));
    expect(new Set(copies.map((c) => c.id)).size).toBe(1);
    expect(copies[0]?.amountMinor).toBe(50);
    await bet(m.memberId, 5_000n);
    await catchUpRollups(f.db);
    expect((await claimRebate(f.db, m, k)).amountMinor).toBe(50); // still the first claim
    expect(await main(m)).toBe(150n);
  });

  test('a rate switched on later does not pay for earlier stake; switched off it is not offered', async () => {
    const m = await member();
    await bet(m.memberId, 10_000n, 'FISH');
    await catchUpRollups(f.db);
    expect(await line(m, 'FISH')).toBeUndefined();
    await updateRates(f.db, f.merchantId, { rates: [{ category: 'FISH', rateBp: 100 }] });
    try {
      // Same day: the rollups count by day, so today's stake counts (documented); move it to yesterday.
      await sql`update rebate_rates set since = since + 1 where merchant_id = ${f.merchantId} and category = 'FISH'`.execute(
        f.db,
      );
      expect(await line(m, 'FISH')).toMatchObject({ validStakeMinor: 0, claimableMinor: 0 });
    } finally {
      await updateRates(f.db, f.merchantId, { rates: [{ category: 'FISH', rateBp: 0 }] });
    }
    expect(await line(m, 'FISH')).toBeUndefined();
  });
});

describe('routes', () => {
  test('a member reads and claims only their own rebate; bad input is a coded 400', async () => {
    const { token, memberId } = await fundedPlayer(t, f, 'rb', 0n);
    const other = await member();
    await bet(memberId, 2_000n);
    await bet(other.memberId, 7_000n);
    await catchUpRollups(f.db);
    expect((await call(t, { method: 'GET', url: '/wps/member/rebate' })).status).toBe(401);
    const summary = await call(t, { method: 'GET', url: '/wps/member/rebate', token });
    expect(summary.value).toMatchObject({
      enabled: true,
      totalMinor: 20,
      currency: f.currency,
      lastClaims: [],
    });
    const claimed = await call(t, {
      method: 'POST',
      url: '/wps/member/rebate/claim',
      token,
      payload: { idempotencyKey: key('http') },
    });
    expect(claimed.status).toBe(200);
    expect(claimed.value.claim.amountMinor).toBe(20);
    expect(claimed.value.summary.totalMinor).toBe(0);
    expect((await rebateSummary(f.db, other)).totalMinor).toBe(70); // the other member's is untouched
    const again = await call(t, {
      method: 'POST',
      url: '/wps/member/rebate/claim',
      token,
      payload: { idempotencyKey: key('http') },
    });
    expect([again.status, again.code]).toEqual([409, 'REBATE_NOTHING_TO_CLAIM']);
    expect((again as { message?: string }).message).toBeTruthy();
    const bad = await call(t, {
      method: 'POST',
      url: '/wps/member/rebate/claim',
      token,
      payload: { idempotencyKey: 'x' },
    });
    expect([bad.status, bad.code]).toEqual([400, 'VALIDATION_FAILED']);
    const history = await call(t, {
      method: 'GET',
      url: '/wps/member/rebate/history?pageSize=5',
      token,
    });
    expect(history.value).toMatchObject({ total: 1, list: [{ amountMinor: 20 }] });
  });

  test('operators read and set rates with merchant.config; each change is audited', async () => {
    const admin = await operatorToken(t, 'admin');
    const support = await operatorToken(t, 'support');
    expect((await boCall(t, support, 'GET', '/bo/rebates/rates')).status).toBe(403);
    expect((await boCall(t, null, 'GET', '/bo/rebates/rates')).status).toBe(401);
    const bad = await boCall(t, admin, 'PUT', '/bo/rebates/rates', {
      rates: [{ category: 'INHOUSE', rateBp: 5_000 }],
    });
    expect([bad.status, bad.code]).toEqual([400, 'VALIDATION_FAILED']);
    const put = await boCall(t, admin, 'PUT', '/bo/rebates/rates', {
      minClaimMinor: 5,
      rates: [{ category: 'PVP', rateBp: 25 }],
    });
    expect(put.status).toBe(200);
    expect(put.value.minClaimMinor).toBe(5);
    expect(put.value.rates).toContainEqual({ category: 'PVP', rateBp: 25 });
    expect(put.value.rates).toContainEqual({ category: 'INHOUSE', rateBp: 100 });
    const { rows } = await sql<{ before: unknown; after: { minClaimMinor: number } }>`
      select before, after from audit_log where action = 'rebate_rates.update' order by id desc limit 1`.execute(
      f.db,
    );
    expect(rows[0]?.after.minClaimMinor).toBe(5);
    expect(rows[0]?.before).toMatchObject({ minClaimMinor: 1 });
    await updateRates(f.db, f.merchantId, { minClaimMinor: 1, rates: [{ category: 'PVP', rateBp: 0 }] });
  });
});
