import { type BetSettlement, type OutcomeResult, type Score, specifiers } from './contract.ts';
import { type FairMarket, fairMarket, normalCdf } from './pricing.ts';
import type { Random } from './random.ts';
import type { Match, SportModel, StepResult } from './sport.ts';

/**
 * Basketball: each side scores in events of 1, 2 or 3 points arriving as a Poisson process; the rest
 * of the match is priced with the normal approximation of that compound process (mean and variance
 * per minute), with a continuity correction. Four quarters of 12 minutes, 5-minute overtimes until
 * a winner; winner, handicap and total include overtime.
 */
const QUARTER = 12;
const OVERTIME = 5;
const POINTS = [
  [1, 0.1],
  [2, 0.62],
  [3, 0.28],
] as const;
const MEAN_POINTS = POINTS.reduce((s, [v, p]) => s + v * p, 0);
const SECOND_MOMENT = POINTS.reduce((s, [v, p]) => s + v * v * p, 0);

export function basketballModel(margin = 0.045): SportModel {
  return {
    stepMinutes: 1,
    margin,
    tournaments: ['NBB', 'NBA', 'EuroLeague'],
    teams: [
      'Flamengo Basquete',
      'Franca',
      'Minas',
      'Sesi Franca',
      'Pinheiros',
      'Corinthians Basquete',
      'Boston Celtics',
      'Los Angeles Lakers',
      'Golden State Warriors',
      'Denver Nuggets',
      'Real Madrid Baloncesto',
      'Olympiacos',
    ],
    create(random) {
      const total = 160 + random.next() * 60;
      const edge = random.normal() * 6 + 2.5; // home advantage included
      return new BasketballMatch({ home: total / 2 + edge / 2, away: total / 2 - edge / 2 });
    },
  };
}

export class BasketballMatch implements Match {
  minute = 0;
  points = { home: 0, away: 0 };
  quarters: Array<{ home: number; away: number }> = [];
  private periodStart = { home: 0, away: 0 };
  ended = false;
  readonly handicaps: number[];
  readonly totals: number[];

  /** expected: points per 48 minutes. */
  constructor(readonly expected: { home: number; away: number }) {
    const spread = Math.round(expected.away - expected.home) + 0.5;
    this.handicaps = [spread - 2, spread, spread + 2];
    const total = Math.round(expected.home + expected.away) + 0.5;
    this.totals = [total - 4, total, total + 4];
  }

  private get regulationLeft() {
    return Math.max(0, 4 * QUARTER - this.minute);
  }

  private minutesLeft() {
    if (this.minute < 4 * QUARTER) return this.regulationLeft;
    const intoOvertime = (this.minute - 4 * QUARTER) % OVERTIME;
    return OVERTIME - intoOvertime;
  }

  /** Normal approximation of the final margin (home − away) and total. */
  private outlook() {
    const left = this.minutesLeft() / 48;
    const rate = {
      home: (this.expected.home * left) / MEAN_POINTS,
      away: (this.expected.away * left) / MEAN_POINTS,
    };
    const variance = Math.max(1e-9, (rate.home + rate.away) * SECOND_MOMENT);
    return {
      margin: this.points.home - this.points.away + (rate.home - rate.away) * MEAN_POINTS,
      total: this.points.home + this.points.away + (rate.home + rate.away) * MEAN_POINTS,
      sd: Math.sqrt(variance),
    };
  }

  score(): Score {
    const period = this.ended
      ? 'ended'
      : this.minute === 0
        ? 'not_started'
        : this.minute < 4 * QUARTER
          ? `q${Math.floor(this.minute / QUARTER) + 1}`
          : 'overtime';
    return { ...this.points, period, minute: this.minute, periods: this.quarters.map((q) => ({ ...q })) };
  }

  markets(): FairMarket[] {
    if (this.ended) return [];
    const { margin, total, sd } = this.outlook();
    const above = (x: number, mean: number) => 1 - normalCdf((x - mean) / sd);
    // A tie after regulation goes to overtime, priced as even.
    const tie = above(-0.5, margin) - above(0.5, margin);
    const home = above(0.5, margin) + tie / 2;
    const out: FairMarket[] = [fairMarket('winner', '', { home, away: 1 - home })];
    for (const h of this.handicaps) {
      const p = above(-h, margin);
      out.push(fairMarket('handicap', specifiers({ hcp: h }), { home: p, away: 1 - p }));
    }
    for (const l of this.totals) {
      const p = above(l, total);
      out.push({
        ...fairMarket('total', specifiers({ total: l }), { over: p, under: 1 - p }),
        decided: this.points.home + this.points.away > l,
      });
    }
    return out;
  }

  drift(random: Random) {
    const move = random.normal() * 0.4;
    this.expected.home += move;
    this.expected.away -= move;
  }

  step(random: Random): StepResult {
    this.minute++;
    for (const side of ['home', 'away'] as const) {
      const events = random.poisson(this.expected[side] / 48 / MEAN_POINTS);
      for (let i = 0; i < events; i++) {
        const u = random.next();
        this.points[side] += u < POINTS[0][1] ? 1 : u < POINTS[0][1] + POINTS[1][1] ? 2 : 3;
      }
    }
    const endOfPeriod =
      this.minute <= 4 * QUARTER ? this.minute % QUARTER === 0 : (this.minute - 4 * QUARTER) % OVERTIME === 0;
    if (endOfPeriod) {
      this.quarters.push({
        home: this.points.home - this.periodStart.home,
        away: this.points.away - this.periodStart.away,
      });
      this.periodStart = { ...this.points };
      if (this.minute >= 4 * QUARTER && this.points.home !== this.points.away) this.ended = true;
      return { betStop: 'period_end' };
    }
    return random.next() < 0.04 ? { betStop: 'timeout' } : {};
  }

  settle(): BetSettlement['markets'] {
    const d = this.points.home - this.points.away;
    const t = this.points.home + this.points.away;
    const result = (win: boolean): OutcomeResult => (win ? 'win' : 'lose');
    return [
      {
        key: 'winner',
        specifiers: '',
        outcomes: [
          { id: 'home', result: result(d > 0) },
          { id: 'away', result: result(d < 0) },
        ],
      },
      ...this.handicaps.map((h) => ({
        key: 'handicap',
        specifiers: specifiers({ hcp: h }),
        outcomes: [
          { id: 'home', result: result(d + h > 0) },
          { id: 'away', result: result(d + h < 0) },
        ],
      })),
      ...this.totals.map((l) => ({
        key: 'total',
        specifiers: specifiers({ total: l }),
        outcomes: [
          { id: 'over', result: result(t > l) },
          { id: 'under', result: result(t < l) },
        ],
      })),
    ];
  }
}
