import { randomUUID } from 'node:crypto';
import type { BetLeg, LegResult } from '@sorte/money';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import {
  existingMemberAccountIds,
  HOUSE_SHARDS,
  lockAccountsInOrder,
  systemAccountId,
  type TransferRequest,
  transferAll,
  withLedgerTransaction,
} from '../ledger/index.ts';
import { type DeferredBonuses, lockDeferred } from '../bonuses/index.ts';
import { closeRecords } from '../records/index.ts';
import { bonusRefOf, SPORTSBOOK_SOURCE } from './sportsbook.bets.ts';
import {
  type BetOutcome,
  betOutcome,
  legSettlement,
  marketKey,
  outcomeKey,
  type StandingCancel,
  type StandingResult,
} from './sportsbook.outcome.ts';
import type { SbBetLegsTable, SbBetsTable } from './sportsbook.tables.ts';

/**
 * Sportsbook bet settlement from the feed's facts (docs/architecture.md, "Sportsbook settlement").
 *
 * It is STATE-BASED: a fact (a settlement, a cancel or a rollback of either, `sb_feed_facts`) only
 * says "the bets on this market may be worth something else now". Two steps, each its own short
 * transaction, so a restart between them loses nothing:
 *
 * 1. **Queue** (`queueFacts`): the facts not yet taken (skip locked), their markets' bets into
 *    `sb_settle_queue`, the facts marked taken — in one transaction.
 * 2. **Settle** (`settleBatch`, bounded batches, several loops at once on disjoint queue rows): the
 *    bets locked in id order; each leg's standing result or cancel read (`legSettlement`), the
 *    bet's return computed exactly (`betOutcome`), and ONLY the difference from what settlement has
 *    already moved to the player (`credited_minor`) posted, netted per member (`postMoney`). The
 *    bet, its legs and its betting record are written in the same transaction.
 *
 * So a fact replayed, duplicated or reordered, or a batch run twice, moves nothing more: what stands
 * is what is paid. A rollback reopens the bet and takes back what it was paid; a resettlement pays
 * or takes the difference. A take-back never drives a balance below zero: it takes what the player
 * has, and the rest stays owed on the bet (`credited_minor` above its return) and is netted against
 * its next resettlement — the stricter reading for the player's money (no negative balances), the
 * house bearing the shortfall until then. A fully cashed-out bet is final and never settled.
 *
 * A bet staked under a bonus (its slip open under `bonusRefOf`, modules/bonuses) settles its bonus side
 * with every movement of its money (`lockDeferred`, after the bets, before the accounts): its slip
 * follows the bet — a decision as a win or a loss counts its contribution, a void counts nothing (and
 * takes back a count while the bonus is live, for good), a rollback reopens the slip (`reopen`: its
 * count taken back while live, its bonus money on the bet again), so the count is never doubled; every
 * credit is split by the slip's parts (`payout`: the remainder to the bonus side, which goes where its
 * bonus went); every take-back comes back from the side it was paid to (`takeBack`: the bonus side out
 * of the bonus balance as far as it goes, or out of the pool after an expiry; the rest from cash under
 * the rule above). docs/architecture.md, "Bonuses in the ledger".
 */

export interface SettleOptions {
  /** Bets per transaction (default 2,000: 30,000 bets took 6.9 s in batches of 500, 3.8 s of 2,000). */
  batchSize?: number;
  /**
   * Batch loops at once on disjoint queue rows (default 4: on 2 cores, 30,000 bets took 7.4 s with
   * one and 5.0 s with four — a loop waits on its round trips while the others work).
   */
  workers?: number;
  /** Called inside each batch's transaction once its money is posted, before it commits (tests). */
  inBatch?: () => Promise<void> | void;
  /** Called after each batch commits with the bets it decided or reopened (the player's push). */
  onSettled?: (bets: SettledBet[]) => void;
}

/** A bet whose status a batch changed: decided (won, lost, void) or reopened by a rollback. */
export interface SettledBet {
  id: string;
  merchantId: string;
  memberId: string;
  status: BetOutcome['status'];
  /** What the bet returns as decided, cash-outs included. */
  payoutMinor: bigint;
  currency: string;
}

export interface SettleCounts {
  facts: number;
  /** Bets looked at (queued and evaluated). */
  bets: number;
  /** Bets whose settlement moved money. */
  moved: number;
}

