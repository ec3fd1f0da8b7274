import { createHash, createHmac } from 'node:crypto';
import { floats, raffleSegment } from '@sorte/fairness';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, registerUser } from '../auth/auth.test-helpers.ts';
import { boCall, operatorToken } from '../backoffice/backoffice.test-helpers.ts';
import { type Fixture, fundedPlayer, key, outcome } from '../ledger/ledger.test-helpers.ts';
import { mainBalance, payingModuleTestApp } from '../ledger/paying-module.test-helpers.ts';
import { settledBet } from '../points/points.test-helpers.ts';
import { catchUpRollups } from '../records/records.test-helpers.ts';
import { createRaffle, spinRaffle } from './raffles.ts';
import { claimReward, grantReward, rewardCentre, verifyRewards } from './rewards.service.ts';
import { rewardsCaller } from './rewards.test-helpers.ts';
import {
  daysOwed,
  dayToPay,
  payVipRebateDay,
  runVipRebates,
  setVipRebateRates,
  vipRebateOf,
} from './vip-rebates.ts';

let t: TestApp;
let f: Fixture;
payingModuleTestApp(verifyRewards, (app, merchant) => {
  t = app;
  f = merchant;
});

const NOW = new Date('2026-03-10T12:00:00Z');
const HOUR = 3_600_000;
let refs = 0;

const member = () => rewardsCaller(f);

async function reward(
  memberId: string,
  amountMinor: bigint,
  expiresAt = new Date(NOW.getTime() + 24 * HOUR),
) {
  refs += 1;
  const id = await grantReward(f.db, {
    merchantId: f.merchantId,
    memberId,
    source: 'promotion',
    sourceRef: `test:${refs}`,
    amountMinor,
    currency: f.currency,
    details: {},
    expiresAt,
  });
  return Number(id);
}

const main = (memberId: string) => mainBalance(f, memberId);

const bet = (memberId: string, stakeMinor: bigint, category: string, at: Date) =>
  settledBet(f, memberId, stakeMinor, category, undefined, at);

