import { createHash, randomBytes } from 'node:crypto';
import { PLAYS_BY_FAMILY } from '@sorte/lottery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { boCall, operatorToken } from '../backoffice/backoffice.test-helpers.ts';
import { MERCHANT_BROADCAST_CHANNEL } from '../realtime/index.ts';
import {
  balanceOf,
  expectVerified,
  type Fixture,
  fixture,
  fundedPlayer,
} from '../ledger/ledger.test-helpers.ts';
import { createTestGame, openTestDraw, placeTestBet } from './lottery.test-helpers.ts';

let t: TestApp;
let f: Fixture;
let bo: string;
beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
  bo = await operatorToken(t, 'admin');
});
afterAll(() => t.close());

async function auditOf(action: string, targetId: string) {
  return t.ctx.db
    .selectFrom('audit_log')
    .select(['before', 'after', 'reason', 'operator_name'])
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();
}

describe('games', () => {
  it('lists every game with its settings and its family’s play types; operators only', async () => {
    const r = await boCall(t, bo, 'GET', '/bo/lottery/games');
    expect(r.status).toBe(200);
    const fd5 = r.value.list.find((g: { gameCode: string }) => g.gameCode === 'FD5_1M');
    expect(fd5).toMatchObject({
      family: 'FIVE_DIGIT',
      nameEn: 'Fast 5D 1 min',
      namePt: 'Rápido 5D 1 min',
      intervalMinutes: 1,
      closeSeconds: 10,
      utcOffsetMinutes: -180,
      minUnitStakeMinor: 10,
      maxTicketStakeMinor: 500_000,
      enabled: true,
      playLimits: { '5D_BACK3_STRAIGHT': { maxTicketStakeMinor: 200_000 } },
    });
    expect(fd5.playTypes).toEqual(PLAYS_BY_FAMILY.FIVE_DIGIT.map((p) => p.code));
    expect((await boCall(t, null, 'GET', '/bo/lottery/games')).status).toBe(401);
    const support = await operatorToken(t, 'support');
    expect((await boCall(t, support, 'GET', '/bo/lottery/games')).code).toBe('BO_FORBIDDEN');
    expect((await boCall(t, support, 'PUT', '/bo/lottery/games/FD5_1M', { enabled: false })).code).toBe(
      'BO_FORBIDDEN',
    );
  });

  it('changes a game and audits it before and after; players see the change', async () => {
    const r = await boCall(t, bo, 'PUT', '/bo/lottery/games/K3_3M', {
      closeSeconds: 45,
      minUnitStakeMinor: 20,
      playLimits: { K3_SUM: { minUnitStakeMinor: 50, maxTicketStakeMinor: 10_000 } },
      maxChaseDraws: 30,
      sortOrder: -5,
      defaultPlayType: 'K3_BSOE',
    });
    expect(r.status).toBe(200);
    expect(r.value).toMatchObject({
      gameCode: 'K3_3M',
      closeSeconds: 45,
      minUnitStakeMinor: 20,
      maxTicketStakeMinor: 500_000,
      playLimits: { K3_SUM: { minUnitStakeMinor: 50, maxTicketStakeMinor: 10_000 } },
      maxChaseDraws: 30,
      sortOrder: -5,
      defaultPlayType: 'K3_BSOE',
    });
    const [audit] = await auditOf('lottery.game.update', 'K3_3M');
    expect(audit?.before).toMatchObject({ closeSeconds: 20, minUnitStakeMinor: 10, sortOrder: 40 });
    expect(audit?.after).toMatchObject({ closeSeconds: 45, minUnitStakeMinor: 20, sortOrder: -5 });

    const games = await t.app.inject({ method: 'GET', url: '/wps/lottery/games' });
    expect(games.json().value[0]).toMatchObject({ gameCode: 'K3_3M', closeSeconds: 45, maxChaseDraws: 30 });
    const detail = (await t.app.inject({ method: 'GET', url: '/wps/lottery/games/K3_3M' })).json().value;
    const sum = detail.playTypes.find((p: { code: string }) => p.code === 'K3_SUM');
    expect(sum).toMatchObject({ minUnitStakeMinor: 50, maxTicketStakeMinor: 10_000 });

    const off = await boCall(t, bo, 'PUT', '/bo/lottery/games/K3_3M', { enabled: false });
    expect(off.value.enabled).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/wps/lottery/games/K3_3M' })).statusCode).toBe(404);
    await boCall(t, bo, 'PUT', '/bo/lottery/games/K3_3M', { enabled: true });
    expect(await auditOf('lottery.game.update', 'K3_3M')).toHaveLength(3);
  });

  it('refuses a closing time not below the interval, unknown play types and inverted limits', async () => {
    const refused = async (body: unknown) => {
      const r = await boCall(t, bo, 'PUT', '/bo/lottery/games/PK10_1M', body);
      expect(r.status).toBe(400);
      expect(r.code).toBe('VALIDATION_FAILED');
      return ((r.details?.fields ?? []) as { field: string; key: string }[]).map((x) => x.field);
    };
    expect(await refused({ closeSeconds: 60 })).toEqual(['closeSeconds']);
    expect(await refused({ closeSeconds: 300 })).toContain('closeSeconds');
    // A play type of another family, and one of no family.
    expect(await refused({ playLimits: { K3_SUM: { maxTicketStakeMinor: 100 } } })).toEqual([
      'playLimits.K3_SUM',
    ]);
    expect(await refused({ playLimits: { NOPE: {} } })).toEqual(['playLimits.NOPE']);
    expect(await refused({ defaultPlayType: '5D_POSITION' })).toEqual(['defaultPlayType']);
    expect(await refused({ minUnitStakeMinor: 600_000 })).toEqual(['minUnitStakeMinor']);
    expect(
      await refused({ playLimits: { PK10_POSITION: { minUnitStakeMinor: 500, maxTicketStakeMinor: 100 } } }),
    ).toEqual(['playLimits.PK10_POSITION.minUnitStakeMinor']);
    expect(await refused({ maxChaseDraws: 0 })).toEqual(['maxChaseDraws']);
    // Nothing changed, nothing audited.
    expect(await auditOf('lottery.game.update', 'PK10_1M')).toEqual([]);
    const unchanged = await boCall(t, bo, 'GET', '/bo/lottery/games');
    expect(unchanged.value.list.find((g: { gameCode: string }) => g.gameCode === 'PK10_1M')).toMatchObject({
      closeSeconds: 10,
      playLimits: {},
    });
    expect((await boCall(t, bo, 'PUT', '/bo/lottery/games/NOPE', { enabled: true })).code).toBe(
      'LOTTERY_GAME_NOT_FOUND',
    );
  });
});

