import { teamBetsResponse, teamMembersResponse, teamOverview, teamProfitResponse } from '@sorte/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp, login, registerUser, setFlags } from '../auth/auth.test-helpers.ts';
import { hashPassword } from '../auth/index.ts';
import { memberAccountId } from '../ledger/index.ts';
import { expectVerified, fixture, fund } from '../ledger/ledger.test-helpers.ts';
import { blankMemberDraft, createMember, findMemberByAccount } from '../members/index.ts';
import { recordBet } from '../records/index.ts';
import { catchUpRollups } from '../records/records.test-helpers.ts';
import { seedDemoTeam } from './team.seed.ts';

/**
 * The agent centre's read side and registration centre, on a small tree:
 *
 *   alpha (agent) ── alphasub (agent, made in the registration centre) ── subplayer
 *                 └─ alphaplay (player)
 *   bravo (agent) ── bravoplay (player)
 */
let t: TestApp;
let merchantId: string;
let currency: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let bravoLink: string;

async function topAgent(account: string) {
  const now = t.clock.now();
  const draft = blankMemberDraft(
    {
      merchant_id: merchantId,
      account,
      password_hash: await hashPassword('agent123'),
      currency,
      register_method: 'SEED',
    },
    now,
  );
  const agent = await createMember(t.ctx.db, { ...draft, type: 1 });
  ids[account] = agent.id;
  tokens[account] = (await login(t, account, 'agent123')).value.token;
}

const get = (who: string, url: string) => call(t, { method: 'GET', url, token: tokens[who] });
const post = (who: string, url: string, payload: unknown) =>
  call(t, { method: 'POST', url, token: tokens[who], payload });

async function downline(by: string, kind: 'player' | 'agent', account: string) {
  const r = await post(by, '/wps/agent/team/members', { kind, account, password: 'member123' });
  expect([r.status, r.code]).toEqual([200, undefined]);
  ids[account] = r.value.id;
  tokens[account] = (await login(t, account, 'member123')).value.token;
}

async function settledBet(account: string, stakeMinor: bigint, payoutMinor: bigint, ref: string) {
  await recordBet(t.ctx.db, {
    merchantId,
    memberId: ids[account]!,
    source: 'originals',
    sourceRef: `team-${ref}`,
    category: 'RNG',
    vendor: 'SORTE',
    gameCode: 'dice',
    currency,
    stakeMinor,
    payoutMinor,
    status: 'settled',
    at: t.clock.now(),
  });
}

beforeAll(async () => {
  t = await createAuthTestApp({ USERNAMEREG3: true, agentCentre: true });
  const merchant = await t.ctx.db
    .selectFrom('merchants')
    .select(['id', 'currency'])
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  merchantId = merchant.id;
  currency = merchant.currency;
  await topAgent('alpha');
  await topAgent('bravo');
  await downline('alpha', 'agent', 'alphasub');
  await downline('alpha', 'player', 'alphaplay');
  await downline('alphasub', 'player', 'subplayer');
  await downline('bravo', 'player', 'bravoplay');
  await settledBet('subplayer', 10_000n, 4_000n, '1');
  await settledBet('alphaplay', 5_000n, 12_000n, '2');
  await settledBet('bravoplay', 7_000n, 0n, '3');
  await catchUpRollups(t.ctx.db);
  bravoLink = (await post('bravo', '/wps/agent/invite-links', { kind: 'player' })).value.id;
});
afterAll(() => t.close());

