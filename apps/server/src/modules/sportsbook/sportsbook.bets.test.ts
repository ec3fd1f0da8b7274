import { randomUUID } from 'node:crypto';
import { combinedFactor, parseSystem, returnOf, systemReturn } from '@sorte/money';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import {
  balanceOf,
  expectVerified,
  type Fixture,
  fixture,
  fundedPlayer,
} from '../ledger/ledger.test-helpers.ts';
import { writeBook } from './sportsbook.book.test-helpers.ts';
import { applyMessage } from './sportsbook.ingest.ts';
import { sql } from 'kysely';

/**
 * Sportsbook bet placement through the bet path, on a small book written straight into the sb_*
 * tables: singles, a multiple and a Trixie at exact stakes and returns, the odds policies against a
 * moved price, the refusals (nothing moved), one key sent 20 times, one wallet's 30 bets affording
 * 10, and a bet another member cannot read. The ledger is verified after each test.
 */
let t: TestApp;
let f: Fixture;
const run = randomUUID().slice(0, 8);
const fx = (i: number) => `sr:match:${run}${i}`;
const ESPORT = 9;

beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
  const league = { id: `t${run}`, sport: 'football', name: 'League', category: 'Brazil' };
  const major = { id: `e${run}`, sport: 'cs2', name: 'Major', category: 'World' };
  const team = (n: number) => ({ id: `c${run}${n}`, name: `Team ${n}` });
  await writeBook(
    t.ctx.db,
    [1, 2, 3, 4, 5, 6, 7, 8, ESPORT].map((i) => ({
      id: fx(i),
      tournament: i === ESPORT ? major : league,
      home: team(2 * i),
      away: team(2 * i + 1),
      startTime: Date.UTC(2026, 11, 1) + i,
      market: i === ESPORT ? 'winner' : '1x2',
      odds: Object.fromEntries(
        (i === ESPORT ? ['home', 'away'] : ['home', 'draw', 'away']).map((o) => [o, sel(i, o).odds]),
      ),
    })),
  );
});
afterAll(async () => t?.close());
afterEach(() => expectVerified(t.ctx.db));

const sel = (i: number, outcome = 'home', odds?: number) => ({
  eventId: fx(i),
  market: i === ESPORT ? 'winner' : '1x2',
  outcome,
  odds: odds ?? (outcome === 'home' ? 1850 + 10 * i : outcome === 'draw' ? 3400 : 4200),
});

async function player(balanceMinor = 100_000n) {
  const p = await fundedPlayer(t, f, 'sb', balanceMinor);
  return { ...p, balance: async () => (await balanceOf(f, p.mainId)).balance };
}

const place = (token: string, body: Record<string, unknown>) =>
  call(t, {
    method: 'POST',
    url: '/wps/sports/bets',
    token,
    payload: { type: 'single', stakeMinor: 1_000, idempotencyKey: randomUUID(), ...body },
  });
const get = (token: string, url: string) => call(t, { method: 'GET', url, token });

async function betsOf(memberId: string) {
  return t.ctx.db.selectFrom('sb_bets').selectAll().where('member_id', '=', memberId).execute();
}

