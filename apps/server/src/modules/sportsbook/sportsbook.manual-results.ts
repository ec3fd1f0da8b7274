import type {
  BoSportsManualResult,
  BoSportsPendingResult,
  BoSportsResultRequest,
  PageQuery,
} from '@sorte/contracts';
import { type Selectable, sql } from 'kysely';
import type { BetSettlement, FeedMessage } from '../../../../reference-feed/src/contract.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { offsetOf } from '../../platform/http/paging.ts';
import { type OperatorPrincipal, recordAudit } from '../backoffice/index.ts';
import { applyMessage } from './sportsbook.ingest.ts';
import type { SbManualResultsTable } from './sportsbook.trading.tables.ts';

/**
 * Manual results, by two operators (as the VN lottery's results): one proposes a market's result —
 * every outcome of the market, with a reason — or a rollback of its standing settlement; another
 * confirms (the proposer cannot), or anyone rejects. A confirmed proposal is applied through the
 * feed's own path: `applyMessage` of sportsbook.ingest.ts with a `bet_settlement` (or
 * `rollback_bet_settlement`) whose producer is 'operator', so it writes the standing results in
 * `sb_feed_settlements` and the `sb_feed_facts` rows exactly as a feed message would, and bet
 * settlement pays it the same way. A settlement of an already settled market is a resettlement (it
 * replaces the results). Every merchant shares the one feed, so a manual result stands for every
 * merchant's bets; at most one proposal per market is pending at a time (across merchants).
 */
type ResultRow = Selectable<SbManualResultsTable>;
type Outcomes = Array<{
  id: string;
  result: NonNullable<BoSportsPendingResult['outcomes']>[number]['result'];
}>;

const marketKey = (key: string, specifiers: string) => `${key}\u0000${specifiers}`;

/** The audit log's name of the market. */
const targetOf = (r: { fixture_id: string; market_key: string; specifiers: string }) =>
  `${r.fixture_id}|${r.market_key}|${r.specifiers}`;