describe('agent centre: the team', () => {
  test('overview: team size, new and active members and the bets of today, from the rollups', async () => {
    const r = await get('alpha', '/wps/agent/team/overview');
    const overview = teamOverview.parse(r.value);
    expect([overview.teamSize, overview.directMembers, overview.directAgents]).toEqual([3, 2, 1]);
    const today = overview.periods.find((p) => p.period === 'today')!;
    expect(today).toMatchObject({
      newMembers: 3,
      activeMembers: 2,
      bets: 2,
      validStakeMinor: 15_000,
      payoutMinor: 16_000,
      profitMinor: 1_000,
    });
    expect(overview.series).toHaveLength(30);
    expect(overview.series.at(-1)).toMatchObject({ day: today.dateFrom, validStakeMinor: 15_000 });
  });

  test('team management: direct members, the whole team, a sub-team by drilling in, search and kind filters', async () => {
    const direct = teamMembersResponse.parse(
      (await get('alpha', '/wps/agent/team/members?sort=account&order=asc')).value,
    );
    expect(direct.list.map((m) => [m.account, m.isAgent, m.depth, m.teamSize])).toEqual([
      ['alphaplay', false, 1, 0],
      ['alphasub', true, 1, 1],
    ]);
    const all = (await get('alpha', '/wps/agent/team/members?scope=all&sort=account&order=asc')).value;
    expect(all.list.map((m: { account: string; depth: number }) => [m.account, m.depth])).toEqual([
      ['alphaplay', 1],
      ['alphasub', 1],
      ['subplayer', 2],
    ]);
    const sub = (await get('alpha', `/wps/agent/team/members?parentId=${ids.alphasub}`)).value;
    expect(sub.list.map((m: { account: string }) => m.account)).toEqual(['subplayer']);
    expect(sub.root.path.map((p: { account: string }) => p.account)).toEqual(['alphasub']);
    const agents = (await get('alpha', '/wps/agent/team/members?scope=all&kind=agent')).value;
    expect(agents.list.map((m: { account: string }) => m.account)).toEqual(['alphasub']);
    const search = (await get('alpha', '/wps/agent/team/members?scope=all&search=SUBP')).value;
    expect(search.list.map((m: { account: string }) => m.account)).toEqual(['subplayer']);
    // The downline agent sees its own team only: nothing of its upline's other members.
    const own = (await get('alphasub', '/wps/agent/team/members?scope=all')).value;
    expect(own.list.map((m: { account: string }) => m.account)).toEqual(['subplayer']);
  });

  test('team betting and user profit and loss: the team, or a sub-team with its root', async () => {
    const bets = teamBetsResponse.parse((await get('alpha', '/wps/agent/team/bets?groupBy=vendor')).value);
    expect(bets.rows).toEqual([
      {
        key: 'SORTE',
        bets: 2,
        stakeMinor: 15_000,
        validStakeMinor: 15_000,
        payoutMinor: 16_000,
        profitMinor: 1_000,
      },
    ]);
    const subBets = (await get('alpha', `/wps/agent/team/bets?memberId=${ids.alphasub}`)).value;
    expect(subBets.totals).toMatchObject({ bets: 1, stakeMinor: 10_000, profitMinor: -6_000 });
    const profit = teamProfitResponse.parse(
      (await get('alpha', '/wps/agent/team/profit?sort=profitMinor&order=asc')).value,
    );
    // Every member of the team is listed, with or without activity (alphasub placed no bet).
    expect(profit.list.map((r) => [r.account, r.validStakeMinor, r.profitMinor])).toEqual([
      ['subplayer', 10_000, -6_000],
      ['alphasub', 0, 0],
      ['alphaplay', 5_000, 7_000],
    ]);
    expect(profit.totals).toMatchObject({ bets: 2, validStakeMinor: 15_000, profitMinor: 1_000 });
    // The default: account order, the totals kept for the team; a sub-team's include its root.
    const byAccount = teamProfitResponse.parse((await get('alpha', '/wps/agent/team/profit')).value);
    expect(byAccount.list.map((r) => r.account)).toEqual(['alphaplay', 'alphasub', 'subplayer']);
    expect([byAccount.total, byAccount.totals]).toEqual([3, profit.totals]);
    const sub = teamProfitResponse.parse(
      (await get('alpha', `/wps/agent/team/profit?memberId=${ids.alphasub}`)).value,
    );
    expect(sub.list.map((r) => r.account)).toEqual(['alphasub', 'subplayer']);
    expect(sub.totals).toMatchObject({ bets: 1, validStakeMinor: 10_000, profitMinor: -6_000 });
    const searched = teamProfitResponse.parse(
      (await get('alpha', '/wps/agent/team/profit?search=PLAY')).value,
    );
    expect(searched.list.map((r) => r.account)).toEqual(['alphaplay', 'subplayer']);
    expect(searched.totals).toMatchObject({ bets: 2, validStakeMinor: 15_000 });
  });

  test('registration centre: an agent link registers a downline agent of the agent own type, listed under the link', async () => {
    const link = await post('alpha', '/wps/agent/invite-links', { kind: 'agent' });
    expect(link.value).toMatchObject({ kind: 'agent', registrations: 0 });
    const check = await call(t, {
      method: 'GET',
      url: `/wps/agent/affiliate?code=${link.value.code.toLowerCase()}`,
    });
    expect(check.value.valid).toBe(true);
    await registerUser(t, 'invited1', { affiliateCode: link.value.code });
    const invited = await findMemberByAccount(t.ctx.db, merchantId, 'invited1');
    expect([invited?.type, invited?.parent_id]).toEqual([1, ids.alpha]);
    const list = (await get('alpha', '/wps/agent/invite-links')).value.list;
    expect(list[0]).toMatchObject({ id: link.value.id, registrations: 1 });
    const who = (await get('alpha', `/wps/agent/invite-links/${link.value.id}/registrations`)).value;
    expect(who.list.map((m: { account: string }) => m.account)).toEqual(['invited1']);
  });

  test('a taken account name is refused as such; a player is not an agent; the flag closes the centre', async () => {
    const taken = await post('alpha', '/wps/agent/team/members', {
      kind: 'player',
      account: 'bravoplay',
      password: 'member123',
    });
    expect([taken.status, taken.code]).toEqual([409, 'AUTH_USER_EXISTS']);
    const player = await get('alphaplay', '/wps/agent/team/overview');
    expect([player.status, player.code]).toEqual([403, 'AUTH_NOT_AGENT']);
    // The agent centre has its own flag: off, even an agent is refused.
    await setFlags(t, { agentCentre: false });
    const off = await get('alpha', '/wps/agent/team/members');
    await setFlags(t, { agentCentre: true });
    expect([off.status, off.code]).toEqual([403, 'AGENT_CENTRE_OFF']);
  });
});

