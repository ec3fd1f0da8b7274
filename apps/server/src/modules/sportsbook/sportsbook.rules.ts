import { type LegResult, quarterLineResult } from '@sorte/money';

/**
 * The sportsbook's own settlement rules: which result an outcome gets from the final score, for the
 * market types of docs/sportsbook-feed.md §5 (keys, specifiers and outcome ids as the feed names
 * them). Pure functions, so the sportsbook can re-check a feed's `bet_settlement` (and a trader's
 * manual result) before paying. The Asian-line arithmetic is `quarterLineResult` of @sorte/money,
 * the one the reference feed settles with too.
 *
 * What the score means depends on the sport, as in the feed's scores (§4): goals after 90 minutes
 * and stoppage (football), points including overtime (basketball), sets or maps won (tennis,
 * e-sports). `periods` are football's halves (for HT/FT) or each set's games / each map's rounds or
 * kills; `unitWinners` are the winners of the sets or maps played, in order (a Dota 2 or LoL map is
 * won on the gold lead, not the kills its period shows, so the map winner must be given there).
 *
 * Related outcomes: a multiple (and every line of a system bet) may hold at most one selection per
 * fixture, whatever the markets. Outcomes of one event are correlated (a home win and over 2.5, a
 * map 1 win and the match win), so multiplying their odds as if independent misprices the bet in
 * the player's favour; `relatedSelections` finds the offending pairs and the bet is refused.
 * Same-game multiples (priced as one correlated bet) are out of scope.
 */

export type Side = 'home' | 'away';

export interface FinalScore {
  home: number;
  away: number;
  /** Football halves [first, second] (HT/FT needs the first); sets in games; maps in rounds or kills. */
  periods?: Array<{ home: number; away: number }>;
  /** Winners of the sets or maps played, in order; when absent, each period's higher score. */
  unitWinners?: Side[];
}

export class SettlementRuleError extends Error {
  constructor(
    readonly code: 'UNKNOWN_MARKET' | 'UNKNOWN_OUTCOME' | 'BAD_SPECIFIER' | 'SCORE_INCOMPLETE',
    message: string,
  ) {
    super(message);
  }
}

/** The specifiers string of the contract ('hcp=-0.75', 'mapnr=2', '') as name → value. */
export function parseSpecifiers(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (text === '') return out;
  for (const pair of text.split('|')) {
    const match = /^([a-z][a-z0-9_]*)=([^|=]+)$/.exec(pair);
    if (!match || match[1]! in out) throw new SettlementRuleError('BAD_SPECIFIER', `specifiers ${text}`);
    out[match[1]!] = match[2]!;
  }
  return out;
}

/** A line ('-0.75', '2.5', '+1.25') as a whole number of quarters, exactly; anything else is refused. */
export function lineQuarters(value: string | undefined): number {
  const match = /^([+-]?)(\d{1,3})(?:\.(0|00|25|5|50|75))?$/.exec(value ?? '');
  if (!match) throw new SettlementRuleError('BAD_SPECIFIER', `not a quarter line: ${value}`);
  const quarters =
    Number(match[2]) * 4 + { '': 0, '0': 0, '00': 0, '25': 1, '5': 2, '50': 2, '75': 3 }[match[3] ?? '']!;
  return match[1] === '-' ? -quarters : quarters;
}

function positiveInteger(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,2}$/.test(value))
    throw new SettlementRuleError('BAD_SPECIFIER', `not a set or map number: ${value}`);
  return Number(value);
}

type Result3 = 'home' | 'draw' | 'away';
const resultOf = (home: number, away: number): Result3 =>
  home > away ? 'home' : home < away ? 'away' : 'draw';
const won = (yes: boolean): LegResult => (yes ? 'win' : 'lose');
const CORRECT_SCORE_MAX = 4;

function oneOf(outcome: string, ids: readonly string[]): string {
  if (!ids.includes(outcome)) throw new SettlementRuleError('UNKNOWN_OUTCOME', `outcome ${outcome}`);
  return outcome;
}

/** A two-way line market: home/away on the difference + hcp, over/under on the total − line. */
function lineMarket(outcome: string, marginQuarters: number, sides: readonly [string, string]): LegResult {
  return quarterLineResult(oneOf(outcome, sides) === sides[0] ? marginQuarters : -marginQuarters);
}