describe('POST /wps/sports/bets', () => {
  it('places singles (one per selection) at exact stakes and returns, with open SPORTS and ESPORTS records', async () => {
    const p = await player();
    const answer = await place(p.token, { selections: [sel(1), sel(ESPORT, 'away')] });
    expect(answer.status).toBe(200);
    const [football, esport] = answer.value.bets;
    expect(answer.value.refused).toEqual([]);
    expect(football).toMatchObject({
      type: 'single',
      lines: 1,
      stakeMinor: 1_000,
      potentialReturnMinor: 1_860,
    });
    expect(football.legs).toEqual([
      {
        eventId: fx(1),
        market: '1x2',
        specifiers: '',
        outcome: 'home',
        odds: 1_860,
        status: 'open',
        event: { sport: 'football', home: 'Team 2', away: 'Team 3' },
      },
    ]);
    expect(esport).toMatchObject({ stakeMinor: 1_000, potentialReturnMinor: 4_200, status: 'open' });
    expect(await p.balance()).toBe(98_000n);
    const records = await t.ctx.db
      .selectFrom('bet_records')
      .select(['source_ref', 'category', 'status', 'stake_minor'])
      .where('source', '=', 'sportsbook')
      .where('source_ref', 'in', [football.id, esport.id])
      .execute();
    // The two singles may leave in separate batches, in either order.
    expect(records.sort((a, b) => (a.category < b.category ? 1 : -1))).toEqual([
      { source_ref: football.id, category: 'SPORTS', status: 'open', stake_minor: 1_000n },
      { source_ref: esport.id, category: 'ESPORTS', status: 'open', stake_minor: 1_000n },
    ]);
    const transfers = await t.ctx.db
      .selectFrom('ledger_transfers')
      .select(['code', 'amount_minor'])
      .where('idempotency_key', 'like', `sportsbook:${p.memberId}:%`)
      .execute();
    expect(transfers).toEqual([
      { code: 'bet', amount_minor: 1_000n },
      { code: 'bet', amount_minor: 1_000n },
    ]);
  });

  it('places a 3-leg multiple and a Trixie with the returns of @sorte/money', async () => {
    const p = await player();
    const legs = [sel(1), sel(2, 'draw'), sel(3, 'away')];
    const multiple = await place(p.token, { type: 'multiple', selections: legs, stakeMinor: 777 });
    expect(multiple.status).toBe(200);
    const odds = legs.map((l) => ({ odds: l.odds }));
    expect(multiple.value.bets).toHaveLength(1);
    expect(multiple.value.bets[0]).toMatchObject({
      type: 'multiple',
      stakeMinor: 777,
      potentialReturnMinor: Number(returnOf(777n, combinedFactor(odds))),
    });
    expect(multiple.value.bets[0].legs.map((l: { odds: number }) => l.odds)).toEqual([1_860, 3_400, 4_200]);
    const trixie = await place(p.token, {
      type: 'system',
      system: 'trixie',
      selections: legs,
      stakeMinor: 333,
    });
    expect(trixie.status).toBe(200);
    expect(trixie.value.bets[0]).toMatchObject({
      type: 'system',
      system: 'trixie',
      lines: 4,
      unitStakeMinor: 333,
      stakeMinor: 1_332,
      potentialReturnMinor: Number(systemReturn(333n, parseSystem('trixie'), odds).returnMinor),
    });
    expect(await p.balance()).toBe(100_000n - 777n - 1_332n);
  });

  it('applies the odds policy to a moved price: none refuses with the new odds, higher takes a rise, any takes any', async () => {
    const p = await player();
    const setOdds = (odds: number) =>
      t.ctx.db
        .updateTable('sb_outcomes')
        .set({ odds })
        .where('fixture_id', '=', fx(4))
        .where('outcome_id', '=', 'home')
        .execute();
    await setOdds(2_100);
    const seen = [sel(4, 'home', 2_000)];
    const none = await place(p.token, { selections: seen, oddsPolicy: 'none' });
    expect(none).toMatchObject({ status: 409, code: 'SPORTS_ODDS_CHANGED' });
    expect(none.details).toEqual({ selections: [{ index: 0, odds: 2_100 }] });
    expect(await p.balance()).toBe(100_000n);
    const higher = await place(p.token, { selections: seen, oddsPolicy: 'higher' });
    expect(higher.value.bets[0]).toMatchObject({ potentialReturnMinor: 2_100, oddsPolicy: 'higher' });
    await setOdds(1_900);
    const lower = await place(p.token, { selections: seen, oddsPolicy: 'higher' });
    expect(lower).toMatchObject({ status: 409, code: 'SPORTS_ODDS_CHANGED' });
    expect(lower.details).toEqual({ selections: [{ index: 0, odds: 1_900 }] });
    const any = await place(p.token, { selections: seen, oddsPolicy: 'any' });
    expect(any.value.bets[0].legs[0].odds).toBe(1_900);
    expect(any.value.bets[0].potentialReturnMinor).toBe(1_900);
    expect(await p.balance()).toBe(98_000n);
    await setOdds(1_890);
  });

  it('refuses closed, unknown and related selections, stakes out of limits, payouts over the max and missing funds — moving nothing', async () => {
    const p = await player(10_000n);
    const db = t.ctx.db;
    await db.updateTable('sb_markets').set({ status: 'suspended' }).where('fixture_id', '=', fx(5)).execute();
    await db.updateTable('sb_fixtures').set({ status: 'ended' }).where('id', '=', fx(6)).execute();
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ selections: [sel(5)] }, 409, 'SPORTS_SELECTION_CLOSED'],
      [{ selections: [sel(6)] }, 409, 'SPORTS_SELECTION_CLOSED'],
      [{ selections: [{ ...sel(1), outcome: 'nobody' }] }, 404, 'SPORTS_EVENT_NOT_FOUND'],
      [{ type: 'multiple', selections: [sel(1), sel(1, 'draw')] }, 422, 'SPORTS_RELATED_SELECTIONS'],
      [{ type: 'system', system: 'trixie', selections: [sel(1), sel(2)] }, 400, 'SPORTS_BET_INVALID'],
      [{ type: 'multiple', selections: [sel(1)] }, 400, 'SPORTS_BET_INVALID'],
      [{ selections: [sel(1)], stakeMinor: 50 }, 422, 'SPORTS_STAKE_TOO_SMALL'],
      [{ selections: [sel(1)], stakeMinor: 20_000 }, 409, 'WALLET_INSUFFICIENT_FUNDS'],
    ];
    for (const [body, status, code] of refusals)
      expect(await place(p.token, body), code).toMatchObject({ status, code });
    await db
      .insertInto('sb_limits')
      .values({
        merchant_id: f.merchantId,
        min_stake_minor: 100n,
        max_stake_minor: 5_000n,
        max_payout_minor: 8_000n,
        bet_delay_ms: 0,
      })
      .execute();
    try {
      expect(await place(p.token, { selections: [sel(1)], stakeMinor: 5_001 })).toMatchObject({
        status: 422,
        code: 'SPORTS_STAKE_TOO_LARGE',
        details: { maxStakeMinor: 5_000 },
      });
      expect(await place(p.token, { selections: [sel(1)], stakeMinor: 5_000 })).toMatchObject({
        status: 422,
        code: 'SPORTS_PAYOUT_TOO_LARGE',
        details: { maxPayoutMinor: 8_000 },
      });
    } finally {
      await db.deleteFrom('sb_limits').where('merchant_id', '=', f.merchantId).execute();
    }
    expect(await p.balance()).toBe(10_000n);
    expect(await betsOf(p.memberId)).toEqual([]);
  });

  it('answers 20 copies of one key sent at once with one bet, and the key with another body is a conflict', async () => {
    const p = await player();
    const body = {
      type: 'multiple',
      selections: [sel(7), sel(8)],
      stakeMinor: 1_500,
      idempotencyKey: randomUUID(),
    };
    const copies = await Promise.all(Array.from({ length: 20 }, () => place(p.token, body)));
    for (const copy of copies) expect(copy).toEqual(copies[0]);
    expect(copies[0]!.status).toBe(200);
    expect(await betsOf(p.memberId)).toHaveLength(1);
    expect(await p.balance()).toBe(98_500n);
    expect(await place(p.token, { ...body, stakeMinor: 1_600 })).toMatchObject({
      status: 409,
      code: 'LEDGER_IDEMPOTENCY_CONFLICT',
    });
    expect(await p.balance()).toBe(98_500n);
  });

  it('takes exactly 10 of 30 concurrent bets from a wallet that affords 10', async () => {
    const p = await player(10_000n);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => place(p.token, { selections: [sel(1 + (i % 4))] })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.code === 'WALLET_INSUFFICIENT_FUNDS')).toHaveLength(20);
    expect(await p.balance()).toBe(0n);
    expect(await betsOf(p.memberId)).toHaveLength(10);
  });
});

