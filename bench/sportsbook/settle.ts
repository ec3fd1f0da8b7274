/**
 * Settlement of 100,000 sportsbook bets of one event (issue 16): MEMBERS funded members with
 * PER_MEMBER open singles each on one fixture's 1X2 (home, draw and away in turn, so a third win),
 * settled by the settlement worker (settleSportsBets, its default batches and loops) once the feed's
 * bet_settlement is applied through the ingest. The bets are written set-based (one stake transfer
 * per member through the ledger, for the sum of its bets; bets, legs and open betting records in
 * three statements), so the ledger's invariants hold before and after. It checks that every bet is
 * decided, that the ledger paid exactly Σ floor(stake × odds) over the winners, and the invariants.
 */
import { sql } from 'kysely';
import { createTestApp } from '../../apps/server/test/harness.ts';
import {
  houseAccountFor,
  memberAccountId,
  type TransferRequest,
  transferAll,
  verifyLedger,
} from '../../apps/server/src/modules/ledger/index.ts';
import { fixture, newMember } from '../../apps/server/src/modules/ledger/ledger.test-helpers.ts';
import { applyMessage } from '../../apps/server/src/modules/sportsbook/sportsbook.ingest.ts';
import { settleSportsBets } from '../../apps/server/src/modules/sportsbook/index.ts';
import type { FeedMessage } from '../../apps/reference-feed/src/contract.ts';
import { fundMembers } from '../lib/setup.ts';

export interface SettleBench {
  bets: number;
  seconds: number;
  paidMinor: bigint;
  ok: boolean;
}

const ODDS = { home: 2_150, draw: 3_300, away: 3_450 } as const;
const OUTCOMES = ['home', 'draw', 'away'] as const;

