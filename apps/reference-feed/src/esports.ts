import { BestOfMatch, type UnitGame } from './best-of.ts';
import { normalCdf } from './pricing.ts';
import type { Random } from './random.ts';
import type { SportModel } from './sport.ts';

/**
 * E-sports maps, best of 3.
 * - CS2 and Valorant: a map is a race to 13 rounds, each won by home with a fixed chance r; from
 *   12–12 overtime is won by the first two-round lead. A step is one round (about two minutes).
 * - Dota 2 and League of Legends: a map is a gold lead that moves each minute as a random walk with a
 *   drift from the strengths; the map ends after 25–45 minutes and the side ahead wins (kills are
 *   drawn each minute for the score). A step is one minute.
 */
interface RoundsState {
  rounds: { home: number; away: number };
}

export function roundsWinProbability(r: number, home: number, away: number): number {
  const tie = (r * r) / (r * r + (1 - r) * (1 - r));
  const memo = new Map<string, number>();
  const from = (h: number, a: number): number => {
    if (h >= 13 && h - a >= 2) return 1;
    if (a >= 13 && a - h >= 2) return 0;
    if (h >= 12 && a >= 12) return h === a ? tie : h > a ? r + (1 - r) * tie : r * tie;
    const key = `${h}:${a}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const p = r * from(h + 1, a) + (1 - r) * from(h, a + 1);
    memo.set(key, p);
    return p;
  };
  return from(home, away);
}

function roundsGame(random: Random): UnitGame<RoundsState> {
  // Round chances compound over a map: 0.53 a round is already about 0.65 a map.
  let r = Math.min(0.58, Math.max(0.42, 0.5 + random.normal() * 0.02));
  return {
    unit: 'map',
    fresh: () => ({ rounds: { home: 0, away: 0 } }),
    winProbability: (s) => roundsWinProbability(r, s.rounds.home, s.rounds.away),
    step(s, random) {
      if (random.next() < r) s.rounds.home++;
      else s.rounds.away++;
      const p = roundsWinProbability(r, s.rounds.home, s.rounds.away);
      // The round's end and the buy phase stop betting only when the map may be decided next.
      const betStop = p > 0.95 || p < 0.05 ? 'map_point' : undefined;
      if (p === 1) return { winner: 'home', betStop };
      if (p === 0) return { winner: 'away', betStop };
      return { betStop };
    },
    current: (s) => ({ ...s.rounds }),
    drift(random) {
      r = Math.min(0.58, Math.max(0.42, r + random.normal() * 0.002));
    },
  };
}

interface LaneState {
  minute: number;
  /** Gold lead of home, in thousands. */
  lead: number;
  kills: { home: number; away: number };
  length: number;
}

const EXPECTED_LENGTH = 35;
const WALK = 1.2; // thousand gold per minute, standard deviation

function laneGame(random: Random): UnitGame<LaneState> {
  let drift = random.normal() * 0.12;
  const chance = (s: LaneState) => {
    const left = Math.max(3, EXPECTED_LENGTH - s.minute);
    return normalCdf((s.lead + drift * left) / (WALK * Math.sqrt(left)));
  };
  return {
    unit: 'map',
    fresh: () => ({ minute: 0, lead: 0, kills: { home: 0, away: 0 }, length: 25 + random.int(21) }),
    winProbability: chance,
    minute: (s) => s.minute,
    step(s, random) {
      s.minute++;
      const move = drift + random.normal() * WALK;
      s.lead += move;
      const fight = Math.abs(move) > 2 * WALK;
      s.kills.home += random.poisson(move > 0 ? 0.6 + (fight ? 2 : 0) : 0.4);
      s.kills.away += random.poisson(move < 0 ? 0.6 + (fight ? 2 : 0) : 0.4);
      if (s.minute >= s.length) return { winner: s.lead >= 0 ? 'home' : 'away', betStop: 'map_end' };
      return fight ? { betStop: 'teamfight' } : {};
    },
    current: (s) => ({ ...s.kills }),
    drift(random) {
      drift += random.normal() * 0.005;
    },
  };
}

const TEAMS = [
  'FURIA',
  'paiN Gaming',
  'MIBR',
  'LOUD',
  'Imperial',
  'Fluxo',
  'Team Liquid',
  'Natus Vincere',
  'G2 Esports',
  'Team Vitality',
  'FaZe Clan',
  'Team Spirit',
  'T1',
  'Gen.G',
  'Fnatic',
  'Sentinels',
];

export function esportsModel(title: 'cs2' | 'valorant' | 'dota2' | 'lol', margin = 0.06): SportModel {
  const tournaments: Record<typeof title, string[]> = {
    cs2: ['CS2 Major', 'ESL Pro League', 'BLAST Premier'],
    valorant: ['VCT Americas', 'VCT Masters'],
    dota2: ['The International', 'DreamLeague'],
    lol: ['CBLOL', 'LoL Worlds'],
  };
  const rounds = title === 'cs2' || title === 'valorant';
  return {
    stepMinutes: rounds ? 2 : 1,
    margin,
    bestOf: 3,
    tournaments: tournaments[title],
    teams: TEAMS,
    create: (random) =>
      new BestOfMatch<RoundsState | LaneState>(
        (rounds ? roundsGame(random) : laneGame(random)) as UnitGame<RoundsState | LaneState>,
        3,
      ),
  };
}