describe('the live bet delay', () => {
  it("holds a live fixture's bet for the merchant's delay on the app's clock, then applies the policy to the odds at its end", async () => {
    const db = t.ctx.db;
    const p = await player();
    const setOdds = (odds: number) =>
      db
        .updateTable('sb_outcomes')
        .set({ odds })
        .where('fixture_id', '=', fx(8))
        .where('outcome_id', '=', 'home')
        .execute();
    await db.updateTable('sb_fixtures').set({ status: 'live' }).where('id', '=', fx(8)).execute();
    await db
      .insertInto('sb_limits')
      .values({
        merchant_id: f.merchantId,
        min_stake_minor: 100n,
        max_stake_minor: 1_000_000n,
        max_payout_minor: 10_000_000n,
        bet_delay_ms: 3_000,
      })
      .execute();
    /** Sends the bet, moves the odds while it is held, then runs the clock on until it is answered. */
    async function held(oddsPolicy: string, movedTo: number) {
      let answered = false;
      const pending = place(p.token, { selections: [sel(8)], oddsPolicy }).finally(() => {
        answered = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
      expect(await p.balance()).toBe(100_000n);
      await setOdds(movedTo);
      const start = t.clock.now().getTime();
      while (!answered) {
        t.clock.advance(1_000);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      return { answer: await pending, waited: t.clock.now().getTime() - start };
    }
    try {
      const refused = await held('none', 2_000);
      expect(refused.answer).toMatchObject({ status: 409, code: 'SPORTS_ODDS_CHANGED' });
      expect(refused.answer.details).toEqual({ selections: [{ index: 0, odds: 2_000 }] });
      expect(refused.waited).toBeGreaterThanOrEqual(3_000);
      await setOdds(sel(8).odds);
      const taken = await held('any', 2_050);
      expect(taken.answer.value.bets[0].legs[0].odds).toBe(2_050);
      expect(await p.balance()).toBe(99_000n);
    } finally {
      await db.deleteFrom('sb_limits').where('merchant_id', '=', f.merchantId).execute();
      await db.updateTable('sb_fixtures').set({ status: 'not_started' }).where('id', '=', fx(8)).execute();
      await setOdds(sel(8).odds);
    }
  });
});

describe('GET /wps/sports/bets', () => {
  it('lists your own bets newest first with their legs; another member cannot read one', async () => {
    const p = await player();
    const other = await player();
    const first = (await place(p.token, { selections: [sel(1)] })).value.bets[0];
    const second = (await place(p.token, { type: 'multiple', selections: [sel(2), sel(3)] })).value.bets[0];
    const list = await get(p.token, '/wps/sports/bets?status=open');
    expect(list.status).toBe(200);
    expect(list.value.map((b: { id: string }) => b.id)).toEqual([second.id, first.id]);
    expect(list.value[0].legs).toHaveLength(2);
    // Each leg names its event (kept by the book once the event ends and leaves the events API).
    expect(list.value[0].legs.map((l: { event: unknown }) => l.event)).toEqual([
      { sport: 'football', home: 'Team 4', away: 'Team 5' },
      { sport: 'football', home: 'Team 6', away: 'Team 7' },
    ]);
    expect((await get(p.token, '/wps/sports/bets?status=settled')).value).toEqual([]);
    expect((await get(p.token, `/wps/sports/bets?before=${second.id}`)).value).toEqual([first]);
    expect(await get(p.token, `/wps/sports/bets/${first.id}`)).toMatchObject({ status: 200, value: first });
    expect(await get(other.token, `/wps/sports/bets/${first.id}`)).toMatchObject({
      status: 404,
      code: 'SPORTS_BET_NOT_FOUND',
    });
    expect((await get(other.token, '/wps/sports/bets')).value).toEqual([]);
  });
});

describe('bets and the feed meet on the fixture row', () => {
  // A feed message locks its fixture's row before the fixture's markets and outcomes, and a bet batch
  // share-locks the fixtures it bets on before theirs, so the two queue on that row and never hold
  // the rows below it in opposite orders (the message writes a market then its outcomes; the batch
  // reads an outcome then its market) — a deadlock that would fail a whole batch of bets.
  it.skipIf(!process.env.DATABASE_URL)(
    "a bet waits while a message holds its fixture's row, and is placed once the message commits",
    async () => {
      const p = await player();
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let locked!: () => void;
      const lockTaken = new Promise<void>((r) => {
        locked = r;
      });
      const message = t.ctx.db.transaction().execute(async (trx) => {
        // A fixture change touches only the fixture's row: before the batches locked the fixture first,
        // a bet went through while it was held.
        await applyMessage(trx, {
          type: 'fixture_change',
          change: 'current',
          producer: 'prematch',
          ts: Date.now(),
          fixture: {
            id: fx(8),
            sport: 'football',
            tournament: { id: `t${run}`, name: 'League', category: 'Brazil' },
            competitors: [
              { id: `c${run}16`, name: 'Team 16', qualifier: 'home' },
              { id: `c${run}17`, name: 'Team 17', qualifier: 'away' },
            ],
            startTime: Date.UTC(2026, 11, 1) + 8,
            status: 'not_started',
          },
        });
        locked();
        await held;
      });
      await lockTaken;
      const bet = place(p.token, { selections: [sel(8, 'home')], oddsPolicy: 'any' });
      try {
        // The bet's batch is waiting on a row lock (the fixture's), not placed beside the message.
        for (let tries = 0; ; tries++) {
          if (tries > 500) throw new Error('the bet never waited for the fixture row');
          const { rows } = await sql<{ waiting: number }>`
            select count(*)::int as waiting from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`.execute(t.ctx.db);
          if (rows[0]!.waiting > 0) break;
          await new Promise((r) => setTimeout(r, 10));
        }
        expect(await betsOf(p.memberId)).toHaveLength(0);
      } finally {
        release();
        await message;
      }
      const answer = await bet;
      expect(answer.status).toBe(200);
      expect(answer.value.bets[0]).toMatchObject({ potentialReturnMinor: 1_930 });
    },
  );
});
