import { randomUUID } from 'node:crypto';
import { combinedFactor, returnOf } from '@sorte/money';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { boCall, operatorToken } from '../backoffice/backoffice.test-helpers.ts';
import {
  balanceOf,
  expectVerified,
  type Fixture,
  fixture,
  fundedPlayer,
} from '../ledger/ledger.test-helpers.ts';
import { writeBook } from './sportsbook.book.test-helpers.ts';
import { applyMessage } from './sportsbook.ingest.ts';
import { settleSportsBets } from './sportsbook.settle.ts';

/**
 * Back-office trading on a small book written straight into the sb_* tables: who may read and
 * trade, liability per outcome, suspensions that refuse bets and outlast the feed, limits per
 * merchant, sport and player, manual results by two operators (applied once, as feed facts), big
 * bets. The ledger is verified after each test.
 */
let t: TestApp;
let f: Fixture;
let admin: string;
let admin2: string;
const run = randomUUID().slice(0, 8);
const fx = (i: number) => `fx-${run}-${i}`;
const ODDS = { home: 2000, draw: 3400, away: 4200 } as const;
const EVENTS = 11;

beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
  admin = await operatorToken(t, 'admin');
  admin2 = await operatorToken(t, 'admin');
  const tournament = { id: `t${run}`, sport: 'football', name: `Liga ${run}`, category: 'Brazil' };
  await writeBook(
    t.ctx.db,
    Array.from({ length: EVENTS }, (_, n) => n + 1).map((i) => ({
      id: fx(i),
      tournament,
      home: { id: `c${run}h${i}`, name: `Home${i} ${run}` },
      away: { id: `c${run}a${i}`, name: `Away${i} ${run}` },
      startTime: Date.UTC(2030, 0, 1) + i,
      market: '1x2',
      odds: ODDS,
    })),
  );
});
afterAll(async () => t?.close());
afterEach(() => expectVerified(t.ctx.db));

const sel = (i: number, outcome: keyof typeof ODDS = 'home') => ({
  eventId: fx(i),
  market: '1x2',
  outcome,
  odds: ODDS[outcome],
});
const place = (token: string, body: Record<string, unknown>) =>
  call(t, {
    method: 'POST',
    url: '/wps/sports/bets',
    token,
    payload: { type: 'single', stakeMinor: 1_000, idempotencyKey: randomUUID(), oddsPolicy: 'none', ...body },
  });
const player = () => fundedPlayer(t, f, 'sbt', 1_000_000n);

async function auditRows(action: string) {
  const { rows } = await sql<{
    action: string;
    target_id: string;
    reason: string | null;
    before: unknown;
    after: unknown;
  }>`
    select action, target_id, reason, before, after from audit_log where action = ${action} order by id`.execute(
    t.ctx.db,
  );
  return rows;
}

describe('authorization', () => {
  it('refuses a player (not an operator: 401) and operators without the permission (403), writing nothing', async () => {
    const p = await player();
    const support = await operatorToken(t, 'support');
    const auditor = await operatorToken(t, 'auditor');
    expect((await boCall(t, null, 'GET', '/bo/sportsbook/events')).status).toBe(401);
    expect((await boCall(t, p.token, 'GET', '/bo/sportsbook/events')).code).toBe('BO_UNAUTHENTICATED');
    const asPlayer = await call(t, {
      method: 'POST',
      url: `/bo/sportsbook/events/${fx(1)}/suspend`,
      token: p.token,
      payload: {},
    });
    expect(asPlayer.status).toBe(401);
    for (const url of [
      '/bo/sportsbook/events',
      `/bo/sportsbook/events/${fx(1)}`,
      '/bo/sportsbook/limits',
      '/bo/sportsbook/big-bets',
      '/bo/sportsbook/results',
    ]) {
      const r = await boCall(t, support, 'GET', url);
      expect([r.status, r.code], url).toEqual([403, 'BO_FORBIDDEN']);
      expect((await boCall(t, auditor, 'GET', url)).status, url).toBe(200);
    }
    const writes: Array<[string, string, unknown]> = [
      ['POST', `/bo/sportsbook/events/${fx(1)}/suspend`, {}],
      ['POST', `/bo/sportsbook/events/${fx(1)}/resume`, {}],
      ['PUT', '/bo/sportsbook/limits', { maxStakeMinor: 5_000 }],
      ['POST', `/bo/sportsbook/events/${fx(1)}/results`, { kind: 'rollback', market: '1x2', reason: 'test' }],
      ['POST', '/bo/sportsbook/results/1/confirm', {}],
      ['POST', '/bo/sportsbook/results/1/reject', { reason: 'nope' }],
    ];
    for (const token of [support, auditor])
      for (const [method, url, body] of writes) {
        const r = await boCall(t, token, method as 'POST', url, body);
        expect([r.status, r.code], url).toEqual([403, 'BO_FORBIDDEN']);
      }
    const { rows } = await sql`select 1 from audit_log where action like 'sportsbook.%'`.execute(t.ctx.db);
    expect(rows).toHaveLength(0);
  });
});

