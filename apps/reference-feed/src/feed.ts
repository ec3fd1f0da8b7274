import { basketballModel } from './basketball.ts';
import {
  type BetSettlement,
  type Fixture,
  type FeedMessage,
  type FixtureChange,
  type MarketRef,
  type OddsChange,
  type OddsMarket,
  type Producer,
  type Score,
  SPORTS,
  type Sport,
} from './contract.ts';
import { esportsModel } from './esports.ts';
import { footballModel } from './football.ts';
import { priceMarket } from './pricing.ts';
import { type Random, seededRandom } from './random.ts';
import type { Match, SportModel } from './sport.ts';
import { tennisModel } from './tennis.ts';

/**
 * The reference feed's engine, without I/O: it keeps a number of fixtures per sport running, prices
 * them, plays them on a simulated clock and emits the messages of docs/sportsbook-feed.md to its
 * listeners. Time only moves through `advanceTo(epoch ms)`, so tests drive it without timers and a
 * seed replays the same matches.
 */
export interface FeedOptions {
  seed?: number;
  /** Simulated minutes per real minute: 1 is real time, 600 plays a football match in about 11 s. */
  speed?: number;
  /** The feed's start, epoch ms (fixtures are scheduled from it). */
  startAt?: number;
  sports?: Sport[];
  /** Fixtures kept open per sport (started or not). */
  fixturesPerSport?: number;
  /** Simulated minutes between a fixture's announcement and its start: [min, max]. */
  leadMinutes?: [number, number];
  /** Simulated minutes between two pre-match price drifts. */
  driftMinutes?: number;
  /** Simulated minutes an ended fixture stays open (its settlement sent) before it is closed. */
  closeAfterMinutes?: number;
  /** Real milliseconds between alive messages. */
  aliveMs?: number;
  margins?: Partial<Record<Sport, number>>;
}

type Listener = (message: FeedMessage) => void;

interface CancelOptions {
  markets?: MarketRef[];
  startTime?: number;
  endTime?: number;
}
type Work = 'drift' | 'start' | 'step' | 'reopen' | 'close' | 'alive';

interface Running {
  fixture: Fixture;
  model: SportModel;
  match: Match;
  markets: Map<string, OddsMarket>;
  /** The score as last sent (a bet stop goes out before the moment's score does). */
  sentScore?: Score;
  settlement?: BetSettlement['markets'];
}

interface Scheduled {
  at: number;
  order: number;
  work: Work;
  fixtureId?: string;
}

/** Messages a recovery replays from the log (the rest is the current state). */
const DURABLE = new Set<FeedMessage['type']>([
  'bet_settlement',
  'bet_cancel',
  'rollback_bet_settlement',
  'rollback_bet_cancel',
  'fixture_change',
]);

/** How long the log of durable messages is kept for recovery. */
export const RECOVERY_WINDOW_MS = 72 * 3_600_000;

export const marketId = (m: MarketRef) => `${m.key}|${m.specifiers}`;

export class Feed {
  private readonly random: Random;
  private readonly minuteMs: number;
  private readonly models: Record<Sport, SportModel>;
  private readonly running = new Map<string, Running>();
  private readonly queue: Scheduled[] = [];
  private readonly listeners = new Set<Listener>();
  private readonly seqs: Record<Producer, number> = { prematch: 0, live: 0 };
  private readonly log: Array<FeedMessage & { seq: number }> = [];
  private readonly options: Required<FeedOptions>;
  private now: number;
  private order = 0;
  private counter = 0;

  constructor(options: FeedOptions = {}) {
    this.options = {
      seed: options.seed ?? Date.now() % 2 ** 31,
      speed: options.speed ?? 1,
      startAt: options.startAt ?? Date.now(),
      sports: options.sports ?? [...SPORTS],
      fixturesPerSport: options.fixturesPerSport ?? 4,
      leadMinutes: options.leadMinutes ?? [10, 120],
      driftMinutes: options.driftMinutes ?? 5,
      closeAfterMinutes: options.closeAfterMinutes ?? 10,
      aliveMs: options.aliveMs ?? 10_000,
      margins: options.margins ?? {},
    };
    this.random = seededRandom(this.options.seed);
    this.minuteMs = 60_000 / this.options.speed;
    this.now = this.options.startAt;
    const m = this.options.margins;
    this.models = {
      football: footballModel(m.football),
      basketball: basketballModel(m.basketball),
      tennis: tennisModel(m.tennis),
      cs2: esportsModel('cs2', m.cs2),
      dota2: esportsModel('dota2', m.dota2),
      lol: esportsModel('lol', m.lol),
      valorant: esportsModel('valorant', m.valorant),
    };
    this.schedule(this.now, 'alive');
  }

