import { SPORTS_ESPORTS, type SportsSport } from '@sorte/contracts';

/**
 * Market and outcome names from the feed's market key, specifiers and outcome id
 * (docs/sportsbook-feed.md §5). Pure: each answer is a translation key of the `sportsbook` namespace
 * with its values (`Label`), so the words live in the locale files and the rules here are tested
 * without i18next. `home`/`away` are the competitors' names; handicaps are stated from home's side
 * (home hcp=-0.75 is away +0.75).
 */
export interface Label {
  key: string;
  /** Interpolated values; a nested Label is translated first (a side that may be the draw). */
  values?: Record<string, string | number | Label>;
}

export interface Teams {
  home: string;
  away: string;
}

/** The groups of the event page, in tab order. */
export const MARKET_GROUPS = ['main', 'handicap', 'totals', 'periods', 'score'] as const;
export type MarketGroup = (typeof MARKET_GROUPS)[number];

const GROUP_OF: Record<string, MarketGroup> = {
  '1x2': 'main',
  winner: 'main',
  double_chance: 'main',
  draw_no_bet: 'main',
  btts: 'main',
  asian_handicap: 'handicap',
  handicap: 'handicap',
  set_handicap: 'handicap',
  map_handicap: 'handicap',
  total: 'totals',
  total_sets: 'totals',
  total_maps: 'totals',
  set_winner: 'periods',
  map_winner: 'periods',
  correct_score: 'score',
  correct_set_score: 'score',
  correct_map_score: 'score',
  ht_ft: 'score',
};

export function marketGroup(key: string): MarketGroup {
  return GROUP_OF[key] ?? 'main';
}

export const isEsport = (sport: string) => (SPORTS_ESPORTS as readonly string[]).includes(sport);

