import type {
  BoSportsBigBet,
  BoSportsEvent,
  BoSportsEventDetail,
  BoSportsEventsQuery,
  BoSportsLimits,
  BoSportsLimitsUpdate,
  BoSportsMarket,
  BoSportsSuspendRequest,
  PageQuery,
} from '@sorte/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { offsetOf } from '../../platform/http/paging.ts';
import { type OperatorPrincipal, recordAudit } from '../backoffice/index.ts';
import { DEFAULT_SB_LIMITS, legsOf } from './sportsbook.bets.ts';
import { pendingResultsOf } from './sportsbook.manual-results.ts';
import { marginsOf, writeMargins } from './sportsbook.margins.ts';
import { eventsQuery } from './sportsbook.routes.ts';
import type { SbFixtureStatus } from './sportsbook.tables.ts';

/**
 * Back-office trading (issue 16 item 5): the merchant's view of the book — events with their open
 * bets and turnover, one event's markets with the LIABILITY per outcome — its suspensions, its
 * limits and its big bets. Liability, by the rule kept here: for each open bet and each of its legs
 * still open, the bet's whole potential return counts against that leg's outcome — what the house
 * pays if that outcome wins and every other open leg of the bet wins too. Exact for singles; for a
 * multiple or a system it is the worst case (an upper bound), and the same bet counts under each of
 * its open outcomes (on different events: a bet holds at most one leg per event). Bets and turnover
 * per market count every bet with a leg on it (any status) with its whole stake.
 */

/** The big-bet thresholds when the merchant has set none: a stake of 1,000.00 or a return of 10,000.00. */
export const DEFAULT_BIG_BETS = { bigStakeMinor: 100_000n, bigReturnMinor: 1_000_000n };

interface FixtureRow {
  id: string;
  sport: string;
  tournament_name: string;
  home_name: string;
  away_name: string;
  start_time: bigint;
  status: string;
  score: unknown;
}

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function eventSuspensions(db: Db, merchantId: string, fixtureIds: string[]) {
  if (fixtureIds.length === 0) return [];
  return db
    .selectFrom('sb_suspensions')
    .select(['fixture_id', 'market_key', 'specifiers'])
    .where('merchant_id', '=', merchantId)
    .where('fixture_id', 'in', fixtureIds)
    .execute();
}

/** Open bets and turnover of the merchant's bets on these events. */
async function eventBets(db: Db, merchantId: string, fixtureIds: string[]) {
  const out = new Map<string, { openBets: number; turnoverMinor: number }>();
  if (fixtureIds.length === 0) return out;
  const { rows } = await sql<{ fixture_id: string; open_bets: string; turnover: string | null }>`
    select l.fixture_id, count(*) filter (where b.status = 'open') as open_bets, sum(b.stake_minor) as turnover
      from sb_bet_legs l join sb_bets b on b.id = l.bet_id
     where l.fixture_id = any(${fixtureIds}::text[]) and b.merchant_id = ${merchantId}
     group by l.fixture_id`.execute(db);
  for (const r of rows)
    out.set(r.fixture_id, { openBets: Number(r.open_bets), turnoverMinor: Number(r.turnover ?? 0) });
  return out;
}

function eventView(
  row: FixtureRow,
  suspended: boolean,
  bets: { openBets: number; turnoverMinor: number } | undefined,
): BoSportsEvent {
  const score = row.score as { home: number; away: number } | null;
  return {
    id: row.id,
    sport: row.sport,
    tournament: row.tournament_name,
    home: row.home_name,
    away: row.away_name,
    startTime: new Date(Number(row.start_time)).toISOString(),
    status: row.status as SbFixtureStatus,
    score: score ? { home: score.home, away: score.away } : null,
    suspended,
    openBets: bets?.openBets ?? 0,
    turnoverMinor: bets?.turnoverMinor ?? 0,
  };
}

