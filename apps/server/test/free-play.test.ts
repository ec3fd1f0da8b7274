import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, createAuthTestApp } from '../src/modules/auth/auth.test-helpers.ts';
import { boCall, operatorToken } from '../src/modules/backoffice/backoffice.test-helpers.ts';
import { memberAccountId, transfer } from '../src/modules/ledger/index.ts';
import {
  balanceOf,
  expectVerified,
  type Fixture,
  fixture,
  fundedPlayer,
} from '../src/modules/ledger/ledger.test-helpers.ts';
import { scheduleAhead } from '../src/modules/lottery/lottery.draws.ts';
import type { TestApp } from './harness.ts';
import { expectIdempotentBurst } from './idempotent-burst.ts';
import { burst } from './password-checks.ts';

/**
 * Free play (issue 13, item 2): a trial account bets play money — its own currency in the ledger
 * ('XBRL' for a BRL merchant) — on the in-house games and the lotteries, tops it up, opens vendor
 * games in their demo mode, cannot reach the cashier, and never shows in real-money figures.
 */
let t: TestApp;
let f: Fixture;
let ips = 0;
beforeAll(async () => {
  t = await createAuthTestApp({ FREEPLAY3: true });
  f = await fixture(t);
});
afterAll(() => t?.close());
afterEach(() => expectVerified(t.ctx.db));

const START = 100_000; // R$ 1.000,00 of play money

async function trial() {
  ips += 1;
  const r = await call(t, {
    method: 'POST',
    url: '/wps/session/login/freeplay',
    payload: { platform: 'W' },
    ip: `10.77.${Math.floor(ips / 250)}.${ips % 250}`,
  });
  expect(r.status).toBe(200);
  const member = await t.ctx.db
    .selectFrom('members')
    .select(['id', 'currency'])
    .where('account', '=', r.value.account)
    .executeTakeFirstOrThrow();
  return { token: r.value.token as string, memberId: member.id, currency: member.currency };
}

const balance = (token: string) => call(t, { method: 'GET', url: '/wps/v2/wallets/balance', token });
const dice = (token: string, key = randomUUID(), amountMinor = 1_000, target = 50) =>
  call(t, {
    method: 'POST',
    url: '/wps/originals/dice/bet',
    token,
    payload: { amountMinor, target, direction: 'under', idempotencyKey: key },
  });
const topUp = (token: string, key = randomUUID()) =>
  call(t, {
    method: 'POST',
    url: '/wps/v2/wallets/play-money/top-up',
    token,
    payload: { idempotencyKey: key },
  });

/** Sum of the merchant's real-currency entries on house-side accounts: what real-money figures see. */
async function realHouseTotal(): Promise<bigint> {
  const rows = await t.ctx.db
    .selectFrom('ledger_accounts')
    .select(['balance_minor'])
    .where('merchant_id', '=', f.merchantId)
    .where('owner_type', '=', 'system')
    .where('currency', '=', f.currency)
    .execute();
  return rows.reduce((sum, r) => sum + BigInt(r.balance_minor), 0n);
}

describe('the play wallet', () => {
  it('a trial starts with play money in its own currency, labelled as such', async () => {
    const me = await trial();
    expect(me.currency).toBe(`X${f.currency}`);
    const b = await balance(me.token);
    expect(b.value).toMatchObject({
      balanceMinor: START,
      playMoney: true,
      ledgerCurrency: `X${f.currency}`,
      currency: f.currency,
    });
    // Read twice (the grant is keyed once per member): still the starting amount.
    expect((await balance(me.token)).value.balanceMinor).toBe(START);
  });

  it('a real account reads real money and cannot top up play money', async () => {
    const real = await fundedPlayer(t, f, 'fpreal', 5_000n);
    const b = await balance(real.token);
    expect(b.value).toMatchObject({ balanceMinor: 5_000, playMoney: false, ledgerCurrency: f.currency });
    const r = await topUp(real.token);
    expect([r.status, r.code]).toEqual([403, 'PLAY_MONEY_ONLY']);
    expect((r as { message?: string }).message).toBeTruthy();
  });

  it('play money can never move into a real account (the ledger refuses the currency)', async () => {
    const me = await trial();
    const play = await memberAccountId(t.ctx.db, me.memberId, f.merchantId, 'main', me.currency);
    const real = await fundedPlayer(t, f, 'fpmix', 0n);
    await expect(
      transfer(t.ctx.db, {
        merchantId: f.merchantId,
        idempotencyKey: randomUUID(),
        code: 'transfer',
        debitAccountId: play,
        creditAccountId: real.mainId,
        amountMinor: 100n,
        currency: me.currency,
      }),
    ).rejects.toMatchObject({ code: 'LEDGER_CURRENCY_MISMATCH' });
  });
});

