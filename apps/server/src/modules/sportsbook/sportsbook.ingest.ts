import type {
  BetCancel,
  BetSettlement,
  FeedMessage,
  FixtureChange,
  MarketRef,
  OddsChange,
  Producer,
  RollbackBetCancel,
  RollbackBetSettlement,
} from '../../../../reference-feed/src/contract.ts';
import { type Insertable, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { Database } from '../../platform/database/schema.ts';
import { type FixtureOdds, trackOddsChanges } from './sportsbook.live.ts';

/**
 * Applying feed messages (docs/sportsbook-feed.md §6) to the sportsbook's tables. A stream message
 * is applied in one transaction with its producer cursor's advance, and only when its `seq` is the
 * cursor's + 1 (an older one is a duplicate, a later one a gap: nothing is written). A recovery
 * snapshot is applied whole, in one transaction that sets the cursor to its `lastSeq`, so what a
 * replay re-applies (settlements it had already seen) nets to no change and raises no version.
 */
type Trx = Transaction<Database>;

/** Where a fixture's status is in its life: it never moves back (a late replay of 'new' changes nothing). */
const rank = (status: RawBuilder<unknown>) =>
  sql`(case ${status} when 'not_started' then 0 when 'live' then 1 when 'ended' then 2 else 3 end)`;

export type StreamOutcome = 'applied' | 'duplicate' | 'gap';

export interface Cursor {
  producer: Producer;
  lastSeq: number;
  lastTs: number;
}

export async function readCursors(db: Db | Trx): Promise<Record<Producer, Cursor>> {
  await db
    .insertInto('sb_feed_cursors')
    .values([{ producer: 'prematch' }, { producer: 'live' }])
    .onConflict((oc) => oc.column('producer').doNothing())
    .execute();
  const rows = await db.selectFrom('sb_feed_cursors').select(['producer', 'last_seq', 'last_ts']).execute();
  const out = {} as Record<Producer, Cursor>;
  for (const r of rows)
    out[r.producer] = { producer: r.producer, lastSeq: Number(r.last_seq), lastTs: Number(r.last_ts) };
  return out;
}

async function lockCursor(trx: Trx, producer: Producer): Promise<Cursor> {
  await trx
    .insertInto('sb_feed_cursors')
    .values({ producer })
    .onConflict((oc) => oc.column('producer').doNothing())
    .execute();
  const row = await trx
    .selectFrom('sb_feed_cursors')
    .select(['last_seq', 'last_ts'])
    .where('producer', '=', producer)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { producer, lastSeq: Number(row.last_seq), lastTs: Number(row.last_ts) };
}

async function advance(trx: Trx, producer: Producer, seq: number, ts: number) {
  await trx
    .updateTable('sb_feed_cursors')
    .set({ last_seq: BigInt(seq), last_ts: BigInt(ts), updated_at: new Date() })
    .where('producer', '=', producer)
    .execute();
}

/** Told, after the commit, what a message or a snapshot changed in the book (the live odds sockets). */
export type OddsChangesListener = (changes: FixtureOdds[]) => void;

/** One stream message (with a `seq`): applied with the cursor's advance when it is the next one. */
export async function applyStreamMessage(
  db: Db,
  message: FeedMessage & { seq: number },
  onChanges?: OddsChangesListener,
): Promise<StreamOutcome> {
  let changes: FixtureOdds[] = [];
  const outcome = await db.transaction().execute(async (trx) => {
    const cursor = await lockCursor(trx, message.producer);
    if (message.seq <= cursor.lastSeq) return 'duplicate';
    if (message.seq !== cursor.lastSeq + 1) return 'gap';
    const fixture = fixtureOf(message);
    const tracked = onChanges && fixture ? await trackOddsChanges(trx, [fixture]) : null;
    await applyMessage(trx, message);
    await advance(trx, message.producer, message.seq, message.ts);
    if (tracked) changes = await tracked.changes();
    return 'applied';
  });
  // Only now, committed: a transaction that threw never gets here.
  if (changes.length) onChanges?.(changes);
  return outcome;
}

/**
 * A recovery's answer (every message up to and excluding `snapshot_complete`), applied whole with
 * the cursor set to `lastSeq` and the marker's `ts`. `expectedSeq` is the cursor when the recovery
 * was asked: when another consumer moved it since, nothing is applied (false) and the caller asks again.
 */
export async function applySnapshot(
  db: Db,
  producer: Producer,
  messages: FeedMessage[],
  complete: { lastSeq: number; ts: number },
  expectedSeq: number,
  onChanges?: OddsChangesListener,
): Promise<boolean> {
  let changes: FixtureOdds[] = [];
  const applied = await db.transaction().execute(async (trx) => {
    const cursor = await lockCursor(trx, producer);
    if (cursor.lastSeq !== expectedSeq) return false;
    const fixtureIds = [
      ...new Set(messages.flatMap((m) => (RESULT_TYPES.has(m.type) ? [(m as BetSettlement).fixtureId] : []))),
    ];
    const named = messages.flatMap((m) => {
      const id = fixtureOf(m);
      return id ? [id] : [];
    });
    // Every fixture of the recovery locked first, in id order (lockFixtures says why).
    await lockFixtures(trx, named);
    const before = await standingOf(trx, fixtureIds);
    // What the snapshot changes of their odds goes to the live sockets.
    const tracked = onChanges ? await trackOddsChanges(trx, named) : null;
    const firstFact = await trx
      .selectFrom('sb_feed_facts')
      .select(({ fn }) => fn.max('id').as('id'))
      .executeTakeFirst();
    for (const message of messages) await applyMessage(trx, message);
    await netFacts(trx, fixtureIds, before, BigInt(firstFact?.id ?? 0), { producer, ts: complete.ts });
    await advance(trx, producer, complete.lastSeq, complete.ts);
    if (tracked) changes = await tracked.changes();
    return true;
  });
  if (changes.length) onChanges?.(changes);
  return applied;
}

const RESULT_TYPES = new Set<FeedMessage['type']>([
  'bet_settlement',
  'rollback_bet_settlement',
  'bet_cancel',
  'rollback_bet_cancel',
]);

interface Standing {
  state: string;
  version: number;
}

/** What stands per settled outcome and per cancel window of these fixtures, keyed. */
async function standingOf(trx: Trx, fixtureIds: string[]) {
  const settlements = new Map<string, Standing>();
  const cancels = new Map<string, Standing>();
  if (fixtureIds.length === 0) return { settlements, cancels };
  for (const s of await trx
    .selectFrom('sb_feed_settlements')
    .selectAll()
    .where('fixture_id', 'in', fixtureIds)
    .execute())
    settlements.set(JSON.stringify([s.fixture_id, s.market_key, s.specifiers, s.outcome_id]), {
      state: s.standing ? `${s.result} ${s.dead_heat_num}/${s.dead_heat_den}` : '',
      version: s.version,
    });
  for (const c of await trx
    .selectFrom('sb_feed_cancels')
    .selectAll()
    .where('fixture_id', 'in', fixtureIds)
    .execute())
    cancels.set(JSON.stringify([c.fixture_id, c.market_key, c.specifiers, c.time_window]), {
      state: c.standing ? 'standing' : '',
      version: c.version,
    });
  return { settlements, cancels };
}

/**
 * A snapshot replays settlements and cancels the consumer may have applied already (and their
 * rollbacks, in order): what it did is netted, so only what stands differently afterwards is a
 * change — one version up and one fact — and anything it settled and took back again leaves no trace.
 */
async function netFacts(
  trx: Trx,
  fixtureIds: string[],
  before: Awaited<ReturnType<typeof standingOf>>,
  lastFactBefore: bigint,
  origin: { producer: Producer; ts: number },
) {
  if (fixtureIds.length === 0) return;
  await trx.deleteFrom('sb_feed_facts').where('id', '>', lastFactBefore).execute();
  const after = await standingOf(trx, fixtureIds);
  const base = { producer: origin.producer, seq: null, feed_ts: BigInt(origin.ts) };
  const facts: Array<Insertable<Database['sb_feed_facts']>> = [
    ...(await reconcile(trx, 'sb_feed_settlements', 'outcome_id', before.settlements, after.settlements)).map(
      ({ where, state, version }) => {
        const [result, dh] = state.split(' ');
        const [num, den] = (dh ?? 'null/null').split('/');
        return {
          ...base,
          ...where,
          kind: state ? ('settle' as const) : ('rollback_settlement' as const),
          version,
          result: state ? result! : null,
          dead_heat_num: num && num !== 'null' ? Number(num) : null,
          dead_heat_den: den && den !== 'null' ? Number(den) : null,
        };
      },
    ),
    ...(await reconcile(trx, 'sb_feed_cancels', 'time_window', before.cancels, after.cancels)).map(
      ({ where, state, version }) => {
        const [start, end] = where.time_window!.split('|');
        return {
          ...base,
          ...where,
          kind: state ? ('cancel' as const) : ('rollback_cancel' as const),
          version,
          start_time: start === '-' ? null : BigInt(start!),
          end_time: end === '-' ? null : BigInt(end!),
        };
      },
    ),
  ];
  if (facts.length) await trx.insertInto('sb_feed_facts').values(facts).execute();
}

/**
 * Per key, what stands after against what stood before: versions set back where nothing changed
 * (a row the snapshot created and took back again is removed), one up where it did; answers the changes.
 */
async function reconcile(
  trx: Trx,
  table: Keyed,
  last: 'outcome_id' | 'time_window',
  before: Map<string, Standing>,
  after: Map<string, Standing>,
) {
  const changes: Array<{ where: Where; state: string; version: number }> = [];
  for (const [key, now] of after) {
    const [fixture_id, market_key, specifiers, lastValue] = JSON.parse(key) as string[];
    const where = {
      fixture_id: fixture_id!,
      market_key: market_key!,
      specifiers: specifiers!,
      [last]: lastValue!,
    };
    const was = before.get(key) ?? { state: '', version: 0 };
    const version = now.state === was.state ? was.version : was.version + 1;
    if (version === 0) await deleteWhere(trx, table, where);
    else if (version !== now.version) await setVersion(trx, table, where, version);
    if (version !== 0 && now.state !== was.state) changes.push({ where, state: now.state, version });
  }
  return changes;
}

type Keyed = 'sb_feed_settlements' | 'sb_feed_cancels';
type Where = { fixture_id: string; market_key: string; specifiers: string } & Partial<
  Record<'outcome_id' | 'time_window', string>
>;

async function deleteWhere(trx: Trx, table: Keyed, where: Where) {
  let q = trx.deleteFrom(table);
  for (const [column, value] of Object.entries(where)) q = q.where(column as never, '=', value as never);
  await q.execute();
}

async function setVersion(trx: Trx, table: Keyed, where: Where, version: number) {
  let q = trx.updateTable(table).set({ version });
  for (const [column, value] of Object.entries(where)) q = q.where(column as never, '=', value as never);
  await q.execute();
}

/** The effect of one message on the book, inside the caller's transaction. */
/** The fixture a message is about (none for `alive` and `snapshot_complete`). */
function fixtureOf(message: FeedMessage): string | null {
  if (message.type === 'fixture_change') return message.fixture.id;
  return 'fixtureId' in message ? message.fixtureId : null;
}

/**
 * Locks these fixtures' rows for update, in id order. Every writer of a fixture's markets and
 * outcomes takes its fixture's row first, and a sportsbook bet batch share-locks the fixtures it bets
 * on before their markets and outcomes (sportsbook.bets.ts): a message and a batch meet on the
 * fixture row, so they queue there and never deadlock on the markets and outcomes below it (the
 * message updates a market then its outcomes; the batch read outcome then market).
 */
async function lockFixtures(trx: Trx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`select id from sb_fixtures where id = any(${[...new Set(ids)].sort()}::text[]) order by id for update`.execute(
    trx,
  );
}

export async function applyMessage(trx: Trx, message: FeedMessage): Promise<void> {
  const fixture = fixtureOf(message);
  if (fixture) await lockFixtures(trx, [fixture]);
  switch (message.type) {
    case 'fixture_change':
      return fixtureChange(trx, message);
    case 'odds_change':
      await oddsChange(trx, message);
      return deriveStatuses(trx, message.fixtureId);
    case 'bet_stop':
      await trx
        .updateTable('sb_markets')
        // now(), not the app's time: the live odds read this transaction's changes by it.
        .set({ feed_status: 'suspended', updated_at: sql`now()` })
        .where('fixture_id', '=', message.fixtureId)
        .where('feed_status', '=', 'active')
        .execute();
      return deriveStatuses(trx, message.fixtureId);
    case 'bet_settlement':
      await settle(trx, message);
      return deriveStatuses(trx, message.fixtureId);
    case 'rollback_bet_settlement':
      await rollbackSettlement(trx, message);
      return deriveStatuses(trx, message.fixtureId);
    case 'bet_cancel':
    case 'rollback_bet_cancel':
      await cancel(trx, message);
      return deriveStatuses(trx, message.fixtureId);
    default:
      return;
  }
}

async function fixtureChange(trx: Trx, message: FixtureChange) {
  const f = message.fixture;
  const [home, away] = f.competitors;
  await trx
    .insertInto('sb_tournaments')
    .values({ id: f.tournament.id, sport: f.sport, name: f.tournament.name, category: f.tournament.category })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        category: eb.ref('excluded.category'),
        sport: eb.ref('excluded.sport'),
      })),
    )
    .execute();
  await trx
    .insertInto('sb_competitors')
    .values([
      { id: home.id, name: home.name },
      ...(away.id === home.id ? [] : [{ id: away.id, name: away.name }]),
    ])
    .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })))
    .execute();
  await sql`
    insert into sb_fixtures (id, sport, tournament_id, home_id, away_id, start_time, status, best_of)
    values (${f.id}, ${f.sport}, ${f.tournament.id}, ${home.id}, ${away.id}, ${BigInt(f.startTime)},
      ${f.status}, ${f.bestOf ?? null})
    on conflict (id) do update set
      sport = excluded.sport, tournament_id = excluded.tournament_id, home_id = excluded.home_id,
      away_id = excluded.away_id, start_time = excluded.start_time, best_of = excluded.best_of,
      status = case when ${rank(sql.ref('excluded.status'))} >= ${rank(sql.ref('sb_fixtures.status'))}
        then excluded.status else sb_fixtures.status end,
      updated_at = now()`.execute(trx);
}