describe('reward centre', () => {
  test('hidden when the merchant offers nothing and the member holds nothing', async () => {
    const m = await member();
    await sql`update raffles set status = 'paused' where merchant_id = ${f.merchantId} and status = 'active'`.execute(
      f.db,
    );
    try {
      expect(await rewardCentre(f.db, m, NOW)).toMatchObject({ enabled: false, available: [], recent: [] });
      await reward(m.memberId, 10n); // a reward held shows the centre even so
      expect((await rewardCentre(f.db, m, NOW)).enabled).toBe(true);
    } finally {
      await sql`update raffles set status = 'active' where merchant_id = ${f.merchantId}`.execute(f.db);
    }
  });

  test('a grant is once per source reference; the centre lists available, then claimed and expired', async () => {
    const m = await member();
    const id = await reward(m.memberId, 500n);
    expect(
      await grantReward(f.db, {
        merchantId: f.merchantId,
        memberId: m.memberId,
        source: 'promotion',
        sourceRef: `test:${refs}`,
        amountMinor: 999n,
        currency: f.currency,
        details: {},
        expiresAt: NOW,
      }),
    ).toBeNull();
    const late = await reward(m.memberId, 300n, new Date(NOW.getTime() + HOUR));
    let centre = await rewardCentre(f.db, m, NOW);
    expect(centre).toMatchObject({ enabled: true, availableMinor: 800, recent: [] });
    expect(centre.available.map((r) => r.id)).toEqual([late, id]); // soonest expiry first

    // An hour later the second one has expired (app clock): not claimable, shown as expired.
    const later = new Date(NOW.getTime() + HOUR);
    expect(await outcome(claimReward(f.db, m, late, key(), later))).toBe('REWARD_EXPIRED');
    const claimed = await claimReward(f.db, m, id, key('c'), later);
    expect(claimed).toMatchObject({ status: 'claimed', amountMinor: 500 });
    expect(await main(m.memberId)).toBe(500n);
    centre = await rewardCentre(f.db, m, later);
    expect(centre.available).toEqual([]);
    // Newest first; both happened at `later`, so the later reward comes first.
    expect(centre.recent.map((r) => [r.id, r.status])).toEqual([
      [late, 'expired'],
      [id, 'claimed'],
    ]);
    // Another member cannot see or claim it.
    const other = await member();
    expect(await outcome(claimReward(f.db, other, id, key(), NOW))).toBe('REWARD_NOT_FOUND');
    expect((await rewardCentre(f.db, other, NOW)).available).toEqual([]);
  });

  test('50 concurrent claims of one reward pay once; a retry with the first key answers it again', async () => {
    const m = await member();
    const id = await reward(m.memberId, 1_234n);
    const keys = Array.from({ length: 50 }, (_, i) => key(`race${i}`));
    const results = await Promise.allSettled(keys.map((k) => claimReward(f.db, m, id, k, NOW)));
    const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [keys[i]!] : []));
    expect(won).toHaveLength(1);
    const codes = results.flatMap((r) =>
      r.status === 'rejected' ? [(r.reason as { code: string }).code] : [],
    );
    expect(new Set(codes)).toEqual(new Set(['REWARD_ALREADY_CLAIMED']));
    expect(await main(m.memberId)).toBe(1_234n);
    // The same key, 50 times at once: one payment, every answer the claimed reward.
    const id2 = await reward(m.memberId, 66n);
    const same = key('same');
    const again = await Promise.all(Array.from({ length: 50 }, () => claimReward(f.db, m, id2, same, NOW)));
    expect(new Set(again.map((r) => r.status))).toEqual(new Set(['claimed']));
    expect(await main(m.memberId)).toBe(1_300n);
    expect((await claimReward(f.db, m, id, won[0]!, NOW)).status).toBe('claimed');
  });

  test('routes: a member reads and claims only their own rewards; bad input is a coded 4xx', async () => {
    const { token, memberId } = await fundedPlayer(t, f, 'rw', 0n);
    const now = t.ctx.clock.now();
    refs += 1;
    const id = await grantReward(f.db, {
      merchantId: f.merchantId,
      memberId,
      source: 'promotion',
      sourceRef: `http:${refs}`,
      amountMinor: 250n,
      currency: f.currency,
      details: {},
      expiresAt: new Date(now.getTime() + HOUR),
    });
    expect((await call(t, { method: 'GET', url: '/wps/member/rewards' })).status).toBe(401);
    const centre = await call(t, { method: 'GET', url: '/wps/member/rewards', token });
    expect(centre.value).toMatchObject({
      enabled: true,
      availableMinor: 250,
      available: [{ id: Number(id) }],
    });
    const claimKey = key('http');
    const claim = (k: string, rid = Number(id)) =>
      call(t, {
        method: 'POST',
        url: `/wps/member/rewards/${rid}/claim`,
        token,
        payload: { idempotencyKey: k },
      });
    const first = await claim(claimKey);
    expect([first.status, first.value?.reward.status]).toEqual([200, 'claimed']);
    expect((await claim(claimKey)).status).toBe(200);
    const other = await claim(key('other'));
    expect([other.status, other.code]).toEqual([409, 'REWARD_ALREADY_CLAIMED']);
    expect((other as { message?: string }).message).toBeTruthy();
    expect((await claim(key(), 999_999_999)).code).toBe('REWARD_NOT_FOUND');
    expect((await claim('x')).code).toBe('VALIDATION_FAILED');
    expect(
      (
        await call(t, {
          method: 'POST',
          url: '/wps/member/rewards/abc/claim',
          token,
          payload: { idempotencyKey: key() },
        })
      ).status,
    ).toBe(400);
    expect(await main(memberId)).toBe(250n);
  });
});