describe('events and liability', () => {
  it('sums the potential returns of open bets per outcome, counts multiples under each open outcome, and per market bets and turnover', async () => {
    const [p1, p2, p3] = [await player(), await player(), await player()];
    expect((await place(p1.token, { selections: [sel(1, 'home')], stakeMinor: 1_000 })).status).toBe(200);
    expect((await place(p2.token, { selections: [sel(1, 'home')], stakeMinor: 2_500 })).status).toBe(200);
    const multiple = await place(p3.token, {
      type: 'multiple',
      selections: [sel(1, 'draw'), sel(2, 'away')],
      stakeMinor: 700,
    });
    expect(multiple.status).toBe(200);
    const multipleReturn = returnOf(700n, combinedFactor([{ odds: ODDS.draw }, { odds: ODDS.away }]));
    expect(BigInt(multiple.value.bets[0].potentialReturnMinor)).toBe(multipleReturn);

    const detail = await boCall(t, admin, 'GET', `/bo/sportsbook/events/${fx(1)}`);
    expect(detail.status).toBe(200);
    const market = detail.value.markets[0];
    expect(market).toMatchObject({
      key: '1x2',
      specifiers: '',
      status: 'active',
      suspended: false,
      bets: 3,
      turnoverMinor: 4_200,
      pending: null,
    });
    expect(
      market.outcomes.map((o: { id: string; liabilityMinor: number; openBets: number }) => [
        o.id,
        o.liabilityMinor,
        o.openBets,
      ]),
    ).toEqual([
      ['home', 2_000 + 5_000, 2],
      ['draw', Number(multipleReturn), 1],
      ['away', 0, 0],
    ]);
    const other = await boCall(t, admin, 'GET', `/bo/sportsbook/events/${fx(2)}`);
    expect(other.value.markets[0].outcomes.find((o: { id: string }) => o.id === 'away').liabilityMinor).toBe(
      Number(multipleReturn),
    );

    // A settled leg no longer counts (its outcome cannot win any more for this bet).
    await sql`update sb_bet_legs set status = 'lose' where fixture_id = ${fx(2)}`.execute(t.ctx.db);
    const after = await boCall(t, admin, 'GET', `/bo/sportsbook/events/${fx(2)}`);
    expect(after.value.markets[0].outcomes.find((o: { id: string }) => o.id === 'away').liabilityMinor).toBe(
      0,
    );
    await sql`update sb_bet_legs set status = 'open' where fixture_id = ${fx(2)}`.execute(t.ctx.db);

    const found = await boCall(
      t,
      admin,
      'GET',
      `/bo/sportsbook/events?q=${encodeURIComponent(`Home1 ${run}`)}&sport=football&status=not_started`,
    );
    expect(found.value.total).toBe(1);
    expect(found.value.list[0]).toMatchObject({
      id: fx(1),
      home: `Home1 ${run}`,
      openBets: 3,
      turnoverMinor: 4_200,
      suspended: false,
    });
    const none = await boCall(
      t,
      admin,
      'GET',
      `/bo/sportsbook/events?q=${encodeURIComponent(`Home1 ${run}`)}&status=live`,
    );
    expect(none.value.total).toBe(0);
    const league = await boCall(
      t,
      admin,
      'GET',
      `/bo/sportsbook/events?q=${encodeURIComponent(`Liga ${run}`)}&pageSize=100`,
    );
    expect(league.value.total).toBe(EVENTS);
    expect((await boCall(t, admin, 'GET', '/bo/sportsbook/events/unknown')).code).toBe(
      'SPORTS_EVENT_NOT_FOUND',
    );
  });
});