/** Events by sport, status and a search of the teams and tournament: live first, then by start. */
export async function listEvents(db: Db, merchantId: string, query: BoSportsEventsQuery) {
  let q = eventsQuery(db);
  if (query.sport) q = q.where('f.sport', '=', query.sport);
  if (query.status) q = q.where('f.status', '=', query.status);
  if (query.q) {
    const like = likeOf(query.q);
    q = q.where((eb) =>
      eb.or([eb('h.name', 'ilike', like), eb('a.name', 'ilike', like), eb('t.name', 'ilike', like)]),
    );
  }
  const total = await q
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = (await q
    .orderBy(sql`case f.status when 'live' then 0 when 'not_started' then 1 else 2 end`)
    .orderBy(sql`case when f.status in ('live', 'not_started') then f.start_time end`)
    .orderBy('f.start_time', 'desc')
    .orderBy('f.id')
    .limit(query.pageSize)
    .offset(offsetOf(query))
    .execute()) as FixtureRow[];
  const ids = rows.map((r) => r.id);
  const suspended = new Set(
    (await eventSuspensions(db, merchantId, ids)).filter((s) => s.market_key === '').map((s) => s.fixture_id),
  );
  const bets = await eventBets(db, merchantId, ids);
  return {
    list: rows.map((r) => eventView(r, suspended.has(r.id), bets.get(r.id))),
    total: Number(total.n),
  };
}

const marketId = (key: string, specifiers: string) => `${key}\u0000${specifiers}`;

/** One event: every market it has (any status) with the odds, standing results, suspensions, liability. */
export async function eventDetail(
  db: Db,
  merchantId: string,
  fixtureId: string,
): Promise<BoSportsEventDetail> {
  const row = (await eventsQuery(db).where('f.id', '=', fixtureId).executeTakeFirst()) as
    | FixtureRow
    | undefined;
  if (!row) throw new AppError('SPORTS_EVENT_NOT_FOUND');
  const suspensions = await eventSuspensions(db, merchantId, [fixtureId]);
  const marketsSuspended = new Set(suspensions.map((s) => marketId(s.market_key, s.specifiers)));
  const bets = await eventBets(db, merchantId, [fixtureId]);
  const markets = await db
    .selectFrom('sb_markets')
    .select(['market_key', 'specifiers', 'status'])
    .where('fixture_id', '=', fixtureId)
    .orderBy('position')
    .orderBy('market_key')
    .orderBy('specifiers')
    .execute();
  const outcomes = await db
    .selectFrom('sb_outcomes as o')
    .leftJoin('sb_feed_settlements as s', (j) =>
      j
        .onRef('s.fixture_id', '=', 'o.fixture_id')
        .onRef('s.market_key', '=', 'o.market_key')
        .onRef('s.specifiers', '=', 'o.specifiers')
        .onRef('s.outcome_id', '=', 'o.outcome_id')
        .on('s.standing', '=', true),
    )
    .select(['o.market_key', 'o.specifiers', 'o.outcome_id', 'o.odds', 'o.active', 's.result'])
    .where('o.fixture_id', '=', fixtureId)
    .orderBy('o.position')
    .execute();
  const { rows: exposure } = await sql<{
    market_key: string;
    specifiers: string;
    outcome_id: string;
    open_bets: string;
    liability: string | null;
  }>`
    select l.market_key, l.specifiers, l.outcome_id,
           count(*) filter (where b.status = 'open' and l.status = 'open') as open_bets,
           sum(b.potential_return_minor) filter (where b.status = 'open' and l.status = 'open') as liability
      from sb_bet_legs l join sb_bets b on b.id = l.bet_id
     where l.fixture_id = ${fixtureId} and b.merchant_id = ${merchantId}
     group by l.market_key, l.specifiers, l.outcome_id`.execute(db);
  const { rows: turnover } = await sql<{
    market_key: string;
    specifiers: string;
    bets: string;
    turnover: string;
  }>`
    select l.market_key, l.specifiers, count(*) as bets, sum(b.stake_minor) as turnover
      from sb_bet_legs l join sb_bets b on b.id = l.bet_id
     where l.fixture_id = ${fixtureId} and b.merchant_id = ${merchantId}
     group by l.market_key, l.specifiers`.execute(db);
  const exposureOf = new Map(
    exposure.map((e) => [`${marketId(e.market_key, e.specifiers)}\u0000${e.outcome_id}`, e]),
  );
  const turnoverOf = new Map(turnover.map((e) => [marketId(e.market_key, e.specifiers), e]));
  const pending = await pendingResultsOf(db, fixtureId);
  const byMarket = new Map<string, BoSportsMarket>();
  const list = markets.map((m) => {
    const id = marketId(m.market_key, m.specifiers);
    const market: BoSportsMarket = {
      key: m.market_key,
      specifiers: m.specifiers,
      status: m.status,
      suspended: marketsSuspended.has(id),
      bets: Number(turnoverOf.get(id)?.bets ?? 0),
      turnoverMinor: Number(turnoverOf.get(id)?.turnover ?? 0),
      outcomes: [],
      pending: pending.get(id) ?? null,
    };
    byMarket.set(id, market);
    return market;
  });
  for (const o of outcomes) {
    const id = marketId(o.market_key, o.specifiers);
    const e = exposureOf.get(`${id}\u0000${o.outcome_id}`);
    byMarket.get(id)?.outcomes.push({
      id: o.outcome_id,
      odds: o.odds,
      active: o.active,
      liabilityMinor: Number(e?.liability ?? 0),
      openBets: Number(e?.open_bets ?? 0),
      result: o.result ?? null,
    });
  }
  return {
    event: eventView(row, marketsSuspended.has(marketId('', '')), bets.get(fixtureId)),
    markets: list,
  };
}

