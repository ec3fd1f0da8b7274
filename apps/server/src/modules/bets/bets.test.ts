import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { stalledChild } from '../../../test/stalled-child.ts';
import {
  balanceOf,
  expectVerified,
  type Fixture,
  fixture,
  fund,
  newMember,
} from '../ledger/ledger.test-helpers.ts';
import { expectStreamConsistent } from '../records/records.test-helpers.ts';
import { type Bettor, diceBet, expectWholeBets, rollOf, seedPair } from './bets.test-helpers.ts';
import { placeSingleRound, type SettledRound } from './index.ts';

/**
 * The bet path's own guarantees, at the module's door (the originals routes' journeys are in
 * modules/originals): group-committed bets of one player keep the nonce sequence gap-free and every
 * round verifiable, a refused bet never fails its batch, concurrent retries write one round, and a
 * process killed with SIGKILL mid-load leaves whole bets only (PostgreSQL: PGlite lives in-process).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createTestApp({});
  f = await fixture(t);
});
afterAll(() => t.close());
afterEach(async () => {
  await expectVerified(t.ctx.db);
  await expectStreamConsistent(t.ctx.db);
});

async function bettor(
  balanceMinor: bigint,
): Promise<Bettor & { seeds: { serverSeed: string; clientSeed: string } }> {
  const { memberId, mainId } = await newMember(f, 'bets');
  if (balanceMinor > 0n) await fund(f, mainId, balanceMinor);
  const b = { merchantId: f.merchantId, currency: f.currency, memberId, mainId };
  return { ...b, seeds: await seedPair(t.ctx.db, b) };
}

const settle = (promises: Promise<SettledRound>[]) => Promise.allSettled(promises);

it('40 bets of one player at once share batches, claim nonces 0…39 once each, and replay from the seeds', async () => {
  const b = await bettor(1_000_000n);
  const results = await settle(
    Array.from({ length: 40 }, () => placeSingleRound(t.ctx.db, diceBet(b, 1_000n))),
  );
  const rounds = results.map((r) => (r.status === 'fulfilled' ? r.value : expect.fail(String(r.reason))));
  expect(rounds.map((r) => Number(r.nonce)).sort((x, y) => x - y)).toEqual(
    Array.from({ length: 40 }, (_, i) => i),
  );
  // Rounds of one transaction share its time: fewer distinct times than rounds means shared batches.
  expect(new Set(rounds.map((r) => r.created_at.getTime())).size).toBeLessThan(40);
  // Each round replays from the seed pair, and the balances chain in nonce order.
  const inOrder = [...rounds].sort((x, y) => Number(x.nonce - y.nonce));
  let balance = 1_000_000n;
  for (const r of inOrder) {
    expect(r.outcome.roll).toBe(rollOf(b.seeds, Number(r.nonce)));
    expect(r.balance_before_minor).toBe(balance);
    balance = r.balance_after_minor;
    expect(balance).toBe(r.balance_before_minor - 1_000n + r.payout_minor);
  }
  expect(await expectWholeBets(t.ctx.db, [b.memberId])).toBe(40);
});

it('each kind of return moves the fewest transfers on a wallet holding exactly the stakes, never below zero', async () => {
  // Four rounds of 1,000 on a wallet of 4,000, one batch: a loss, a partial return (0.5×), a push
  // (1×) and a win (3×). Each stake is checked in full before the round, whatever its net.
  const b = await bettor(4_000n);
  const fixed = (units: bigint) => ({
    ...diceBet(b, 1_000n),
    play: () => ({ multiplierUnits: units, outcome: { fixed: String(units) } }),
  });
  const rounds = await Promise.all(
    [0n, 50_000_000n, 100_000_000n, 300_000_000n].map((u) => placeSingleRound(t.ctx.db, fixed(u))),
  );
  expect(rounds.map((r) => r.payout_minor)).toEqual([0n, 500n, 1_000n, 3_000n]);
  const { rows } = await sql<{ key: string; code: string; amount: string; stake: string | null }>`
    select split_part(idempotency_key, ':', 4) as key, code, amount_minor::text as amount,
           metadata->>'stakeMinor' as stake
      from ledger_transfers where idempotency_key like ${`original:${b.memberId}:%`} order by id`.execute(
    t.ctx.db,
  );
  // (The batches may take the four in any order: compared as a set.)
  expect(rows).toHaveLength(5);
  expect(rows).toEqual(
    expect.arrayContaining([
      { key: 'stake', code: 'bet', amount: '1000', stake: null },
      { key: 'net', code: 'bet', amount: '500', stake: '1000' },
      { key: 'stake', code: 'bet', amount: '1000', stake: null },
      { key: 'win', code: 'win', amount: '1000', stake: null },
      { key: 'net', code: 'win', amount: '2000', stake: '1000' },
    ]),
  );
  expect(rows.filter((r) => r.key === 'stake')).toHaveLength(2);
  expect((await balanceOf(f, b.mainId)).balance).toBe(4_000n - 4_000n + 4_500n);
  // A fifth round of 4,501 is refused for funds though a 3× win would leave the wallet above zero.
  const refused = await placeSingleRound(t.ctx.db, { ...fixed(300_000_000n), stakeMinor: 4_501n }).catch(
    (e) => e,
  );
  expect(refused).toMatchObject({ code: 'WALLET_INSUFFICIENT_FUNDS' });
  expect(await expectWholeBets(t.ctx.db, [b.memberId])).toBe(4);
});

it('bets waiting on a seed rotation settle on the new pair (they answered 500: the pair they waited for was gone)', async () => {
  const b = await bettor(1_000_000n);
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let holding!: () => void;
  const held = new Promise<void>((r) => (holding = r));
  let next!: { serverSeed: string; clientSeed: string };
  // A rotation as the originals module runs one: the active pair locked, revealed, a new one inserted.
  const rotation = t.ctx.db.transaction().execute(async (trx) => {
    await sql`select id from fairness_seeds
               where member_id = ${b.memberId}::uuid and status = 'active' for update`.execute(trx);
    holding();
    await released;
    await sql`update fairness_seeds set status = 'revealed', revealed_at = now()
               where member_id = ${b.memberId}::uuid and status = 'active'`.execute(trx);
    next = await seedPair(trx, b);
  });
  await held;
  const bets = settle(Array.from({ length: 20 }, () => placeSingleRound(t.ctx.db, diceBet(b, 1_000n))));
  // On PostgreSQL the bets' batches are now queued on the pair's lock (PGlite runs one transaction at
  // a time, so there they start after the rotation and meet the same state a new statement would).
  if (onPostgres)
    await expect
      .poll(async () => {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'`.execute(t.ctx.db);
        return rows[0]!.n;
      })
      .toBeGreaterThan(0);
  release();
  await rotation;
  const rounds = (await bets).map((r) =>
    r.status === 'fulfilled' ? r.value : expect.fail(String(r.reason)),
  );
  const nextHash = createHash('sha256').update(next.serverSeed).digest('hex');
  expect(new Set(rounds.map((r) => r.server_seed_hash))).toEqual(new Set([nextHash]));
  expect(rounds.map((r) => Number(r.nonce)).sort((x, y) => x - y)).toEqual(
    Array.from({ length: 20 }, (_, i) => i),
  );
  for (const r of rounds) expect(r.outcome.roll).toBe(rollOf(next, Number(r.nonce)));
  expect(await expectWholeBets(t.ctx.db, [b.memberId])).toBe(20);
});

it('a batch with underfunded and over-limit bets settles the others, and a refused bet claims no nonce', async () => {
  const rich = await Promise.all([bettor(100_000n), bettor(100_000n), bettor(100_000n)]);
  const poor = await bettor(500n);
  const bets = [
    ...rich.flatMap((b) => [diceBet(b, 1_000n), diceBet(b, 1_000n)]),
    diceBet(poor, 1_000n),
    diceBet(rich[0]!, 10n ** 15n),
    ...rich.map((b) => diceBet(b, 1_000n)),
    diceBet(poor, 400n),
  ];
  const results = await settle(bets.map((bet) => placeSingleRound(t.ctx.db, bet)));
  const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [[i, r.reason.code]] : []));
  expect(failed).toEqual([
    [6, 'WALLET_INSUFFICIENT_FUNDS'],
    [7, 'ORIGINALS_BET_TOO_LARGE'],
  ]);
  const last = results.at(-1)!;
  expect(last.status === 'fulfilled' && last.value.nonce).toBe(0n);
  expect(
    await expectWholeBets(
      t.ctx.db,
      [...rich, poor].map((b) => b.memberId),
    ),
  ).toBe(10);
});

it('one key sent 30 times at once writes one round; the same key with another stake is a conflict', async () => {
  const b = await bettor(100_000n);
  const key = randomUUID();
  const results = await settle([
    ...Array.from({ length: 30 }, () => placeSingleRound(t.ctx.db, diceBet(b, 1_000n, key))),
    placeSingleRound(t.ctx.db, diceBet(b, 2_000n, key)),
  ]);
  const ok = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  expect(ok).toHaveLength(30);
  expect(new Set(ok.map((r) => r.id)).size).toBe(1);
  const conflict = results.at(-1)!;
  expect(conflict.status === 'rejected' && conflict.reason.code).toBe('LEDGER_IDEMPOTENCY_CONFLICT');
  // A later retry answers the stored round and moves nothing.
  const again = await placeSingleRound(t.ctx.db, diceBet(b, 1_000n, key));
  expect(again.id).toBe(ok[0]!.id);
  expect(await expectWholeBets(t.ctx.db, [b.memberId])).toBe(1);
});

it.skipIf(!onPostgres)(
  'a process killed with SIGKILL during group-committed bets loses no acknowledged bet and leaves none half-written',
  async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => bettor(10_000_000n)));
    const child = await stalledChild(
      'apps/server/src/modules/bets/bets.kill.child.ts',
      [f.merchantId, f.currency, ...players.map((p) => `${p.memberId}:${p.mainId}`)],
      t.database.url,
    );
    expect(await child.kill9()).toBe('SIGKILL');
    const acknowledged = [...child.out.matchAll(/^ack (\d+) (\S+)$/gm)];
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);
    const stored = await t.ctx.db
      .selectFrom('original_rounds')
      .select(['id', 'idempotency_key', 'member_id'])
      .where(
        'member_id',
        'in',
        players.map((p) => p.memberId),
      )
      .execute();
    const byId = new Map(stored.map((r) => [String(r.id), r.idempotency_key]));
    for (const [, id, key] of acknowledged) expect(byId.get(id!)).toBe(key);
    await expectWholeBets(
      t.ctx.db,
      players.map((p) => p.memberId),
    );
    // The killed batches' locks went with their connections: the next bet takes the next nonce.
    const next = await placeSingleRound(t.ctx.db, diceBet(players[0]!, 1_000n));
    const before = stored.filter((r) => r.member_id === players[0]!.memberId).length;
    expect(Number(next.nonce)).toBe(before);
    expect(await expectWholeBets(t.ctx.db, [players[0]!.memberId])).toBe(before + 1);
  },
  120_000,
);
