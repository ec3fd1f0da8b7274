import { type BetSettlement, type OutcomeResult, type Score, specifiers } from './contract.ts';
import { lineResult, mainLine, quarterLines, twoWayLine } from './lines.ts';
import { type FairMarket, fairMarket, poisson } from './pricing.ts';
import type { Random } from './random.ts';
import type { Match, SportModel, StepResult } from './sport.ts';

/**
 * Football: goals of each side are independent Poisson processes (Maher's model) whose means come
 * from the two teams' strengths and the home advantage; a red card scales the side's rate. Every
 * market is priced from the distribution of the goals still to come, added to the score.
 */
const GOALS = 10;
const HALF = 45;
const HALFTIME_MINUTES = 15;
const CORRECT_SCORE_MAX = 4;
const RED_CARD_FACTOR = 0.7;

type Side = 'home' | 'away';
const RESULTS = ['home', 'draw', 'away'] as const;
const RESULT = (home: number, away: number) => (home > away ? 'home' : home < away ? 'away' : 'draw');

export interface FootballState {
  /** Expected goals over 90 minutes at full strength. */
  expected: { home: number; away: number };
  minute: number;
  /** Minutes of the half-time break already spent (the break is HALFTIME_MINUTES). */
  breakMinutes: number;
  goals: { home: number; away: number };
  halftime?: { home: number; away: number };
  yellow: { home: number; away: number };
  red: { home: number; away: number };
  ended: boolean;
}

export function footballModel(margin = 0.05): SportModel {
  return {
    stepMinutes: 1,
    margin,
    tournaments: ['Brasileirão Série A', 'Premier League', 'La Liga', 'Copa Libertadores'],
    teams: [
      'Flamengo',
      'Palmeiras',
      'Corinthians',
      'São Paulo',
      'Santos',
      'Grêmio',
      'Internacional',
      'Fluminense',
      'Botafogo',
      'Atlético Mineiro',
      'Cruzeiro',
      'Vasco da Gama',
      'Bahia',
      'Fortaleza',
      'Arsenal',
      'Liverpool',
      'Real Madrid',
      'Barcelona',
      'Boca Juniors',
      'River Plate',
    ],
    create(random) {
      const total = 2.3 + random.next() * 0.8;
      const strength = random.normal() * 0.4 + 0.25; // home advantage included
      return new FootballMatch({
        expected: { home: (total / 2) * Math.exp(strength / 2), away: (total / 2) * Math.exp(-strength / 2) },
        minute: 0,
        breakMinutes: 0,
        goals: { home: 0, away: 0 },
        yellow: { home: 0, away: 0 },
        red: { home: 0, away: 0 },
        ended: false,
      });
    },
  };
}

export class FootballMatch implements Match {
  readonly handicaps: number[];
  readonly totals: number[];

  constructor(readonly state: FootballState) {
    // The lines are fixed when the fixture opens: the main quarter line and two each side.
    const { full } = this.remaining();
    const byDiff = collapse(full, (i, j) => i - j);
    const byTotal = collapse(full, (i, j) => i + j);
    const mainHcp = mainLine(quarterLines(-3, 3), (h) => twoWayLine(byDiff, [(d) => d + h])[0]!);
    const mainTotal = mainLine(quarterLines(1, 5), (l) => twoWayLine(byTotal, [(t) => t - l])[0]!);
    this.handicaps = quarterLines(mainHcp - 0.5, mainHcp + 0.5);
    this.totals = [...new Set([...quarterLines(mainTotal - 0.5, mainTotal + 0.5), 2.5])].sort(
      (a, b) => a - b,
    );
  }

  get ended() {
    return this.state.ended;
  }

  private rate(side: Side) {
    return (this.state.expected[side] / 90) * RED_CARD_FACTOR ** this.state.red[side];
  }

  /** The goals still to come: first half, second half and the whole rest, as score matrices. */
  remaining() {
    const { minute } = this.state;
    const firstHalf = Math.max(0, HALF - minute);
    const secondHalf = minute <= HALF ? HALF : Math.max(0, 90 - minute);
    const matrix = (minutes: number) =>
      outer(poisson(this.rate('home') * minutes, GOALS), poisson(this.rate('away') * minutes, GOALS));
    return { first: matrix(firstHalf), second: matrix(secondHalf), full: matrix(firstHalf + secondHalf) };
  }