async function oddsChange(trx: Trx, message: OddsChange) {
  await sql`
    update sb_fixtures set
      status = case when ${rank(sql`${message.fixtureStatus}::text`)} >= ${rank(sql.ref('status'))}
        then ${message.fixtureStatus} else status end,
      score = coalesce(${message.score ? JSON.stringify(message.score) : null}::jsonb, score),
      updated_at = now()
    where id = ${message.fixtureId}`.execute(trx);
  if (message.markets.length === 0) return;
  const markets = message.markets.map((m, position) => ({
    key: m.key,
    specifiers: m.specifiers,
    status: m.status,
    position,
  }));
  const outcomes = message.markets.flatMap((m) =>
    m.outcomes.map((o, position) => ({
      key: m.key,
      specifiers: m.specifiers,
      id: o.id,
      odds: o.odds,
      active: o.active,
      position,
    })),
  );
  await sql`
    insert into sb_markets (fixture_id, market_key, specifiers, feed_status, status, position)
    select ${message.fixtureId}, m.key, m.specifiers, m.status, m.status, m.position
    from jsonb_to_recordset(${JSON.stringify(markets)}::jsonb) as m(key text, specifiers text, status text, position int)
    on conflict (fixture_id, market_key, specifiers) do update set
      feed_status = excluded.feed_status, position = excluded.position, updated_at = now()
    where sb_markets.feed_status <> excluded.feed_status or sb_markets.position <> excluded.position`.execute(
    trx,
  );
  // Every outcome of a named market is listed: one no longer listed is gone.
  await sql`
    delete from sb_outcomes o
    where o.fixture_id = ${message.fixtureId}
      and exists (select 1 from jsonb_to_recordset(${JSON.stringify(markets)}::jsonb) as m(key text, specifiers text)
                  where m.key = o.market_key and m.specifiers = o.specifiers)
      and not exists (select 1 from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as x(key text, specifiers text, id text)
                      where x.key = o.market_key and x.specifiers = o.specifiers and x.id = o.outcome_id)`.execute(
    trx,
  );
  await sql`
    insert into sb_outcomes (fixture_id, market_key, specifiers, outcome_id, odds, active, position)
    select ${message.fixtureId}, x.key, x.specifiers, x.id, x.odds, x.active, x.position
    from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb)
      as x(key text, specifiers text, id text, odds int, active boolean, position int)
    on conflict (fixture_id, market_key, specifiers, outcome_id) do update set
      odds = excluded.odds, active = excluded.active, position = excluded.position,
      version = case when sb_outcomes.odds is distinct from excluded.odds or sb_outcomes.active <> excluded.active
        then sb_outcomes.version + 1 else sb_outcomes.version end,
      updated_at = now()
    where sb_outcomes.odds is distinct from excluded.odds or sb_outcomes.active <> excluded.active
      or sb_outcomes.position <> excluded.position`.execute(trx);
}