describe('suspensions', () => {
  it('an operator suspension refuses bets, shows as suspended to players, outlasts the feed, and is audited until resumed', async () => {
    const p = await player();
    const suspended = await boCall(t, admin, 'POST', `/bo/sportsbook/events/${fx(3)}/suspend`, {
      market: '1x2',
      reason: 'news',
    });
    expect(suspended.status).toBe(200);
    expect(suspended.value.markets[0].suspended).toBe(true);
    let bet = await place(p.token, { selections: [sel(3)] });
    expect([bet.status, bet.code]).toEqual([409, 'SPORTS_SELECTION_CLOSED']);
    const shown = await call(t, { method: 'GET', url: `/wps/sports/events/${fx(3)}` });
    expect(shown.value.markets[0].status).toBe('suspended');
    expect(shown.value.markets[0].outcomes.every((o: { open: boolean }) => !o.open)).toBe(true);
    // Another merchant's players would still see it open: the suspension is this merchant's.
    const listed = await call(t, { method: 'GET', url: '/wps/sports/events?sport=football' });
    expect(listed.value.find((e: { id: string }) => e.id === fx(3)).markets[0].status).toBe('suspended');

    // The feed reopens the market with new odds: the operator's suspension stands.
    await t.ctx.db.transaction().execute((trx) =>
      applyMessage(trx, {
        type: 'odds_change',
        producer: 'prematch',
        ts: Date.now(),
        fixtureId: fx(3),
        fixtureStatus: 'not_started',
        markets: [
          {
            key: '1x2',
            specifiers: '',
            status: 'active',
            outcomes: (['home', 'draw', 'away'] as const).map((id) => ({ id, odds: ODDS[id], active: true })),
          },
        ],
      }),
    );
    bet = await place(p.token, { selections: [sel(3)] });
    expect(bet.code).toBe('SPORTS_SELECTION_CLOSED');
    // Twice changes nothing and writes one audit row.
    await boCall(t, admin, 'POST', `/bo/sportsbook/events/${fx(3)}/suspend`, { market: '1x2' });
    expect(await auditRows('sportsbook.suspend')).toEqual([
      expect.objectContaining({ target_id: `${fx(3)}|1x2|`, reason: 'news' }),
    ]);

    const resumed = await boCall(t, admin2, 'POST', `/bo/sportsbook/events/${fx(3)}/resume`, {
      market: '1x2',
    });
    expect(resumed.value.markets[0].suspended).toBe(false);
    expect((await place(p.token, { selections: [sel(3)] })).status).toBe(200);
    expect(await auditRows('sportsbook.resume')).toHaveLength(1);

    // The whole event.
    await boCall(t, admin, 'POST', `/bo/sportsbook/events/${fx(4)}/suspend`, { reason: 'integrity' });
    bet = await place(p.token, { type: 'multiple', selections: [sel(3), sel(4)] });
    expect([bet.code, bet.details?.index]).toEqual(['SPORTS_SELECTION_CLOSED', 1]);
    const list = await boCall(
      t,
      admin,
      'GET',
      `/bo/sportsbook/events?q=${encodeURIComponent(`Home4 ${run}`)}`,
    );
    expect(list.value.list[0].suspended).toBe(true);
    expect(
      (await call(t, { method: 'GET', url: `/wps/sports/events/${fx(4)}` })).value.markets[0].status,
    ).toBe('suspended');
    await boCall(t, admin, 'POST', `/bo/sportsbook/events/${fx(4)}/resume`, {});
    expect((await place(p.token, { selections: [sel(4)] })).status).toBe(200);
    expect(
      (await boCall(t, admin, 'POST', `/bo/sportsbook/events/${fx(4)}/suspend`, { market: 'nope' })).code,
    ).toBe('SPORTS_MARKET_NOT_FOUND');
  });
});

