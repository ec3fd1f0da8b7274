/**
 * bench/agents — the agent centre at volume, on PostgreSQL. A tree of MEMBERS players under AGENTS
 * agents six levels deep (1, 4, 16, 64, 256 and the rest on the sixth level; each player under one
 * agent of any level), DAYS days of bets written straight into the daily rollups in bulk SQL (each
 * player bets on about a quarter of the days in each of three categories), approved deposits, and a
 * weekly dividend contract on every agent (the top agent's from the operator, every other from its
 * upline). Then, through HTTP on the built server with the top agent signed in: Overview, User
 * Profit and Loss (whole team, DAYS days, default sort) and Team Management sorted by team size
 * (whole team and direct members), each REQUESTS times after a warm-up, one at a time; then one
 * weekly period of every dividend contract is settled through the engine (settleDue), timed; then
 * the ledger's verify. The last line is the summary.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:agents
 *
 * It builds the server (the npm script does), creates and drops its own database beside the one
 * named. MEMBERS (100000), AGENTS (2000), DAYS (30), REQUESTS (100) override the sizes.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { hashPassword } from '../../apps/server/src/modules/auth/index.ts';
import { verifyLedger } from '../../apps/server/src/modules/ledger/index.ts';
import { blankMemberDraft, createMember } from '../../apps/server/src/modules/members/index.ts';
import { settleDue } from '../../apps/server/src/modules/agents/contracts.settlement.ts';
import { createDatabase, dropDatabase, machineLine, percentile, startServer } from '../lib/bench.ts';
import { adminUrl } from '../lib/report.ts';
import { openSeededDatabase } from '../lib/setup.ts';

const MEMBERS = Number(process.env.MEMBERS ?? 100_000);
const AGENTS = Number(process.env.AGENTS ?? 2_000);
const DAYS = Number(process.env.DAYS ?? 30);
const REQUESTS = Number(process.env.REQUESTS ?? 100);
const WARMUP = 5;
const READ_LIMIT_MS = 300;
const SETTLE_LIMIT_S = 30;
const PASSWORD = 'bench-agent-1';
const DAY_MS = 86_400_000;

/** Agents per level below the top: four times the level above, the sixth level takes the rest. */
function levels(total: number): number[] {
  const out = [1];
  for (let level = 2; level <= 5; level++) out.push(out.at(-1)! * 4);
  out.push(Math.max(0, total - out.reduce((s, n) => s + n, 0)));
  return out;
}

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
const admin = adminUrl('bench/agents');
const benchDb = `sorte_bench_agents_${randomBytes(4).toString('hex')}`;
const url = await createDatabase(admin, benchDb);