const refsJson = (markets: MarketRef[]) =>
  JSON.stringify(markets.map((m) => ({ key: m.key, specifiers: m.specifiers })));

/** Standing results per outcome; a version and a fact only where what stands changes. */
async function settle(trx: Trx, message: BetSettlement) {
  const input = message.markets.flatMap((m) =>
    m.outcomes.map((o) => ({
      key: m.key,
      specifiers: m.specifiers,
      id: o.id,
      result: o.result,
      num: o.deadHeatFactor?.num ?? null,
      den: o.deadHeatFactor?.den ?? null,
    })),
  );
  const origin = sql`${message.producer}, ${message.seq === undefined ? null : BigInt(message.seq)}, ${BigInt(message.ts)}`;
  // A market settled again replaces its results: an outcome it no longer lists no longer stands.
  await sql`
    with gone as (
      update sb_feed_settlements s set standing = false, version = s.version + 1, updated_at = now()
      where s.fixture_id = ${message.fixtureId} and s.standing
        and exists (select 1 from jsonb_to_recordset(${refsJson(message.markets)}::jsonb) as m(key text, specifiers text)
                    where m.key = s.market_key and m.specifiers = s.specifiers)
        and not exists (select 1 from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(key text, specifiers text, id text)
                        where x.key = s.market_key and x.specifiers = s.specifiers and x.id = s.outcome_id)
      returning s.fixture_id, s.market_key, s.specifiers, s.outcome_id, s.version
    )
    insert into sb_feed_facts (kind, fixture_id, market_key, specifiers, outcome_id, version, producer, seq, feed_ts)
    select 'rollback_settlement', fixture_id, market_key, specifiers, outcome_id, version, ${origin} from gone`.execute(
    trx,
  );
  await sql`
    with changed as (
      insert into sb_feed_settlements (fixture_id, market_key, specifiers, outcome_id, result, dead_heat_num, dead_heat_den, standing)
      select ${message.fixtureId}, x.key, x.specifiers, x.id, x.result, x.num, x.den, true
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        as x(key text, specifiers text, id text, result text, num int, den int)
      on conflict (fixture_id, market_key, specifiers, outcome_id) do update set
        result = excluded.result, dead_heat_num = excluded.dead_heat_num, dead_heat_den = excluded.dead_heat_den,
        standing = true, version = sb_feed_settlements.version + 1, updated_at = now()
      where not sb_feed_settlements.standing or sb_feed_settlements.result <> excluded.result
        or sb_feed_settlements.dead_heat_num is distinct from excluded.dead_heat_num
        or sb_feed_settlements.dead_heat_den is distinct from excluded.dead_heat_den
      returning fixture_id, market_key, specifiers, outcome_id, version, result, dead_heat_num, dead_heat_den
    )
    insert into sb_feed_facts
      (kind, fixture_id, market_key, specifiers, outcome_id, version, result, dead_heat_num, dead_heat_den, producer, seq, feed_ts)
    select 'settle', fixture_id, market_key, specifiers, outcome_id, version, result, dead_heat_num, dead_heat_den, ${origin}
    from changed`.execute(trx);
}