  score(): Score {
    const s = this.state;
    const period = s.ended
      ? 'ended'
      : s.minute === 0
        ? 'not_started'
        : s.minute < HALF || (s.minute === HALF && !s.halftime)
          ? '1st_half'
          : s.minute === HALF && s.breakMinutes < HALFTIME_MINUTES
            ? 'halftime'
            : '2nd_half';
    // Halves as played: the first (running or over), and the second once it has begun.
    const periods = !s.halftime
      ? [{ ...s.goals }]
      : period === 'halftime'
        ? [{ ...s.halftime }]
        : [{ ...s.halftime }, { home: s.goals.home - s.halftime.home, away: s.goals.away - s.halftime.away }];
    return {
      home: s.goals.home,
      away: s.goals.away,
      period,
      minute: s.minute,
      periods,
      yellowCards: { ...s.yellow },
      redCards: { ...s.red },
    };
  }

  markets(): FairMarket[] {
    const { first, second, full } = this.remaining();
    const g = this.state.goals;
    // Final scores and their probabilities.
    const finals = full.flatMap((row, i) =>
      row.map((p, j) => [g.home + i, g.away + j, p] as [number, number, number]),
    );
    const sum = (f: (h: number, a: number) => boolean) =>
      finals.reduce((s, [h, a, p]) => s + (f(h, a) ? p : 0), 0);
    const home = sum((h, a) => h > a);
    const draw = sum((h, a) => h === a);
    const away = sum((h, a) => h < a);
    // The lines only see the final goal difference or total: 21 values instead of 121 scores.
    const shifted = collapse(full, (i, j) => g.home + i - (g.away + j));
    const goalTotals = collapse(full, (i, j) => g.home + i + g.away + j);
    const markets: FairMarket[] = [
      fairMarket('1x2', '', { home, draw, away }),
      fairMarket('double_chance', '', {
        home_draw: home + draw,
        home_away: home + away,
        draw_away: draw + away,
      }),
      fairMarket('draw_no_bet', '', { home: home / (home + away), away: away / (home + away) }),
      ...this.handicaps.map((h) => {
        const [ph, pa] = twoWayLine(shifted, [(d) => d + h, (d) => -(d + h)]);
        return fairMarket('asian_handicap', specifiers({ hcp: h }), { home: ph!, away: pa! });
      }),
      ...this.totals.map((l) => {
        const [over, under] = twoWayLine(goalTotals, [(t) => t - l, (t) => l - t]);
        const decided = g.home + g.away > l + 0.25; // over has won (or half-won) already
        return { ...fairMarket('total', specifiers({ total: l }), { over: over!, under: under! }), decided };
      }),
      fairMarket('btts', '', { yes: sum((h, a) => h > 0 && a > 0), no: sum((h, a) => h === 0 || a === 0) }),
      fairMarket('correct_score', '', correctScores(finals)),
      fairMarket('ht_ft', '', this.halftimeFulltime(first, second)),
    ];
    return markets;
  }

  private halftimeFulltime(first: number[][], second: number[][]) {
    const g = this.state.goals;
    const ht = this.state.halftime;
    // The second half only matters through its goal difference: P(difference = d) at index d + GOALS.
    const secondDiff = new Array<number>(2 * GOALS + 1).fill(0);
    for (const [i, row] of second.entries())
      for (const [j, p] of row.entries()) secondDiff[i - j + GOALS]! += p;
    const cells = new Array<number>(9).fill(0); // half-time result × 3 + full-time result
    for (const [i1, row] of first.entries())
      for (const [j1, p1] of row.entries()) {
        if (p1 < 1e-12) continue;
        const half = ht ?? { home: g.home + i1, away: g.away + j1 };
        const atHalf = 3 * RESULTS.indexOf(RESULT(half.home, half.away));
        const lead = g.home + i1 - (g.away + j1);
        for (const [k, p2] of secondDiff.entries()) {
          const final = lead + k - GOALS;
          cells[atHalf + (final > 0 ? 0 : final === 0 ? 1 : 2)]! += p1 * p2;
        }
      }
    return Object.fromEntries(cells.map((p, i) => [`${RESULTS[Math.floor(i / 3)]}/${RESULTS[i % 3]}`, p]));
  }

  drift(random: Random) {
    const e = this.state.expected;
    const move = random.normal() * 0.03;
    e.home *= Math.exp(move);
    e.away *= Math.exp(-move);
  }

