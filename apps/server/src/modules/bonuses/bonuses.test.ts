import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call } from '../auth/auth.test-helpers.ts';
import { boCall, operatorToken } from '../backoffice/backoffice.test-helpers.ts';
import { type Bettor, diceBet, seedPair } from '../bets/bets.test-helpers.ts';
import { flushSingleRounds, placeSingleRound } from '../bets/index.ts';
import {
  balanceOf,
  expectVerified,
  type Fixture,
  fixture,
  fundedPlayer,
  key,
  outcome,
} from '../ledger/ledger.test-helpers.ts';
import { memberAccountId, withLedgerTransaction } from '../ledger/index.ts';
import { channelNamed, createCashierTestApp, deposit, MANUAL_PIX } from '../wallet/deposits.test-helpers.ts';
import { readyPlayer, setCashierRules, withdraw } from '../wallet/withdrawals.test-helpers.ts';
import { expireDue, forfeitActive, grantOnDeposit } from './bonus.service.ts';
import { ReferenceBonusWallet } from './bonus.wagering.reference.ts';

let t: TestApp;
let f: Fixture;
let finance: string;

beforeAll(async () => {
  t = await createCashierTestApp({ LOG_LEVEL: 'error' });
  f = await fixture(t);
  finance = await operatorToken(t, 'finance');
  await setBonuses(true);
});
afterAll(async () => t?.close());

async function setBonuses(on: boolean) {
  await sql`update merchants set bonuses_enabled = ${on} where id = ${f.merchantId}`.execute(f.db);
}

/** A published first-deposit bonus promotion with terms: 100 % of the deposit up to R$ 50. */
async function depositBonusPromotion(terms: { percentBps?: number; times?: number } = {}) {
  const { rows } = await sql<{ id: string }>`
    insert into promotions (merchant_id, type, category, status, starts_at, content)
    values (${f.merchantId}, 'deposit_bonus', 'new_player', 'published', now() - interval '1 day',
            ${JSON.stringify({ en: { title: 'Welcome', summary: '', body: '' } })}::jsonb)
    returning id::text`.execute(f.db);
  const id = rows[0]!.id;
  const put = await boCall(t, await operatorToken(t, 'admin'), 'PUT', `/bo/promotions/${id}/bonus-terms`, {
    percentBps: terms.percentBps ?? 10_000,
    maxBonusMinor: 5_000,
    minDepositMinor: 1_000,
    basis: 'bonus',
    times: terms.times ?? 10,
    maxBetMinor: 2_000,
    validDays: 7,
    contributionBps: { INHOUSE: 10_000 },
  });
  expect(put.status).toBe(200);
  return id;
}

/** A player with `cash` on main and an operator's bonus of `bonus` (times × bonus to wager). */
async function playerWithBonus(cash: bigint, bonus: number, extra: Record<string, unknown> = {}) {
  const p = await fundedPlayer(t, f, 'bon', cash);
  const r = await grantByOperator(p.memberId, bonus, extra);
  expect(r.status, JSON.stringify(r)).toBe(200);
  const bettor: Bettor = {
    merchantId: f.merchantId,
    memberId: p.memberId,
    currency: f.currency,
    mainId: p.mainId,
  };
  await seedPair(f.db, bettor);
  const bonusId = await memberAccountId(f.db, p.memberId, f.merchantId, 'bonus', f.currency);
  return { ...p, bettor, bonusId, grant: r.value as { id: number } };
}

function grantByOperator(memberId: string, amountMinor: number, extra: Record<string, unknown> = {}) {
  return boCall(t, finance, 'POST', `/bo/members/${memberId}/bonuses`, {
    amountMinor,
    basis: 'bonus',
    times: 5,
    maxBetMinor: 1_000,
    validDays: 30,
    contributionBps: { INHOUSE: 10_000 },
    reason: 'goodwill after an outage',
    idempotencyKey: key('grant'),
    ...extra,
  });
}

async function bonusRow(memberId: string) {
  const { rows } = await sql<{
    id: string;
    status: string;
    wagered_minor: bigint;
    requirement_minor: bigint;
    converted_minor: bigint;
    forfeited_minor: bigint;
  }>`select id::text, status, wagered_minor, requirement_minor, converted_minor, forfeited_minor
       from member_bonuses where member_id = ${memberId} order by id desc limit 1`.execute(f.db);
  return rows[0]!;
}

