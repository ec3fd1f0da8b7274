import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { answerOf } from '../../../test/idempotent-burst.ts';
import { placeCrashBet } from './crash.bets.ts';
import { crashTestApp } from './crash.test-helpers.ts';

/** Crash bets and cash-outs on the bet path (modules/bets): many at once, on PGlite and PostgreSQL. */
const bed = crashTestApp();
const { bust, roundWhere, player, bet, raceCashOuts } = bed;
const db = () => bed.app().ctx.db;

describe('crash on the bet path', () => {
  it('40 players bet in one round at once, and one key sent 20 times at once is one bet', async () => {
    const round = await roundWhere(() => true);
    const players = [];
    for (let i = 0; i < 40; i++) players.push(await player(10_000n));
    const twin = await player(10_000n);
    const body = { idempotencyKey: randomUUID(), amountMinor: 700, autoCashOut: 2.5 };
    const [bets, copies] = await Promise.all([
      Promise.all(players.map((p, i) => bet(p.token, { amountMinor: 100 + i }))),
      Promise.all(Array.from({ length: 20 }, () => bet(twin.token, body))),
    ]);
    expect(bets.map((b) => b.status)).toEqual(Array(40).fill(200));
    for (const [i, p] of players.entries()) expect(await p.balance()).toBe(10_000n - BigInt(100 + i));
    for (const copy of copies) expect(copy).toEqual(copies[0]);
    expect(copies[0]!.value).toMatchObject({ stakeMinor: 700, autoCashOut: 2.5, status: 'active' });
    expect(await twin.balance()).toBe(9_300n);
    const rows = await db().selectFrom('crash_bets').select('id').where('round_id', '=', round.id).execute();
    expect(rows).toHaveLength(41);
    // Shared transactions on PostgreSQL: far fewer than one per bet (PGlite's one connection runs
    // each request's reads before its bet, so its bets mostly arrive one by one).
    const { rows: txs } = await sql<{ n: number }>`
      select count(distinct xmin::text)::int as n from crash_bets where round_id = ${round.id}`.execute(db());
    if (process.env.DATABASE_URL) expect(txs[0]!.n).toBeLessThan(20);
    const records = await db()
      .selectFrom('bet_records')
      .select(['status', 'stake_minor'])
      .where('source', '=', 'crash')
      .where('source_ref', 'like', `${round.id}:%`)
      .execute();
    expect(records).toHaveLength(41);
    expect(records.every((r) => r.status === 'open')).toBe(true);
    await bust();
  });

  it("20 cash-outs of one bet at once, racing the leader's auto cash-out, pay once", async () => {
    const round = await roundWhere((crash) => crash >= 1.3);
    const p = await player();
    const placed = (await bet(p.token, { autoCashOut: 1.2 })).value;
    const first = await raceCashOuts(p.token, round.id, 1.25);
    // Past its target, a manual cash-out is paid at the target, as the leader pays it.
    expect(first.value).toMatchObject({ status: 'cashed', cashOut: 1.2, payoutMinor: 1_200 });
    expect(await p.balance()).toBe(100_200n);
    const wins = await db()
      .selectFrom('ledger_transfers')
      .select('id')
      .where('idempotency_key', '=', `crash:${placed.id}:win`)
      .execute();
    expect(wins).toHaveLength(1);
    const record = await db()
      .selectFrom('bet_records')
      .selectAll()
      .where('source', '=', 'crash')
      .where('source_ref', '=', `${round.id}:${placed.id}`)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ status: 'settled', stake_minor: 1_000n, payout_minor: 1_200n });
    await bust();
  });

  // Last: it leaves rounds of its own in betting.
  it('one wallet that affords 5 of 30 concurrent bets across 30 rounds takes exactly 5', async () => {
    const current = await roundWhere(() => true);
    const rounds = await db()
      .insertInto('crash_rounds')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          merchant_id: bed.fixture().merchantId,
          chain_id: current.chain_id,
          game_number: 100_000 + i,
          hash: `test-${i}`,
          crash_point: '2.00',
          status: 'betting' as const,
          betting_ends_at: new Date(bed.app().clock.now().getTime() + 60_000),
        })),
      )
      .returning('id')
      .execute();
    const p = await player(5_000n);
    const answers = await Promise.all(
      rounds.map((r) =>
        answerOf(
          placeCrashBet(
            db(),
            {
              memberId: p.memberId,
              merchantId: bed.fixture().merchantId,
              currency: bed.fixture().currency,
              account: p.account,
            },
            { amountMinor: 1_000, idempotencyKey: randomUUID() },
            () => bed.app().clock.now(),
            r.id,
          ),
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.code === 'WALLET_INSUFFICIENT_FUNDS')).toHaveLength(25);
    expect(await p.balance()).toBe(0n);
    const taken = await db()
      .selectFrom('crash_bets')
      .select('round_id')
      .where('member_id', '=', p.memberId)
      .execute();
    expect(new Set(taken.map((b) => b.round_id)).size).toBe(5);
  });
});
