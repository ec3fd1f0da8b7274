import { type BetSettlement, type OutcomeResult, type Score, specifiers } from './contract.ts';
import { type FairMarket, fairMarket } from './pricing.ts';
import type { Random } from './random.ts';
import type { Match, StepResult } from './sport.ts';

/**
 * A match of best-of-N units (tennis sets, e-sports maps). The unit's own model says how likely
 * home is to win the unit from where it stands and plays it step by step; the match markets follow
 * from that and from a fresh unit's chance, units being independent.
 */
export interface UnitGame<S> {
  /** 'set' (tennis) or 'map' (e-sports): names the markets and the periods. */
  unit: 'set' | 'map';
  fresh(index: number): S;
  /** P(home wins the unit) from this state. */
  winProbability(state: S): number;
  /** Plays one step; answers the unit's winner once it is decided. */
  step(state: S, random: Random): { winner?: 'home' | 'away'; betStop?: string };
  /** The unit's running score (games, rounds, kills). */
  current(state: S): { home: number; away: number };
  /** Minutes a step lasts, for the score's clock (absent: no clock). */
  minute?(state: S): number | undefined;
  /** Pre-match drift of the strengths. */
  drift(random: Random): void;
}

export class BestOfMatch<S> implements Match {
  private units: Array<{ home: number; away: number; winner: 'home' | 'away' }> = [];
  private state: S;
  private started = false;
  /** The unit-winner markets offered so far (unit numbers), all settled at the end. */
  private offeredUnits = new Set<number>();

  constructor(
    private readonly game: UnitGame<S>,
    readonly bestOf: number,
  ) {
    this.state = game.fresh(1);
  }

  private get toWin() {
    return Math.ceil(this.bestOf / 2);
  }

  private won(side: 'home' | 'away') {
    return this.units.filter((u) => u.winner === side).length;
  }

  get ended() {
    return this.won('home') === this.toWin || this.won('away') === this.toWin;
  }

  private get unitNumber() {
    return this.units.length + 1;
  }

  score(): Score {
    const minute = this.game.minute?.(this.state);
    return {
      home: this.won('home'),
      away: this.won('away'),
      period: this.ended ? 'ended' : this.started ? `${this.game.unit}${this.unitNumber}` : 'not_started',
      ...(minute === undefined || this.ended ? {} : { minute }),
      periods: this.units.map(({ home, away }) => ({ home, away })),
      ...(this.ended ? {} : { current: this.game.current(this.state) }),
    };
  }

  /** Final unit scores (home units, away units) and their probabilities. */
  private finals(): Map<string, number> {
    const out = new Map<string, number>();
    const fresh = this.game.winProbability(this.game.fresh(this.unitNumber + 1));
    const walk = (h: number, a: number, p: number, current: boolean) => {
      if (p < 1e-15) return;
      if (h === this.toWin || a === this.toWin) {
        out.set(`${h}:${a}`, (out.get(`${h}:${a}`) ?? 0) + p);
        return;
      }
      const q = current ? this.game.winProbability(this.state) : fresh;
      walk(h + 1, a, p * q, false);
      walk(h, a + 1, p * (1 - q), false);
    };
    walk(this.won('home'), this.won('away'), 1, true);
    return out;
  }

  markets(): FairMarket[] {
    if (this.ended) return [];
    const finals = [...this.finals()].map(([id, p]) => {
      const [h, a] = id.split(':').map(Number) as [number, number];
      return { id, h, a, p };
    });
    const sum = (f: (h: number, a: number) => boolean) =>
      finals.reduce((s, x) => s + (f(x.h, x.a) ? x.p : 0), 0);
    const unit = this.game.unit;
    const markets: FairMarket[] = [
      fairMarket('winner', '', { home: sum((h, a) => h > a), away: sum((h, a) => h < a) }),
      fairMarket(`${unit}_winner`, specifiers({ [`${unit}nr`]: this.unitNumber }), {
        home: this.game.winProbability(this.state),
        away: 1 - this.game.winProbability(this.state),
      }),
    ];
    this.offeredUnits.add(this.unitNumber);
    for (const h of this.handicaps())
      markets.push(
        fairMarket(`${unit}_handicap`, specifiers({ hcp: h }), {
          home: sum((x, y) => x - y + h > 0),
          away: sum((x, y) => x - y + h < 0),
        }),
      );
    for (const l of this.totals()) {
      const decided = this.units.length > l;
      markets.push({
        ...fairMarket(`total_${unit}s`, specifiers({ total: l }), {
          over: sum((x, y) => x + y > l),
          under: sum((x, y) => x + y < l),
        }),
        decided,
      });
    }
    markets.push(
      fairMarket(
        `correct_${unit}_score`,
        '',
        Object.fromEntries(this.scores().map((id) => [id, sum((x, y) => `${x}:${y}` === id)])),
      ),
    );
    return markets;
  }

  /** Home's unit handicaps: ±1.5 in a best of 3, ±1.5 and ±2.5 in a best of 5. */
  private handicaps() {
    const out: number[] = [];
    for (let k = 1.5; k < this.toWin; k++) out.push(-k, k);
    return out;
  }

  private totals() {
    const out: number[] = [];
    for (let l = this.toWin + 0.5; l < this.bestOf; l++) out.push(l);
    return out;
  }

  private scores() {
    const out: string[] = [];
    for (let loser = 0; loser < this.toWin; loser++)
      out.push(`${this.toWin}:${loser}`, `${loser}:${this.toWin}`);
    return out;
  }

  drift(random: Random) {
    this.game.drift(random);
  }

  step(random: Random): StepResult {
    this.started = true;
    const { winner, betStop } = this.game.step(this.state, random);
    if (winner) {
      this.units.push({ ...this.game.current(this.state), winner });
      if (!this.ended) this.state = this.game.fresh(this.unitNumber);
      return { betStop: betStop ?? `${this.game.unit}_end` };
    }
    return betStop ? { betStop } : {};
  }

  settle(): BetSettlement['markets'] {
    const h = this.won('home');
    const a = this.won('away');
    const unit = this.game.unit;
    const result = (win: boolean): OutcomeResult => (win ? 'win' : 'lose');
    const out: BetSettlement['markets'] = [
      {
        key: 'winner',
        specifiers: '',
        outcomes: [
          { id: 'home', result: result(h > a) },
          { id: 'away', result: result(a > h) },
        ],
      },
    ];
    for (const n of [...this.offeredUnits].sort((x, y) => x - y)) {
      const played = this.units[n - 1];
      out.push({
        key: `${unit}_winner`,
        specifiers: specifiers({ [`${unit}nr`]: n }),
        outcomes: ['home', 'away'].map((id) => ({
          id,
          result: played ? result(played.winner === id) : 'void',
        })),
      });
    }
    for (const hcp of this.handicaps())
      out.push({
        key: `${unit}_handicap`,
        specifiers: specifiers({ hcp }),
        outcomes: [
          { id: 'home', result: result(h - a + hcp > 0) },
          { id: 'away', result: result(h - a + hcp < 0) },
        ],
      });
    for (const l of this.totals())
      out.push({
        key: `total_${unit}s`,
        specifiers: specifiers({ total: l }),
        outcomes: [
          { id: 'over', result: result(h + a > l) },
          { id: 'under', result: result(h + a < l) },
        ],
      });
    out.push({
      key: `correct_${unit}_score`,
      specifiers: '',
      outcomes: this.scores().map((id) => ({ id, result: result(id === `${h}:${a}`) })),
    });
    return out;
  }
}