  /** Opens the first fixtures (separate from the constructor so listeners see their announcements). */
  open() {
    for (const sport of this.options.sports)
      for (let i = 0; i < this.options.fixturesPerSport; i++) this.announce(sport, i === 0 ? 0 : undefined);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get clock() {
    return this.now;
  }

  lastSeq(producer: Producer) {
    return this.seqs[producer];
  }

  /** Runs every piece of work due up to `time`, in time order. */
  advanceTo(time: number) {
    for (;;) {
      const next = this.queue[0];
      if (!next || next.at > time) break;
      this.queue.shift();
      this.now = next.at;
      this.run(next);
    }
    this.now = Math.max(this.now, time);
  }

  fixtures(): Fixture[] {
    return [...this.running.values()].map((r) => ({ ...r.fixture }));
  }

  /** A fixture and its current odds, as a snapshot would carry them. */
  fixture(id: string): { fixture: Fixture; odds: OddsChange } | undefined {
    const r = this.running.get(id);
    if (!r) return undefined;
    return { fixture: { ...r.fixture }, odds: this.oddsMessage(r, [...r.markets.values()]) as OddsChange };
  }

  /**
   * Recovery: the settlements, cancellations, rollbacks and fixture changes the producer sent since
   * `after` (in their order), then the current state of each of its open fixtures, then the marker
   * with the last sequence number covered.
   */
  snapshot(producer: Producer, after: number, requestId: string): FeedMessage[] {
    const out: FeedMessage[] = [];
    const tag = { producer, ts: this.now, requestId };
    for (const m of this.log) {
      if (m.producer !== producer || m.ts < after) continue;
      const { seq: _seq, ...replayed } = m;
      out.push({ ...replayed, requestId } as FeedMessage);
    }
    // The current state last, so it wins over a replayed fixture change it has since moved past.
    for (const r of this.running.values()) {
      if (this.producerOf(r) !== producer) continue;
      out.push({ ...tag, type: 'fixture_change', change: 'current', fixture: { ...r.fixture } });
      out.push({ ...(this.oddsMessage(r, [...r.markets.values()]) as OddsChange), ...tag });
    }
    out.push({ ...tag, type: 'snapshot_complete', lastSeq: this.seqs[producer] });
    return out;
  }

  /** Voids a fixture's markets (all when none are named) for bets accepted in [startTime, endTime). */
  cancelBets(fixtureId: string, options: CancelOptions & { reason?: string } = {}) {
    return this.emitCancel('bet_cancel', fixtureId, options);
  }

  /** Takes back the cancel of the same markets and window. */
  rollbackCancel(fixtureId: string, options: CancelOptions = {}) {
    return this.emitCancel('rollback_bet_cancel', fixtureId, options);
  }

  private emitCancel(
    type: 'bet_cancel' | 'rollback_bet_cancel',
    fixtureId: string,
    options: CancelOptions & { reason?: string },
  ) {
    const r = this.running.get(fixtureId);
    if (!r) return false;
    const base = {
      producer: this.producerOf(r),
      ts: this.now,
      fixtureId,
      ...(options.startTime === undefined ? {} : { startTime: options.startTime }),
      ...(options.endTime === undefined ? {} : { endTime: options.endTime }),
      markets: options.markets ?? this.refs(r),
    };
    this.emit(
      type === 'bet_cancel' ? { ...base, type, reason: options.reason ?? 'operator' } : { ...base, type },
    );
    return true;
  }

  /** Takes back a sent settlement (all its markets when none are named). */
  rollbackSettlement(fixtureId: string, markets?: MarketRef[]) {
    const r = this.running.get(fixtureId);
    if (!r?.settlement) return false;
    const refs = markets ?? r.settlement.map(({ key, specifiers }) => ({ key, specifiers }));
    this.emit({ type: 'rollback_bet_settlement', producer: 'live', ts: this.now, fixtureId, markets: refs });
    return true;
  }

  /**
   * Sends the fixture's settlement again (after a rollback: the resettlement), or, given `markets`,
   * a trader's corrected results for them (which then stand as the fixture's settlement), e.g. a
   * dead heat the models never produce.
   */
  resettle(fixtureId: string, markets?: BetSettlement['markets']) {
    const r = this.running.get(fixtureId);
    if (!r?.settlement) return false;
    if (markets) {
      const corrected = new Map(markets.map((m) => [marketId(m), m]));
      r.settlement = [
        ...r.settlement.map((m) => corrected.get(marketId(m)) ?? m),
        ...markets.filter((m) => !r.settlement!.some((s) => marketId(s) === marketId(m))),
      ];
    }
    this.emit({
      type: 'bet_settlement',
      producer: 'live',
      ts: this.now,
      fixtureId,
      markets: markets ?? r.settlement,
    });
    return true;
  }

  // ---------------------------------------------------------------------------------------------

  private schedule(at: number, work: Work, fixtureId?: string) {
    const item = { at: Math.round(at), order: this.order++, work, fixtureId };
    let i = this.queue.length;
    while (i > 0 && this.queue[i - 1]!.at > item.at) i--;
    this.queue.splice(i, 0, item);
  }

  private emit(message: FeedMessage) {
    const seq = ++this.seqs[message.producer];
    const sent = { ...message, seq, ts: this.now } as FeedMessage & { seq: number };
    if (DURABLE.has(sent.type)) {
      this.log.push(sent);
      while (this.log[0]!.ts < this.now - RECOVERY_WINDOW_MS) this.log.shift();
    }
    for (const listener of this.listeners) listener(sent);
  }

  private producerOf(r: Running): Producer {
    return r.fixture.status === 'not_started' ? 'prematch' : 'live';
  }

  private refs(r: Running): MarketRef[] {
    return [...r.markets.values()].map(({ key, specifiers }) => ({ key, specifiers }));
  }

  private oddsMessage(r: Running, markets: OddsMarket[]): Omit<OddsChange, 'seq'> {
    const score = r.sentScore;
    return {
      type: 'odds_change',
      producer: this.producerOf(r),
      ts: this.now,
      fixtureId: r.fixture.id,
      fixtureStatus: r.fixture.status,
      ...(score ? { score } : {}),
      markets,
    };
  }

  /** Prices every market now; markets offered before and gone now are deactivated. */
  private reprice(r: Running, suspended = false) {
    if (r.fixture.status !== 'not_started') r.sentScore = r.match.score();
    const seen = new Set<string>();
    for (const fair of r.match.markets()) {
      const priced = priceMarket(fair, r.model.margin, suspended);
      seen.add(marketId(priced));
      r.markets.set(marketId(priced), priced);
    }
    for (const [id, m] of r.markets)
      if (!seen.has(id))
        r.markets.set(id, {
          ...m,
          status: 'deactivated',
          outcomes: m.outcomes.map((o) => ({ ...o, odds: null, active: false })),
        });
    this.emit(this.oddsMessage(r, [...r.markets.values()]) as FeedMessage);
  }

  private announce(sport: Sport, startsInMinutes?: number) {
    const model = this.models[sport];
    const id = `fx-${sport}-${++this.counter}`;
    const home = this.random.int(model.teams.length);
    const away = (home + 1 + this.random.int(model.teams.length - 1)) % model.teams.length;
    const [low, high] = this.options.leadMinutes;
    const lead = startsInMinutes ?? low + this.random.next() * (high - low);
    const tournament = this.random.pick(model.tournaments);
    const competitor = (i: number, qualifier: 'home' | 'away') => ({
      id: `c-${slug(model.teams[i]!)}`,
      name: model.teams[i]!,
      qualifier,
    });
    const fixture: Fixture = {
      id,
      sport,
      tournament: { id: `t-${slug(tournament)}`, name: tournament, category: sport },
      competitors: [competitor(home, 'home'), competitor(away, 'away')],
      startTime: Math.round(this.now + lead * this.minuteMs),
      status: 'not_started',
      ...(model.bestOf ? { bestOf: model.bestOf } : {}),
    };
    const r: Running = { fixture, model, match: model.create(this.random), markets: new Map() };
    this.running.set(id, r);
    this.fixtureChange('prematch', 'new', fixture);
    this.reprice(r);
    if (lead <= 0) this.start(r);
    else {
      this.schedule(this.now + this.options.driftMinutes * this.minuteMs, 'drift', id);
      this.schedule(fixture.startTime, 'start', id);
    }
  }

  private start(r: Running) {
    r.fixture.status = 'live';
    this.fixtureChange('live', 'current', r.fixture);
    this.reprice(r);
    this.schedule(this.now + r.model.stepMinutes * this.minuteMs, 'step', r.fixture.id);
  }

  private run(item: Scheduled) {
    if (item.work === 'alive') {
      for (const producer of ['prematch', 'live'] as const)
        for (const listener of this.listeners)
          listener({ type: 'alive', producer, ts: this.now, lastSeq: this.seqs[producer], subscribed: true });
      this.schedule(this.now + this.options.aliveMs, 'alive');
      return;
    }
    const r = this.running.get(item.fixtureId!);
    if (!r) return;
    const step = r.model.stepMinutes * this.minuteMs;
    switch (item.work) {
      case 'drift': {
        if (r.fixture.status !== 'not_started') return;
        // Now and then a fixture is put back a quarter of an hour, or called off.
        const fate = this.random.next();
        if (fate < 0.002) return this.callOff(r);
        if (fate < 0.012) {
          r.fixture.startTime += Math.round(15 * this.minuteMs);
          this.fixtureChange('prematch', 'start_time', r.fixture);
          this.schedule(r.fixture.startTime, 'start', r.fixture.id);
        }
        r.match.drift(this.random);
        this.reprice(r);
        this.schedule(this.now + this.options.driftMinutes * this.minuteMs, 'drift', r.fixture.id);
        return;
      }
      case 'start':
        // A start put back has a later start scheduled; the earlier one finds the fixture not due.
        if (r.fixture.status === 'not_started' && this.now >= r.fixture.startTime) this.start(r);
        return;
      case 'reopen':
        if (r.fixture.status === 'live') this.reprice(r);
        return;
      case 'close':
        r.fixture.status = 'closed';
        this.fixtureChange('live', 'closed', r.fixture);
        this.running.delete(r.fixture.id);
        return;
      case 'step': {
        const result = r.match.step(this.random);
        if (r.match.ended) return this.end(r);
        if (result.betStop) {
          for (const [id, m] of r.markets)
            if (m.status === 'active') r.markets.set(id, { ...m, status: 'suspended' });
          this.emit({
            type: 'bet_stop',
            producer: 'live',
            ts: this.now,
            fixtureId: r.fixture.id,
            reason: result.betStop,
          });
          this.schedule(this.now + step / 2, 'reopen', r.fixture.id);
        } else if (!result.quiet) this.reprice(r);
        this.schedule(this.now + step, 'step', r.fixture.id);
        return;
      }
    }
  }

  private fixtureChange(producer: Producer, change: FixtureChange['change'], fixture: Fixture) {
    this.emit({ type: 'fixture_change', producer, ts: this.now, change, fixture: { ...fixture } });
  }

  /** The fixture will not be played: every bet on it is void, and another takes its place. */
  private callOff(r: Running) {
    r.fixture.status = 'cancelled';
    this.emit({
      type: 'bet_cancel',
      producer: 'prematch',
      ts: this.now,
      fixtureId: r.fixture.id,
      reason: 'cancelled',
      markets: this.refs(r),
    });
    this.fixtureChange('prematch', 'cancelled', r.fixture);
    this.running.delete(r.fixture.id);
    this.announce(r.fixture.sport);
  }

  private end(r: Running) {
    r.fixture.status = 'ended';
    this.reprice(r); // every market deactivated, with the final score
    r.settlement = r.match.settle();
    this.emit({
      type: 'bet_settlement',
      producer: 'live',
      ts: this.now,
      fixtureId: r.fixture.id,
      markets: r.settlement,
    });
    this.schedule(this.now + this.options.closeAfterMinutes * this.minuteMs, 'close', r.fixture.id);
    // Continuous: a new fixture of the sport takes the ended one's place.
    this.announce(r.fixture.sport);
  }
}

function slug(name: string) {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
