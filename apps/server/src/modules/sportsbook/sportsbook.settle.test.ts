import { randomUUID } from 'node:crypto';
import { parseSystem, systemReturn } from '@sorte/money';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { expectVerified, type Fixture, fixture } from '../ledger/ledger.test-helpers.ts';
import { connect, listen, waitFor } from '../realtime/realtime.test-helpers.ts';
import { testBook } from './sportsbook.book.test-helpers.ts';
import { publishSettledBets } from './sportsbook.notify.ts';
import { type SettledBet, settleSportsBets } from './sportsbook.settle.ts';

/**
 * Bet settlement from the feed's facts, on a book built by feed messages: exact returns for wins,
 * losses, voids, half-wins, dead heats, a void leg in a multiple and a Trixie; rollbacks that reopen
 * and take back, resettlements that pay the difference, a take-back that finds the balance short
 * (never below zero; the rest netted later), cancels by time window, early losses of multiples,
 * facts replayed and settlement run 40 times at once paying once. The ledger is verified after each.
 */
let t: TestApp;
let f: Fixture;
const run = randomUUID().slice(0, 8);

beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
});
afterAll(async () => t?.close());
afterEach(() => expectVerified(t.ctx.db));

const { apply, marketOf, newFixture, sel, player, place, settleMarket, rollback, win } = testBook(
  () => t,
  () => f,
  run,
);

const settle = () => settleSportsBets(t.ctx.db, new Date());

async function betRow(id: string) {
  return t.ctx.db.selectFrom('sb_bets').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
}
async function recordOf(id: string) {
  return t.ctx.db
    .selectFrom('bet_records')
    .select(['status', 'stake_minor', 'payout_minor'])
    .where('source', '=', 'sportsbook')
    .where('source_ref', '=', id)
    .executeTakeFirstOrThrow();
}