/**
 * Suspends (or resumes) a market, or the whole event when no market is named, for this merchant.
 * The fixture's row is locked for update first, as feed messages do, so the change and a bet batch
 * (which share-locks it) take turns: a bet either ran before the suspension or sees it. Audited;
 * repeating it changes nothing and writes no audit row.
 */
export async function setSuspension(
  db: Db,
  operator: OperatorPrincipal,
  fixtureId: string,
  input: BoSportsSuspendRequest,
  suspend: boolean,
): Promise<void> {
  const market = input.market ?? '';
  const specifiers = input.market ? input.specifiers : '';
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql`select id from sb_fixtures where id = ${fixtureId} for update`.execute(trx);
    if (rows.length === 0) throw new AppError('SPORTS_EVENT_NOT_FOUND');
    if (market) {
      const found = await trx
        .selectFrom('sb_markets')
        .select('market_key')
        .where('fixture_id', '=', fixtureId)
        .where('market_key', '=', market)
        .where('specifiers', '=', specifiers)
        .executeTakeFirst();
      if (!found) throw new AppError('SPORTS_MARKET_NOT_FOUND');
    }
    const changed = suspend
      ? await trx
          .insertInto('sb_suspensions')
          .values({
            merchant_id: operator.merchantId,
            fixture_id: fixtureId,
            market_key: market,
            specifiers,
            reason: input.reason,
            operator_id: operator.operatorId,
          })
          .onConflict((oc) => oc.doNothing())
          .returning('fixture_id')
          .execute()
      : await trx
          .deleteFrom('sb_suspensions')
          .where('merchant_id', '=', operator.merchantId)
          .where('fixture_id', '=', fixtureId)
          .where('market_key', '=', market)
          .where('specifiers', '=', specifiers)
          .returning('fixture_id')
          .execute();
    if (changed.length === 0) return;
    await recordAudit(trx, {
      operator,
      action: suspend ? 'sportsbook.suspend' : 'sportsbook.resume',
      targetType: market ? 'sb_market' : 'sb_event',
      targetId: market ? `${fixtureId}|${market}|${specifiers}` : fixtureId,
      after: { fixtureId, market: market || null, specifiers, suspended: suspend },
      reason: input.reason || null,
    });
  });
}

/** The merchant's limits, per-sport limits and margins, per-player max stakes and big-bet thresholds. */
export async function readLimits(db: Db, merchantId: string): Promise<BoSportsLimits> {
  const row = await db
    .selectFrom('sb_limits')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  const settings = await db
    .selectFrom('sb_trading_settings')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  const sports = await db
    .selectFrom('sb_sport_limits')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('sport')
    .execute();
  const players = await db
    .selectFrom('sb_player_limits as p')
    .innerJoin('members as m', 'm.id', 'p.member_id')
    .select(['m.account', 'p.max_stake_minor'])
    .where('p.merchant_id', '=', merchantId)
    .orderBy('m.account')
    .execute();
  const markets = await db
    .selectFrom('sb_market_limits')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('market_key')
    .execute();
  const caps = await db
    .selectFrom('sb_liability_caps')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('sport')
    .orderBy('market_key')
    .execute();
  const margins = await marginsOf(db, merchantId);
  return {
    minStakeMinor: Number(row?.min_stake_minor ?? DEFAULT_SB_LIMITS.minStakeMinor),
    maxStakeMinor: Number(row?.max_stake_minor ?? DEFAULT_SB_LIMITS.maxStakeMinor),
    maxPayoutMinor: Number(row?.max_payout_minor ?? DEFAULT_SB_LIMITS.maxPayoutMinor),
    betDelayMs: row?.bet_delay_ms ?? DEFAULT_SB_LIMITS.betDelayMs,
    sports: sports.map((s) => ({
      sport: s.sport as BoSportsLimits['sports'][number]['sport'],
      maxStakeMinor: s.max_stake_minor === null ? null : Number(s.max_stake_minor),
      maxPayoutMinor: s.max_payout_minor === null ? null : Number(s.max_payout_minor),
    })),
    players: players.map((p) => ({ account: p.account, maxStakeMinor: Number(p.max_stake_minor) })),
    markets: markets.map((m) => ({
      market: m.market_key as BoSportsLimits['markets'][number]['market'],
      maxStakeMinor: m.max_stake_minor === null ? null : Number(m.max_stake_minor),
      maxPayoutMinor: m.max_payout_minor === null ? null : Number(m.max_payout_minor),
    })),
    liabilityCaps: caps.map((c) => ({
      sport: (c.sport || null) as BoSportsLimits['liabilityCaps'][number]['sport'],
      market: (c.market_key || null) as BoSportsLimits['liabilityCaps'][number]['market'],
      maxLiabilityMinor: Number(c.max_liability_minor),
    })),
    margins: [...margins]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([sport, marginBps]) => ({
        sport: sport as BoSportsLimits['margins'][number]['sport'],
        marginBps,
      })),
    bigStakeMinor: Number(settings?.big_stake_minor ?? DEFAULT_BIG_BETS.bigStakeMinor),
    bigReturnMinor: Number(settings?.big_return_minor ?? DEFAULT_BIG_BETS.bigReturnMinor),
  };
}

