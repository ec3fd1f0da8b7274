import { randomUUID } from 'node:crypto';
import type { SportsEvent } from '@sorte/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import {
  balanceOf,
  expectVerified,
  type Fixture,
  fixture,
  fundedPlayer,
} from '../ledger/ledger.test-helpers.ts';
import { startReferenceFeedBeside } from './index.ts';

/**
 * The whole chain on a sped-up reference feed (docs/sportsbook-feed.md): its consumer fills the
 * book, a player bets every outcome of a football match's 1X2 before kick-off, the match is played
 * minute by minute and settled by the feed, and the settlement job — started where the consumer
 * runs — pays exactly the one outcome that won, at the odds taken, once. The ledger is verified.
 */
let t: TestApp;
let f: Fixture;
let close: (() => Promise<void>) | null = null;

beforeAll(async () => {
  t = await createAuthTestApp(
    {},
    {
      SPORTSBOOK_FEED: 'true',
      REFERENCE_FEED_PORT: String(await freePort()),
      REFERENCE_FEED_SPEED: '2000',
      REFERENCE_FEED_SEED: '11',
      // Football only, two fixtures at a time: the test needs one match, and the default slate (every
      // sport, many markets) at this speed kept PGlite's consumer behind, past the test's 120 s, in a
      // CI run beside the browser journeys.
      REFERENCE_FEED_SPORTS: 'football',
      REFERENCE_FEED_FIXTURES: '2',
    },
  );
  f = await fixture(t);
  close = await startReferenceFeedBeside(t.ctx);
});
afterAll(async () => {
  await t?.close();
  await close?.();
});

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('bets on the reference feed', () => {
  it('are settled by the feed’s result when the match ends, the winner paid once', async () => {
    const p = await fundedPlayer(t, f, 'sbfeed', 100_000n);
    // No live bet delay: the test app's clock is driven by hand, and the match may kick off while
    // the bets are on their way.
    await t.ctx.db
      .insertInto('sb_limits')
      .values({
        merchant_id: f.merchantId,
        min_stake_minor: 100n,
        max_stake_minor: 1_000_000n,
        max_payout_minor: 10_000_000n,
        bet_delay_ms: 0,
      })
      .execute();
    // A football fixture offering its whole 1X2 (before kick-off or live), every outcome backed; a
    // fixture whose market closed between the read and the bets is passed over for the next.
    type Placed = { id: string; legs: Array<{ outcome: string; odds: number }> };
    const { event, bets } = await until('three singles on a football 1X2', async () => {
      const events: SportsEvent[] = (
        await t.app.inject({ method: 'GET', url: '/wps/sports/events?sport=football' })
      ).json().value;
      for (const e of events) {
        const market = e.markets.find(
          (m) => m.key === '1x2' && m.status === 'active' && m.outcomes.every((o) => o.open && o.odds),
        );
        if (!market || (e.status !== 'not_started' && e.status !== 'live')) continue;
        const placed = await call(t, {
          method: 'POST',
          url: '/wps/sports/bets',
          token: p.token,
          payload: {
            type: 'single',
            stakeMinor: 1_000,
            oddsPolicy: 'any',
            idempotencyKey: randomUUID(),
            selections: market.outcomes.map((o) => ({
              eventId: e.id,
              market: '1x2',
              specifiers: '',
              outcome: o.id,
              odds: o.odds,
            })),
          },
        });
        if (placed.status === 200 && placed.value.bets.length === 3)
          return { event: e, bets: placed.value.bets as Placed[] };
        // Some went through and some not: their money is refunded nowhere, so count them in.
        if (placed.status === 200) throw new Error(`only ${placed.value.bets.length} of 3 singles placed`);
      }
      return undefined;
    });
    const settled = await until('the three bets settled', async () => {
      const rows = await t.ctx.db
        .selectFrom('sb_bets')
        .selectAll()
        .where(
          'id',
          'in',
          bets.map((b) => BigInt(b.id)),
        )
        .execute();
      return rows.every((r) => r.status !== 'open') ? rows : undefined;
    });
    const standing = await t.ctx.db
      .selectFrom('sb_feed_settlements')
      .select(['outcome_id', 'result'])
      .where('fixture_id', '=', event.id)
      .where('market_key', '=', '1x2')
      .where('standing', '=', true)
      .execute();
    const winner = standing.find((s) => s.result === 'win')!.outcome_id;
    const won = bets.find((b) => b.legs[0]!.outcome === winner)!;
    const expected = (1_000n * BigInt(won.legs[0]!.odds)) / 1_000n;
    for (const row of settled)
      expect(row, row.status).toMatchObject(
        String(row.id) === won.id
          ? { status: 'won', payout_minor: expected }
          : { status: 'lost', payout_minor: 0n },
      );
    expect((await balanceOf(f, p.mainId)).balance).toBe(100_000n - 3_000n + expected);
    await expectVerified(t.ctx.db);
  }, 120_000);
});