const FACTS_PER_TRANSACTION = 500;
const DEFAULT_BATCH = 2_000;

type BetRow = Selectable<SbBetsTable>;
type LegRow = Selectable<SbBetLegsTable>;

/** Queues the bets of every untaken fact and settles them: one call settles all there is now. */
export async function settleSportsBets(
  db: Db,
  now: Date,
  options: SettleOptions = {},
): Promise<SettleCounts> {
  const counts: SettleCounts = { facts: 0, bets: 0, moved: 0 };
  for (;;) {
    const taken = await queueFacts(db);
    counts.facts += taken;
    if (taken < FACTS_PER_TRANSACTION) break;
  }
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const drain = async () => {
    // Each loop walks the queue upwards from its last batch, so it never re-reads rows another loop
    // holds; one last pass from the start picks up anything skipped meanwhile.
    let after = 0n;
    for (;;) {
      const done = await settleBatch(db, now, batchSize, after, options.inBatch);
      if (!done.bets) {
        if (after === 0n) return;
        after = 0n;
        continue;
      }
      after = done.last;
      if (done.settled.length) options.onSettled?.(done.settled);
      counts.bets += done.bets;
      counts.moved += done.moved;
    }
  };
  const ends = await Promise.allSettled(Array.from({ length: Math.max(1, options.workers ?? 4) }, drain));
  const failed = ends.find((end) => end.status === 'rejected');
  if (failed) throw failed.reason;
  return counts;
}

/** Whether any fact waits to be taken or any bet to be settled (the job's cheap check). */
export async function settlementPending(db: Db): Promise<boolean> {
  const { rows } = await sql<{ pending: boolean }>`
    select exists (select 1 from sb_feed_facts where settled_at is null)
        or exists (select 1 from sb_settle_queue) as pending`.execute(db);
  return rows[0]?.pending ?? false;
}

/**
 * Takes up to FACTS_PER_TRANSACTION untaken facts (skip locked: concurrent callers take disjoint
 * ones), queues the bets on their markets and marks the facts taken, in one transaction. A bet
 * being settled right now is queued again once its batch commits (the insert waits on the queue
 * row that batch deletes), so a fact landing mid-batch is never missed.
 */
async function queueFacts(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows: facts } = await sql<{ id: string }>`
      select id from sb_feed_facts where settled_at is null order by id limit ${FACTS_PER_TRANSACTION}
         for update skip locked`.execute(trx);
    if (!facts.length) return 0;
    const ids = facts.map((f) => f.id);
    await sql`
      insert into sb_settle_queue (bet_id)
      select distinct l.bet_id
        from (select distinct fixture_id, market_key, specifiers from sb_feed_facts
               where id = any(${ids}::bigint[])) m
        join sb_bet_legs l on l.fixture_id = m.fixture_id and l.market_key = m.market_key
                          and l.specifiers = m.specifiers
        join sb_bets b on b.id = l.bet_id and b.status <> 'cashed_out'
       order by 1
      on conflict (bet_id) do nothing`.execute(trx);
    await sql`update sb_feed_facts set settled_at = now() where id = any(${ids}::bigint[])`.execute(trx);
    return facts.length;
  });
}

interface BatchDone {
  bets: number;
  moved: number;
  last: bigint;
  settled: SettledBet[];
}

interface Evaluated {
  bet: BetRow;
  outcome: BetOutcome;
  legs: Array<{ leg: LegRow; settlement: BetLeg['settlement'] }>;
}

