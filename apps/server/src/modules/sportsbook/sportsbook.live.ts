import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/database/database.ts';
import type { Database } from '../../platform/database/schema.ts';
import type { EventBus } from '../../platform/realtime/event-bus.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { marginsBySport } from './sportsbook.margins.ts';
import { offeredFor } from './sportsbook.routes.ts';

/**
 * What changed in the book, for the live odds sockets (GET /wps/ws/sports, modules/realtime). The
 * writer of the book (the feed ingest; an operator's suspension) captures inside its transaction
 * what that transaction changed, and publishes it on the event bus only AFTER the commit — a
 * rolled-back transaction publishes nothing. Every instance forwards it to the sockets it holds
 * that watch the fixture (coalesced there, per fixture).
 *
 * "What changed" is read, not reconstructed: every writer of sb_markets and sb_outcomes stamps
 * `updated_at = now()`, and now() is the transaction's start time, the same for every statement of
 * it — so the rows this transaction touched are the ones whose `updated_at` equals now(). A
 * fixture's status and score are compared before and after (its row is touched by every odds change).
 */

/** Bus channel of committed odds changes: {"fixtures":[FixtureOdds…]}. */
export const SPORTS_ODDS_CHANNEL = 'sports.odds';

export interface OutcomeOdds {
  id: string;
  /** Decimal odds × 1000; null when not offered. */
  odds: number | null;
  active: boolean;
}

export interface MarketOdds {
  key: string;
  specifiers: string;
  /** The book's status (sb_markets.status): anything but active or suspended is no longer offered. */
  status: string;
  /** The outcomes that changed (all of them in a full state). */
  outcomes: OutcomeOdds[];
}

export interface FixtureOdds {
  fixtureId: string;
  sport: string;
  /** Present when it changed (always in a full state). */
  status?: string;
  score?: unknown;
  markets: MarketOdds[];
  /**
   * The operators' suspensions standing on this fixture after the change, as
   * `merchantId|market|specifiers` (market '' for the whole event): the sockets of that merchant
   * see those markets suspended (sb_suspensions is per merchant; the feed's changes are everyone's).
   */
  suspended: string[];
  /**
   * The merchants' margins on this fixture's sport, merchantId → basis points (non-zero only): the
   * odds above are the feed's, and each merchant's sockets see them less its margin (offeredOdds).
   */
  margins: Record<string, number>;
}

type Trx = Transaction<Database>;
type Reader = Db | Trx;

interface FixtureState {
  sport: string;
  status: string;
  score: string;
}

async function fixtureStates(db: Reader, ids: string[]): Promise<Map<string, FixtureState>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('sb_fixtures')
    .select(['id', 'sport', 'status', 'score'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => [r.id, { sport: r.sport, status: r.status, score: JSON.stringify(r.score ?? null) }]),
  );
}

/**
 * Starts capturing what this transaction changes of these fixtures: call before the writes, and
 * `changes()` after them, still inside the transaction.
 */
export async function trackOddsChanges(
  trx: Trx,
  fixtureIds: string[],
): Promise<{ changes(): Promise<FixtureOdds[]> }> {
  const ids = [...new Set(fixtureIds)].sort();
  const before = await fixtureStates(trx, ids);
  return { changes: () => readOdds(trx, ids, before) };
}

/** The whole current state of these fixtures (a slow socket's catch-up, an operator's change). */
export function readFixtureOdds(db: Reader, fixtureIds: string[]): Promise<FixtureOdds[]> {
  return readOdds(db, [...new Set(fixtureIds)].sort(), null);
}

interface OddsRow {
  fixture_id: string;
  sport: string;
  market_key: string;
  specifiers: string;
  status: string;
  outcome_id: string | null;
  odds: number | null;
  active: boolean | null;
  outcome_changed: boolean | null;
}