describe('playing with play money', () => {
  it('dice wins and loses move the play balance, on the trial’s own seed pair, verifiable', async () => {
    const me = await trial();
    const fairness = await call(t, { method: 'GET', url: '/wps/originals/fairness', token: me.token });
    expect(fairness.status).toBe(200);
    let expected = START;
    for (let i = 0; i < 8; i++) {
      const r = await dice(me.token);
      expect(r.status).toBe(200);
      expect(r.value.currency).toBe(`X${f.currency}`);
      expect(r.value.nonce).toBe(i);
      expect(r.value.serverSeedHash).toBe(fairness.value.serverSeedHash);
      expected += r.value.payoutMinor - 1_000;
      expect(r.value.balanceAfterMinor).toBe(expected);
    }
    expect((await balance(me.token)).value.balanceMinor).toBe(expected);
    const rotated = await call(t, {
      method: 'POST',
      url: '/wps/originals/fairness/rotate',
      token: me.token,
      payload: {},
    });
    expect(rotated.value.revealed.nonceCount).toBe(8);
  });

  it('50 copies of one dice bet at once: one round, the stake once', async () => {
    const me = await trial();
    const main = await memberAccountId(t.ctx.db, me.memberId, f.merchantId, 'main', me.currency);
    const key = randomUUID();
    await expectIdempotentBurst(() => dice(me.token, key), {
      db: t.ctx.db,
      balance: async () => (await balanceOf(f, main)).balance,
      moved: (first) => {
        const v = first.value as { payoutMinor: number };
        return BigInt(v.payoutMinor - 1_000);
      },
    });
  });

  it('mines and a fast-draw lottery slip take play money too', async () => {
    const me = await trial();
    const mines = await call(t, {
      method: 'POST',
      url: '/wps/originals/mines/start',
      token: me.token,
      payload: { amountMinor: 500, mines: 3, idempotencyKey: randomUUID() },
    });
    expect(mines.status).toBe(200);
    await scheduleAhead(t.ctx.db, t.clock.now(), { scheduleAheadMinutes: 30 });
    const game = await call(t, { method: 'GET', url: '/wps/lottery/games/FD5_1M' });
    const slip = await call(t, {
      method: 'POST',
      url: '/wps/lottery/bets',
      token: me.token,
      payload: {
        gameCode: 'FD5_1M',
        drawNo: game.value.openDraw.drawNo,
        tickets: [
          { playType: '5D_POSITION', selection: [[1], [], [], [], []], unitStakeMinor: 100, multiple: 1 },
        ],
        idempotencyKey: randomUUID(),
      },
    });
    expect(slip.status).toBe(200);
    expect((await balance(me.token)).value.balanceMinor).toBe(START - 500 - 100);
  });

  it('the top-up brings the play balance back to the start, once, under concurrent and repeated calls', async () => {
    const me = await trial();
    // Down below the start: each round stakes the excess over it plus one on a 10 % chance, so a loss
    // (nine rounds in ten) lands just under the start. Even-money rounds of a fixed stake are a random
    // walk that can stay above the start for thousands of rounds (it once ran past 60 s on PGlite).
    const lose = async () => {
      for (let b = await balanceNow(); b >= START; b = await balanceNow())
        expect((await dice(me.token, randomUUID(), b - START + 1, 10)).status).toBe(200);
    };
    const balanceNow = async () => (await balance(me.token)).value.balanceMinor as number;
    await lose();
    const low = (await balance(me.token)).value.balanceMinor as number;
    // 20 top-ups with different keys at once: together they add the difference once.
    const answers = await Promise.all(Array.from({ length: 20 }, () => topUp(me.token)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const added = answers.reduce((sum, a) => sum + (a.value.toppedUpMinor as number), 0);
    expect(added).toBe(START - low);
    expect((await balance(me.token)).value.balanceMinor).toBe(START);
    // One key sent 50 times once the balance is below the start: the difference moves once, every
    // copy answers the same.
    await lose();
    const main = await memberAccountId(t.ctx.db, me.memberId, f.merchantId, 'main', me.currency);
    const key = randomUUID();
    const first = await expectIdempotentBurst(() => topUp(me.token, key), {
      db: t.ctx.db,
      balance: async () => (await balanceOf(f, main)).balance,
      moved: (answer) => BigInt((answer.value as { toppedUpMinor: number }).toppedUpMinor),
    });
    expect(first.value.toppedUpMinor).toBeGreaterThan(0);
    expect((await balance(me.token)).value.balanceMinor).toBe(START);
  });
});

describe('kept apart from real money', () => {
  it('trial bets leave the real-currency house, the back office’s draw totals and the cashier untouched', async () => {
    const beforeHouse = await realHouseTotal();
    const me = await trial();
    for (let i = 0; i < 5; i++) expect((await dice(me.token)).status).toBe(200);
    expect(await realHouseTotal()).toBe(beforeHouse);

    // One real and one trial slip on the same draw: the back office counts the real one only.
    await scheduleAhead(t.ctx.db, t.clock.now(), { scheduleAheadMinutes: 30 });
    const game = await call(t, { method: 'GET', url: '/wps/lottery/games/FD5_1M' });
    const drawNo = game.value.openDraw.drawNo as string;
    const slip = (stake: number) => ({
      gameCode: 'FD5_1M',
      drawNo,
      tickets: [
        { playType: '5D_POSITION', selection: [[3], [], [], [], []], unitStakeMinor: stake, multiple: 1 },
      ],
      idempotencyKey: randomUUID(),
    });
    const bo = await operatorToken(t);
    const totals = async () => {
      const page = await boCall(t, bo, 'GET', '/bo/lottery/draws?gameCode=FD5_1M&pageSize=50');
      const draw = (page.value.list as { drawNo: string; ticketCount: number; stakeMinor: number }[]).find(
        (d) => d.drawNo === drawNo,
      );
      return { tickets: draw?.ticketCount ?? 0, stake: draw?.stakeMinor ?? 0 };
    };
    const before = await totals();
    const real = await fundedPlayer(t, f, 'fpdraw', 10_000n);
    expect(
      (await call(t, { method: 'POST', url: '/wps/lottery/bets', token: real.token, payload: slip(200) }))
        .status,
    ).toBe(200);
    expect(
      (await call(t, { method: 'POST', url: '/wps/lottery/bets', token: me.token, payload: slip(300) }))
        .status,
    ).toBe(200);
    expect(await totals()).toEqual({ tickets: before.tickets + 1, stake: before.stake + 200 });

    // Records of its own: the trial's P&L shows its rounds, in play money.
    const own = await t.ctx.db
      .selectFrom('bet_records')
      .select(['currency'])
      .where('member_id', '=', me.memberId)
      .execute();
    expect(own.length).toBeGreaterThanOrEqual(6);
    expect(new Set(own.map((r) => r.currency))).toEqual(new Set([`X${f.currency}`]));

    for (const url of ['/wps/cashier/deposit', '/wps/cashier/withdraw']) {
      const r = await call(t, { method: 'POST', url, token: me.token, payload: {} });
      expect([r.status, r.code]).toEqual([403, 'AUTH_TRIAL_ACCOUNT']);
    }
  });
});

describe('vendor games and other members', () => {
  it('a vendor game opens in its demo mode (no wallet session); a vendor without one says register', async () => {
    const me = await trial();
    const list = await call(t, { method: 'GET', url: '/lgw/games/game_list?vassalage=sorte-ref&pageSize=5' });
    const ref = list.value.games[0] as { gameId: number; freePlay: boolean };
    expect(ref.freePlay).toBe(true);
    const launch = await call(t, {
      method: 'GET',
      url: `/wps/game/launchGame?gameId=${ref.gameId}`,
      token: me.token,
    });
    expect(launch.status).toBe(200);
    const url = new URL(launch.value.game_url);
    expect(url.searchParams.get('demo')).toBe('1');
    expect(url.searchParams.get('currency')).toBe(f.currency);
    expect(url.searchParams.has('token')).toBe(false);
    const sessions = await t.ctx.db
      .selectFrom('vendor_sessions')
      .select('id')
      .where('member_id', '=', me.memberId)
      .execute();
    expect(sessions).toEqual([]);

    await t.ctx.db
      .updateTable('game_vendors')
      .set({ free_play: false })
      .where('code', '=', 'sorte-ref')
      .execute();
    try {
      const refused = await call(t, {
        method: 'GET',
        url: `/wps/game/launchGame?gameId=${ref.gameId}`,
        token: me.token,
      });
      expect([refused.status, refused.code]).toEqual([403, 'AUTH_TRIAL_ACCOUNT']);
    } finally {
      await t.ctx.db
        .updateTable('game_vendors')
        .set({ free_play: true })
        .where('code', '=', 'sorte-ref')
        .execute();
    }
  });

  it('a trial reads only its own rounds', async () => {
    const other = await fundedPlayer(t, f, 'fpother', 10_000n);
    const round = await dice(other.token);
    const me = await trial();
    const peek = await call(t, {
      method: 'GET',
      url: `/wps/originals/rounds/${round.value.id}`,
      token: me.token,
    });
    expect(peek.status).toBe(404);
  });

  it('40 free-play starts at once from one address: 20 accounts, 20 refused', async () => {
    const answers = await burst(40, () =>
      call(t, {
        method: 'POST',
        url: '/wps/session/login/freeplay',
        payload: { platform: 'W' },
        ip: '10.78.0.1',
      }),
    );
    const tally = (code: string | undefined) => answers.filter((a) => (a.code ?? 'ok') === code).length;
    expect([tally('ok'), tally('AUTH_THROTTLED')]).toEqual([20, 20]);
  });
});