  step(random: Random): StepResult {
    const s = this.state;
    if (s.minute === HALF && !s.halftime) {
      s.halftime = { ...s.goals };
      return {};
    }
    if (s.minute === HALF && s.breakMinutes < HALFTIME_MINUTES) {
      s.breakMinutes++;
      return { quiet: s.breakMinutes < HALFTIME_MINUTES };
    }
    s.minute++;
    let betStop: string | undefined;
    for (const side of ['home', 'away'] as const) {
      if (random.next() < 1 - Math.exp(-this.rate(side))) {
        s.goals[side]++;
        betStop = 'goal';
      }
      if (random.next() < 0.002) {
        s.red[side]++;
        betStop ??= 'red_card';
      } else if (random.next() < 0.035) s.yellow[side]++;
    }
    // Dangerous attacks that come to nothing stop the markets too, as a trader would.
    if (!betStop && random.next() < 0.05) betStop = 'dangerous_attack';
    if (s.minute >= 90) s.ended = true;
    return betStop ? { betStop } : {};
  }

  settle(): BetSettlement['markets'] {
    const g = this.state.goals;
    const ht = this.state.halftime ?? g;
    const won = (id: string, winners: string[]): OutcomeResult => (winners.includes(id) ? 'win' : 'lose');
    const r = RESULT(g.home, g.away);
    const out: BetSettlement['markets'] = [];
    const add = (key: string, spec: string, results: Record<string, OutcomeResult>) =>
      out.push({
        key,
        specifiers: spec,
        outcomes: Object.entries(results).map(([id, result]) => ({ id, result })),
      });
    add('1x2', '', { home: won('home', [r]), draw: won('draw', [r]), away: won('away', [r]) });
    add('double_chance', '', {
      home_draw: r !== 'away' ? 'win' : 'lose',
      home_away: r !== 'draw' ? 'win' : 'lose',
      draw_away: r !== 'home' ? 'win' : 'lose',
    });
    add(
      'draw_no_bet',
      '',
      r === 'draw' ? { home: 'void', away: 'void' } : { home: won('home', [r]), away: won('away', [r]) },
    );
    const d = g.home - g.away;
    for (const h of this.handicaps)
      add('asian_handicap', specifiers({ hcp: h }), { home: lineResult(d + h), away: lineResult(-(d + h)) });
    const t = g.home + g.away;
    for (const l of this.totals)
      add('total', specifiers({ total: l }), { over: lineResult(t - l), under: lineResult(l - t) });
    const btts = g.home > 0 && g.away > 0;
    add('btts', '', { yes: btts ? 'win' : 'lose', no: btts ? 'lose' : 'win' });
    const cs = correctScoreId(g.home, g.away);
    add(
      'correct_score',
      '',
      Object.fromEntries(Object.keys(correctScores([])).map((id) => [id, won(id, [cs])])),
    );
    const htft = `${RESULT(ht.home, ht.away)}/${r}`;
    add(
      'ht_ft',
      '',
      Object.fromEntries(Object.keys(this.halftimeFulltime([[1]], [[1]])).map((id) => [id, won(id, [htft])])),
    );
    return out;
  }
}

function outer(home: number[], away: number[]): number[][] {
  return home.map((ph) => away.map((pa) => ph * pa));
}

/** A score matrix folded onto one number of the final score (difference or total): [value, probability] pairs. */
function collapse(matrix: number[][], value: (i: number, j: number) => number): Array<[number, number]> {
  const out = new Map<number, number>();
  for (const [i, row] of matrix.entries())
    for (const [j, p] of row.entries()) out.set(value(i, j), (out.get(value(i, j)) ?? 0) + p);
  return [...out];
}

/** '2:1' up to 4 goals a side; beyond, 'other_home', 'other_draw' or 'other_away'. */
function correctScoreId(home: number, away: number) {
  if (home <= CORRECT_SCORE_MAX && away <= CORRECT_SCORE_MAX) return `${home}:${away}`;
  return `other_${RESULT(home, away)}`;
}

function correctScores(finals: Array<[number, number, number]>): Record<string, number> {
  const out: Record<string, number> = {};
  for (let h = 0; h <= CORRECT_SCORE_MAX; h++)
    for (let a = 0; a <= CORRECT_SCORE_MAX; a++) out[`${h}:${a}`] = 0;
  out.other_home = 0;
  out.other_draw = 0;
  out.other_away = 0;
  for (const [h, a, p] of finals) out[correctScoreId(h, a)]! += p;
  return out;
}
