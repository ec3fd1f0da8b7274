import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { stalledChild } from '../../../test/stalled-child.ts';
import { call, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { boCall, operatorToken } from '../backoffice/backoffice.test-helpers.ts';
import { fixture, fundedPlayer, key } from '../ledger/ledger.test-helpers.ts';
import {
  houseShardFor,
  memberAccountId,
  systemAccountId,
  transfer,
  withLedgerTransaction,
} from '../ledger/index.ts';
import { type BetRecordChange, recordBet } from './index.ts';
import { catchUpRollups as foldAll, type RollupRow, rollupBatch } from './records.rollups.ts';
import { type BetFact, consumeBatch, readFacts, readRange } from './records.stream.ts';
import { catchUpRollups, recountRollups, storedRollups } from './records.test-helpers.ts';

/**
 * The stream of settled bets and the rollups it feeds, on whichever database the run uses (PGlite
 * by default, PostgreSQL with DATABASE_URL). The games' own test files end with the check that each
 * of their settlements is one fact (expectStreamConsistent); this file holds the stream's contract.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
beforeAll(async () => {
  t = await createAuthTestApp({ FREEPLAY3: true });
});
afterAll(() => t?.close());
const db = () => t.ctx.db;

const MERCHANT = randomUUID();

function change(memberId: string, ref: string, over: Partial<BetRecordChange> = {}): BetRecordChange {
  return {
    merchantId: MERCHANT,
    memberId,
    source: 'originals',
    sourceRef: ref,
    category: 'INHOUSE',
    vendor: 'SORTE',
    gameCode: 'dice',
    currency: 'BRL',
    at: new Date('2026-05-02T10:00:00Z'),
    ...over,
  };
}

/** A record's facts, as written (whether or not a consumer may read them yet). */
async function factsOf(recordRef: string): Promise<BetFact[]> {
  const { rows } = await sql<BetFact>`
    select s.position, s.tx::text as tx, s.kind, s.record_id, s.merchant_id, s.member_id, s.agent_chain, s.category,
      s.vendor, s.game_code, s.currency, s.bets, s.stake_minor, s.valid_stake_minor, s.payout_minor, s.placed_at,
      s.settled_at
    from bet_stream s join bet_records r on r.id = s.record_id
    where r.source_ref = ${recordRef} order by s.tx, s.position`.execute(db());
  return rows;
}

/**
 * Waits until every fact written so far is below the stream's horizon: on a PostgreSQL server shared
 * with other work, a transaction running in another database holds it back for a moment.
 */
async function waitForHorizon(): Promise<void> {
  for (let i = 0; i < 1_500; i++) {
    const { rows } = await sql<{ passed: boolean }>`
      select coalesce((select max(tx) from bet_stream) < pg_snapshot_xmin(pg_current_snapshot()), true) as passed`.execute(
      db(),
    );
    if (rows[0]!.passed) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('a transaction still running holds the stream back');
}

/** `n` settled rounds of `members` members spread over days, written in one statement. */
async function settleMany(n: number, members: number): Promise<void> {
  const ids = Array.from({ length: members }, () => randomUUID());
  await sql`
    insert into bet_records (merchant_id, member_id, source, source_ref, category, vendor, game_code, currency,
                             stake_minor, payout_minor, status, placed_at, settled_at)
    select ${MERCHANT}::uuid, (${ids}::uuid[])[1 + i % ${members}], 'originals', ${randomUUID()} || ':' || i,
      (array['INHOUSE', 'RNG', 'LOTT'])[1 + i % 3], (array['SORTE', 'pg', 'sorte-ref'])[1 + i % 3], 'dice', 'BRL',
      100 + i % 900, (i * 37) % 2000, 'settled',
      timestamptz '2026-05-01 00:00Z' + (i % 30) * interval '1 day' + (i % 24) * interval '1 hour',
      timestamptz '2026-05-01 00:00Z' + (i % 30) * interval '1 day' + (i % 24) * interval '1 hour'
    from generate_series(1, ${n}) as i`.execute(db());
}

async function expectRollupsEqualRecount(): Promise<RollupRow[]> {
  const stored = await storedRollups(db());
  expect(stored).toEqual(await recountRollups(db()));
  return stored;
}

describe('facts', () => {
  it('an open round writes none; settling writes one; a resettlement and a void write the correcting delta', async () => {
    const member = randomUUID();
    const ref = `life-${randomUUID()}`;
    await recordBet(db(), change(member, ref, { stakeMinor: 1_000n }));
    await recordBet(db(), change(member, ref, { stakeMinor: 500n }));
    expect(await factsOf(ref)).toEqual([]);
    await recordBet(db(), change(member, ref, { payoutMinor: 3_000n, status: 'settled' }));
    await recordBet(db(), change(member, ref, { payoutMinor: 200n, status: 'settled' }));
    await recordBet(db(), change(member, ref, { status: 'cancelled' }));
    const facts = await factsOf(ref);
    expect(
      facts.map((f) => [f.kind, f.bets, f.stake_minor, f.valid_stake_minor, f.payout_minor, f.member_id]),
    ).toEqual([
      ['settle', 1, 1_500n, 1_500n, 3_000n, member],
      ['resettle', 0, 0n, 0n, 200n, member],
      ['void', -1, -1_500n, -1_500n, -3_200n, member],
    ]);
    expect(facts[0]).toMatchObject({
      merchant_id: MERCHANT,
      category: 'INHOUSE',
      vendor: 'SORTE',
      game_code: 'dice',
      currency: 'BRL',
      agent_chain: '',
      placed_at: new Date('2026-05-02T10:00:00Z'),
    });
    // A round cancelled before it was ever settled: one void fact that moves nothing.
    const refused = `refund-${randomUUID()}`;
    await recordBet(db(), change(member, refused, { stakeMinor: 700n }));
    await recordBet(db(), change(member, refused, { status: 'cancelled' }));
    expect((await factsOf(refused)).map((f) => [f.kind, f.bets, f.stake_minor, f.payout_minor])).toEqual([
      ['void', 0, 0n, 0n],
    ]);
  });

  it('play money (a trial account) never enters the stream or the rollups', async () => {
    const trial = randomUUID();
    const ref = `trial-${randomUUID()}`;
    await recordBet(db(), change(trial, ref, { currency: 'XBRL', stakeMinor: 1_000n, status: 'settled' }));
    await recordBet(db(), change(trial, ref, { currency: 'XBRL', payoutMinor: 5_000n, status: 'settled' }));
    expect(await factsOf(ref)).toEqual([]);
    await catchUpRollups(db());
    const { rows } = await sql`select 1 from bet_rollups_daily where member_id = ${trial}::uuid`.execute(
      db(),
    );
    expect(rows).toEqual([]);
    const merchant = await sql<{ currency: string }>`
      select distinct currency from bet_rollups_merchant_daily where merchant_id = ${MERCHANT}::uuid`.execute(
      db(),
    );
    expect(merchant.rows.map((r) => r.currency)).not.toContain('XBRL');
  });
});

describe('a trial account', () => {
  it('bets play money on dice: its rounds are absent from the stream and the rollups, its own P&L still shows them', async () => {
    const login = await call(t, {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: { platform: 'W' },
      ip: '10.91.0.1',
    });
    expect(login.status, JSON.stringify(login)).toBe(200);
    const token = login.value.token as string;
    const member = await db()
      .selectFrom('members')
      .select(['id', 'currency'])
      .where('account', '=', login.value.account)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 3; i++) {
      const bet = await call(t, {
        method: 'POST',
        url: '/wps/originals/dice/bet',
        token,
        payload: { amountMinor: 1_000, target: 50, direction: 'under', idempotencyKey: randomUUID() },
      });
      expect(bet.status, JSON.stringify(bet)).toBe(200);
    }
    const records = await db()
      .selectFrom('bet_records')
      .select('currency')
      .where('member_id', '=', member.id)
      .execute();
    expect(records.map((r) => r.currency)).toEqual(['XBRL', 'XBRL', 'XBRL']);
    await catchUpRollups(db());
    const facts = await sql`select 1 from bet_stream where member_id = ${member.id}::uuid`.execute(db());
    expect(facts.rows).toEqual([]);
    const rollups = await sql`select 1 from bet_rollups_daily where member_id = ${member.id}::uuid`.execute(
      db(),
    );
    expect(rollups.rows).toEqual([]);
    const pl = await call(t, { method: 'GET', url: '/wps/member/records/personalProfit', token });
    expect(pl.status, JSON.stringify(pl)).toBe(200);
    expect(pl.value.totals).toMatchObject({ count: 3, stakeMinor: 3_000 });
  });
});

describe('delivery', () => {
  it('each fact reaches a consumer once, in stream order, the facts of each member in the order they were settled', async () => {
    const members = [randomUUID(), randomUUID(), randomUUID()];
    const written = new Map<string, string[]>(members.map((m) => [m, []]));
    for (let i = 0; i < 45; i++) {
      const member = members[i % 3]!;
      const ref = `order-${i}-${randomUUID()}`;
      written.get(member)!.push(ref);
      await recordBet(db(), change(member, ref, { stakeMinor: BigInt(100 + i), status: 'settled' }));
    }
    await waitForHorizon();
    // Two instances of one consumer, side by side, in small batches: the checkpoint's lock takes
    // them in turn, so together they see every fact exactly once.
    const seen: BetFact[] = [];
    const consumer = `test-${randomUUID()}`;
    const instance = async () => {
      for (;;) {
        const n = await consumeBatch(db(), consumer, 7, async (trx, from, to) => {
          seen.push(...(await readRange(trx, from, to)));
        });
        if (n === 0) return;
      }
    };
    await Promise.all([instance(), instance()]);
    const positions = seen.map((f) => f.position);
    expect(new Set(positions).size).toBe(positions.length);
    const all = await readFacts(db(), { tx: '0', position: 0n }, 1_000_000);
    expect(positions).toEqual(all.map((f) => f.position));
    const { rows } = await sql<{ id: bigint; source_ref: string }>`
      select id, source_ref from bet_records where member_id = any(${members}::uuid[])`.execute(db());
    const refOf = new Map(rows.map((r) => [r.id, r.source_ref]));
    for (const member of members)
      expect(seen.filter((f) => f.member_id === member).map((f) => refOf.get(f.record_id))).toEqual(
        written.get(member),
      );
  });

  it.skipIf(!onPostgres)(
    'a fact of a transaction still running holds the later ones back: it is waited for, never skipped',
    async () => {
      const consumer = `late-${randomUUID()}`;
      const drain = async () => {
        const got: bigint[] = [];
        for (;;) {
          const n = await consumeBatch(db(), consumer, 100, async (trx, from, to) => {
            for (const f of await readRange(trx, from, to)) got.push(f.position);
          });
          if (n === 0) return got;
        }
      };
      await drain();
      const member = randomUUID();
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let written!: () => void;
      const inserted = new Promise<void>((r) => (written = r));
      const slow = db()
        .transaction()
        .execute(async (trx) => {
          await recordBet(trx, change(member, `slow-${randomUUID()}`, { stakeMinor: 1n, status: 'settled' }));
          written();
          await held;
        });
      await inserted;
      await recordBet(db(), change(member, `fast-${randomUUID()}`, { stakeMinor: 2n, status: 'settled' }));
      // The fast fact committed with the higher position; the slow one's transaction is still open.
      expect(await drain()).toEqual([]);
      release();
      await slow;
      await waitForHorizon();
      const got = await drain();
      expect(got).toHaveLength(2);
      expect(got[0]! < got[1]!).toBe(true);
    },
  );
});

describe('rollups', () => {
  it('a batch that fails inside its transaction leaves no trace; catching up then counts every fact once', async () => {
    await catchUpRollups(db());
    const before = await storedRollups(db());
    await settleMany(600, 40);
    await waitForHorizon();
    await expect(
      rollupBatch(db(), 250, {
        inBatch: () => {
          throw new Error('died inside the batch');
        },
      }),
    ).rejects.toThrow('died inside the batch');
    expect(await storedRollups(db())).toEqual(before);
    expect(await rollupBatch(db(), 250)).toBe(250);
    await foldAll(db(), 250);
    const rows = await expectRollupsEqualRecount();
    // Sums per member × day × category × vendor, profit and loss derived.
    const { rows: pl } = await sql<{ wrong: bigint }>`
      select count(*)::bigint as wrong from bet_rollups_daily where profit_minor <> payout_minor - stake_minor`.execute(
      db(),
    );
    expect(pl[0]!.wrong).toBe(0n);
    expect(rows.length).toBeGreaterThan(before.length);
  });

  it.skipIf(!onPostgres)(
    'killed with SIGKILL inside a batch, a restarted consumer double-counts nothing',
    async () => {
      await catchUpRollups(db());
      await settleMany(3_000, 100);
      await waitForHorizon();
      const child = await stalledChild(
        'apps/server/src/modules/records/records.rollups.child.ts',
        ['1000'],
        t.database.url,
      );
      // One batch committed; the second has its upserts made inside an open transaction.
      expect(child.out).toContain('committed 1000');
      expect(await child.kill9()).toBe('SIGKILL');
      // The killed transaction's lock on the checkpoint goes with its connection.
      expect(await foldAll(db(), 1_000)).toBe(2_000);
      await expectRollupsEqualRecount();
    },
  );
});

describe('the back office GGR report', () => {
  it('sums the merchant rollups per day, category and vendor; with no rebate paid NGR equals GGR; finance roles only', async () => {
    const { merchantId } = await fixture(t);
    const member = randomUUID();
    const at = (day: string) => new Date(`${day}T10:00:00Z`);
    const own = (ref: string, over: Partial<BetRecordChange>) =>
      recordBet(db(), { ...change(member, `${ref}-${randomUUID()}`, over), merchantId, status: 'settled' });
    await own('a', { stakeMinor: 1_000n, payoutMinor: 300n, at: at('2026-07-01') });
    await own('b', { stakeMinor: 2_000n, payoutMinor: 0n, at: at('2026-07-01') });
    await own('c', {
      stakeMinor: 500n,
      payoutMinor: 2_500n,
      at: at('2026-07-02'),
      category: 'RNG',
      vendor: 'pg',
    });
    // Another merchant's round the same day, and a trial account's, are not in this merchant's report.
    await recordBet(
      db(),
      change(member, `other-${randomUUID()}`, {
        stakeMinor: 9_000n,
        status: 'settled',
        at: at('2026-07-01'),
      }),
    );
    await own('trial', { stakeMinor: 7_000n, currency: 'XBRL', at: at('2026-07-01') });
    await catchUpRollups(db());

    const admin = await operatorToken(t, 'admin');
    const r = await boCall(t, admin, 'GET', '/bo/reports/ggr?dateFrom=2026-07-01&dateTo=2026-07-31');
    expect(r.status, JSON.stringify(r)).toBe(200);
    const zero = { bonusCostMinor: 0, cost: null };
    expect(r.value.rows).toEqual([
      {
        day: '2026-07-01',
        category: 'INHOUSE',
        vendor: 'SORTE',
        currency: 'BRL',
        bets: 2,
        stakeMinor: 3_000,
        validStakeMinor: 3_000,
        payoutMinor: 300,
        ggrMinor: 2_700,
        ngrMinor: 2_700,
        ...zero,
      },
      {
        day: '2026-07-02',
        category: 'RNG',
        vendor: 'pg',
        currency: 'BRL',
        bets: 1,
        stakeMinor: 500,
        validStakeMinor: 500,
        payoutMinor: 2_500,
        ggrMinor: -2_000,
        ngrMinor: -2_000,
        ...zero,
      },
    ]);
    expect(r.value.totals).toEqual([
      {
        currency: 'BRL',
        bets: 3,
        stakeMinor: 3_500,
        validStakeMinor: 3_500,
        payoutMinor: 2_800,
        ggrMinor: 700,
        ngrMinor: 700,
        bonusCostMinor: 0,
      },
    ]);
    const rng = await boCall(
      t,
      admin,
      'GET',
      '/bo/reports/ggr?dateFrom=2026-07-01&dateTo=2026-07-31&vendor=pg',
    );
    expect(rng.value.rows.map((row: { vendor: string }) => row.vendor)).toEqual(['pg']);

    expect(
      await boCall(t, admin, 'GET', '/bo/reports/ggr?dateFrom=2026-07-31&dateTo=2026-07-01'),
    ).toMatchObject({
      status: 400,
      code: 'RECORDS_RANGE_INVALID',
    });
    expect(
      await boCall(t, admin, 'GET', '/bo/reports/ggr?dateFrom=2024-01-01&dateTo=2026-07-01'),
    ).toMatchObject({
      status: 400,
      code: 'RECORDS_RANGE_TOO_LONG',
    });
    expect((await boCall(t, admin, 'GET', '/bo/reports/ggr?dateFrom=nope&dateTo=2026-07-01')).status).toBe(
      400,
    );
    const support = await operatorToken(t, 'support');
    expect(
      (await boCall(t, support, 'GET', '/bo/reports/ggr?dateFrom=2026-07-01&dateTo=2026-07-31')).status,
    ).toBe(403);
  });

  it('subtracts the rebates paid in the range as bonus cost, on rows of their own per day and category', async () => {
    const { merchantId } = await fixture(t);
    const member = randomUUID();
    await recordBet(db(), {
      ...change(member, `r-${randomUUID()}`, {
        stakeMinor: 4_000n,
        payoutMinor: 1_000n,
        at: new Date('2026-08-02T10:00:00Z'),
      }),
      merchantId,
      status: 'settled',
    });
    await catchUpRollups(db());
    const claim = async (merchant: string, at: string, lines: { category: string; amountMinor: number }[]) =>
      sql`insert into rebate_claims (merchant_id, member_id, currency, amount_minor, lines, idempotency_key, transfer_id, created_at)
          values (${merchant}::uuid, ${member}::uuid, 'BRL', ${lines.reduce((sum, l) => sum + l.amountMinor, 0)},
                  ${JSON.stringify(lines.map((l) => ({ ...l, rateBp: 100, validStakeMinor: l.amountMinor * 100 })))}::jsonb,
                  ${randomUUID()}, 1, ${at}::timestamptz)`.execute(db());
    await claim(merchantId, '2026-08-02T23:59:59Z', [
      { category: 'INHOUSE', amountMinor: 40 },
      { category: 'RNG', amountMinor: 10 },
    ]);
    await claim(merchantId, '2026-08-02T08:00:00Z', [{ category: 'INHOUSE', amountMinor: 5 }]);
    // The day after the range, and another merchant's claim in it: neither counts.
    await claim(merchantId, '2026-08-03T00:00:00Z', [{ category: 'INHOUSE', amountMinor: 700 }]);
    await claim(MERCHANT, '2026-08-02T12:00:00Z', [{ category: 'INHOUSE', amountMinor: 900 }]);

    const admin = await operatorToken(t, 'admin');
    const r = await boCall(t, admin, 'GET', '/bo/reports/ggr?dateFrom=2026-08-01&dateTo=2026-08-02');
    expect(r.status, JSON.stringify(r)).toBe(200);
    const rebate = (category: string, cost: number) => ({
      day: '2026-08-02',
      category,
      vendor: '',
      currency: 'BRL',
      bets: 0,
      stakeMinor: 0,
      validStakeMinor: 0,
      payoutMinor: 0,
      ggrMinor: 0,
      bonusCostMinor: cost,
      ngrMinor: -cost,
      cost: 'rebate',
    });
    expect(r.value.rows).toEqual([
      rebate('INHOUSE', 45),
      expect.objectContaining({ category: 'INHOUSE', vendor: 'SORTE', ggrMinor: 3_000, ngrMinor: 3_000 }),
      rebate('RNG', 10),
    ]);
    expect(r.value.totals).toEqual([
      expect.objectContaining({ currency: 'BRL', ggrMinor: 3_000, bonusCostMinor: 55, ngrMinor: 2_945 }),
    ]);
    const rng = await boCall(
      t,
      admin,
      'GET',
      '/bo/reports/ggr?dateFrom=2026-08-01&dateTo=2026-08-02&category=RNG',
    );
    expect(rng.value.rows).toEqual([rebate('RNG', 10)]);
    // A rebate is not a vendor's: a report narrowed to one vendor has no bonus cost.
    const sorte = await boCall(
      t,
      admin,
      'GET',
      '/bo/reports/ggr?dateFrom=2026-08-01&dateTo=2026-08-02&vendor=SORTE',
    );
    expect(sorte.value.totals).toEqual([expect.objectContaining({ bonusCostMinor: 0, ngrMinor: 3_000 })]);
  });

  it('subtracts bonuses converted to cash, VIP rebates, raffle prizes and other rewards, from their ledger transfers', async () => {
    const f = await fixture(t);
    const finance = await operatorToken(t, 'finance');
    const p = await fundedPlayer(t, f, 'ggr', 0n);
    await sql`update merchants set bonuses_enabled = true where id = ${f.merchantId}`.execute(db());
    // Two bonuses with nothing to wager (times 0): each converts to cash at once, by its transfer.
    for (const amountMinor of [1_234, 66]) {
      const grant = await boCall(t, finance, 'POST', `/bo/members/${p.memberId}/bonuses`, {
        amountMinor,
        basis: 'bonus',
        times: 0,
        maxBetMinor: 1_000,
        validDays: 1,
        contributionBps: {},
        reason: 'GGR report cost',
        idempotencyKey: key('ggr-grant'),
      });
      expect(grant.value, JSON.stringify(grant)).toMatchObject({
        status: 'completed',
        convertedMinor: amountMinor,
      });
    }
    // Claimed rewards of each source, each paid by a ledger transfer from the bonus pool; one available (not paid).
    const paid = async (source: string, amountMinor: bigint, claimed = true) =>
      withLedgerTransaction(db(), async (trx) => {
        const ref = key(source);
        const moved = claimed
          ? await transfer(trx, {
              merchantId: f.merchantId,
              idempotencyKey: `ggr-test:${ref}`,
              code: 'bonus',
              debitAccountId: await systemAccountId(
                trx,
                f.merchantId,
                'bonus_pool',
                f.currency,
                houseShardFor(p.memberId),
              ),
              creditAccountId: await memberAccountId(trx, p.memberId, f.merchantId, 'main', f.currency),
              amountMinor,
              currency: f.currency,
            })
          : null;
        await sql`
          insert into member_rewards (merchant_id, member_id, source, source_ref, amount_minor, currency, expires_at,
            status, claim_key, claimed_at, transfer_id)
          values (${f.merchantId}, ${p.memberId}, ${source}, ${ref}, ${amountMinor}, ${f.currency},
            now() + interval '1 day', ${claimed ? 'claimed' : 'available'}, ${claimed ? ref : null},
            ${claimed ? new Date() : null}, ${moved?.id ?? null})`.execute(trx);
      });
    await paid('vip_rebate', 500n);
    await paid('vip_rebate', 7n);
    await paid('raffle', 2_500n);
    await paid('promotion', 300n);
    await paid('mission', 1n);
    await paid('raffle', 99_999n, false);

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const range = `dateFrom=${day(-1)}&dateTo=${day(1)}`;
    const admin = await operatorToken(t, 'admin');
    const r = await boCall(t, admin, 'GET', `/bo/reports/ggr?${range}`);
    expect(r.status, JSON.stringify(r)).toBe(200);
    const costs = (
      r.value.rows as { cost: string | null; category: string; vendor: string; bonusCostMinor: number }[]
    ).filter((row) => row.cost !== null && row.cost !== 'rebate');
    const byKind = Object.fromEntries(costs.map((row) => [row.cost, row.bonusCostMinor]));
    expect(byKind).toEqual({ bonus: 1_300, vip_rebate: 507, raffle: 2_500, reward: 301 });
    expect(costs.every((row) => row.category === '' && row.vendor === '')).toBe(true);
    const total = (
      r.value.totals as { currency: string; ggrMinor: number; bonusCostMinor: number; ngrMinor: number }[]
    ).find((x) => x.currency === f.currency)!;
    // The whole cost, exact: the rows' sum, and NGR = GGR − cost.
    const allCost = (r.value.rows as { currency: string; bonusCostMinor: number }[])
      .filter((row) => row.currency === f.currency)
      .reduce((sum, row) => sum + row.bonusCostMinor, 0);
    expect(total.bonusCostMinor).toBe(allCost);
    expect(allCost).toBeGreaterThanOrEqual(1_300 + 507 + 2_500 + 301);
    expect(total.ngrMinor).toBe(total.ggrMinor - total.bonusCostMinor);
    // The ledger agrees: the convert transfers of this member's bonuses sum to the bonus cost.
    const { rows } = await sql<{ sum: bigint }>`
      select sum(t.amount_minor)::bigint as sum from ledger_transfers t
        join member_bonuses b on t.idempotency_key = 'bonus:' || b.id::text || ':convert'
       where b.member_id = ${p.memberId}`.execute(db());
    expect(rows[0]!.sum).toBe(1_300n);
    // Narrowed to a category or a vendor, none of these costs (they belong to neither).
    for (const narrowed of ['category=INHOUSE', 'vendor=SORTE']) {
      const n = await boCall(t, admin, 'GET', `/bo/reports/ggr?${range}&${narrowed}`);
      expect(
        (n.value.rows as { cost: string | null }[]).filter((row) => row.cost && row.cost !== 'rebate'),
      ).toEqual([]);
    }
  });
});