/** Specifiers as a map: 'hcp=-0.75|setnr=2' → { hcp: '-0.75', setnr: '2' }. */
export function parseSpecifiers(specifiers: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of specifiers.split('|')) {
    const at = pair.indexOf('=');
    if (at > 0) out[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return out;
}

/** A line with its sign, as bookmakers print it: '-0.75' → '−0.75', '0.5' → '+0.5', '0' → '0'. */
export function signedLine(value: string): string {
  const negative = value.startsWith('-');
  const magnitude = negative ? value.slice(1) : value.replace(/^\+/, '');
  if (/^0(\.0*)?$/.test(magnitude)) return '0';
  return `${negative ? '\u2212' : '+'}${magnitude}`;
}

/** The opposite side's line: home −0.75 is away +0.75. */
export function oppositeLine(value: string): string {
  if (value.startsWith('-')) return value.slice(1);
  return `-${value.replace(/^\+/, '')}`;
}

/** The market's title: key plus its specifiers ('Total goals 2.5' is a row; the title is 'Total goals'). */
export function marketTitle(key: string, specifiers: string, sport: SportsSport | string): Label {
  const spec = parseSpecifiers(specifiers);
  if (key === 'set_winner') return { key: 'market.set_winner', values: { n: spec.setnr ?? '?' } };
  if (key === 'map_winner') return { key: 'market.map_winner', values: { n: spec.mapnr ?? '?' } };
  if (key === 'total') return { key: sport === 'football' ? 'market.total_goals' : 'market.total_points' };
  if (key in GROUP_OF) return { key: `market.${key}` };
  return { key: 'market.other', values: { key } };
}

/** The line a market row shows beside its title, when it has one ('2.5', '−0.75'). */
export function marketLine(specifiers: string): string | null {
  const spec = parseSpecifiers(specifiers);
  if (spec.total !== undefined) return spec.total;
  if (spec.hcp !== undefined) return signedLine(spec.hcp);
  return null;
}

/** The outcome's name in its market, with the teams' names where the outcome is a side. */
export function outcomeLabel(key: string, specifiers: string, outcome: string, teams: Teams): Label {
  const spec = parseSpecifiers(specifiers);
  const side = (id: string) => (id === 'home' ? teams.home : id === 'away' ? teams.away : null);
  const name = side(outcome);
  if (name !== null) {
    if (spec.hcp !== undefined) {
      const line = outcome === 'home' ? spec.hcp : oppositeLine(spec.hcp);
      return { key: 'outcome.handicap', values: { name, line: signedLine(line) } };
    }
    return { key: 'outcome.name', values: { name } };
  }
  if (outcome === 'draw') return { key: 'outcome.draw' };
  if (outcome === 'over' || outcome === 'under')
    return { key: `outcome.${outcome}`, values: { line: spec.total ?? '' } };
  if (outcome === 'yes' || outcome === 'no') return { key: `outcome.${outcome}` };
  if (key === 'double_chance') {
    const [a, b] = outcome.split('_');
    return { key: 'outcome.either', values: { a: sideOrDraw(a, teams), b: sideOrDraw(b, teams) } };
  }
  if (key === 'ht_ft') {
    const [ht, ft] = outcome.split('/');
    return { key: 'outcome.htft', values: { ht: sideOrDraw(ht, teams), ft: sideOrDraw(ft, teams) } };
  }
  if (outcome.startsWith('other_')) return { key: `outcome.${outcome}` };
  // Correct scores ('2:1') and anything else: the id is the name.
  return { key: 'outcome.name', values: { name: outcome } };
}

/** A side's name, or the draw (translated by the caller). */
function sideOrDraw(id: string | undefined, teams: Teams): string | Label {
  if (id === 'home') return teams.home;
  if (id === 'away') return teams.away;
  return { key: 'outcome.draw' };
}

/**
 * Correct-score outcomes laid out by result: home wins, draws, away wins (the usual three columns);
 * the `other_*` outcomes, with longer names, go on a row of their own below.
 */
export function scoreColumns(outcomes: readonly string[]): {
  columns: [string[], string[], string[]];
  others: string[];
} {
  const columns: [string[], string[], string[]] = [[], [], []];
  const others: string[] = [];
  for (const id of outcomes) {
    const m = /^(\d+):(\d+)$/.exec(id);
    if (m) columns[(Math.sign(Number(m[2]) - Number(m[1])) + 1) as 0 | 1 | 2].push(id);
    else others.push(id);
  }
  return { columns, others };
}

/** The live period's name: '2nd_half', 'q3', 'set2', 'map1', 'halftime' … */
export function periodLabel(period: string): Label {
  const numbered = /^(q|set|map)(\d+)$/.exec(period);
  if (numbered) return { key: `period.${numbered[1]}`, values: { n: Number(numbered[2]) } };
  const known = ['not_started', '1st_half', 'halftime', '2nd_half', 'overtime', 'ended'];
  return known.includes(period) ? { key: `period.${period}` } : { key: 'period.other', values: { period } };
}

/** The sports of each site section, in tab order (`esports` first lists all four e-sports). */
export const SECTION_SPORTS = {
  sports: ['football', 'basketball', 'tennis'],
  esports: ['esports', ...SPORTS_ESPORTS],
} as const;
export type Section = keyof typeof SECTION_SPORTS;

/** Events grouped by league, in the order the list has them (the server's: live first, then by start). */
export function byLeague<E extends { tournament: { id: string; name: string } }>(
  events: readonly E[],
): { id: string; name: string; events: E[] }[] {
  const groups = new Map<string, { id: string; name: string; events: E[] }>();
  for (const e of events) {
    let g = groups.get(e.tournament.id);
    if (!g) {
      g = { id: e.tournament.id, name: e.tournament.name, events: [] };
      groups.set(e.tournament.id, g);
    }
    g.events.push(e);
  }
  return [...groups.values()];
}

/** A search over teams and leagues, without accents or case ('sao' finds 'São Paulo'). */
export function matchesSearch(
  event: { home: { name: string }; away: { name: string }; tournament: { name: string } },
  text: string,
): boolean {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const needle = fold(text.trim());
  if (!needle) return true;
  return [event.home.name, event.away.name, event.tournament.name].some((s) => fold(s).includes(needle));
}