async function rollbackSettlement(trx: Trx, message: RollbackBetSettlement) {
  const origin = sql`${message.producer}, ${message.seq === undefined ? null : BigInt(message.seq)}, ${BigInt(message.ts)}`;
  await sql`
    with gone as (
      update sb_feed_settlements s set standing = false, version = s.version + 1, updated_at = now()
      where s.fixture_id = ${message.fixtureId} and s.standing
        and exists (select 1 from jsonb_to_recordset(${refsJson(message.markets)}::jsonb) as m(key text, specifiers text)
                    where m.key = s.market_key and m.specifiers = s.specifiers)
      returning s.fixture_id, s.market_key, s.specifiers, s.outcome_id, s.version
    )
    insert into sb_feed_facts (kind, fixture_id, market_key, specifiers, outcome_id, version, producer, seq, feed_ts)
    select 'rollback_settlement', fixture_id, market_key, specifiers, outcome_id, version, ${origin} from gone`.execute(
    trx,
  );
}

/** The time window of a cancel, as its key: `start|end`, `-` for an open bound. */
export const timeWindow = (m: { startTime?: number; endTime?: number }) =>
  `${m.startTime ?? '-'}|${m.endTime ?? '-'}`;

async function cancel(trx: Trx, message: BetCancel | RollbackBetCancel) {
  const origin = sql`${message.producer}, ${message.seq === undefined ? null : BigInt(message.seq)}, ${BigInt(message.ts)}`;
  const window = timeWindow(message);
  const start = message.startTime === undefined ? null : BigInt(message.startTime);
  const end = message.endTime === undefined ? null : BigInt(message.endTime);
  if (message.type === 'bet_cancel') {
    await sql`
      with changed as (
        insert into sb_feed_cancels (fixture_id, market_key, specifiers, time_window, start_time, end_time, reason, standing)
        select ${message.fixtureId}, m.key, m.specifiers, ${window}, ${start}::bigint, ${end}::bigint, ${message.reason.slice(0, 200)}, true
        from jsonb_to_recordset(${refsJson(message.markets)}::jsonb) as m(key text, specifiers text)
        on conflict (fixture_id, market_key, specifiers, time_window) do update set
          standing = true, reason = excluded.reason, version = sb_feed_cancels.version + 1, updated_at = now()
        where not sb_feed_cancels.standing
        returning fixture_id, market_key, specifiers, time_window, version, start_time, end_time
      )
      insert into sb_feed_facts
        (kind, fixture_id, market_key, specifiers, time_window, version, start_time, end_time, producer, seq, feed_ts)
      select 'cancel', fixture_id, market_key, specifiers, time_window, version, start_time, end_time, ${origin}
      from changed`.execute(trx);
    return;
  }
  await sql`
    with gone as (
      update sb_feed_cancels c set standing = false, version = c.version + 1, updated_at = now()
      where c.fixture_id = ${message.fixtureId} and c.time_window = ${window} and c.standing
        and exists (select 1 from jsonb_to_recordset(${refsJson(message.markets)}::jsonb) as m(key text, specifiers text)
                    where m.key = c.market_key and m.specifiers = c.specifiers)
      returning c.fixture_id, c.market_key, c.specifiers, c.time_window, c.version, c.start_time, c.end_time
    )
    insert into sb_feed_facts
      (kind, fixture_id, market_key, specifiers, time_window, version, start_time, end_time, producer, seq, feed_ts)
    select 'rollback_cancel', fixture_id, market_key, specifiers, time_window, version, start_time, end_time, ${origin}
    from gone`.execute(trx);
}

/**
 * What the book offers per market: `settled` while a settlement stands, `cancelled` while a cancel
 * without a window stands, otherwise the feed's status.
 */
async function deriveStatuses(trx: Trx, fixtureId: string) {
  await sql`
    update sb_markets m set status = d.status, updated_at = now()
    from (
      select k.fixture_id, k.market_key, k.specifiers,
        case
          when exists (select 1 from sb_feed_settlements s where s.fixture_id = k.fixture_id
            and s.market_key = k.market_key and s.specifiers = k.specifiers and s.standing) then 'settled'
          when exists (select 1 from sb_feed_cancels c where c.fixture_id = k.fixture_id
            and c.market_key = k.market_key and c.specifiers = k.specifiers and c.standing
            and c.start_time is null and c.end_time is null) then 'cancelled'
          else k.feed_status
        end as status
      from sb_markets k where k.fixture_id = ${fixtureId}
    ) d
    where m.fixture_id = d.fixture_id and m.market_key = d.market_key and m.specifiers = d.specifiers
      and m.status <> d.status`.execute(trx);
}