try {
  const { handle, merchant } = await openSeededDatabase(url);
  const db = handle.db;
  // Plain bodies and no captcha for the bench's login; the agent centre and the dividend on.
  await sql`update merchants set flags = flags || ${JSON.stringify({
    encryption: false,
    captchaOnLogin: false,
    ipVerification: false,
    agentCentre: true,
    dividendContract: true,
  })}::jsonb where id = ${merchant.id}`.execute(db);

  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  let started = process.hrtime.bigint();
  // ---- the tree: the top agent through the members module (it signs in), the rest in bulk
  const top = await createMember(db, {
    ...blankMemberDraft(
      {
        merchant_id: merchant.id,
        account: 'benchtop',
        password_hash: await hashPassword(PASSWORD),
        currency: merchant.currency,
        register_method: 'TEST',
      },
      now,
    ),
    type: 1,
  });
  await sql`update members set created_at = ${new Date(now.getTime() - 400 * DAY_MS)} where id = ${top.id}`.execute(
    db,
  );
  const perLevel = levels(AGENTS);
  let previous = [top.id];
  for (let level = 2; level <= perLevel.length; level++) {
    const n = perLevel[level - 1]!;
    const { rows } = await sql<{ id: string }>`
      insert into members (merchant_id, account, password_hash, type, parent_id, ancestry, currency, referral_code,
                           age_confirmed_at, terms_accepted_at, password_changed_at, created_at, register_method)
      select ${merchant.id}::uuid, 'ba' || ${level}::int || '_' || i, 'x', 1, p.id, p.ancestry || p.id || '/',
        ${merchant.currency}, 'rba' || ${level}::int || '_' || i, t, t, t, t, 'TEST'
      from generate_series(1, ${n}::int) as i
        join (select id, ancestry, row_number() over (order by id) as rn from members
              where id = any(${previous}::uuid[])) p on p.rn = 1 + i % ${previous.length}::int,
        lateral (select ${now}::timestamptz - (200 + i % 150) * interval '1 day' as t) c
      returning id`.execute(db);
    previous = rows.map((r) => r.id);
  }
  const { rows: agentRows } = await sql<{ id: string }>`
    select id from members where merchant_id = ${merchant.id} and (id = ${top.id} or ancestry like ${`/${top.id}/%`})
    order by id`.execute(db);
  const agentIds = agentRows.map((r) => r.id);
  // Players: under any agent, registered over the last 120 days, most signed in lately.
  await sql`
    insert into members (merchant_id, account, password_hash, type, parent_id, ancestry, currency, referral_code,
                         age_confirmed_at, terms_accepted_at, password_changed_at, created_at, last_login_at,
                         register_method)
    select ${merchant.id}::uuid, 'bp_' || i, 'x', 0, a.id, a.ancestry || a.id || '/', ${merchant.currency},
      'rbp_' || i, t, t, t, t, case when i % 5 <> 0 then ${now}::timestamptz - (i % 20) * interval '1 hour' end, 'TEST'
    from generate_series(1, ${MEMBERS}::int) as i
      join (select id, ancestry, row_number() over (order by id) - 1 as rn from members
            where id = any(${agentIds}::uuid[])) a on a.rn = (i * 7919) % ${agentIds.length}::int,
      lateral (select ${now}::timestamptz - ((i * 13) % 120) * interval '1 day' - (i % 86400) * interval '1 second' as t) c`.execute(
    db,
  );
  console.log(
    `tree: ${agentIds.length.toLocaleString('en')} agents (${perLevel.join(' / ')} per level) and ${MEMBERS.toLocaleString('en')} players in ${(ms(started) / 1000).toFixed(1)} s`,
  );

  // ---- DAYS days of bets in the daily rollups: each player on ~1/4 of the days in each of 3 categories
  started = process.hrtime.bigint();
  await sql`
    insert into bet_rollups_daily (merchant_id, member_id, day, category, vendor, currency, bets, stake_minor,
                                   valid_stake_minor, payout_minor)
    select ${merchant.id}::uuid, m.id, ${today}::date - d, c.category, c.vendor, ${merchant.currency}, b.bets, b.stake,
      b.stake, (b.stake * (0.5 + random()))::bigint
    from members m
      cross join generate_series(0, ${DAYS - 1}::int) as d
      cross join (values ('RNG', 'pg'), ('LIVE', 'evo'), ('LOTT', 'SORTE_LOTTO')) as c(category, vendor)
      cross join lateral (select 1 + floor(random() * 20 + d * 0)::bigint as bets) n
      cross join lateral (select n.bets * (100 + floor(random() * 5000 + d * 0)::bigint) as stake) s
      cross join lateral (select n.bets, s.stake) b
    where m.merchant_id = ${merchant.id} and m.type = 0 and m.ancestry like ${`/${top.id}/%`} and random() < 0.25`.execute(
    db,
  );
  // Approved deposits: about one per player per 10 days.
  const channel = await sql<{ id: string }>`
    select id from payment_channels where merchant_id = ${merchant.id} limit 1`.execute(db);
  if (channel.rows[0])
    await sql`
      insert into deposits (merchant_id, member_id, order_no, idempotency_key, channel_id, amount_minor, currency, status,
                            created_at, resolved_at)
      select ${merchant.id}::uuid, m.id, 'bench-' || m.id || '-' || k, 'bench-' || k, ${channel.rows[0].id}::uuid,
        1000 + floor(random() * 100000)::bigint, ${merchant.currency}, 'approved', t, t
      from members m cross join generate_series(1, ${Math.max(1, Math.round(DAYS / 10))}::int) as k,
        lateral (select ${now}::timestamptz - floor(random() * ${DAYS} + k * 0) * interval '1 day' as t) c
      where m.merchant_id = ${merchant.id} and m.type = 0 and m.ancestry like ${`/${top.id}/%`}`.execute(db);
  await sql`analyze`.execute(db);
  const { rows: sizes } = await sql<{ rollups: string; deposits: string }>`
    select (select count(*) from bet_rollups_daily) as rollups, (select count(*) from deposits) as deposits`.execute(
    db,
  );
  console.log(
    `bets: ${Number(sizes[0]!.rollups).toLocaleString('en')} daily rollup rows over ${DAYS} days and ${Number(sizes[0]!.deposits).toLocaleString('en')} deposits in ${(ms(started) / 1000).toFixed(1)} s`,
  );

  // ---- a weekly dividend on every agent, accepted in the first whole week of the range
  // (that week is the period settled below): the top's from the operator, the others from their upline.
  const firstDay = new Date(Date.parse(`${today}T00:00:00Z`) - (DAYS - 1) * DAY_MS);
  const monday = new Date(firstDay.getTime() + ((8 - firstDay.getUTCDay()) % 7) * DAY_MS);
  const acceptedAt = new Date(monday.getTime() + 3_600_000);
  const tiers = (rate: number) =>
    JSON.stringify([
      {
        minValidBetMinor: '0',
        minLossMinor: '0',
        minActiveMembers: 0,
        rateUnits: String(rate),
        amountMinor: null,
      },
      {
        minValidBetMinor: '10000000',
        minLossMinor: '0',
        minActiveMembers: 5,
        rateUnits: String(rate + 20_000),
        amountMinor: null,
      },
    ]);
  await sql`
    insert into agent_contracts (merchant_id, type, upline_id, downline_id, status, tiers, period, offered_at, accepted_at)
    select ${merchant.id}::uuid, 'dividend', case when m.id = ${top.id} then null else m.parent_id end, m.id, 'active',
      case depth when 1 then ${tiers(400_000)} when 2 then ${tiers(350_000)} when 3 then ${tiers(300_000)}
        when 4 then ${tiers(250_000)} when 5 then ${tiers(200_000)} else ${tiers(150_000)} end::jsonb,
      'weekly', ${acceptedAt}, ${acceptedAt}
    from members m, lateral (select array_length(string_to_array(trim(both '/' from m.ancestry), '/'), 1) as d0) x,
      lateral (select coalesce(x.d0, 0) + 1 as depth) y
    where m.id = any(${agentIds}::uuid[])`.execute(db);
  await sql`analyze`.execute(db);

  // ---- the reads, through HTTP, signed in as the top agent
  const server = await startServer(url);
  const reads: Record<string, number[]> = {};
  try {
    const login = await fetch(`${server.url}/wps/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'username', username: 'benchtop', password: PASSWORD }),
    });
    const session = (await login.json()) as { success: boolean; value?: { token: string } };
    if (!session.value?.token) throw new Error(`login failed: ${JSON.stringify(session)}`);
    const token = session.value.token;
    const dateFrom = new Date(Date.parse(`${today}T00:00:00Z`) - (DAYS - 1) * DAY_MS)
      .toISOString()
      .slice(0, 10);
    const paths = {
      overview: '/wps/agent/team/overview',
      'team p&l': `/wps/agent/team/profit?dateFrom=${dateFrom}&dateTo=${today}&pageNo=1&pageSize=20`,
      'members by team size (all)':
        '/wps/agent/team/members?scope=all&sort=teamSize&order=desc&pageNo=1&pageSize=20',
      'members by team size (direct)':
        '/wps/agent/team/members?scope=direct&sort=teamSize&order=desc&pageNo=1&pageSize=20',
    };
    // READS=overview,team p&l runs only those (a baseline whose team-size sort would take hours).
    const only = process.env.READS?.split(',');
    for (const [name, path] of Object.entries(paths)) {
      if (only && !only.includes(name)) continue;
      const times: number[] = [];
      for (let i = -WARMUP; i < REQUESTS; i++) {
        const t0 = process.hrtime.bigint();
        const r = await fetch(`${server.url}${path}`, { headers: { token } });
        const body = (await r.json()) as { success: boolean; value?: Record<string, unknown> };
        if (i >= 0) times.push(ms(t0));
        if (!r.ok || !body.success)
          throw new Error(`${name}: ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
        if (i === -WARMUP) console.log(`${name}: ${summaryOf(name, body.value!)}`);
      }
      times.sort((a, b) => a - b);
      reads[name] = times;
      console.log(
        `${name}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms over ${REQUESTS} requests`,
      );
    }
  } finally {
    await server.stop();
  }

  // ---- one weekly period of every agent's dividend, through the engine
  const loadAverage = loadavg();
  started = process.hrtime.bigint();
  const runs = await settleDue(db, now, { maxPeriods: 1 });
  const settleS = ms(started) / 1000;
  const settled = runs.reduce((n, r) => n + r.contracts, 0);
  const paid = runs.reduce((n, r) => n + r.paidMinor, 0n);
  const awaiting = runs.reduce((n, r) => n + r.awaitingMinor, 0n);
  console.log(
    `settlement: ${runs.map((r) => `${r.type} ${r.period.start.toISOString().slice(0, 10)}…${r.period.end.toISOString().slice(0, 10)}`).join(', ')}: ${settled} contracts, ${paid} paid, ${awaiting} awaiting approval (minor units) in ${settleS.toFixed(1)} s`,
  );
  const verified = await verifyLedger(db);
  console.log(`ledger verify: ${verified.ok ? 'ok' : JSON.stringify(verified)}`);
  await handle.close();

  const p95 = (name: string) => percentile(reads[name] ?? [], 95);
  const ok =
    verified.ok &&
    settled === agentIds.length &&
    p95('overview') < READ_LIMIT_MS &&
    p95('team p&l') < READ_LIMIT_MS &&
    settleS < SETTLE_LIMIT_S;
  console.log(machineLine());
  console.log(`load average during the run: ${loadAverage.map((l) => l.toFixed(2)).join(', ')}`);
  console.log(
    `agents: overview p95 ${Math.round(p95('overview'))} ms, team p&l p95 ${Math.round(p95('team p&l'))} ms, team size sort p95 ${Math.round(p95('members by team size (all)'))} ms, settled ${settled} contracts in ${settleS.toFixed(1)} s, invariants ${verified.ok && settled === agentIds.length ? 'ok' : 'FAILED'}`,
  );
  if (!ok) process.exitCode = 1;
} finally {
  await dropDatabase(admin, benchDb);
}

function summaryOf(name: string, value: Record<string, unknown>): string {
  if (name === 'overview') return `team size ${String(value.teamSize)}`;
  const list = value.list as { account: string; teamSize?: number }[];
  return `${String(value.total)} rows, first ${list[0]?.account ?? '-'}${list[0]?.teamSize !== undefined ? ` (team ${list[0].teamSize})` : ''}`;
}