/** Changed rows when `before` is given (the transaction's own writes), else every row. */
async function readOdds(
  db: Reader,
  ids: string[],
  before: Map<string, FixtureState> | null,
): Promise<FixtureOdds[]> {
  if (ids.length === 0) return [];
  const changedOnly = before !== null;
  const { rows } = await sql<OddsRow>`
    select m.fixture_id, f.sport, m.market_key, m.specifiers, m.status,
      o.outcome_id, o.odds, o.active, o.updated_at = now() as outcome_changed
    from sb_markets m
    join sb_fixtures f on f.id = m.fixture_id
    left join sb_outcomes o on o.fixture_id = m.fixture_id and o.market_key = m.market_key
      and o.specifiers = m.specifiers
    where m.fixture_id = any(${ids}::text[])
      ${changedOnly ? sql`and (m.updated_at = now() or o.updated_at = now())` : sql``}
    order by m.fixture_id, m.position, m.market_key, m.specifiers, o.position`.execute(db);
  const after = await fixtureStates(db, ids);
  const suspended = await suspensionsOf(db, ids);
  const margins = await marginsBySport(
    db,
    [...after.values()].map((f) => f.sport),
  );
  const out = new Map<string, FixtureOdds>();
  for (const id of ids) {
    const now = after.get(id);
    if (!now) continue;
    const was = before?.get(id);
    const entry: FixtureOdds = {
      fixtureId: id,
      sport: now.sport,
      markets: [],
      suspended: suspended.get(id) ?? [],
      margins: margins.get(now.sport) ?? {},
    };
    if (!changedOnly || was?.status !== now.status) entry.status = now.status;
    if ((!changedOnly || was?.score !== now.score) && now.score !== 'null')
      entry.score = JSON.parse(now.score);
    out.set(id, entry);
  }
  // Rows come market by market (ordered), so a market starts where the key changes.
  let market: MarketOdds | null = null;
  let marketId = '';
  for (const r of rows) {
    if (!offeredFor(r.sport).includes(r.market_key)) continue;
    const entry = out.get(r.fixture_id);
    if (!entry) continue;
    const id = `${r.fixture_id}|${r.market_key}|${r.specifiers}`;
    if (!market || id !== marketId) {
      market = { key: r.market_key, specifiers: r.specifiers, status: r.status, outcomes: [] };
      marketId = id;
      entry.markets.push(market);
    }
    if (r.outcome_id !== null && (!changedOnly || r.outcome_changed))
      market.outcomes.push({ id: r.outcome_id, odds: r.odds, active: r.active === true });
  }
  return [...out.values()].filter(
    (e) => !changedOnly || e.markets.length > 0 || e.status !== undefined || e.score !== undefined,
  );
}

/** The operators' suspensions per fixture (sb_suspensions, migration 0079). */
async function suspensionsOf(db: Reader, ids: string[]): Promise<Map<string, string[]>> {
  const rows = await sql<{ fixture_id: string; merchant_id: string; market_key: string; specifiers: string }>`
    select fixture_id, merchant_id, market_key, specifiers from sb_suspensions
    where fixture_id = any(${ids}::text[])`.execute(db);
  const out = new Map<string, string[]>();
  for (const r of rows.rows) {
    const list = out.get(r.fixture_id) ?? [];
    list.push(`${r.merchant_id}|${r.market_key}|${r.specifiers}`);
    out.set(r.fixture_id, list);
  }
  return out;
}

/**
 * Publishes committed changes on the bus. Off the writer's path: a bus outage costs the sockets a
 * change (they catch up at the next one, or on reconnection), never the write.
 */
export function publishOddsChanges(
  ctx: { bus: EventBus; log: Pick<Logger, 'warn'> },
  changes: FixtureOdds[],
): void {
  if (changes.length === 0) return;
  ctx.bus
    .publish(SPORTS_ODDS_CHANNEL, JSON.stringify({ fixtures: changes }))
    .catch((error) => ctx.log.warn({ err: String(error) }, 'sports odds publish failed'));
}

/**
 * For writers of the book other than the feed (an operator's suspension or resumption): after their
 * commit, the whole current state of these fixtures goes to the sockets watching them. Never throws.
 */
export async function announceFixtures(ctx: AppContext, fixtureIds: string[]): Promise<void> {
  try {
    publishOddsChanges(ctx, await readFixtureOdds(ctx.db, fixtureIds));
  } catch (error) {
    // A push, never the write: the sockets catch up at the fixture's next change.
    ctx.log.warn({ err: String(error) }, 'sports odds announcement failed');
  }
}

/** Fixtures announced per bus message when a whole sport is (a margin changed). */
const ANNOUNCE_CHUNK = 50;

/**
 * After a change of these sports' margins (committed): the whole current state of their fixtures
 * still on offer goes to the sockets, in chunks, so every screen shows the new prices at once
 * rather than outcome by outcome as the feed moves them. Never throws.
 */
export async function announceSports(ctx: AppContext, sports: string[]): Promise<void> {
  if (sports.length === 0) return;
  try {
    const fixtures = await ctx.db
      .selectFrom('sb_fixtures')
      .select('id')
      .where('sport', 'in', [...new Set(sports)])
      .where('status', 'in', ['not_started', 'live'])
      .orderBy('id')
      .execute();
    for (let i = 0; i < fixtures.length; i += ANNOUNCE_CHUNK)
      await announceFixtures(
        ctx,
        fixtures.slice(i, i + ANNOUNCE_CHUNK).map((f) => f.id),
      );
  } catch (error) {
    ctx.log.warn({ err: String(error) }, 'sports odds announcement failed');
  }
}