describe('limits', () => {
  it('edits the merchant, per-sport and per-player limits (audited) and bet placement refuses over them', async () => {
    const [p, q] = [await player(), await player()];
    const before = await boCall(t, admin, 'GET', '/bo/sportsbook/limits');
    expect(before.value).toMatchObject({
      minStakeMinor: 100,
      maxStakeMinor: 1_000_000,
      maxPayoutMinor: 10_000_000,
      betDelayMs: 5_000,
      sports: [],
      players: [],
    });

    const set = await boCall(t, admin, 'PUT', '/bo/sportsbook/limits', {
      minStakeMinor: 200,
      sports: [{ sport: 'football', maxStakeMinor: 5_000, maxPayoutMinor: 9_000 }],
      players: [{ account: p.account, maxStakeMinor: 300 }],
    });
    expect(set.status).toBe(200);
    expect(set.value).toMatchObject({
      minStakeMinor: 200,
      sports: [{ sport: 'football', maxStakeMinor: 5_000, maxPayoutMinor: 9_000 }],
      players: [{ account: p.account, maxStakeMinor: 300 }],
    });
    const [audit] = await auditRows('sportsbook.limits.update');
    expect(audit?.before).toMatchObject({ minStakeMinor: 100, sports: [] });
    expect(audit?.after).toMatchObject({ minStakeMinor: 200 });

    expect((await place(q.token, { selections: [sel(5)], stakeMinor: 150 })).code).toBe(
      'SPORTS_STAKE_TOO_SMALL',
    );
    const sport = await place(q.token, { selections: [sel(5)], stakeMinor: 5_001 });
    expect([sport.code, sport.details?.sport]).toEqual(['SPORTS_STAKE_TOO_LARGE', 'football']);
    // 4,500 at 2.00 returns 9,000 (at the limit); 4,600 returns 9,200.
    expect((await place(q.token, { selections: [sel(5)], stakeMinor: 4_500 })).status).toBe(200);
    expect((await place(q.token, { selections: [sel(5)], stakeMinor: 4_600 })).code).toBe(
      'SPORTS_PAYOUT_TOO_LARGE',
    );
    const own = await place(p.token, { selections: [sel(5)], stakeMinor: 301 });
    expect([own.code, own.details?.maxStakeMinor]).toEqual(['SPORTS_STAKE_TOO_LARGE', 300]);
    expect((await place(p.token, { selections: [sel(5)], stakeMinor: 300 })).status).toBe(200);

    const bad = await boCall(t, admin, 'PUT', '/bo/sportsbook/limits', { minStakeMinor: 2_000_000 });
    expect([bad.status, bad.code]).toEqual([400, 'SPORTS_LIMITS_INVALID']);
    const nobody = await boCall(t, admin, 'PUT', '/bo/sportsbook/limits', {
      players: [{ account: 'nobody-here', maxStakeMinor: 1 }],
    });
    expect([nobody.status, nobody.code]).toEqual([404, 'SPORTS_PLAYER_NOT_FOUND']);
    expect(await auditRows('sportsbook.limits.update')).toHaveLength(1);

    const back = await boCall(t, admin, 'PUT', '/bo/sportsbook/limits', {
      minStakeMinor: 100,
      sports: [{ sport: 'football', maxStakeMinor: null, maxPayoutMinor: null }],
      players: [{ account: p.account, maxStakeMinor: null }],
    });
    expect(back.value).toMatchObject({ minStakeMinor: 100, sports: [], players: [] });
    expect((await place(p.token, { selections: [sel(5)], stakeMinor: 6_000 })).status).toBe(200);
  });
});