function unitWinner(score: FinalScore, n: number): Side | undefined {
  const given = score.unitWinners?.[n - 1];
  if (given) return given;
  if (score.unitWinners) return undefined;
  const period = score.periods?.[n - 1];
  if (!period) return undefined;
  if (period.home === period.away)
    throw new SettlementRuleError(
      'SCORE_INCOMPLETE',
      `unit ${n} ${period.home}:${period.away} has no winner`,
    );
  return period.home > period.away ? 'home' : 'away';
}

/** The result of one outcome of a market, given the final score. */
export function settleOutcome(
  key: string,
  specifiers: string,
  outcome: string,
  score: FinalScore,
): LegResult {
  const spec = parseSpecifiers(specifiers);
  const { home, away } = score;
  const result = resultOf(home, away);
  const difference = home - away;
  const total = home + away;
  switch (key) {
    case '1x2':
      return won(oneOf(outcome, ['home', 'draw', 'away']) === result);
    case 'double_chance': {
      const [a, b] = oneOf(outcome, ['home_draw', 'home_away', 'draw_away']).split('_');
      return won(a === result || b === result);
    }
    case 'draw_no_bet':
      oneOf(outcome, ['home', 'away']);
      return result === 'draw' ? 'void' : won(outcome === result);
    case 'asian_handicap':
    case 'handicap':
    case 'set_handicap':
    case 'map_handicap':
      return lineMarket(outcome, 4 * difference + lineQuarters(spec.hcp), ['home', 'away']);
    case 'european_handicap': {
      // Three-way on the difference + a whole handicap: no push, the tie is the 'draw' outcome.
      const quarters = lineQuarters(spec.hcp);
      if (quarters % 4 !== 0) throw new SettlementRuleError('BAD_SPECIFIER', `european hcp ${spec.hcp}`);
      return won(oneOf(outcome, ['home', 'draw', 'away']) === resultOf(difference + quarters / 4, 0));
    }
    case 'total':
    case 'total_sets':
    case 'total_maps':
      return lineMarket(outcome, 4 * total - lineQuarters(spec.total), ['over', 'under']);
    case 'btts':
      return won((oneOf(outcome, ['yes', 'no']) === 'yes') === (home > 0 && away > 0));
    case 'correct_score': {
      const id =
        home <= CORRECT_SCORE_MAX && away <= CORRECT_SCORE_MAX ? `${home}:${away}` : `other_${result}`;
      if (!/^[0-4]:[0-4]$/.test(outcome)) oneOf(outcome, ['other_home', 'other_draw', 'other_away']);
      return won(outcome === id);
    }
    case 'ht_ft': {
      const half = score.periods?.[0];
      if (!half) throw new SettlementRuleError('SCORE_INCOMPLETE', 'ht_ft without the first half');
      const [atHalf, atEnd] = outcome.split('/');
      const ids = ['home', 'draw', 'away'];
      oneOf(atHalf ?? '', ids);
      oneOf(atEnd ?? '', ids);
      return won(atHalf === resultOf(half.home, half.away) && atEnd === result);
    }
    case 'winner':
      oneOf(outcome, ['home', 'away']);
      if (result === 'draw')
        throw new SettlementRuleError('SCORE_INCOMPLETE', `winner of a tie ${home}:${away}`);
      return won(outcome === result);
    case 'set_winner':
    case 'map_winner': {
      const n = positiveInteger(key === 'set_winner' ? spec.setnr : spec.mapnr);
      oneOf(outcome, ['home', 'away']);
      const winner = unitWinner(score, n);
      return winner ? won(outcome === winner) : 'void'; // not played
    }
    case 'correct_set_score':
    case 'correct_map_score':
      if (!/^\d:\d$/.test(outcome)) throw new SettlementRuleError('UNKNOWN_OUTCOME', `outcome ${outcome}`);
      return won(outcome === `${home}:${away}`);
    default:
      throw new SettlementRuleError('UNKNOWN_MARKET', `market ${key}`);
  }
}

/** Every listed outcome of a market settled at once (the shape of a `bet_settlement` market). */
export function settleMarket(
  key: string,
  specifiers: string,
  outcomes: readonly string[],
  score: FinalScore,
): Array<{ id: string; result: LegResult }> {
  return outcomes.map((id) => ({ id, result: settleOutcome(key, specifiers, id, score) }));
}

/**
 * The pairs of selections (indices) of a multiple or system bet that are on the same fixture: the
 * bet is refused unless this is empty.
 */
export function relatedSelections(selections: ReadonlyArray<{ fixtureId: string }>): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  selections.forEach((a, i) => {
    for (let j = i + 1; j < selections.length; j++)
      if (selections[j]!.fixtureId === a.fixtureId) pairs.push([i, j]);
  });
  return pairs;
}