async function transfersLike(pattern: string) {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ledger_transfers where idempotency_key like ${pattern}`.execute(f.db);
  return rows[0]!.n;
}

async function balances(p: { mainId: bigint; bonusId: bigint }) {
  return { main: (await balanceOf(f, p.mainId)).balance, bonus: (await balanceOf(f, p.bonusId)).balance };
}

describe('grants', () => {
  it('a qualifying first deposit grants its bonus once, however often its credit is retried', async () => {
    await depositBonusPromotion();
    const p = await fundedPlayer(t, f, 'dep', 0n);
    const pix = await channelNamed(t, p.token, MANUAL_PIX);
    const order = (await deposit(t, p.token, { channelId: pix.id, amountMinor: 3_000, reference: 'E2E-1' }))
      .value as { id: string };
    // 40 approvals of the same deposit at once: one credits it (and grants), the others are refused.
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        boCall(t, finance, 'POST', `/bo/cashier/deposits/${order.id}/approve`, { reason: 'PIX received' }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    // 40 more credits of the bonus by the same deposit, straight at the door the credit calls.
    const at = t.clock.now();
    await Promise.all(
      Array.from({ length: 40 }, () =>
        withLedgerTransaction(f.db, (trx) =>
          grantOnDeposit(trx, {
            id: order.id,
            merchantId: f.merchantId,
            memberId: p.memberId,
            currency: f.currency,
            creditMinor: 3_000n,
            at,
          }),
        ),
      ),
    );
    const bonusId = await memberAccountId(f.db, p.memberId, f.merchantId, 'bonus', f.currency);
    expect(await balances({ mainId: p.mainId, bonusId })).toEqual({ main: 3_000n, bonus: 3_000n });
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from member_bonuses where member_id = ${p.memberId}`.execute(f.db);
    expect(rows[0]!.n).toBe(1);
    expect(await bonusRow(p.memberId)).toMatchObject({ status: 'active', requirement_minor: 30_000n });
    const details = await call(t, { method: 'GET', url: '/wps/member/bonuses', token: p.token });
    expect(details.value).toMatchObject({
      enabled: true,
      balanceMinor: 3_000,
      active: {
        source: 'deposit',
        grantedMinor: 3_000,
        depositMinor: 3_000,
        requirementMinor: 30_000,
        wageredMinor: 0,
      },
      past: [],
    });
    await expectVerified(f.db);
  });

  it("the demo's first deposit bonus carries the terms its text states", async () => {
    const { rows } = await sql`
      select t.percent_bps, t.max_bonus_minor, t.times, t.valid_days from promotion_bonus_terms t
        join promotions p on p.id = t.promotion_id
       where p.merchant_id = ${f.merchantId} and p.type = 'deposit_bonus' and p.display_order = 4`.execute(
      f.db,
    );
    expect(rows).toEqual([{ percent_bps: 10_000, max_bonus_minor: 50_000n, times: 20, valid_days: 14 }]);
  });

  it("an operator's grant is audited, idempotent by key, and one active bonus at a time", async () => {
    const p = await fundedPlayer(t, f, 'op', 0n);
    const idempotencyKey = key('g');
    const first = await grantByOperator(p.memberId, 1_000, { idempotencyKey });
    const again = await grantByOperator(p.memberId, 1_000, { idempotencyKey });
    expect(again.value.id).toBe(first.value.id);
    expect((await grantByOperator(p.memberId, 500)).code).toBe('BONUS_ALREADY_ACTIVE');
    expect((await grantByOperator(p.memberId, 500, { maxBetMinor: 0 })).status).toBe(400);
    const { rows } = await sql<{ action: string }>`
      select action from audit_log where target_id = ${p.memberId} and action = 'bonus.grant'`.execute(f.db);
    expect(rows).toHaveLength(1);
    expect(await transfersLike(`bonus:${first.value.id}:grant`)).toBe(1);
    await expectVerified(f.db);
  });

  it('bonuses off: no grant (BONUS_DISABLED), no deposit bonus, the screen is hidden', async () => {
    await setBonuses(false);
    try {
      const p = await fundedPlayer(t, f, 'off', 0n);
      const r = await grantByOperator(p.memberId, 1_000);
      expect([r.status, r.code]).toEqual([403, 'BONUS_DISABLED']);
      const granted = await withLedgerTransaction(f.db, (trx) =>
        grantOnDeposit(trx, {
          id: randomUUID(),
          merchantId: f.merchantId,
          memberId: p.memberId,
          currency: f.currency,
          creditMinor: 3_000n,
          at: t.clock.now(),
        }),
      );
      expect(granted).toBeNull();
      const details = await call(t, { method: 'GET', url: '/wps/member/bonuses', token: p.token });
      expect(details.value).toEqual({
        enabled: false,
        balanceMinor: 0,
        active: null,
        openBets: [],
        past: [],
        withdrawalRule: 'forfeit',
      });
    } finally {
      await setBonuses(true);
    }
  });
});