describe('VIP daily rebates', () => {
  test('per level and category, rounded down per category, once per member and day, not on manual-rebate categories', async () => {
    expect(
      vipRebateOf([
        { category: 'RNG', rateBp: 33, validStake: 1_000n }, // 3.3 → 3
        { category: 'LIVE', rateBp: 50, validStake: 150n }, // 0.75 → 0 (left out)
      ]),
    ).toEqual({
      lines: [{ category: 'RNG', rateBp: 33, validStakeMinor: 1_000, amountMinor: 3 }],
      total: 3n,
    });
    expect(dayToPay(new Date('2026-03-11T00:20:00Z'))).toBe('2026-03-09'); // the 10th is not over long enough
    expect(dayToPay(new Date('2026-03-11T00:31:00Z'))).toBe('2026-03-10');
    // Days after the last paid one are caught up (at most 7); a merchant never paid starts at the due day.
    expect(daysOwed('2026-03-07', '2026-03-10')).toEqual(['2026-03-08', '2026-03-09', '2026-03-10']);
    expect(daysOwed('2026-03-10', '2026-03-10')).toEqual([]);
    expect(daysOwed(null, '2026-03-10')).toEqual(['2026-03-10']);
    expect(daysOwed('2026-02-01', '2026-03-01')).toHaveLength(7);

    const day = '2026-02-02';
    const at = new Date(`${day}T15:00:00Z`);
    const runAt = new Date('2026-02-03T01:00:00Z');
    await sql`delete from rebate_rates where merchant_id = ${f.merchantId}`.execute(f.db);
    await sql`insert into rebate_rates (merchant_id, category, rate_bp, since) values (${f.merchantId}, 'SPORTS', 30, '2026-01-01')`.execute(
      f.db,
    );
    await setVipRebateRates(f.db, f.merchantId, [
      { vipLevel: 2, category: 'RNG', rateBp: 100 },
      { vipLevel: 2, category: 'SPORTS', rateBp: 100 }, // the manual rebate has SPORTS: never both
      { vipLevel: 0, category: 'RNG', rateBp: 10 },
    ]);
    const vip = await member();
    const plain = await member();
    const idle = await member();
    await sql`update members set vip_rank_level = 2 where id = ${vip.memberId}`.execute(f.db);
    await bet(vip.memberId, 12_345n, 'RNG', at);
    await bet(vip.memberId, 50_000n, 'SPORTS', at);
    await bet(vip.memberId, 99_999n, 'RNG', new Date('2026-02-03T00:10:00Z')); // the next day
    await bet(plain.memberId, 9_999n, 'RNG', at); // 0.1 %: 9.999 → 9
    await bet(idle.memberId, 5n, 'RNG', at); // below one minor unit: nothing
    await catchUpRollups(f.db);

    // Two instances at once: the lease lets one pay, and a later run finds the day done.
    const runs = await Promise.all([runVipRebates(f.db, runAt), runVipRebates(f.db, runAt)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await payVipRebateDay(f.db, f.merchantId, day, runAt)).toBeNull();
    expect(await runVipRebates(f.db, runAt)).toBe(0);
    const vipCentre = await rewardCentre(f.db, vip, runAt);
    expect(vipCentre.available).toMatchObject([
      {
        source: 'vip_rebate',
        amountMinor: 123,
        details: {
          day,
          lines: [{ category: 'RNG', rateBp: 100, validStakeMinor: 12_345, amountMinor: 123 }],
        },
      },
    ]);
    expect((await rewardCentre(f.db, plain, runAt)).availableMinor).toBe(9);
    expect((await rewardCentre(f.db, idle, runAt)).available).toEqual([]);
    const claimed = await claimReward(f.db, vip, vipCentre.available[0]!.id, key(), runAt);
    expect(claimed.status).toBe('claimed');
    expect(await main(vip.memberId)).toBe(123n);
    // The reward expires after seven days.
    const plainReward = (await rewardCentre(f.db, plain, runAt)).available[0]!;
    expect(
      await outcome(
        claimReward(f.db, plain, plainReward.id, key(), new Date(runAt.getTime() + 7 * 24 * HOUR)),
      ),
    ).toBe('REWARD_EXPIRED');
    // The job was down two days: the next run pays the two missed days (stake on the 3rd) and the due one.
    const late = new Date('2026-02-06T01:00:00Z');
    expect(await runVipRebates(f.db, late)).toBe(1); // the 3rd's 99,999 of RNG at 1 %
    const { rows: runDays } = await sql<{
      day: string;
    }>`select to_char(day, 'YYYY-MM-DD') as day from vip_rebate_runs
      where merchant_id = ${f.merchantId} and done_at is not null order by day`.execute(f.db);
    expect(runDays.map((r) => r.day)).toEqual(['2026-02-02', '2026-02-03', '2026-02-04', '2026-02-05']);

    expect((await rewardCentre(f.db, vip, late)).available).toMatchObject([
      { amountMinor: 999, details: { day: '2026-02-03' } },
    ]);
  });

  test('operators set rates with merchant.config, audited', async () => {
    const admin = await operatorToken(t, 'admin');
    const support = await operatorToken(t, 'support');
    expect((await boCall(t, support, 'GET', '/bo/rewards/vip-rebates')).status).toBe(403);
    const bad = await boCall(t, admin, 'PUT', '/bo/rewards/vip-rebates', {
      rates: [{ vipLevel: 1, category: 'RNG', rateBp: 5_000 }],
    });
    expect([bad.status, bad.code]).toEqual([400, 'VALIDATION_FAILED']);
    const put = await boCall(t, admin, 'PUT', '/bo/rewards/vip-rebates', {
      rates: [{ vipLevel: 5, category: 'LIVE', rateBp: 40 }],
    });
    expect(put.status).toBe(200);
    expect(put.value.rates).toContainEqual({ vipLevel: 5, category: 'LIVE', rateBp: 40 });
    const { rows } = await sql<{ after: { rates: unknown[] } }>`
      select after from audit_log where action = 'vip_rebate_rates.update' order by id desc limit 1`.execute(
      f.db,
    );
    expect(rows[0]?.after.rates).toContainEqual({ vipLevel: 5, category: 'LIVE', rateBp: 40 });
  });
});

describe('raffles', () => {
  const SEGMENTS = [
    { weight: 3, prizeMinor: 0 },
    { weight: 5, prizeMinor: 100 },
    { weight: 2, prizeMinor: 1_000 },
  ];
  const input = (over: Record<string, unknown> = {}) => ({
    kind: 'wheel' as const,
    status: 'active' as const,
    names: { en: 'Daily wheel', 'pt-BR': 'Roleta diária' },
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: null,
    spinsPerDay: 2,
    minStakeMinor: 1_000,
    spinsPerDeposit: 0,
    minDepositMinor: 0,
    rewardDays: 3,
    segments: SEGMENTS,
    ...over,
  });

  test('spins are provably fair, counted per day, gated by yesterday’s stake, and their prizes land in the centre', async () => {
    const raffleId = await createRaffle(f.db, f.merchantId, input());
    const m = await member();
    const today = new Date('2026-03-05T10:00:00Z');
    expect(
      await outcome(spinRaffle(f.db, m, raffleId, { idempotencyKey: key(), clientSeed: 'c' }, today)),
    ).toBe('RAFFLE_NO_SPINS_LEFT'); // no stake yesterday
    await bet(m.memberId, 1_000n, 'RNG', new Date('2026-03-04T20:00:00Z'));
    await catchUpRollups(f.db);

    const spins = [];
    for (let i = 0; i < 2; i++)
      spins.push(
        await spinRaffle(f.db, m, raffleId, { idempotencyKey: key(`spin${i}`), clientSeed: 'x' }, today),
      );
    expect(spins[1]!.raffle.spinsLeft).toBe(0);
    expect(
      await outcome(spinRaffle(f.db, m, raffleId, { idempotencyKey: key(), clientSeed: 'c' }, today)),
    ).toBe('RAFFLE_NO_SPINS_LEFT');
    for (const { spin } of spins) {
      // The commitment shown before was SHA-256 of the revealed seed; the float picks the segment.
      expect(createHash('sha256').update(spin.serverSeed).digest('hex')).toBe(spin.commitment);
      const hmac = (k: string, msg: string) => new Uint8Array(createHmac('sha256', k).update(msg).digest());
      const u = floats(
        hmac,
        { serverSeed: spin.serverSeed, clientSeed: spin.clientSeed, nonce: spin.nonce },
        1,
      )[0]!;
      expect(raffleSegment(u, SEGMENTS)).toBe(spin.segment);
      expect(spin.prizeMinor).toBe(SEGMENTS[spin.segment]!.prizeMinor);
      expect(spin.rewardId === null).toBe(spin.prizeMinor === 0);
    }
    expect(spins.map((s) => s.spin.nonce)).toEqual([0, 1]);
    expect(spins[0]!.spin.serverSeed).not.toBe(spins[1]!.spin.serverSeed);
    const won = spins.reduce((sum, s) => sum + s.spin.prizeMinor, 0);
    const centre = await rewardCentre(f.db, m, today);
    expect(centre.availableMinor).toBe(won);
    for (const r of centre.available) await claimReward(f.db, m, r.id, key(), today);
    expect(await main(m.memberId)).toBe(BigInt(won));
  });

  test('40 concurrent spins of a member with 2 a day make exactly 2; a retried key answers its spin', async () => {
    const raffleId = await createRaffle(f.db, f.merchantId, input({ minStakeMinor: 0 }));
    const m = await member();
    const today = new Date('2026-03-06T10:00:00Z');
    const keys = Array.from({ length: 40 }, (_, i) => key(`spin${i}`));
    const results = await Promise.allSettled(
      keys.map((k) => spinRaffle(f.db, m, raffleId, { idempotencyKey: k, clientSeed: 'seed' }, today)),
    );
    const ok = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(ok).toHaveLength(2);
    const again = await spinRaffle(
      f.db,
      m,
      raffleId,
      { idempotencyKey: keys[results.findIndex((r) => r.status === 'fulfilled')]!, clientSeed: 'other' },
      today,
    );
    expect(again.spin.id).toBe(ok[0]!.spin.id);
    const { rows } = await sql<{ n: bigint }>`select count(*)::bigint as n from raffle_spins
      where member_id = ${m.memberId}`.execute(f.db);
    expect(Number(rows[0]!.n)).toBe(2);
  });

  test('routes: operators create raffles (audited) with the exact expected prize; members spin; bad segments are 400', async () => {
    const admin = await operatorToken(t, 'admin');
    const badSegments = await boCall(
      t,
      admin,
      'POST',
      '/bo/raffles',
      input({ segments: [{ weight: 1, prizeMinor: 5 }] }),
    );
    expect([badSegments.status, badSegments.code]).toEqual([400, 'VALIDATION_FAILED']);
    const tooHeavy = await boCall(
      t,
      admin,
      'POST',
      '/bo/raffles',
      input({
        segments: [
          { weight: 1_000_000, prizeMinor: 5 },
          { weight: 1, prizeMinor: 0 },
        ],
      }),
    );
    expect([tooHeavy.status, tooHeavy.code]).toEqual([400, 'RAFFLE_SEGMENTS_INVALID']);
    const created = await boCall(
      t,
      admin,
      'POST',
      '/bo/raffles',
      input({ minStakeMinor: 0, names: { en: 'Route wheel', 'pt-BR': 'Roleta rota' } }),
    );
    expect(created.status).toBe(200);
    const raffle = created.value.raffles.find((r: { names: { en: string } }) => r.names.en === 'Route wheel');
    // (5 × 100 + 2 × 1,000) / 10 = 250 per spin
    expect(raffle.expectedPrize).toEqual({ num: '250', den: '1' });
    const paused = await boCall(
      t,
      admin,
      'PUT',
      `/bo/raffles/${raffle.id}`,
      input({ status: 'paused', minStakeMinor: 0 }),
    );
    expect(paused.status).toBe(200);
    const { rows } = await sql<{
      n: bigint;
    }>`select count(*)::bigint as n from audit_log where target_type = 'raffle'
      and target_id = ${String(raffle.id)}`.execute(f.db);
    expect(Number(rows[0]!.n)).toBe(2);

    const username = `rf${Math.random().toString(36).slice(2, 8)}`;
    const { session } = await registerUser(t, username);
    const list = await call(t, { method: 'GET', url: '/wps/member/raffles', token: session.token });
    expect(list.value.raffles.some((r: { id: number }) => r.id === raffle.id)).toBe(false); // paused
    await boCall(t, admin, 'PUT', `/bo/raffles/${raffle.id}`, input({ minStakeMinor: 0 }));
    const shown = (
      await call(t, { method: 'GET', url: '/wps/member/raffles', token: session.token })
    ).value.raffles.find((r: { id: number }) => r.id === raffle.id);
    expect(shown).toMatchObject({ spinsLeft: 2, nonce: 0 });
    const spun = await call(t, {
      method: 'POST',
      url: `/wps/member/raffles/${raffle.id}/spin`,
      token: session.token,
      payload: { idempotencyKey: key(), clientSeed: 'mine' },
    });
    expect(spun.status).toBe(200);
    expect(spun.value.spin.commitment).toBe(shown.commitment);
    expect(spun.value.raffle.nonce).toBe(1);
    const missing = await call(t, {
      method: 'POST',
      url: '/wps/member/raffles/999999/spin',
      token: session.token,
      payload: { idempotencyKey: key(), clientSeed: 'mine' },
    });
    expect([missing.status, missing.code]).toEqual([404, 'RAFFLE_NOT_FOUND']);
  });
});
