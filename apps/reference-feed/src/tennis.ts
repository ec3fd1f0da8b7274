import { BestOfMatch, type UnitGame } from './best-of.ts';
import type { Random } from './random.ts';
import type { SportModel } from './sport.ts';

/**
 * Tennis: each player wins a point on serve with a fixed chance (Barnett–Clarke's i.i.d. model);
 * a game's, a tiebreak's and a set's chances follow exactly. A step is one game (about four minutes).
 * The tiebreak is priced with the players' average point chance, a small simplification.
 */
interface SetState {
  games: { home: number; away: number };
  server: 'home' | 'away';
}

/** P(the server holds) when winning each point on serve with chance p. */
export function holdProbability(p: number): number {
  const q = 1 - p;
  const deuce = (p * p) / (1 - 2 * p * q);
  return p ** 4 * (1 + 4 * q + 10 * q * q) + 20 * p ** 3 * q ** 3 * deuce;
}

/** P(winning a first-to-7, win-by-2 tiebreak) at point chance p. */
function tiebreakProbability(p: number): number {
  const q = 1 - p;
  let win = 0;
  let binom = 1;
  for (let k = 0; k <= 5; k++) {
    if (k > 0) binom = (binom * (6 + k)) / k;
    win += binom * p ** 7 * q ** k;
  }
  return win + 924 * p ** 6 * q ** 6 * ((p * p) / (1 - 2 * p * q));
}

function tennisGame(random: Random): UnitGame<SetState> {
  // Chance of each player to win a point on their own serve.
  const serve = { home: 0.6 + random.next() * 0.1, away: 0.6 + random.next() * 0.1 };
  return {
    unit: 'set',
    fresh: (index) => ({ games: { home: 0, away: 0 }, server: index % 2 === 1 ? 'home' : 'away' }),
    winProbability(state) {
      const hold = { home: holdProbability(serve.home), away: holdProbability(serve.away) };
      const tiebreak = tiebreakProbability((serve.home + 1 - serve.away) / 2);
      const memo = new Map<string, number>();
      const from = (h: number, a: number, server: 'home' | 'away'): number => {
        if ((h >= 6 && h - a >= 2) || h === 7) return 1;
        if ((a >= 6 && a - h >= 2) || a === 7) return 0;
        if (h === 6 && a === 6) return tiebreak;
        const key = `${h}:${a}:${server}`;
        const known = memo.get(key);
        if (known !== undefined) return known;
        const homeWinsGame = server === 'home' ? hold.home : 1 - hold.away;
        const next = server === 'home' ? 'away' : 'home';
        const p = homeWinsGame * from(h + 1, a, next) + (1 - homeWinsGame) * from(h, a + 1, next);
        memo.set(key, p);
        return p;
      };
      return from(state.games.home, state.games.away, state.server);
    },
    step(state, random) {
      const { games } = state;
      let homeWins: boolean;
      let betStop: string | undefined;
      if (games.home === 6 && games.away === 6) {
        homeWins = random.next() < tiebreakProbability((serve.home + 1 - serve.away) / 2);
        betStop = 'tiebreak';
      } else {
        const holds = random.next() < holdProbability(serve[state.server]);
        homeWins = holds === (state.server === 'home');
        if (!holds) betStop = 'break';
      }
      if (homeWins) games.home++;
      else games.away++;
      state.server = state.server === 'home' ? 'away' : 'home';
      const h = games.home;
      const a = games.away;
      if ((h >= 6 && h - a >= 2) || h === 7) return { winner: 'home', betStop };
      if ((a >= 6 && a - h >= 2) || a === 7) return { winner: 'away', betStop };
      return { betStop };
    },
    current: (state) => ({ ...state.games }),
    drift(random) {
      const move = random.normal() * 0.002;
      serve.home = Math.min(0.8, Math.max(0.5, serve.home + move));
      serve.away = Math.min(0.8, Math.max(0.5, serve.away - move));
    },
  };
}

export function tennisModel(margin = 0.05): SportModel {
  return {
    stepMinutes: 4,
    margin,
    bestOf: 3,
    tournaments: ['ATP Rio Open', 'ATP São Paulo', 'WTA Florianópolis', 'Challenger Campinas'],
    teams: [
      'J. Fonseca',
      'T. Monteiro',
      'B. Haddad Maia',
      'T. Seyboth Wild',
      'C. Alcaraz',
      'J. Sinner',
      'A. Zverev',
      'D. Medvedev',
      'C. Ruud',
      'H. Rune',
      'L. Stefanini',
      'F. Cerúndolo',
    ],
    create: (random) => new BestOfMatch(tennisGame(random), 3),
  };
}