describe('agent centre: another agent’s ids answer not found on every route', () => {
  const foreign = () => [
    ['GET', `/wps/agent/team/members?parentId=${ids.bravoplay}`],
    ['GET', `/wps/agent/team/members?scope=all&parentId=${ids.bravo}`],
    ['GET', `/wps/agent/team/bets?memberId=${ids.bravoplay}`],
    ['GET', `/wps/agent/team/profit?memberId=${ids.bravo}`],
    ['GET', `/wps/agent/invite-links/${bravoLink}/registrations`],
  ];

  test('alpha reading bravo’s team, members, bets and links by id', async () => {
    for (const [method, url] of foreign()) {
      const r = await call(t, { method: method as 'GET', url: url!, token: tokens.alpha });
      expect([url, r.status, r.code]).toEqual([
        url,
        404,
        expect.stringMatching(/^AGENT_(MEMBER|INVITE)_NOT_FOUND$/),
      ]);
    }
    const transfer = await post('alpha', '/wps/agent/transfer/downline', {
      account: 'bravoplay',
      amountMinor: 100,
      withdrawalPassword: '123456',
      idempotencyKey: 'foreign-1',
    });
    expect([transfer.status, transfer.code]).toEqual([404, 'WALLET_NOT_DOWNLINE']);
  });

  test('a downline agent reading its upline, or its upline’s other members, by id', async () => {
    for (const id of [ids.alpha, ids.alphaplay]) {
      for (const url of [
        `/wps/agent/team/members?parentId=${id}`,
        `/wps/agent/team/bets?memberId=${id}`,
        `/wps/agent/team/profit?memberId=${id}`,
      ]) {
        const r = await get('alphasub', url);
        expect([url, r.status, r.code]).toEqual([url, 404, 'AGENT_MEMBER_NOT_FOUND']);
      }
    }
  });
});

describe('the demo team (development seed)', () => {
  test('the demo agent gets a two-level team with balances and bets, once', async () => {
    const dev = { ...t.ctx, config: { ...t.ctx.config, NODE_ENV: 'development' as const } };
    await seedDemoTeam(dev);
    await seedDemoTeam(dev);
    await catchUpRollups(t.ctx.db);
    tokens.demo = (await login(t, 'demoagent', 'agent123')).value.token;
    const overview = teamOverview.parse((await get('demo', '/wps/agent/team/overview')).value);
    // demoplayer (seeded with the agent) + the seven of the demo team.
    expect([overview.teamSize, overview.directAgents]).toEqual([8, 1]);
    expect(overview.series.some((d) => d.validStakeMinor > 0)).toBe(true);
    const sub = (await get('demo', '/wps/agent/team/members?scope=all&search=demosubagent')).value.list[0];
    expect([sub.teamSize, sub.balanceMinor]).toEqual([3, 85_000]);
  });
});

// Last: it funds members, which no earlier test expects.
describe('agent centre: the team by balance', () => {
  test('team management sorted by balance: the main accounts joined, members without one at 0', async () => {
    const f = await fixture(t);
    await fund(f, await memberAccountId(f.db, ids.subplayer!, merchantId, 'main', currency), 30_000_000n);
    await fund(f, await memberAccountId(f.db, ids.alphaplay!, merchantId, 'main', currency), 10_000_000n);
    const sorted = async (order: 'asc' | 'desc') =>
      (await get('alpha', `/wps/agent/team/members?scope=all&sort=balance&order=${order}`)).value.list.map(
        (m: { account: string; balanceMinor: number }) => [m.account, m.balanceMinor],
      );
    const desc = await sorted('desc');
    expect(desc.map((r: [string, number]) => r[0]).slice(0, 2)).toEqual(['subplayer', 'alphaplay']);
    const balances = desc.map((r: [string, number]) => r[1]);
    expect(balances).toEqual([...balances].sort((a, b) => b - a));
    expect((await sorted('asc')).map((r: [string, number]) => r[0])).toEqual(
      desc.map((r: [string, number]) => r[0]).reverse(),
    );
    await expectVerified(f.db);
  });
});