/**
 * Changes what is sent (a sport or market type with both limits null, a player with a null max
 * stake, a liability cap with a null max, a margin of 0, is removed), under the merchant's row lock, audited with
 * before and after.
 */
export async function updateLimits(
  db: Db,
  operator: OperatorPrincipal,
  change: BoSportsLimitsUpdate,
): Promise<BoSportsLimits> {
  const merchantId = operator.merchantId;
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('merchants').select('id').where('id', '=', merchantId).forUpdate().execute();
    const before = await readLimits(trx, merchantId);
    const merged = {
      min_stake_minor: BigInt(change.minStakeMinor ?? before.minStakeMinor),
      max_stake_minor: BigInt(change.maxStakeMinor ?? before.maxStakeMinor),
      max_payout_minor: BigInt(change.maxPayoutMinor ?? before.maxPayoutMinor),
      bet_delay_ms: change.betDelayMs ?? before.betDelayMs,
    };
    if (merged.min_stake_minor > merged.max_stake_minor)
      throw new AppError('SPORTS_LIMITS_INVALID', { field: 'minStakeMinor' });
    await trx
      .insertInto('sb_limits')
      .values({ merchant_id: merchantId, ...merged })
      .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ ...merged, updated_at: new Date() }))
      .execute();
    const thresholds = {
      big_stake_minor: BigInt(change.bigStakeMinor ?? before.bigStakeMinor),
      big_return_minor: BigInt(change.bigReturnMinor ?? before.bigReturnMinor),
    };
    await trx
      .insertInto('sb_trading_settings')
      .values({ merchant_id: merchantId, ...thresholds })
      .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ ...thresholds, updated_at: new Date() }))
      .execute();
    for (const s of change.sports ?? []) {
      if (s.maxStakeMinor === null && s.maxPayoutMinor === null) {
        await trx
          .deleteFrom('sb_sport_limits')
          .where('merchant_id', '=', merchantId)
          .where('sport', '=', s.sport)
          .execute();
        continue;
      }
      const values = {
        max_stake_minor: s.maxStakeMinor === null ? null : BigInt(s.maxStakeMinor),
        max_payout_minor: s.maxPayoutMinor === null ? null : BigInt(s.maxPayoutMinor),
      };
      await trx
        .insertInto('sb_sport_limits')
        .values({ merchant_id: merchantId, sport: s.sport, ...values })
        .onConflict((oc) =>
          oc.columns(['merchant_id', 'sport']).doUpdateSet({ ...values, updated_at: new Date() }),
        )
        .execute();
    }
    for (const p of change.players ?? []) {
      const member = await trx
        .selectFrom('members')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where(sql`lower(account)`, '=', p.account.toLowerCase())
        .executeTakeFirst();
      if (!member) throw new AppError('SPORTS_PLAYER_NOT_FOUND', { account: p.account });
      if (p.maxStakeMinor === null) {
        await trx.deleteFrom('sb_player_limits').where('member_id', '=', member.id).execute();
        continue;
      }
      const max = BigInt(p.maxStakeMinor);
      await trx
        .insertInto('sb_player_limits')
        .values({ member_id: member.id, merchant_id: merchantId, max_stake_minor: max })
        .onConflict((oc) =>
          oc.column('member_id').doUpdateSet({ max_stake_minor: max, updated_at: new Date() }),
        )
        .execute();
    }
    await updateRiskLimits(trx, merchantId, change);
    await writeMargins(trx, merchantId, change.margins ?? []);
    const after = await readLimits(trx, merchantId);
    await recordAudit(trx, {
      operator,
      action: 'sportsbook.limits.update',
      targetType: 'merchant',
      targetId: merchantId,
      before,
      after,
    });
    return after;
  });
}