describe('the bet path', () => {
  it('a bet takes cash first, then bonus, and its return is split in proportion', async () => {
    const p = await playerWithBonus(300n, 1_000);
    const round = await placeSingleRound(f.db, diceBet(p.bettor, 500n));
    const payout = round.payout_minor;
    // Cash part 300, bonus part 200: the cash share is ⌊payout × 3/5⌋, the rest goes to bonus.
    const cashShare = (payout * 300n) / 500n;
    expect(await balances(p)).toEqual({ main: cashShare, bonus: 800n + payout - cashShare });
    expect(round.balance_after_minor).toBe(cashShare);
    const { rows } =
      await sql`select cash_part_minor, bonus_part_minor, contribution_minor, payout_cash_minor,
      payout_bonus_minor from bonus_bet_slips where bet_ref = ${`original:${p.memberId}:${round.idempotency_key}`}`.execute(
        f.db,
      );
    expect(rows[0]).toEqual({
      cash_part_minor: 300n,
      bonus_part_minor: 200n,
      contribution_minor: 500n,
      payout_cash_minor: cashShare,
      payout_bonus_minor: payout - cashShare,
    });
    expect((await bonusRow(p.memberId)).wagered_minor).toBe(500n);
    await expectVerified(f.db);
  });

  it('refuses a stake over the max bet while wagering, moving nothing', async () => {
    const p = await playerWithBonus(5_000n, 1_000, { maxBetMinor: 400 });
    expect(await outcome(placeSingleRound(f.db, diceBet(p.bettor, 401n)))).toBe('BONUS_MAX_BET_EXCEEDED');
    expect(await balances(p)).toEqual({ main: 5_000n, bonus: 1_000n });
    expect(await outcome(placeSingleRound(f.db, diceBet(p.bettor, 400n)))).toBe('ok');
    await expectVerified(f.db);
  });

  it('completion converts the bonus to cash exactly once, with 40 bets at once', async () => {
    const p = await playerWithBonus(500n, 1_000, { times: 1, maxBetMinor: 100 });
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => placeSingleRound(f.db, diceBet(p.bettor, 50n))),
    );
    await flushSingleRounds(f.db);
    const { rows } = await sql<{ stake: bigint; payout: bigint }>`
      select coalesce(sum(stake_minor), 0)::bigint as stake, coalesce(sum(payout_minor), 0)::bigint as payout
        from original_rounds where member_id = ${p.memberId}`.execute(f.db);
    const { stake, payout } = rows[0]!;
    const row = await bonusRow(p.memberId);
    const after = await balances(p);
    // Nothing made or lost: cash + bonus = start − stakes + returns.
    expect(after.main + after.bonus).toBe(1_500n - stake + payout);
    if (row.wagered_minor >= 1_000n) {
      expect(row.status).toBe('completed');
      expect(after.bonus).toBe(0n);
    }
    expect(
      results.every(
        (r) =>
          r.status === 'fulfilled' || (r.reason as { code?: string }).code === 'WALLET_INSUFFICIENT_FUNDS',
      ),
    ).toBe(true);
    expect(await transfersLike(`bonus:${row.id}:convert`)).toBeLessThanOrEqual(1);
    expect(['completed', 'lost']).toContain(row.status);
    await expectVerified(f.db);
  });

  it('follows bonus.wagering.reference.ts bet by bet, over random stakes (fast-check)', async () => {
    // Each run: a fresh player with random cash and bonus, then random stakes (some over the max bet,
    // some past cash + bonus) placed one by one; after every bet the database's balances, wagered
    // and status equal the reference's, fed the same payouts.
    const stake = fc.oneof(fc.bigInt({ min: 1n, max: 600n }), fc.constantFrom(600n, 601n, 5_000n));
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 0n, max: 800n }),
        fc.integer({ min: 1, max: 2_000 }),
        fc.integer({ min: 0, max: 3 }),
        fc.array(stake, { minLength: 1, maxLength: 12 }),
        async (cash, bonus, times, stakes) => {
          const p = await playerWithBonus(cash, bonus, { times, maxBetMinor: 600 });
          const ref = new ReferenceBonusWallet(cash);
          const now = Date.now();
          ref.grant(
            {
              bonus: BigInt(bonus),
              deposit: 0n,
              onDepositToo: false,
              times: BigInt(times),
              maxBet: 600n,
              expiresAt: now + 86_400_000,
              rates: { INHOUSE: 10_000n },
            },
            true,
            now,
          );
          const check = async () => {
            const row = await bonusRow(p.memberId);
            expect({ ...(await balances(p)), wagered: row.wagered_minor, status: row.status }).toEqual({
              main: ref.cash,
              bonus: ref.bonus,
              wagered: ref.wagered,
              status: ref.status,
            });
          };
          await check();
          for (const [i, amount] of stakes.entries()) {
            const expected = ref.attempt(() => ref.bet(`b${i}`, 'INHOUSE', amount, now));
            const placed = placeSingleRound(f.db, diceBet(p.bettor, amount));
            const got = await outcome(placed);
            expect(got === 'ok' ? null : got).toBe(expected);
            if (got === 'ok') ref.settle(`b${i}`, (await placed).payout_minor, now);
            await check();
          }
        },
      ),
      { numRuns: 6 },
    );
    await expectVerified(f.db);
  });
});