describe('sportsbook settlement', () => {
  it("tells the player's sockets which bets it decided, after the commit, once; a rollback's reopening too", async () => {
    const url = await listen(t);
    const p = await player();
    const other = await player();
    const fx = await newFixture();
    const [won] = await place(p.token, [sel(fx, '1x2', 'home')]);
    const [lost] = await place(p.token, [sel(fx, '1x2', 'draw')]);
    const [theirs] = await place(other.token, [sel(fx, '1x2', 'away')]);
    const client = await connect(url, p.token);
    await waitFor(client, 'ready');
    const reported: SettledBet[][] = [];
    const settleAndPush = () =>
      settleSportsBets(t.ctx.db, new Date(), {
        onSettled: (bets) => {
          reported.push(bets);
          publishSettledBets(t.ctx, bets);
        },
      });
    await settleMarket(fx, '1x2', win('home', 'draw', 'away'));
    await settleAndPush();
    // One push per batch: the settlement's loops take the queue side by side (skip locked), so the
    // player's two bets may be decided in one batch or two, each told once either way.
    const pushedBets = () =>
      (
        client.messages.filter((m) => m.type === 'sports.bets') as unknown as Array<{
          bets: Array<{ id: string; status: string; payoutMinor: number }>;
        }>
      ).flatMap((m) => m.bets);
    await waitFor(client, 'sports.bets');
    await expect.poll(() => pushedBets().length).toBeGreaterThanOrEqual(2);
    // Only this player's bets reach this socket, with what each returns, each once.
    expect(pushedBets()).toEqual(
      expect.arrayContaining([
        { id: won!.id, status: 'won', payoutMinor: 2_100, currency: f.currency },
        { id: lost!.id, status: 'lost', payoutMinor: 0, currency: f.currency },
      ]),
    );
    expect(pushedBets()).toHaveLength(2);
    expect(reported.flat().map((b) => b.id)).toContain(theirs!.id);
    // Nothing changed, nothing reported: a rerun of the same facts tells nobody again.
    await t.ctx.db
      .insertInto('sb_settle_queue')
      .values({ bet_id: BigInt(won!.id) })
      .execute();
    reported.length = 0;
    await settleAndPush();
    expect(reported).toEqual([]);
    // A rollback reopens the bets: the player is told they are open again.
    await rollback(fx, '1x2');
    await settleAndPush();
    expect(
      reported
        .flat()
        .filter((b) => b.memberId === p.memberId)
        .map((b) => b.status),
    ).toEqual(['open', 'open']);
    client.socket.close();
  });

  it('pays a won single exactly once, however often the facts and the settlement run', async () => {
    const p = await player();
    const fx = await newFixture();
    const [bet] = await place(p.token, [sel(fx, '1x2', 'home')]);
    const [lost] = await place(p.token, [sel(fx, '1x2', 'draw')]);
    expect(await p.balance()).toBe(98_000n);
    await settleMarket(fx, '1x2', win('home', 'draw', 'away'));
    expect((await settle()).moved).toBe(1);
    expect(await p.balance()).toBe(98_000n + 2_100n);
    expect(await betRow(bet!.id)).toMatchObject({
      status: 'won',
      payout_minor: 2_100n,
      credited_minor: 2_100n,
    });
    expect(await betRow(lost!.id)).toMatchObject({ status: 'lost', payout_minor: 0n });
    expect(await recordOf(bet!.id)).toMatchObject({ status: 'settled', payout_minor: 2_100n });
    // The same settlement again writes no fact; queued again by hand, the bet moves nothing more.
    await settleMarket(fx, '1x2', win('home', 'draw', 'away'));
    await t.ctx.db
      .insertInto('sb_settle_queue')
      .values({ bet_id: BigInt(bet!.id) })
      .execute();
    expect((await settle()).moved).toBe(0);
    expect(await p.balance()).toBe(100_100n);
    const legs = await t.ctx.db
      .selectFrom('sb_bet_legs')
      .selectAll()
      .where('bet_id', '=', BigInt(bet!.id))
      .execute();
    expect(legs.map((l) => l.status)).toEqual(['win']);
  });

  it('a rollback reopens and takes back; a resettlement pays exactly the new result', async () => {
    const p = await player();
    const fx = await newFixture();
    const [bet] = await place(p.token, [sel(fx, '1x2', 'home')]);
    await settleMarket(fx, '1x2', win('home', 'draw', 'away'));
    await settle();
    expect(await p.balance()).toBe(101_100n);
    await rollback(fx, '1x2');
    await settle();
    expect(await p.balance()).toBe(99_000n);
    expect(await betRow(bet!.id)).toMatchObject({ status: 'open', payout_minor: 0n, credited_minor: 0n });
    expect(await recordOf(bet!.id)).toMatchObject({ status: 'open', payout_minor: 0n });
    await settleMarket(fx, '1x2', win('away', 'home', 'draw'));
    await settle();
    expect(await betRow(bet!.id)).toMatchObject({ status: 'lost', payout_minor: 0n });
    await settleMarket(fx, '1x2', win('home', 'draw', 'away'));
    await settle();
    expect(await p.balance()).toBe(101_100n);
    expect(await betRow(bet!.id)).toMatchObject({ status: 'won', payout_minor: 2_100n, money_moves: 3 });
    const { rows } = await sql<{ payout: string; bets: string }>`
      select sum(s.payout_minor)::text as payout, sum(s.bets)::text as bets
        from bet_stream s join bet_records r on r.id = s.record_id
       where r.source = 'sportsbook' and r.source_ref = ${bet!.id}`.execute(t.ctx.db);
    const rollup = rows[0]!;
    expect([BigInt(rollup.payout), BigInt(rollup.bets)]).toEqual([2_100n, 1n]);
  });

  it('a take-back never drives the balance below zero: the rest is owed and netted on resettlement', async () => {
    const p = await player(1_000n);
    const fx = await newFixture();
    const other = await newFixture();
    const [bet] = await place(p.token, [sel(fx, '1x2', 'home')]);
    await settleMarket(fx, '1x2', win('home', 'draw', 'away'));
    await settle();
    expect(await p.balance()).toBe(2_100n);
    await place(p.token, [sel(other, '1x2', 'home')], 'single', 1_500);
    expect(await p.balance()).toBe(600n);
    await rollback(fx, '1x2');
    await settle();
    expect(await p.balance()).toBe(0n);
    expect(await betRow(bet!.id)).toMatchObject({
      status: 'open',
      credited_minor: 1_500n,
      settled_return_minor: 0n,
    });
    // Settled as a win again: the 15.00 still owed is netted, so only 6.00 comes back.
    await settleMarket(fx, '1x2', win('home', 'draw', 'away'));
    await settle();
    expect(await p.balance()).toBe(600n);
    expect(await betRow(bet!.id)).toMatchObject({
      status: 'won',
      credited_minor: 2_100n,
      payout_minor: 2_100n,
    });
  });

  it('settles half-wins, dead heats, a void leg in a multiple and a Trixie exactly', async () => {
    const p = await player();
    const [a, b, c] = [await newFixture(), await newFixture(), await newFixture()];
    const [ah] = await place(p.token, [sel(a, 'asian_handicap|hcp=-0.25', 'home')]);
    const [dh] = await place(p.token, [sel(b, '1x2', 'away')], 'single', 999);
    const [acc] = await place(
      p.token,
      [sel(a, '1x2', 'home'), sel(b, 'total|total=2.5', 'over'), sel(c, '1x2', 'draw')],
      'multiple',
    );
    const legs = [sel(a, '1x2', 'home'), sel(b, 'total|total=2.5', 'over'), sel(c, '1x2', 'draw')];
    const [trixie] = await place(p.token, legs, 'system', 500, 'trixie');
    const before = await p.balance();
    await settleMarket(a, 'asian_handicap|hcp=-0.25', [
      { id: 'home', result: 'half_win' },
      { id: 'away', result: 'half_lose' },
    ]);
    await settleMarket(a, '1x2', win('home', 'draw', 'away'));
    await settleMarket(b, '1x2', [
      { id: 'home', result: 'lose' },
      { id: 'draw', result: 'lose' },
      { id: 'away', result: 'win', deadHeatFactor: { num: 1, den: 3 } },
    ]);
    await apply({
      type: 'bet_cancel',
      fixtureId: b,
      reason: 'void',
      markets: [marketOf('total|total=2.5')],
    } as never);
    await settleMarket(c, '1x2', win('home', 'draw', 'away'));
    await settle();
    // Half-win at 1.95: 500 × 1.95 + 500 = 1,475.
    expect(await betRow(ah!.id)).toMatchObject({ status: 'won', payout_minor: 1_475n });
    // Dead heat 1/3 at 3.60 on 9.99: floor(999 × 3.6 / 3) = 1,198.
    expect(await betRow(dh!.id)).toMatchObject({ status: 'won', payout_minor: 1_198n });
    // The void leg counts 1 and the draw lost: the multiple is lost.
    expect(await betRow(acc!.id)).toMatchObject({ status: 'lost', payout_minor: 0n });
    // Trixie: the lines holding the lost draw return nothing; home × void = 2.10 on the unit 5.00.
    const expected = systemReturn(500n, parseSystem('trixie'), [
      { odds: 2_100, settlement: { result: 'win' } },
      { odds: 1_800, settlement: { result: 'void' } },
      { odds: 3_300, settlement: { result: 'lose' } },
    ]).returnMinor;
    expect(expected).toBe(1_050n);
    expect(await betRow(trixie!.id)).toMatchObject({ status: 'won', payout_minor: expected });
    expect(await p.balance()).toBe(before + 1_475n + 1_198n + expected);
    const accLegs = await t.ctx.db
      .selectFrom('sb_bet_legs')
      .select(['status', 'dead_heat_num'])
      .where('bet_id', '=', BigInt(acc!.id))
      .orderBy('leg')
      .execute();
    expect(accLegs.map((l) => l.status)).toEqual(['win', 'void', 'lose']);
  });

  it('a multiple is lost on its first lost leg and reopens when that result is rolled back', async () => {
    const p = await player();
    const [a, b] = [await newFixture(), await newFixture()];
    const [acc] = await place(p.token, [sel(a, '1x2', 'home'), sel(b, '1x2', 'home')], 'multiple');
    await settleMarket(a, '1x2', win('away', 'home', 'draw'));
    await settle();
    expect(await betRow(acc!.id)).toMatchObject({ status: 'lost' });
    expect(await recordOf(acc!.id)).toMatchObject({ status: 'settled', payout_minor: 0n });
    await rollback(a, '1x2');
    await settle();
    expect(await betRow(acc!.id)).toMatchObject({ status: 'open' });
    await settleMarket(a, '1x2', win('home', 'draw', 'away'));
    await settleMarket(b, '1x2', win('home', 'draw', 'away'));
    await settle();
    // 10.00 × 2.10 × 2.10 = 44.10.
    expect(await betRow(acc!.id)).toMatchObject({ status: 'won', payout_minor: 4_410n });
  });

  it('a cancel voids only the bets accepted inside its window, and its rollback restores them', async () => {
    const p = await player();
    const fx = await newFixture();
    const [early] = await place(p.token, [sel(fx, 'total|total=2.5', 'over')]);
    const [late] = await place(p.token, [sel(fx, 'total|total=2.5', 'over')]);
    const lateAt = (await betRow(late!.id)).placed_at.getTime();
    const earlyAt = (await betRow(early!.id)).placed_at.getTime();
    const startTime = earlyAt === lateAt ? lateAt : earlyAt + 1;
    // Only when the two were accepted in different milliseconds can a window tell them apart.
    const window = { startTime, endTime: lateAt + 1 };
    await apply({
      type: 'bet_cancel',
      fixtureId: fx,
      reason: 'late bet stop',
      ...window,
      markets: [marketOf('total|total=2.5')],
    } as never);
    await settleMarket(fx, 'total|total=2.5', win('under', 'over'));
    await settle();
    expect(await betRow(late!.id)).toMatchObject({ status: 'void', payout_minor: 1_000n });
    expect(await recordOf(late!.id)).toMatchObject({ status: 'cancelled' });
    if (earlyAt !== lateAt) expect(await betRow(early!.id)).toMatchObject({ status: 'lost' });
    await apply({
      type: 'rollback_bet_cancel',
      fixtureId: fx,
      ...window,
      markets: [marketOf('total|total=2.5')],
    } as never);
    await settle();
    expect(await betRow(late!.id)).toMatchObject({ status: 'lost', payout_minor: 0n, credited_minor: 0n });
  });

  it('40 settlement runs at once over 60 bets pay each exactly once', async () => {
    const fx = await newFixture();
    const players = await Promise.all(Array.from({ length: 6 }, () => player()));
    const bets = (
      await Promise.all(
        players.flatMap((p) =>
          Array.from({ length: 10 }, (_, i) => place(p.token, [sel(fx, '1x2', i % 2 ? 'home' : 'draw')])),
        ),
      )
    ).flat();
    await settleMarket(fx, '1x2', win('home', 'draw', 'away'));
    const runs = await Promise.all(
      Array.from({ length: 40 }, () => settleSportsBets(t.ctx.db, new Date(), { batchSize: 7 })),
    );
    expect(runs.reduce((n, r) => n + r.moved, 0)).toBe(30);
    for (const p of players) expect(await p.balance()).toBe(100_000n - 10_000n + 5n * 2_100n);
    const rows = await t.ctx.db
      .selectFrom('sb_bets')
      .select(['status', 'money_moves'])
      .where(
        'id',
        'in',
        bets.map((b) => BigInt(b.id)),
      )
      .execute();
    expect(rows.filter((r) => r.status === 'won' && r.money_moves === 1)).toHaveLength(30);
    expect(rows.filter((r) => r.status === 'lost' && r.money_moves === 0)).toHaveLength(30);
  });
});