describe('manual results by two operators', () => {
  const factsOf = async (i: number) =>
    t.ctx.db.selectFrom('sb_feed_facts').selectAll().where('fixture_id', '=', fx(i)).orderBy('id').execute();
  /** A manual result (or rollback) of event `i`'s 1x2 proposed by the operator `token`. */
  const propose = (token: string, i: number, body: unknown) =>
    boCall(t, token, 'POST', `/bo/sportsbook/events/${fx(i)}/results`, body);
  const settle = (outcomes: Array<[string, string]>, reason = 'feed down, official result') => ({
    kind: 'settle',
    market: '1x2',
    outcomes: outcomes.map(([id, result]) => ({ id, result })),
    reason,
  });

  it('validates that every outcome gets one result', async () => {
    const url = `/bo/sportsbook/events/${fx(6)}/results`;
    const missing = await boCall(
      t,
      admin,
      'POST',
      url,
      settle([
        ['home', 'win'],
        ['draw', 'lose'],
      ]),
    );
    expect([missing.status, missing.code, missing.details?.missing]).toEqual([
      400,
      'SPORTS_RESULT_INVALID',
      ['away'],
    ]);
    const unknown = await boCall(
      t,
      admin,
      'POST',
      url,
      settle([
        ['home', 'win'],
        ['draw', 'lose'],
        ['away', 'lose'],
        ['x', 'lose'],
      ]),
    );
    expect(unknown.details?.unknown).toEqual(['x']);
    const twice = await boCall(
      t,
      admin,
      'POST',
      url,
      settle([
        ['home', 'win'],
        ['home', 'lose'],
        ['draw', 'lose'],
        ['away', 'lose'],
      ]),
    );
    expect(twice.details?.duplicate).toEqual(['home']);
    expect(
      (await boCall(t, admin, 'POST', url, { ...settle([['home', 'win']]), market: 'total' })).code,
    ).toBe('SPORTS_MARKET_NOT_FOUND');
    expect(
      (await boCall(t, admin, 'POST', url, { kind: 'rollback', market: '1x2', reason: 'undo it' })).code,
    ).toBe('SPORTS_MARKET_NOT_SETTLED');
    expect(
      (
        await boCall(t, admin, 'POST', url, {
          ...settle([
            ['home', 'win'],
            ['draw', 'lose'],
            ['away', 'lose'],
          ]),
          reason: '',
        })
      ).code,
    ).toBe('VALIDATION_FAILED');
    expect(await factsOf(6)).toHaveLength(0);
    expect(await auditRows('sportsbook.result.propose')).toHaveLength(0);
  });

  it('the proposer cannot confirm; of 40 confirmations at once one applies, writing one fact per outcome as the feed would', async () => {
    const proposed = await propose(
      admin,
      7,
      settle([
        ['home', 'lose'],
        ['draw', 'win'],
        ['away', 'lose'],
      ]),
    );
    expect(proposed.status).toBe(200);
    const id = proposed.value.id;
    expect(
      (
        await propose(
          admin2,
          7,
          settle([
            ['home', 'win'],
            ['draw', 'lose'],
            ['away', 'lose'],
          ]),
        )
      ).code,
    ).toBe('SPORTS_RESULT_PENDING');
    const detail = await boCall(t, admin, 'GET', `/bo/sportsbook/events/${fx(7)}`);
    expect(detail.value.markets[0].pending).toMatchObject({
      id,
      kind: 'settle',
      reason: 'feed down, official result',
    });
    const same = await boCall(t, admin, 'POST', `/bo/sportsbook/results/${id}/confirm`);
    expect([same.status, same.code]).toEqual([409, 'SPORTS_RESULT_SAME_OPERATOR']);
    expect(await factsOf(7)).toHaveLength(0);

    const confirmers = [
      admin2,
      await operatorToken(t, 'admin'),
      await operatorToken(t, 'admin'),
      await operatorToken(t, 'admin'),
    ];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        boCall(t, confirmers[n % confirmers.length]!, 'POST', `/bo/sportsbook/results/${id}/confirm`),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 'SPORTS_RESULT_NOT_PENDING')).toHaveLength(39);

    const facts = await factsOf(7);
    expect(facts.map((x) => [x.kind, x.outcome_id, x.result, x.version, x.producer, x.seq])).toEqual([
      ['settle', 'home', 'lose', 1, 'operator', null],
      ['settle', 'draw', 'win', 1, 'operator', null],
      ['settle', 'away', 'lose', 1, 'operator', null],
    ]);
    const standing = await t.ctx.db
      .selectFrom('sb_feed_settlements')
      .selectAll()
      .where('fixture_id', '=', fx(7))
      .orderBy('outcome_id')
      .execute();
    expect(standing.map((s) => [s.outcome_id, s.result, s.standing])).toEqual([
      ['away', 'lose', true],
      ['draw', 'win', true],
      ['home', 'lose', true],
    ]);
    const settled = await boCall(t, admin, 'GET', `/bo/sportsbook/events/${fx(7)}`);
    expect(settled.value.markets[0]).toMatchObject({ status: 'settled', pending: null });
    expect(settled.value.markets[0].outcomes.map((o: { result: string }) => o.result)).toEqual([
      'lose',
      'win',
      'lose',
    ]);
    expect(await auditRows('sportsbook.result.propose')).toHaveLength(1);
    expect(await auditRows('sportsbook.result.confirm')).toEqual([
      expect.objectContaining({ target_id: `${fx(7)}|1x2|`, reason: 'feed down, official result' }),
    ]);
    const listed = await boCall(t, admin, 'GET', '/bo/sportsbook/results?status=applied');
    expect(listed.value.list[0]).toMatchObject({ id, status: 'applied', eventId: fx(7), market: '1x2' });

    // Rollback, then a resettlement: each through a second operator, each one fact per outcome.
    const rollback = await propose(admin2, 7, {
      kind: 'rollback',
      market: '1x2',
      reason: 'wrong result',
    });
    expect(
      (await boCall(t, admin, 'POST', `/bo/sportsbook/results/${rollback.value.id}/confirm`)).status,
    ).toBe(200);
    const resettle = await propose(
      admin,
      7,
      settle(
        [
          ['home', 'win'],
          ['draw', 'lose'],
          ['away', 'lose'],
        ],
        'corrected',
      ),
    );
    expect(
      (await boCall(t, admin2, 'POST', `/bo/sportsbook/results/${resettle.value.id}/confirm`)).status,
    ).toBe(200);
    const later = (await factsOf(7))
      .slice(3)
      .map((x) => [x.version, x.kind, x.outcome_id, x.result].join(' '));
    expect(later.sort()).toEqual([
      '2 rollback_settlement away ',
      '2 rollback_settlement draw ',
      '2 rollback_settlement home ',
      '3 settle away lose',
      '3 settle draw lose',
      '3 settle home win',
    ]);
  });

  it("a confirmed manual result is paid by bet settlement, as the feed's would be", async () => {
    const p = await player();
    const before = (await balanceOf(f, p.mainId)).balance;
    const [won, lost] = [
      await place(p.token, { selections: [sel(11, 'home')] }),
      await place(p.token, { selections: [sel(11, 'away')] }),
    ];
    expect([won.status, lost.status]).toEqual([200, 200]);
    const proposed = await propose(
      admin,
      11,
      settle([
        ['home', 'win'],
        ['draw', 'lose'],
        ['away', 'lose'],
      ]),
    );
    expect(
      (await boCall(t, admin2, 'POST', `/bo/sportsbook/results/${proposed.value.id}/confirm`)).status,
    ).toBe(200);
    await settleSportsBets(t.ctx.db, new Date());
    const bets = await t.ctx.db
      .selectFrom('sb_bets')
      .select(['status', 'payout_minor'])
      .where('member_id', '=', p.memberId)
      .orderBy('id')
      .execute();
    expect(bets.map((b) => [b.status, b.payout_minor])).toEqual([
      ['won', 2_000n],
      ['lost', 0n],
    ]);
    expect((await balanceOf(f, p.mainId)).balance).toBe(before - 2_000n + 2_000n);
    const detail = await boCall(t, admin, 'GET', `/bo/sportsbook/events/${fx(11)}`);
    expect(detail.value.markets[0].outcomes.map((o: { liabilityMinor: number }) => o.liabilityMinor)).toEqual(
      [0, 0, 0],
    );
  });

  it('a rejected proposal cannot be confirmed and writes nothing', async () => {
    const proposed = await propose(
      admin,
      8,
      settle([
        ['home', 'void'],
        ['draw', 'void'],
        ['away', 'void'],
      ]),
    );
    const rejected = await boCall(t, admin2, 'POST', `/bo/sportsbook/results/${proposed.value.id}/reject`, {
      reason: 'not official',
    });
    expect(rejected.status).toBe(200);
    const late = await boCall(t, admin2, 'POST', `/bo/sportsbook/results/${proposed.value.id}/confirm`);
    expect([late.status, late.code]).toEqual([409, 'SPORTS_RESULT_NOT_PENDING']);
    expect((await boCall(t, admin2, 'POST', '/bo/sportsbook/results/999999/confirm')).code).toBe(
      'SPORTS_RESULT_NOT_FOUND',
    );
    expect(await factsOf(8)).toHaveLength(0);
    expect(await auditRows('sportsbook.result.reject')).toEqual([
      expect.objectContaining({ reason: 'not official' }),
    ]);
  });
});