describe('draws', () => {
  it('pages the draws newest first, by game and status, with their seeds only once drawn', async () => {
    const game = await t.ctx.db
      .selectFrom('lottery_games')
      .select('id')
      .where('merchant_id', '=', f.merchantId)
      .where('code', '=', 'SD11_3M')
      .executeTakeFirstOrThrow();
    const base = Date.UTC(2026, 0, 10, 12, 0, 0);
    const seeds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const seed = randomBytes(32).toString('hex');
      seeds.push(seed);
      const drawn = i < 2;
      await t.ctx.db
        .insertInto('lottery_draws')
        .values({
          merchant_id: f.merchantId,
          game_id: game.id,
          draw_no: `20260110-${String(180 + i).padStart(4, '0')}`,
          closes_at: new Date(base + i * 180_000 - 20_000),
          draws_at: new Date(base + i * 180_000),
          commitment: createHash('sha256').update(seed).digest('hex'),
          server_seed: seed,
          result: drawn ? JSON.stringify([1, 2, 3, 4, 5]) : null,
          status: drawn ? 'drawn' : 'scheduled',
          drawn_at: drawn ? new Date(base + i * 180_000) : null,
        })
        .execute();
    }
    const page = await boCall(t, bo, 'GET', '/bo/lottery/draws?gameCode=SD11_3M&pageSize=2');
    expect(page.value).toMatchObject({ total: 3, totalPages: 2, pageNo: 1, pageSize: 2 });
    expect(page.value.list.map((d: { drawNo: string }) => d.drawNo)).toEqual([
      '20260110-0182',
      '20260110-0181',
    ]);
    expect(page.value.list[0]).toMatchObject({
      status: 'scheduled',
      serverSeed: null,
      ticketCount: 0,
      stakeMinor: 0,
    });
    expect(page.value.list[1]).toMatchObject({
      status: 'drawn',
      serverSeed: seeds[1],
      result: [1, 2, 3, 4, 5],
    });
    const drawn = await boCall(t, bo, 'GET', '/bo/lottery/draws?gameCode=SD11_3M&status=drawn');
    expect(drawn.value.total).toBe(2);
    // A draw hours ahead stays out of the unfiltered list (it would head it) but leads the scheduled ones.
    const now = t.clock.now().getTime();
    const ahead = randomBytes(32).toString('hex');
    await t.ctx.db
      .insertInto('lottery_draws')
      .values({
        merchant_id: f.merchantId,
        game_id: game.id,
        draw_no: '29991231-0001',
        closes_at: new Date(now + 2 * 3600_000 - 20_000),
        draws_at: new Date(now + 2 * 3600_000),
        commitment: createHash('sha256').update(ahead).digest('hex'),
        server_seed: ahead,
      })
      .execute();
    const unfiltered = await boCall(t, bo, 'GET', '/bo/lottery/draws?gameCode=SD11_3M&pageSize=50');
    expect(unfiltered.value.list.map((d: { drawNo: string }) => d.drawNo)).not.toContain('29991231-0001');
    const scheduled = await boCall(
      t,
      bo,
      'GET',
      '/bo/lottery/draws?gameCode=SD11_3M&status=scheduled&pageSize=50',
    );
    const order = scheduled.value.list.map((d: { drawsAt: string }) => Date.parse(d.drawsAt));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(scheduled.value.list.at(-1).drawNo).toBe('29991231-0001');
    expect((await boCall(t, bo, 'GET', '/bo/lottery/draws?status=nope')).code).toBe('VALIDATION_FAILED');
    expect((await boCall(t, null, 'GET', '/bo/lottery/draws')).status).toBe(401);
  });
});