/** The limits per market type and the liability caps of a limits update (inside its transaction). */
async function updateRiskLimits(trx: Db, merchantId: string, change: BoSportsLimitsUpdate): Promise<void> {
  for (const m of change.markets ?? []) {
    if (m.maxStakeMinor === null && m.maxPayoutMinor === null) {
      await trx
        .deleteFrom('sb_market_limits')
        .where('merchant_id', '=', merchantId)
        .where('market_key', '=', m.market)
        .execute();
      continue;
    }
    const values = {
      max_stake_minor: m.maxStakeMinor === null ? null : BigInt(m.maxStakeMinor),
      max_payout_minor: m.maxPayoutMinor === null ? null : BigInt(m.maxPayoutMinor),
    };
    await trx
      .insertInto('sb_market_limits')
      .values({ merchant_id: merchantId, market_key: m.market, ...values })
      .onConflict((oc) =>
        oc.columns(['merchant_id', 'market_key']).doUpdateSet({ ...values, updated_at: new Date() }),
      )
      .execute();
  }
  for (const c of change.liabilityCaps ?? []) {
    const key = { sport: c.sport ?? '', market_key: c.market ?? '' };
    if (c.maxLiabilityMinor === null) {
      await trx
        .deleteFrom('sb_liability_caps')
        .where('merchant_id', '=', merchantId)
        .where('sport', '=', key.sport)
        .where('market_key', '=', key.market_key)
        .execute();
      continue;
    }
    const max = BigInt(c.maxLiabilityMinor);
    await trx
      .insertInto('sb_liability_caps')
      .values({ merchant_id: merchantId, ...key, max_liability_minor: max })
      .onConflict((oc) =>
        oc
          .columns(['merchant_id', 'sport', 'market_key'])
          .doUpdateSet({ max_liability_minor: max, updated_at: new Date() }),
      )
      .execute();
  }
}

/** The merchant's bets whose stake or potential return reaches a big-bet threshold, newest first. */
export async function bigBets(db: Db, merchantId: string, query: PageQuery) {
  const limits = await readLimits(db, merchantId);
  const base = db
    .selectFrom('sb_bets as b')
    .where('b.merchant_id', '=', merchantId)
    .where((eb) =>
      eb.or([
        eb('b.stake_minor', '>=', BigInt(limits.bigStakeMinor)),
        eb('b.potential_return_minor', '>=', BigInt(limits.bigReturnMinor)),
      ]),
    );
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const bets = await base
    .innerJoin('members as m', 'm.id', 'b.member_id')
    .select([
      'b.id',
      'm.account',
      'b.kind',
      'b.stake_minor',
      'b.potential_return_minor',
      'b.status',
      'b.placed_at',
    ])
    .orderBy('b.id', 'desc')
    .limit(query.pageSize)
    .offset(offsetOf(query))
    .execute();
  const legs = await legsOf(
    db,
    bets.map((b) => b.id),
  );
  const fixtureIds = [...new Set([...legs.values()].flat().map((l) => l.fixture_id))];
  const names = new Map(
    fixtureIds.length === 0
      ? []
      : (await eventsQuery(db).where('f.id', 'in', fixtureIds).execute()).map((e) => [
          e.id,
          `${e.home_name} – ${e.away_name}`,
        ]),
  );
  const list: BoSportsBigBet[] = bets.map((b) => ({
    id: Number(b.id),
    account: b.account,
    kind: b.kind,
    stakeMinor: Number(b.stake_minor),
    potentialReturnMinor: Number(b.potential_return_minor),
    status: b.status,
    placedAt: b.placed_at.toISOString(),
    legs: (legs.get(b.id) ?? []).map((l) => ({
      eventId: l.fixture_id,
      event: names.get(l.fixture_id) ?? l.fixture_id,
      market: l.market_key,
      specifiers: l.specifiers,
      outcome: l.outcome_id,
      odds: l.odds,
    })),
  }));
  return { list, total: Number(total.n) };
}