describe('big bets', () => {
  it('lists the bets at or over a threshold of stake or potential return, newest first', async () => {
    await boCall(t, admin, 'PUT', '/bo/sportsbook/limits', {
      bigStakeMinor: 50_000,
      bigReturnMinor: 200_000,
    });
    const p = await player();
    const big = await place(p.token, { selections: [sel(9)], stakeMinor: 50_000 });
    await place(p.token, { selections: [sel(9)], stakeMinor: 49_999 });
    const longShot = await place(p.token, { selections: [sel(10, 'away')], stakeMinor: 48_000 });
    const list = await boCall(t, admin, 'GET', '/bo/sportsbook/big-bets?pageSize=100');
    expect(list.status).toBe(200);
    const ids = list.value.list.map((b: { id: number }) => b.id);
    expect(ids.slice(0, 2)).toEqual([longShot.value.bets[0].id, big.value.bets[0].id].map(Number));
    expect(
      list.value.list.every(
        (b: { stakeMinor: number; potentialReturnMinor: number }) =>
          b.stakeMinor >= 50_000 || b.potentialReturnMinor >= 200_000,
      ),
    ).toBe(true);
    expect(list.value.list[0]).toMatchObject({
      account: p.account,
      kind: 'single',
      stakeMinor: 48_000,
      potentialReturnMinor: 201_600,
      legs: [{ eventId: fx(10), outcome: 'away', odds: ODDS.away }],
    });
  });
});