describe('cancelling a draw', () => {
  it('refunds every pending ticket, audits before and after with the reason, and only once', async () => {
    const game = await createTestGame(t.ctx.db, f.merchantId);
    const draw = await openTestDraw(t.ctx.db, game, t.clock);
    const a = await fundedPlayer(t, f, 'lcancel', 5_000n);
    const b = await fundedPlayer(t, f, 'lcancel', 5_000n);
    const currency = f.currency;
    await placeTestBet(t.ctx.db, { memberId: a.memberId, merchantId: f.merchantId, currency }, game, t.clock);
    await placeTestBet(
      t.ctx.db,
      { memberId: b.memberId, merchantId: f.merchantId, currency },
      game,
      t.clock,
      {
        tickets: [
          {
            playType: '5D_POSITION',
            selection: [[1, 2, 3], [], [], [], []],
            unitStakeMinor: 100,
            multiple: 2,
          },
        ],
      },
    );
    expect((await balanceOf(f, b.mainId)).balance).toBe(5_000n - 600n);

    const id = String(draw.id);
    const pushed: string[] = [];
    await t.ctx.bus.subscribe(MERCHANT_BROADCAST_CHANNEL, (raw) => {
      const { message } = JSON.parse(raw);
      if (message?.type === 'lottery.draw' && message.draw.gameCode === game.code)
        pushed.push(message.draw.status);
    });
    expect((await boCall(t, bo, 'POST', `/bo/lottery/draws/${id}/cancel`, { reason: 'x' })).code).toBe(
      'VALIDATION_FAILED',
    );
    const support = await operatorToken(t, 'support');
    expect(
      (await boCall(t, support, 'POST', `/bo/lottery/draws/${id}/cancel`, { reason: 'feed down' })).code,
    ).toBe('BO_FORBIDDEN');
    const r = await boCall(t, bo, 'POST', `/bo/lottery/draws/${id}/cancel`, { reason: 'feed down' });
    expect(r.status).toBe(200);
    expect(r.value).toMatchObject({
      id,
      gameCode: game.code,
      status: 'cancelled',
      cancelReason: 'feed down',
      serverSeed: null,
      ticketCount: 2,
      stakeMinor: 700,
      payoutMinor: 0,
    });
    expect((await balanceOf(f, a.mainId)).balance).toBe(5_000n);
    expect((await balanceOf(f, b.mainId)).balance).toBe(5_000n);
    // The game's players hear of it at once (their screens show the draw cancelled).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pushed).toEqual(['cancelled']);
    const tickets = await t.ctx.db
      .selectFrom('lottery_tickets')
      .select('status')
      .where('draw_id', '=', draw.id)
      .execute();
    expect(tickets.map((x) => x.status)).toEqual(['cancelled', 'cancelled']);

    const audit = await auditOf('lottery.draw.cancel', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      reason: 'feed down',
      before: { status: 'scheduled', ticketCount: 2, stakeMinor: 700 },
      after: { status: 'cancelled', ticketCount: 2 },
    });

    const again = await boCall(t, bo, 'POST', `/bo/lottery/draws/${id}/cancel`, { reason: 'feed down' });
    expect(again.code).toBe('LOTTERY_DRAW_NOT_CANCELLABLE');
    expect(
      (await boCall(t, bo, 'POST', '/bo/lottery/draws/999999999/cancel', { reason: 'nothing' })).code,
    ).toBe('LOTTERY_DRAW_NOT_FOUND');
    expect(await auditOf('lottery.draw.cancel', id)).toHaveLength(1);
    await expectVerified(t.ctx.db);
  });
});
