import { randomUUID } from 'node:crypto';
import type { RaffleInput } from '@sorte/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call } from '../auth/auth.test-helpers.ts';
import { boCall, operatorToken } from '../backoffice/backoffice.test-helpers.ts';
import { type Fixture, key, outcome } from '../ledger/ledger.test-helpers.ts';
import { payingModuleTestApp } from '../ledger/paying-module.test-helpers.ts';
import { ensureBareMerchant } from '../system/index.ts';
import { testChannel } from '../wallet/deposits.test-helpers.ts';
import { createRaffle, memberRaffles, spinRaffle } from './raffles.ts';
import { verifyRewards } from './rewards.service.ts';
import { rewardsCaller } from './rewards.test-helpers.ts';

/**
 * Raffle spins for deposits (issue 17 item 6): counted at spin time from the member's approved
 * deposits credited inside the raffle's window (the real cashier approval, so the ledger moves and
 * is verified after each test), carried over within the window; and promotions linking a raffle.
 */

let t: TestApp;
let f: Fixture;
let admin: string;
let channelId: string;
payingModuleTestApp(verifyRewards, (app, merchant) => {
  t = app;
  f = merchant;
});
beforeAll(async () => {
  admin = await operatorToken(t, 'admin');
  channelId = (await testChannel(t, f.merchantId, { min_minor: 1n, max_minor: 1_000_000n })).id;
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs);

const SEGMENTS = [
  { weight: 1, prizeMinor: 0 },
  { weight: 1, prizeMinor: 100 },
];
const raffle = (over: Partial<RaffleInput> = {}): RaffleInput => ({
  kind: 'wheel',
  status: 'active',
  names: { en: 'Deposit wheel', 'pt-BR': 'Roleta de depósito' },
  startsAt: at(-HOUR).toISOString(),
  endsAt: at(3 * DAY).toISOString(),
  spinsPerDay: 1,
  // No one staked yesterday here, so a minimum above 0 leaves only the deposit spins.
  minStakeMinor: 1_000_000,
  spinsPerDeposit: 2,
  minDepositMinor: 5_000,
  rewardDays: 3,
  segments: SEGMENTS,
  ...over,
});

const member = () => rewardsCaller(f, 'rd');

/** A deposit order of the member, then approved (the cashier's creditDeposit) or rejected by an operator, or left pending. */
async function deposit(
  memberId: string,
  amountMinor: number,
  end: 'approve' | 'reject' | 'pending' = 'approve',
  feeMinor = 0,
) {
  const k = randomUUID();
  const { rows } = await sql<{ id: string }>`
    insert into deposits (merchant_id, member_id, order_no, idempotency_key, channel_id, amount_minor, fee_minor, currency)
    values (${f.merchantId}, ${memberId}, ${`rd-${k}`}, ${k}, ${channelId}, ${amountMinor}, ${feeMinor}, ${f.currency})
    returning id::text as id`.execute(f.db);
  const id = rows[0]!.id;
  if (end !== 'pending') {
    const r = await boCall(t, admin, 'POST', `/bo/cashier/deposits/${id}/${end}`, { reason: 'checked' });
    expect(r.status).toBe(200);
  }
  return id;
}

const viewOf = async (m: Awaited<ReturnType<typeof member>>, raffleId: number, now: Date) =>
  (await memberRaffles(f.db, m, now)).find((r) => r.id === raffleId);
const spin = (m: Awaited<ReturnType<typeof member>>, raffleId: number, now: Date, k = key()) =>
  spinRaffle(f.db, m, raffleId, { idempotencyKey: k, clientSeed: 'c' }, now);
const entitlements = async (memberId: string, raffleId: number) =>
  (
    await sql<{ entitlement: string }>`select entitlement from raffle_spins
      where member_id = ${memberId} and raffle_id = ${raffleId} order by id`.execute(f.db)
  ).rows.map((r) => r.entitlement);

describe('deposit spins', () => {
  test('only the member’s approved deposits credited in the window whose credit reaches the minimum count', async () => {
    const inWindow = await createRaffle(f.db, f.merchantId, raffle());
    // Starts after the deposits below: they were credited before its window.
    const later = await createRaffle(f.db, f.merchantId, raffle({ startsAt: at(HOUR).toISOString() }));
    const m = await member();
    const other = await member();
    await deposit(m.memberId, 5_000); // qualifies: 2 spins
    await deposit(m.memberId, 4_999); // below the minimum
    await deposit(m.memberId, 5_100, 'approve', 200); // credits 4,900: below (amount − fee is what counts)
    await deposit(m.memberId, 9_000, 'pending'); // not approved
    await deposit(m.memberId, 9_000, 'reject');
    await deposit(other.memberId, 20_000); // another member's

    const now = at(2 * HOUR);
    expect(await viewOf(m, inWindow, now)).toMatchObject({
      spinsLeft: 2,
      dailySpinsLeft: 0,
      depositSpinsLeft: 2,
      spinsPerDeposit: 2,
      minDepositMinor: 5_000,
    });
    expect(await viewOf(m, later, now)).toMatchObject({ spinsLeft: 0, depositSpinsLeft: 0 });
    expect(await outcome(spin(m, later, now))).toBe('RAFFLE_NO_SPINS_LEFT');

    await spin(m, inWindow, now);
    const second = await spin(m, inWindow, now);
    expect(second.raffle).toMatchObject({ spinsLeft: 0, depositSpinsLeft: 0 });
    expect(await outcome(spin(m, inWindow, now))).toBe('RAFFLE_NO_SPINS_LEFT');
    expect(await entitlements(m.memberId, inWindow)).toEqual(['deposit', 'deposit']);
    // The other member's deposit is theirs: 2 spins, untouched by m's.
    expect(await viewOf(other, inWindow, now)).toMatchObject({ depositSpinsLeft: 2 });
    // A deposit pending until now, then approved, counts from its approval (inside the window).
    const pending = await sql<{ id: string }>`select id::text as id from deposits
      where member_id = ${m.memberId} and status = 'pending'`.execute(f.db);
    await boCall(t, admin, 'POST', `/bo/cashier/deposits/${pending.rows[0]!.id}/approve`, {
      reason: 'arrived',
    });
    expect(await viewOf(m, inWindow, now)).toMatchObject({ depositSpinsLeft: 2 });
  });

  test('40 concurrent spins with 1 daily and 2 deposit spins make exactly 3 (the daily one first)', async () => {
    const raffleId = await createRaffle(f.db, f.merchantId, raffle({ minStakeMinor: 0, spinsPerDeposit: 1 }));
    const m = await member();
    await deposit(m.memberId, 5_000);
    await deposit(m.memberId, 8_000);
    const now = at(HOUR);
    expect(await viewOf(m, raffleId, now)).toMatchObject({
      spinsLeft: 3,
      dailySpinsLeft: 1,
      depositSpinsLeft: 2,
    });
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => spin(m, raffleId, now)));
    const made = results.filter((r) => r.status === 'fulfilled');
    expect(made).toHaveLength(3);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe('RAFFLE_NO_SPINS_LEFT');
    const kinds = await entitlements(m.memberId, raffleId);
    expect([...kinds].sort()).toEqual(['daily', 'deposit', 'deposit']);
    expect(kinds[0]).toBe('daily');
  });

  test('deposit spins carry over to the next days of the window, daily ones do not, and none outlive the raffle', async () => {
    const raffleId = await createRaffle(
      f.db,
      f.merchantId,
      raffle({ minStakeMinor: 0, spinsPerDeposit: 1, endsAt: at(2 * DAY).toISOString() }),
    );
    const m = await member();
    await deposit(m.memberId, 5_000);
    await deposit(m.memberId, 5_000);
    await deposit(m.memberId, 5_000);
    const today = at(HOUR);
    await spin(m, raffleId, today); // today's daily spin
    await spin(m, raffleId, today); // one deposit spin
    expect(await viewOf(m, raffleId, today)).toMatchObject({ dailySpinsLeft: 0, depositSpinsLeft: 2 });

    const tomorrow = at(DAY + HOUR);
    expect(await viewOf(m, raffleId, tomorrow)).toMatchObject({
      spinsLeft: 3,
      dailySpinsLeft: 1,
      depositSpinsLeft: 2,
    });
    await spin(m, raffleId, tomorrow);
    expect(await viewOf(m, raffleId, tomorrow)).toMatchObject({ dailySpinsLeft: 0, depositSpinsLeft: 2 });

    // Past its end the raffle takes no spin and is not listed: the unused deposit spins end with it.
    const after = at(2 * DAY + HOUR);
    expect(await viewOf(m, raffleId, after)).toBeUndefined();
    expect(await outcome(spin(m, raffleId, after))).toBe('RAFFLE_NOT_FOUND');
    expect(await entitlements(m.memberId, raffleId)).toEqual(['daily', 'deposit', 'daily']);
  });

  test('operators set the deposit spins (0–10) through the routes; members see both sources', async () => {
    const tooMany = await boCall(t, admin, 'POST', '/bo/raffles', raffle({ spinsPerDeposit: 11 }));
    expect([tooMany.status, tooMany.code]).toEqual([400, 'VALIDATION_FAILED']);
    const negative = await boCall(t, admin, 'POST', '/bo/raffles', raffle({ minDepositMinor: -1 }));
    expect([negative.status, negative.code]).toEqual([400, 'VALIDATION_FAILED']);
    const name = { en: `Route ${randomUUID().slice(0, 6)}`, 'pt-BR': 'Rota' };
    const created = await boCall(
      t,
      admin,
      'POST',
      '/bo/raffles',
      raffle({ names: name, spinsPerDeposit: 3 }),
    );
    expect(created.status).toBe(200);
    const stored = created.value.raffles.find((r: { names: { en: string } }) => r.names.en === name.en);
    expect(stored).toMatchObject({ spinsPerDeposit: 3, minDepositMinor: 5_000 });
  });
});