async function settleBatch(
  db: Db,
  now: Date,
  batchSize: number,
  after: bigint,
  inBatch?: () => Promise<void> | void,
): Promise<BatchDone> {
  return withLedgerTransaction(db, async (trx) => {
    const { rows: taken } = await sql<{ bet_id: string }>`
      delete from sb_settle_queue where bet_id in (
        select bet_id from sb_settle_queue where bet_id > ${after} order by bet_id limit ${batchSize}
           for update skip locked)
      returning bet_id`.execute(trx);
    if (!taken.length) return { bets: 0, moved: 0, last: 0n, settled: [] };
    const ids = taken.map((t) => BigInt(t.bet_id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const bets = await trx
      .selectFrom('sb_bets')
      .selectAll()
      .where('id', '=', sql<bigint>`any(${ids.map(String)}::bigint[])`)
      .orderBy('id')
      .forUpdate()
      .execute();
    const bonuses = await lockBonusSlips(trx, bets);
    const evaluated = await evaluate(trx, bets);
    const moves = await postMoney(trx, evaluated, now, bonuses);
    await writeBets(trx, evaluated, moves, now);
    await inBatch?.();
    const settled = evaluated
      .filter((e) => e.bet.status !== 'cashed_out' && e.outcome.status !== e.bet.status)
      .map((e) => ({
        id: String(e.bet.id),
        merchantId: e.bet.merchant_id,
        memberId: e.bet.member_id,
        status: e.outcome.status,
        payoutMinor: payoutOf(e),
        currency: e.bet.currency,
      }));
    return { bets: bets.length, moved: moves.size, last: ids[ids.length - 1]!, settled };
  });
}

/**
 * The bonus slips of the batch's bets that can still move and their bonuses, locked after the bets and
 * before the accounts (the lock order of every bonus path): one indexed read per merchant, which finds
 * nothing for bets placed without a bonus.
 */
async function lockBonusSlips(trx: Db, bets: BetRow[]): Promise<Map<string, DeferredBonuses>> {
  const refs = new Map<string, string[]>();
  for (const bet of bets) {
    if (bet.status === 'cashed_out') continue;
    refs.set(bet.merchant_id, [...(refs.get(bet.merchant_id) ?? []), bonusRefOf(bet)]);
  }
  const locked = new Map<string, DeferredBonuses>();
  for (const merchantId of [...refs.keys()].sort()) {
    const deferred = await lockDeferred(trx, merchantId, refs.get(merchantId)!);
    if (deferred) locked.set(merchantId, deferred);
  }
  return locked;
}

/** The legs of these bets with their standing results and cancels, and each bet's outcome. */
export async function evaluate(trx: Db, bets: BetRow[]): Promise<Evaluated[]> {
  if (!bets.length) return [];
  const ids = bets.map((b) => String(b.id));
  const legs = await trx
    .selectFrom('sb_bet_legs')
    .selectAll()
    .where('bet_id', '=', sql<bigint>`any(${ids}::bigint[])`)
    .orderBy('bet_id')
    .orderBy('leg')
    .execute();
  const { results, cancels } = await standingFor(trx, ids);
  const legsOf = new Map<bigint, LegRow[]>();
  for (const leg of legs) {
    const list = legsOf.get(leg.bet_id) ?? [];
    list.push(leg);
    legsOf.set(leg.bet_id, list);
  }
  return bets.map((bet) => {
    const placed = BigInt(bet.placed_at.getTime());
    const own = (legsOf.get(bet.id) ?? []).map((leg) => ({
      leg,
      settlement:
        legSettlement(
          {
            odds: leg.odds,
            result: results.get(outcomeKey(leg)) ?? null,
            cancels: cancels.get(marketKey(leg)) ?? [],
          },
          placed,
        ) ?? undefined,
    }));
    const outcome =
      bet.status === 'cashed_out'
        ? { decided: true, returnMinor: 0n, status: 'open' as const }
        : betOutcome({
            kind: bet.kind,
            system: bet.system,
            stakeMinor: bet.stake_minor - bet.cashout_stake_minor,
            unitStakeMinor: bet.unit_stake_minor,
            legs: own.map(({ leg, settlement }) => ({ odds: leg.odds, settlement })),
          });
    return { bet, outcome, legs: own };
  });
}

/** The standing results of these bets' outcomes and the standing cancels of their markets. */
async function standingFor(trx: Db, betIds: string[]) {
  const { rows: settled } = await sql<{
    fixture_id: string;
    market_key: string;
    specifiers: string;
    outcome_id: string;
    result: LegResult;
    dead_heat_num: number | null;
    dead_heat_den: number | null;
  }>`
    select s.fixture_id, s.market_key, s.specifiers, s.outcome_id, s.result, s.dead_heat_num, s.dead_heat_den
      from sb_feed_settlements s
     where s.standing and (s.fixture_id, s.market_key, s.specifiers, s.outcome_id) in (
       select distinct fixture_id, market_key, specifiers, outcome_id from sb_bet_legs
        where bet_id = any(${betIds}::bigint[]))`.execute(trx);
  const { rows: cancelled } = await sql<{
    fixture_id: string;
    market_key: string;
    specifiers: string;
    start_time: string | null;
    end_time: string | null;
  }>`
    select c.fixture_id, c.market_key, c.specifiers, c.start_time, c.end_time
      from sb_feed_cancels c
     where c.standing and (c.fixture_id, c.market_key, c.specifiers) in (
       select distinct fixture_id, market_key, specifiers from sb_bet_legs
        where bet_id = any(${betIds}::bigint[]))`.execute(trx);
  const results = new Map<string, StandingResult>(
    settled.map((s) => [
      outcomeKey(s),
      { result: s.result, deadHeatNum: s.dead_heat_num, deadHeatDen: s.dead_heat_den },
    ]),
  );
  const cancels = new Map<string, StandingCancel[]>();
  for (const c of cancelled) {
    const list = cancels.get(marketKey(c)) ?? [];
    list.push({
      startTime: c.start_time === null ? null : BigInt(c.start_time),
      endTime: c.end_time === null ? null : BigInt(c.end_time),
    });
    cancels.set(marketKey(c), list);
  }
  return { results, cancels };
}

/** What each bet's settlement moved in this batch, by bet id: signed, + to the player. */
type Moves = Map<bigint, bigint>;

/**
 * Moves the difference between each bet's return and what settlement has credited it so far, as
 * ONE transfer per member and currency per batch: the net of the member's bets in the batch (a bet
 * of one event's 100,000 is one of a member's many, and a transfer per bet would cost the ledger 30
 * times the writes; the transfer's metadata lists its bets, and each bet's own record and
 * `credited_minor` keep the per-bet account). Exactly once comes from the state, not from the key:
 * the bets are locked, their credited amounts move in this same transaction, and a rerun finds
 * nothing owed.
 *
 * A take-back (a bet owed less than it was credited) is limited to what the member can give: their
 * spendable balance plus what the batch credits them, allotted to the bets in id order; what a bet
 * cannot give back stays owed on it (`credited_minor` above its return) and is netted against its
 * next resettlement. So no balance goes below zero. Every account is locked first in id order.
 *
 * A bet with a bonus slip: a take-back first brings its bonus side back into main (`takeBack`, posted
 * before the member's net transfer; its cash can give as above), and its credits are not counted as
 * what the member can give (their bonus side leaves main again). After the net, each such bet's slip
 * moves with its money (`payout`, posted after it: its credit's bonus share, its first decision's count,
 * completion or loss) under the event `sportsbook:<bet>:<its money moves so far>`, unique per movement.
 */
async function postMoney(
  trx: Db,
  evaluated: Evaluated[],
  now: Date,
  bonuses: Map<string, DeferredBonuses>,
): Promise<Moves> {
  const moves: Moves = new Map();
  const slipOf = (e: Evaluated) => {
    const deferred = bonuses.get(e.bet.merchant_id);
    return deferred?.has(bonusRefOf(e.bet)) ? deferred : null;
  };
  const withSlips = evaluated.filter((e) => e.bet.status !== 'cashed_out' && slipOf(e));
  const groups = new Map<string, Evaluated[]>();
  for (const e of evaluated) {
    if (e.bet.status === 'cashed_out' || e.outcome.returnMinor === e.bet.credited_minor) continue;
    const key = `${e.bet.merchant_id}\u0000${e.bet.currency}\u0000${e.bet.member_id}`;
    const list = groups.get(key) ?? [];
    list.push(e);
    groups.set(key, list);
  }
  if (!groups.size && !withSlips.length) return moves;
  // The batch pays from ONE house shard, a different one for each batch this process runs: the loops
  // running at once then lock different house rows instead of queueing on each other's (which shard
  // pays changes nothing: the house is the sum of its shards).
  const shard = nextShard++ % HOUSE_SHARDS;
  const accounts = new Map<string, { main: bigint; house: bigint }>();
  const byMerchantCurrency = new Map<string, Evaluated[]>();
  for (const list of groups.values()) {
    const key = `${list[0]!.bet.merchant_id}\u0000${list[0]!.bet.currency}`;
    byMerchantCurrency.set(key, [...(byMerchantCurrency.get(key) ?? []), list[0]!]);
  }
  for (const firsts of byMerchantCurrency.values()) {
    const { merchant_id: merchantId, currency } = firsts[0]!.bet;
    const mains = await existingMemberAccountIds(
      trx,
      merchantId,
      'main',
      currency,
      firsts.map((e) => e.bet.member_id),
    );
    for (const e of firsts)
      accounts.set(`${merchantId}\u0000${currency}\u0000${e.bet.member_id}`, {
        main: mains.get(e.bet.member_id)!,
        house: await systemAccountId(trx, merchantId, 'house', currency, shard),
      });
  }
  const spendable = await lockAccountsInOrder(trx, [
    ...[...accounts.values()].map((a) => ({ debitAccountId: a.house, creditAccountId: a.main })),
    ...[...bonuses.values()].flatMap((d) =>
      d.accountIds().map((id) => ({ debitAccountId: id, creditAccountId: id })),
    ),
  ]);
  // Per merchant, in this order: the take-backs' bonus sides into main, the members' nets, the slips' moves.
  const before = new Map<string, TransferRequest[]>();
  const nets = new Map<string, TransferRequest[]>();
  const after = new Map<string, TransferRequest[]>();
  const add = (to: Map<string, TransferRequest[]>, merchantId: string, list: TransferRequest[]) =>
    to.set(merchantId, [...(to.get(merchantId) ?? []), ...list]);
  for (const [key, list] of groups) {
    const { main, house } = accounts.get(key)!;
    const credits = list.reduce((sum, e) => {
      const owed = e.outcome.returnMinor - e.bet.credited_minor;
      return owed > 0n && !slipOf(e) ? sum + owed : sum;
    }, 0n);
    let canGive = (spendable.get(main) ?? 0n) + credits;
    let net = 0n;
    for (const e of list) {
      const owed = e.outcome.returnMinor - e.bet.credited_minor;
      const deferred = slipOf(e);
      let moved = owed;
      if (owed < 0n && deferred) {
        const back = deferred.takeBack(
          bonusRefOf(e.bet),
          e.bet.stake_minor,
          -owed,
          canGive,
          eventOf(e),
          spendable,
        );
        add(before, e.bet.merchant_id, back.transfers);
        canGive -= back.fromCashMinor;
        moved = -back.takenMinor;
      } else if (owed < 0n) {
        moved = -min(-owed, canGive);
        canGive += moved;
      }
      if (moved !== 0n) moves.set(e.bet.id, moved);
      net += moved;
    }
    if (net === 0n) continue;
    const { merchant_id: merchantId, currency } = list[0]!.bet;
    spendable.set(main, spendable.get(main)! + net);
    add(nets, merchantId, [
      {
        merchantId,
        idempotencyKey: `sportsbook:settle:${randomUUID()}`,
        code: net < 0n ? 'adjustment' : list.every((e) => e.outcome.status === 'void') ? 'refund' : 'win',
        debitAccountId: net > 0n ? house : main,
        creditAccountId: net > 0n ? main : house,
        amountMinor: net > 0n ? net : -net,
        currency,
        metadata: {
          game: SPORTSBOOK_SOURCE,
          reason: net < 0n ? 'resettlement' : 'settlement',
          bets: list.filter((e) => moves.has(e.bet.id)).map((e) => String(e.bet.id)),
          at: now.toISOString(),
        },
      },
    ]);
  }
  // Each bonus bet's slip with its money: a credit's bonus share (or a loss: nothing), its decision's
  // count (none for a void), completion or loss; a bet still open is left alone.
  for (const e of withSlips) {
    const moved = moves.get(e.bet.id) ?? 0n;
    if (e.outcome.status === 'open') {
      // Reopened by a rollback (its take-back above): its slip is open again, its count taken back.
      if (e.bet.status !== 'open') slipOf(e)!.reopen(bonusRefOf(e.bet));
      continue;
    }
    add(
      after,
      e.bet.merchant_id,
      slipOf(e)!.payout(
        bonusRefOf(e.bet),
        e.bet.stake_minor,
        moved > 0n ? moved : 0n,
        eventOf(e),
        spendable,
        e.outcome.status !== 'void',
      ),
    );
  }
  for (const merchantId of new Set([...before.keys(), ...nets.keys(), ...after.keys()]))
    await transferAll(
      trx,
      [...(before.get(merchantId) ?? []), ...(nets.get(merchantId) ?? []), ...(after.get(merchantId) ?? [])],
      'sportsbook settlement',
    );
  for (const deferred of bonuses.values()) await deferred.write(trx);
  return moves;
}

/** A bet's money movement as its bonus moves are keyed: one per movement (`money_moves` counts them). */
const eventOf = (e: Evaluated) => `sportsbook:${e.bet.id}:${e.bet.money_moves}`;

const min = (a: bigint, b: bigint) => (a < b ? a : b);
let nextShard = 0;

/**
 * Writes the batch's bets, legs and betting records set-based. A record is 'settled' with the bet's
 * payout (cash-outs included) once decided, 'cancelled' when the whole bet was void and nothing was
 * cashed out (a void bet is no turnover), 'open' again after a rollback.
 */
/** What a bet returns as decided: its cash-outs and its return on the stake left. */
const payoutOf = (e: Evaluated) => e.bet.cashout_paid_minor + e.outcome.returnMinor;

async function writeBets(trx: Db, evaluated: Evaluated[], moves: Moves, now: Date): Promise<void> {
  const live = evaluated.filter(
    (e) =>
      e.bet.status !== 'cashed_out' &&
      (e.outcome.status !== e.bet.status ||
        e.outcome.returnMinor !== e.bet.settled_return_minor ||
        moves.has(e.bet.id) ||
        payoutOf(e) !== e.bet.payout_minor),
  );
  if (live.length) {
    await sql`
      update sb_bets b set
        status = x.status, settled_return_minor = x.ret, credited_minor = b.credited_minor + x.moved,
        money_moves = b.money_moves + x.moves, payout_minor = x.payout,
        settled_at = case when x.status = 'open' then null else coalesce(b.settled_at, ${now}) end
      from unnest(${live.map((e) => String(e.bet.id))}::bigint[], ${live.map((e) => e.outcome.status)}::text[],
                  ${live.map((e) => String(e.outcome.returnMinor))}::bigint[],
                  ${live.map((e) => String(moves.get(e.bet.id) ?? 0n))}::bigint[],
                  ${live.map((e) => (moves.has(e.bet.id) ? 1 : 0))}::int[],
                  ${live.map((e) => String(payoutOf(e)))}::bigint[])
        as x(id, status, ret, moved, moves, payout)
      where b.id = any(${live.map((e) => String(e.bet.id))}::bigint[]) and b.id = x.id`.execute(trx);
    const byMerchant = new Map<string, Evaluated[]>();
    for (const e of live.filter(
      (e) => e.outcome.status !== e.bet.status || payoutOf(e) !== e.bet.payout_minor,
    )) {
      const list = byMerchant.get(e.bet.merchant_id) ?? [];
      list.push(e);
      byMerchant.set(e.bet.merchant_id, list);
    }
    for (const [merchantId, list] of byMerchant)
      await closeRecords(
        trx,
        merchantId,
        SPORTSBOOK_SOURCE,
        list.map((e) => ({
          sourceRef: String(e.bet.id),
          payoutMinor: payoutOf(e) - e.bet.payout_minor,
          status:
            e.outcome.status === 'open'
              ? 'open'
              : e.outcome.status === 'void' && e.bet.cashout_paid_minor === 0n
                ? 'cancelled'
                : 'settled',
        })),
        now,
      );
  }
  const legs = evaluated.flatMap((e) =>
    e.legs.filter((l) => legStatus(l.settlement) !== l.leg.status || deadHeatChanged(l)),
  );
  if (legs.length)
    await sql`
      update sb_bet_legs l set status = x.status, dead_heat_num = x.num, dead_heat_den = x.den
      from unnest(${legs.map((l) => String(l.leg.bet_id))}::bigint[], ${legs.map((l) => l.leg.leg)}::int[],
                  ${legs.map((l) => legStatus(l.settlement))}::text[],
                  ${legs.map((l) => (l.settlement?.deadHeatFactor ? String(l.settlement.deadHeatFactor.num) : null))}::int[],
                  ${legs.map((l) => (l.settlement?.deadHeatFactor ? String(l.settlement.deadHeatFactor.den) : null))}::int[])
        as x(bet_id, leg, status, num, den)
      where l.bet_id = any(${legs.map((l) => String(l.leg.bet_id))}::bigint[]) and l.bet_id = x.bet_id and l.leg = x.leg`.execute(
      trx,
    );
}

const legStatus = (settlement: BetLeg['settlement']) => settlement?.result ?? 'open';
const deadHeatChanged = (l: { leg: LegRow; settlement: BetLeg['settlement'] }) =>
  (l.settlement?.deadHeatFactor ? Number(l.settlement.deadHeatFactor.num) : null) !== l.leg.dead_heat_num ||
  (l.settlement?.deadHeatFactor ? Number(l.settlement.deadHeatFactor.den) : null) !== l.leg.dead_heat_den;