describe('endings', () => {
  it('bets racing a forfeit, the expiry sweep and a new grant keep the books and end the bonus once', async () => {
    const p = await playerWithBonus(300n, 2_000, { times: 50, maxBetMinor: 200 });
    const later = new Date(t.clock.now().getTime() + 40 * 86_400_000);
    const bets = Array.from({ length: 30 }, () => outcome(placeSingleRound(f.db, diceBet(p.bettor, 100n))));
    const endings = [
      outcome(forfeitActive(f.db, p.memberId, t.clock.now())),
      outcome(expireDue(f.db, later)),
      outcome(grantByOperator(p.memberId, 700).then((r) => r.code ?? 'ok')),
    ];
    const answers = await Promise.all([...bets, ...endings]);
    await flushSingleRounds(f.db);
    expect(answers.slice(0, 30).filter((a) => a !== 'ok' && a !== 'WALLET_INSUFFICIENT_FUNDS')).toEqual([]);
    const { rows } = await sql<{ status: string; n: number }>`
      select status, count(*)::int as n from member_bonuses where member_id = ${p.memberId} group by status`.execute(
      f.db,
    );
    // The first bonus ended once (forfeited, expired or lost); at most the new grant is active.
    expect(rows.filter((r) => r.status === 'active').reduce((n, r) => n + r.n, 0)).toBeLessThanOrEqual(1);
    const { rows: endingTransfers } = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transfers t join member_bonuses b
          on t.idempotency_key in ('bonus:' || b.id || ':forfeited', 'bonus:' || b.id || ':expired')
       where b.member_id = ${p.memberId} and b.id = ${p.grant.id}`.execute(f.db);
    expect(endingTransfers[0]!.n).toBeLessThanOrEqual(1);
    await expectVerified(f.db);
  });

  it('expiry returns the bonus balance to the pool, once', async () => {
    const p = await playerWithBonus(0n, 1_500, { validDays: 1 });
    const later = new Date(t.clock.now().getTime() + 2 * 86_400_000);
    expect(await expireDue(f.db, later)).toBeGreaterThanOrEqual(1);
    expect(await expireDue(f.db, later)).toBe(0);
    const row = await bonusRow(p.memberId);
    expect(row).toMatchObject({ status: 'expired', forfeited_minor: 1_500n });
    expect(await balances(p)).toEqual({ main: 0n, bonus: 0n });
    expect(await transfersLike(`bonus:${row.id}:expired`)).toBe(1);
    await expectVerified(f.db);
  });

  it('a withdrawal with an active bonus asks for confirmation, then forfeits the bonus', async () => {
    await setCashierRules(t);
    const p = await readyPlayer(t, 5_000n);
    expect((await grantByOperator(p.memberId, 2_000)).status).toBe(200);
    const bonusId = await memberAccountId(f.db, p.memberId, f.merchantId, 'bonus', f.currency);
    const warned = await withdraw(t, p, 2_000);
    expect([warned.status, warned.code]).toEqual([409, 'BONUS_FORFEIT_CONFIRMATION_REQUIRED']);
    expect(warned.details).toMatchObject({ balanceMinor: 2_000 });
    expect(await balances({ mainId: p.mainId, bonusId })).toEqual({ main: 5_000n, bonus: 2_000n });
    const confirmed = await withdraw(t, p, 2_000, { forfeitBonus: true });
    expect(confirmed.status).toBe(200);
    expect(await bonusRow(p.memberId)).toMatchObject({ status: 'forfeited', forfeited_minor: 2_000n });
    expect((await balanceOf(f, bonusId)).balance).toBe(0n);
    expect((await balanceOf(f, p.mainId)).pending).toBe(2_000n);
    // No active bonus now: a withdrawal needs no confirmation.
    expect((await withdraw(t, p, 1_000)).status).toBe(200);
    await expectVerified(f.db);
  });
});

describe("the merchant's withdrawal rule", () => {
  const rule = (bonusWithdrawalRule: unknown, token = finance) =>
    boCall(t, token, 'PUT', '/bo/promotions/settings', { bonusWithdrawalRule });

  async function withdrawalsOf(memberId: string) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from withdrawals where member_id = ${memberId}`.execute(f.db);
    return rows[0]!.n;
  }

  it('is set by an operator with merchant.config, audited, forfeit by default', async () => {
    const admin = await operatorToken(t, 'admin');
    expect((await boCall(t, admin, 'GET', '/bo/promotions/settings')).value).toEqual({
      bonusesEnabled: true,
      bonusWithdrawalRule: 'forfeit',
    });
    expect((await rule('block')).status).toBe(403);
    for (const bad of ['keep', null, 1]) expect((await rule(bad, admin)).code).toBe('VALIDATION_FAILED');
    expect((await boCall(t, admin, 'PUT', '/bo/promotions/settings', {})).status).toBe(400);
    const set = await rule('block', admin);
    expect(set.value).toEqual({ bonusesEnabled: true, bonusWithdrawalRule: 'block' });
    const { rows } = await sql<{ before: unknown; after: unknown }>`
      select before, after from audit_log where action = 'promotion_settings.update' order by id desc limit 1`.execute(
      f.db,
    );
    expect(rows[0]).toEqual({
      before: { bonusesEnabled: true, bonusWithdrawalRule: 'forfeit' },
      after: { bonusesEnabled: true, bonusWithdrawalRule: 'block' },
    });
    expect((await rule('forfeit', admin)).status).toBe(200);
  });

  it('block: a withdrawal with an active bonus is refused, confirmed or not, naming what is left; nothing moves', async () => {
    const admin = await operatorToken(t, 'admin');
    await setCashierRules(t);
    const p = await readyPlayer(t, 5_000n);
    expect((await grantByOperator(p.memberId, 2_000)).status).toBe(200);
    const bonusId = await memberAccountId(f.db, p.memberId, f.merchantId, 'bonus', f.currency);
    expect((await rule('block', admin)).status).toBe(200);
    try {
      // The withdraw page learns the rule from the member's bonus details, to say so before a request.
      const details = await call(t, { method: 'GET', url: '/wps/member/bonuses', token: p.token });
      expect(details.value).toMatchObject({ withdrawalRule: 'block', balanceMinor: 2_000 });
      for (const extra of [{}, { forfeitBonus: true }]) {
        const refused = await withdraw(t, p, 2_000, extra);
        expect([refused.status, refused.code]).toEqual([409, 'BONUS_WITHDRAWAL_BLOCKED']);
        // 5 × 2,000 to wager, nothing wagered yet.
        expect(refused.details).toMatchObject({
          balanceMinor: 2_000,
          remainingMinor: 10_000,
          requirementMinor: 10_000,
        });
      }
      // 40 requests at once: every one refused, the balances and the books as they were.
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => withdraw(t, p, 1_000 + i, i % 2 ? { forfeitBonus: true } : {})),
      );
      expect(answers.map((a) => a.code)).toEqual(Array(40).fill('BONUS_WITHDRAWAL_BLOCKED'));
      expect(await balances({ mainId: p.mainId, bonusId })).toEqual({ main: 5_000n, bonus: 2_000n });
      expect((await balanceOf(f, p.mainId)).pending).toBe(0n);
      expect(await withdrawalsOf(p.memberId)).toBe(0);
      expect(await bonusRow(p.memberId)).toMatchObject({ status: 'active', forfeited_minor: 0n });
    } finally {
      expect((await rule('forfeit', admin)).status).toBe(200);
    }
    // Back to forfeit: the same member is warned, as before.
    expect((await withdraw(t, p, 2_000)).code).toBe('BONUS_FORFEIT_CONFIRMATION_REQUIRED');
    await expectVerified(f.db);
  });
});

describe('the bonus switch for operators who grant', () => {
  it('is readable with members.adjust only, and follows the switch', async () => {
    const sw = (token: string | null) => boCall(t, token, 'GET', '/bo/bonuses/switch');
    expect((await sw(finance)).value).toEqual({ bonusesEnabled: true });
    for (const role of ['support', 'auditor'] as const)
      expect((await sw(await operatorToken(t, role))).code).toBe('BO_FORBIDDEN');
    expect((await sw(null)).status).toBe(401);
    await setBonuses(false);
    try {
      expect((await sw(finance)).value).toEqual({ bonusesEnabled: false });
    } finally {
      await setBonuses(true);
    }
  });
});