describe('raffle promotions', () => {
  const promotion = (extra: Record<string, unknown>) => ({
    type: 'raffle',
    category: 'general',
    startsAt: at(-DAY).toISOString(),
    endsAt: at(7 * DAY).toISOString(),
    content: { en: { title: 'Spin the wheel', summary: 's', body: '<p>b</p>' } },
    ...extra,
  });

  test('name a raffle of the merchant (another merchant’s is refused), and the detail says whether it runs', async () => {
    await ensureBareMerchant(t.ctx, 'rafflesother');
    const { rows } = await sql<{ id: string }>`select id from merchants where code = 'rafflesother'`.execute(
      f.db,
    );
    const foreign = await createRaffle(f.db, rows[0]!.id, raffle());
    const own = await createRaffle(f.db, f.merchantId, raffle());

    for (const body of [
      promotion({ raffleId: foreign }),
      promotion({ raffleId: 999_999_999 }),
      promotion({ type: 'free_content', raffleId: own }),
    ]) {
      const refused = await boCall(t, admin, 'POST', '/bo/promotions', body);
      expect([refused.status, refused.code]).toEqual([400, 'PROMOTION_RAFFLE_INVALID']);
    }
    const created = await boCall(t, admin, 'POST', '/bo/promotions', promotion({ raffleId: own }));
    expect(created.status).toBe(200);
    expect(created.value.raffleId).toBe(own);
    const id = created.value.id as number;
    const edited = await boCall(t, admin, 'PUT', `/bo/promotions/${id}`, promotion({ raffleId: foreign }));
    expect([edited.status, edited.code]).toEqual([400, 'PROMOTION_RAFFLE_INVALID']);
    await boCall(t, admin, 'POST', `/bo/promotions/${id}/status`, { status: 'published' });

    const shown = await call(t, { method: 'GET', url: `/wps/promotions/${id}` });
    expect(shown.value).toMatchObject({ raffleId: own, raffleRunning: true });
    await sql`update raffles set status = 'paused' where id = ${own}`.execute(f.db);
    expect((await call(t, { method: 'GET', url: `/wps/promotions/${id}` })).value).toMatchObject({
      raffleId: own,
      raffleRunning: false,
    });
  });
});