export async function benchSettlement(options: { members: number; perMember: number }): Promise<SettleBench> {
  const t = await createTestApp();
  try {
    const f = await fixture(t);
    const db = f.db;
    const t0 = performance.now();
    const members: string[] = [];
    for (let i = 0; i < options.members; i++) members.push((await newMember(f, 'sbbench')).memberId);
    await fundMembers(db, f.merchantId, f.currency, members, 10_000_000n);
    const fixtureId = 'sr:match:bench';
    const apply = (message: Record<string, unknown>) =>
      db
        .transaction()
        .execute((trx) =>
          applyMessage(trx, { producer: 'live', ts: Date.now(), ...message } as unknown as FeedMessage),
        );
    await apply({
      type: 'fixture_change',
      change: 'new',
      fixture: {
        id: fixtureId,
        sport: 'football',
        tournament: { id: 'sr:tournament:bench', name: 'Bench League', category: 'Brazil' },
        competitors: [
          { id: 'sr:competitor:bench-h', name: 'Home', qualifier: 'home' },
          { id: 'sr:competitor:bench-a', name: 'Away', qualifier: 'away' },
        ],
        startTime: Date.now() + 3_600_000,
        status: 'not_started',
      },
    });
    await apply({
      type: 'odds_change',
      fixtureId,
      fixtureStatus: 'not_started',
      markets: [
        {
          key: '1x2',
          specifiers: '',
          status: 'active',
          outcomes: OUTCOMES.map((id) => ({ id, odds: ODDS[id], active: true })),
        },
      ],
    });

    // A member's bets stake 1.00, 1.01, … so the payouts are not all alike.
    const stakeOf = (n: number) => 100n + BigInt(n % 50);
    const perMemberStake = Array.from({ length: options.perMember }, (_, n) => stakeOf(n)).reduce(
      (a, b) => a + b,
      0n,
    );
    const requests: TransferRequest[] = [];
    for (const memberId of members)
      requests.push({
        merchantId: f.merchantId,
        currency: f.currency,
        idempotencyKey: `sportsbook:${memberId}:bench:stake`,
        code: 'bet',
        debitAccountId: await memberAccountId(db, memberId, f.merchantId, 'main', f.currency),
        creditAccountId: await houseAccountFor(db, f.merchantId, f.currency, memberId),
        amountMinor: perMemberStake,
      });
    const stakes = await db.transaction().execute((trx) => transferAll(trx, requests, 'bench stake'));
    await sql`
      insert into sb_bets (merchant_id, member_id, currency, kind, lines, unit_stake_minor, stake_minor,
                           potential_return_minor, odds_policy, idempotency_key, request_hash, stake_transfer_id,
                           placed_at)
      select ${f.merchantId}::uuid, m, ${f.currency}, 'single', 1, 100 + (n % 50), 100 + (n % 50),
             (100 + (n % 50)) * (array[${ODDS.home}, ${ODDS.draw}, ${ODDS.away}]::int[])[1 + n % 3] / 1000,
             'any', 'bench:' || n, 'bench', tr, now()
        from unnest(${members}::uuid[], ${stakes.map((s) => String(s.id))}::bigint[]) as x(m, tr)
        cross join generate_series(0, ${options.perMember - 1}) as n
       order by m, n`.execute(db);
    await sql`
      insert into sb_bet_legs (bet_id, leg, fixture_id, market_key, specifiers, outcome_id, odds)
      select id, 0, ${fixtureId}, '1x2', '',
             (array['home','draw','away'])[1 + (substr(idempotency_key, 7)::int % 3)],
             (array[${ODDS.home}, ${ODDS.draw}, ${ODDS.away}]::int[])[1 + (substr(idempotency_key, 7)::int % 3)]
        from sb_bets where merchant_id = ${f.merchantId}::uuid`.execute(db);
    await sql`
      insert into bet_records (merchant_id, member_id, source, source_ref, category, vendor, game_code, currency,
                               stake_minor, placed_at)
      select merchant_id, member_id, 'sportsbook', id::text, 'SPORTS', 'SORTE', 'single', currency, stake_minor, placed_at
        from sb_bets where merchant_id = ${f.merchantId}::uuid`.execute(db);
    await sql`analyze sb_bets`.execute(db);
    await sql`analyze sb_bet_legs`.execute(db);
    await sql`analyze bet_records`.execute(db);
    const bets = options.members * options.perMember;
    console.log(
      `settle setup: ${options.members} members, ${bets} singles on one fixture in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    // The feed settles the market: home won.
    await apply({
      type: 'bet_settlement',
      fixtureId,
      markets: [
        {
          key: '1x2',
          specifiers: '',
          outcomes: [
            { id: 'home', result: 'win' },
            { id: 'draw', result: 'lose' },
            { id: 'away', result: 'lose' },
          ],
        },
      ],
    });
    const started = performance.now();
    const counts = await settleSportsBets(db, new Date(), {
      batchSize: process.env.BATCH ? Number(process.env.BATCH) : undefined,
      workers: process.env.WORKERS ? Number(process.env.WORKERS) : undefined,
    });
    const seconds = (performance.now() - started) / 1000;

    const { rows } = await sql<{ open: number; paid: string; expected: string }>`
      select count(*) filter (where b.status = 'open')::int as open,
             coalesce(sum(b.credited_minor), 0)::text as paid,
             coalesce(sum(case when l.outcome_id = 'home' then b.stake_minor * l.odds / 1000 else 0 end), 0)::text as expected
        from sb_bets b join sb_bet_legs l on l.bet_id = b.id
       where b.merchant_id = ${f.merchantId}::uuid`.execute(db);
    const summary = rows[0]!;
    const report = await verifyLedger(db);
    const ok = report.ok && summary.open === 0 && summary.paid === summary.expected && counts.bets === bets;
    console.log(
      `settlement: ${counts.bets} bets looked at, ${counts.moved} paid ${summary.paid} (expected ${summary.expected}), ledger ${report.ok ? 'ok' : 'FAILED'}`,
    );
    return { bets: counts.bets, seconds, paidMinor: BigInt(summary.paid), ok };
  } finally {
    await t.close();
  }
}

export const settlementLine = (r: SettleBench) => `settled ${r.bets} bets in ${r.seconds.toFixed(1)} s`;