async function operatorNames(db: Db, ids: Array<string | null>) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('operators')
    .select(['id', 'username'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}

function pendingView(r: ResultRow, names: Map<string, string>): BoSportsPendingResult {
  return {
    id: Number(r.id),
    kind: r.kind,
    outcomes: (r.outcomes as Outcomes | null) ?? null,
    reason: r.reason,
    proposedBy: names.get(r.proposed_by) ?? '',
    proposedAt: r.proposed_at.toISOString(),
  };
}

/** The pending proposals of an event's markets, by market. */
export async function pendingResultsOf(db: Db, fixtureId: string) {
  const rows = await db
    .selectFrom('sb_manual_results')
    .selectAll()
    .where('fixture_id', '=', fixtureId)
    .where('status', '=', 'pending')
    .execute();
  const names = await operatorNames(
    db,
    rows.map((r) => r.proposed_by),
  );
  return new Map(rows.map((r) => [marketKey(r.market_key, r.specifiers), pendingView(r, names)]));
}

async function hasStandingSettlement(db: Db, fixtureId: string, market: string, specifiers: string) {
  const row = await db
    .selectFrom('sb_feed_settlements')
    .select('outcome_id')
    .where('fixture_id', '=', fixtureId)
    .where('market_key', '=', market)
    .where('specifiers', '=', specifiers)
    .where('standing', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The outcomes given must be the market's outcomes, each exactly once: one missing, unknown or
 * repeated is SPORTS_RESULT_INVALID with the lists.
 */
function checkCoverage(known: string[], given: Outcomes): void {
  const seen = new Set<string>();
  const duplicate: string[] = [];
  for (const o of given) {
    if (seen.has(o.id)) duplicate.push(o.id);
    seen.add(o.id);
  }
  const missing = known.filter((id) => !seen.has(id));
  const unknown = [...seen].filter((id) => !known.includes(id));
  if (missing.length || unknown.length || duplicate.length)
    throw new AppError('SPORTS_RESULT_INVALID', { missing, unknown, duplicate });
}

/** POST /bo/sportsbook/events/:id/results: the first operator's proposal, pending a second. */
export async function proposeResult(
  db: Db,
  operator: OperatorPrincipal,
  fixtureId: string,
  input: BoSportsResultRequest,
  now: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql`select id from sb_fixtures where id = ${fixtureId} for update`.execute(trx);
    if (rows.length === 0) throw new AppError('SPORTS_EVENT_NOT_FOUND');
    const outcomes = await trx
      .selectFrom('sb_outcomes')
      .select('outcome_id')
      .where('fixture_id', '=', fixtureId)
      .where('market_key', '=', input.market)
      .where('specifiers', '=', input.specifiers)
      .orderBy('position')
      .execute();
    if (outcomes.length === 0) throw new AppError('SPORTS_MARKET_NOT_FOUND');
    if (input.kind === 'settle')
      checkCoverage(
        outcomes.map((o) => o.outcome_id),
        input.outcomes,
      );
    else if (!(await hasStandingSettlement(trx, fixtureId, input.market, input.specifiers)))
      throw new AppError('SPORTS_MARKET_NOT_SETTLED');
    const inserted = await trx
      .insertInto('sb_manual_results')
      .values({
        merchant_id: operator.merchantId,
        fixture_id: fixtureId,
        market_key: input.market,
        specifiers: input.specifiers,
        kind: input.kind,
        outcomes: input.kind === 'settle' ? JSON.stringify(input.outcomes) : null,
        reason: input.reason,
        proposed_by: operator.operatorId,
        proposed_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['fixture_id', 'market_key', 'specifiers']).where('status', '=', 'pending').doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new AppError('SPORTS_RESULT_PENDING');
    await recordAudit(trx, {
      operator,
      action: input.kind === 'settle' ? 'sportsbook.result.propose' : 'sportsbook.rollback.propose',
      targetType: 'sb_market',
      targetId: `${fixtureId}|${input.market}|${input.specifiers}`,
      after: {
        proposal: Number(inserted.id),
        ...(input.kind === 'settle' ? { outcomes: input.outcomes } : {}),
      },
      reason: input.reason,
    });
    return Number(inserted.id);
  });
}

async function lockedProposal(trx: Db, operator: OperatorPrincipal, id: number): Promise<ResultRow> {
  const row = await trx
    .selectFrom('sb_manual_results')
    .selectAll()
    .where('id', '=', BigInt(id))
    .where('merchant_id', '=', operator.merchantId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('SPORTS_RESULT_NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('SPORTS_RESULT_NOT_PENDING', { status: row.status });
  return row;
}

/**
 * The settlement (or rollback) message the feed would have sent, applied by the feed's own code.
 * The contract's producers are the feed's two; an operator's message is told apart by 'operator'
 * in the facts' `producer` (a text column without a check), which is what the cast says.
 */
function operatorMessage(row: ResultRow, now: Date): FeedMessage {
  const market = { key: row.market_key, specifiers: row.specifiers };
  const base = {
    producer: 'operator' as unknown as BetSettlement['producer'],
    ts: now.getTime(),
    fixtureId: row.fixture_id,
  };
  return row.kind === 'settle'
    ? { ...base, type: 'bet_settlement', markets: [{ ...market, outcomes: row.outcomes as Outcomes }] }
    : { ...base, type: 'rollback_bet_settlement', markets: [market] };
}

/**
 * POST /bo/sportsbook/results/:id/confirm by an operator other than the proposer: applied once —
 * the proposal's row is locked first, so of confirmations at once one applies and the others find
 * it decided (SPORTS_RESULT_NOT_PENDING).
 */
export async function confirmResult(
  db: Db,
  operator: OperatorPrincipal,
  id: number,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockedProposal(trx, operator, id);
    if (row.proposed_by === operator.operatorId) throw new AppError('SPORTS_RESULT_SAME_OPERATOR');
    if (
      row.kind === 'rollback' &&
      !(await hasStandingSettlement(trx, row.fixture_id, row.market_key, row.specifiers))
    )
      throw new AppError('SPORTS_MARKET_NOT_SETTLED');
    await applyMessage(trx, operatorMessage(row, now));
    await trx
      .updateTable('sb_manual_results')
      .set({ status: 'applied', decided_by: operator.operatorId, decided_at: now })
      .where('id', '=', row.id)
      .execute();
    await recordAudit(trx, {
      operator,
      action: row.kind === 'settle' ? 'sportsbook.result.confirm' : 'sportsbook.rollback.confirm',
      targetType: 'sb_market',
      targetId: targetOf(row),
      before: { proposal: Number(row.id), proposedBy: row.proposed_by },
      after: { status: 'applied', ...(row.kind === 'settle' ? { outcomes: row.outcomes } : {}) },
      reason: row.reason,
    });
  });
}

/** POST /bo/sportsbook/results/:id/reject: drops a pending proposal (the proposer may withdraw it). */
export async function rejectResult(
  db: Db,
  operator: OperatorPrincipal,
  id: number,
  reason: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockedProposal(trx, operator, id);
    await trx
      .updateTable('sb_manual_results')
      .set({ status: 'rejected', decided_by: operator.operatorId, decided_at: now, decision_reason: reason })
      .where('id', '=', row.id)
      .execute();
    await recordAudit(trx, {
      operator,
      action: row.kind === 'settle' ? 'sportsbook.result.reject' : 'sportsbook.rollback.reject',
      targetType: 'sb_market',
      targetId: targetOf(row),
      before: { proposal: Number(row.id), proposedBy: row.proposed_by, outcomes: row.outcomes },
      reason,
    });
  });
}

/** The merchant's manual results, newest first, by status. */
export async function listResults(
  db: Db,
  merchantId: string,
  query: PageQuery & { status?: 'pending' | 'applied' | 'rejected' },
) {
  let q = db
    .selectFrom('sb_manual_results as r')
    .innerJoin('sb_fixtures as f', 'f.id', 'r.fixture_id')
    .innerJoin('sb_competitors as h', 'h.id', 'f.home_id')
    .innerJoin('sb_competitors as a', 'a.id', 'f.away_id')
    .where('r.merchant_id', '=', merchantId);
  if (query.status) q = q.where('r.status', '=', query.status);
  const total = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll('r')
    .select(['h.name as home', 'a.name as away'])
    .orderBy('r.id', 'desc')
    .limit(query.pageSize)
    .offset(offsetOf(query))
    .execute();
  const names = await operatorNames(
    db,
    rows.flatMap((r) => [r.proposed_by, r.decided_by]),
  );
  const list: BoSportsManualResult[] = rows.map((r) => ({
    ...pendingView(r, names),
    eventId: r.fixture_id,
    event: `${r.home} – ${r.away}`,
    market: r.market_key,
    specifiers: r.specifiers,
    status: r.status,
    decidedBy: r.decided_by ? (names.get(r.decided_by) ?? '') : null,
    decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
    decisionReason: r.decision_reason,
  }));
  return { list, total: Number(total.n) };
}
