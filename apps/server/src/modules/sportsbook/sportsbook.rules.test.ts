import { betReturn, type LegResult } from '@sorte/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basketballModel } from '../../../../reference-feed/src/basketball.ts';
import { esportsModel } from '../../../../reference-feed/src/esports.ts';
import { FootballMatch } from '../../../../reference-feed/src/football.ts';
import { seededRandom } from '../../../../reference-feed/src/random.ts';
import { tennisModel } from '../../../../reference-feed/src/tennis.ts';
import {
  type FinalScore,
  lineQuarters,
  parseSpecifiers,
  relatedSelections,
  SettlementRuleError,
  settleMarket,
  settleOutcome,
} from './sportsbook.rules.ts';

const score = (home: number, away: number, extra: Partial<FinalScore> = {}): FinalScore => ({
  home,
  away,
  ...extra,
});

describe('specifiers', () => {
  it('reads canonical specifiers and exact quarter lines', () => {
    expect(parseSpecifiers('')).toEqual({});
    expect(parseSpecifiers('hcp=-0.75')).toEqual({ hcp: '-0.75' });
    expect(parseSpecifiers('mapnr=2|total=2.5')).toEqual({ mapnr: '2', total: '2.5' });
    expect(lineQuarters('-0.75')).toBe(-3);
    expect(lineQuarters('+1.25')).toBe(5);
    expect(lineQuarters('2.5')).toBe(10);
    expect(lineQuarters('-1')).toBe(-4);
    expect(lineQuarters('0')).toBe(0);
    for (const bad of ['0.3', '1.125', 'x', '', '1e2', '--1'])
      expect(() => lineQuarters(bad), bad).toThrow(SettlementRuleError);
    expect(() => parseSpecifiers('hcp')).toThrow(SettlementRuleError);
    expect(() => parseSpecifiers('hcp=1|hcp=2')).toThrow(SettlementRuleError);
  });
});

describe('Asian handicap quarter lines, worked against each final margin', () => {
  // home's handicap → results of the home and away outcomes for margins (home − away) −3 … +3.
  const table: Record<string, Array<[LegResult, LegResult]>> = {
    'hcp=-0.25': [
      ['lose', 'win'],
      ['lose', 'win'],
      ['lose', 'win'],
      ['half_lose', 'half_win'],
      ['win', 'lose'],
      ['win', 'lose'],
      ['win', 'lose'],
    ],
    'hcp=-0.75': [
      ['lose', 'win'],
      ['lose', 'win'],
      ['lose', 'win'],
      ['lose', 'win'],
      ['half_win', 'half_lose'],
      ['win', 'lose'],
      ['win', 'lose'],
    ],
    'hcp=1.25': [
      ['lose', 'win'],
      ['lose', 'win'],
      ['half_win', 'half_lose'],
      ['win', 'lose'],
      ['win', 'lose'],
      ['win', 'lose'],
      ['win', 'lose'],
    ],
    'hcp=-1': [
      ['lose', 'win'],
      ['lose', 'win'],
      ['lose', 'win'],
      ['lose', 'win'],
      ['void', 'void'],
      ['win', 'lose'],
      ['win', 'lose'],
    ],
  };
  for (const [spec, rows] of Object.entries(table))
    it(spec, () => {
      rows.forEach(([homeResult, awayResult], i) => {
        const margin = i - 3;
        // The same margin from different scores settles the same.
        for (const s of [score(Math.max(0, margin), Math.max(0, -margin)), score(3 + margin, 3)]) {
          expect(settleOutcome('asian_handicap', spec, 'home', s), `${spec} margin ${margin}`).toBe(
            homeResult,
          );
          expect(settleOutcome('asian_handicap', spec, 'away', s), `${spec} margin ${margin}`).toBe(
            awayResult,
          );
        }
      });
    });

  it('pays a worked quarter-line bet (stake 1000): home −0.75 at 1.90 winning by one returns 1450', () => {
    const result = settleOutcome('asian_handicap', 'hcp=-0.75', 'home', score(2, 1));
    expect(betReturn(1000n, [{ odds: 1900, settlement: { result } }])).toBe(1450n);
    const away = settleOutcome('asian_handicap', 'hcp=-0.75', 'away', score(2, 1));
    expect(betReturn(1000n, [{ odds: 2000, settlement: { result: away } }])).toBe(500n);
  });

  it('totals with quarter lines', () => {
    const cases: Array<[string, number, LegResult, LegResult]> = [
      ['total=2.75', 3, 'half_win', 'half_lose'],
      ['total=2.75', 2, 'lose', 'win'],
      ['total=2.25', 2, 'half_lose', 'half_win'],
      ['total=2.25', 3, 'win', 'lose'],
      ['total=2', 2, 'void', 'void'],
      ['total=2.5', 3, 'win', 'lose'],
      ['total=2.5', 2, 'lose', 'win'],
    ];
    for (const [spec, goals, over, under] of cases) {
      expect(settleOutcome('total', spec, 'over', score(goals, 0)), `${spec} ${goals}`).toBe(over);
      expect(settleOutcome('total', spec, 'under', score(0, goals)), `${spec} ${goals}`).toBe(under);
    }
  });
});

describe('football markets', () => {
  it('1X2, double chance, draw no bet, BTTS', () => {
    expect(settleMarket('1x2', '', ['home', 'draw', 'away'], score(2, 1)).map((o) => o.result)).toEqual([
      'win',
      'lose',
      'lose',
    ]);
    expect(
      settleMarket('double_chance', '', ['home_draw', 'home_away', 'draw_away'], score(1, 1)).map(
        (o) => o.result,
      ),
    ).toEqual(['win', 'lose', 'win']);
    expect(settleMarket('draw_no_bet', '', ['home', 'away'], score(0, 0)).map((o) => o.result)).toEqual([
      'void',
      'void',
    ]);
    expect(settleOutcome('draw_no_bet', '', 'away', score(0, 1))).toBe('win');
    expect(settleOutcome('btts', '', 'yes', score(1, 1))).toBe('win');
    expect(settleOutcome('btts', '', 'no', score(3, 0))).toBe('win');
  });

  it('European handicap: three-way on a whole handicap, the tie is the draw', () => {
    expect(settleOutcome('european_handicap', 'hcp=-1', 'draw', score(2, 1))).toBe('win');
    expect(settleOutcome('european_handicap', 'hcp=-1', 'home', score(3, 1))).toBe('win');
    expect(settleOutcome('european_handicap', 'hcp=2', 'away', score(0, 3))).toBe('win');
    expect(() => settleOutcome('european_handicap', 'hcp=-0.5', 'home', score(1, 0))).toThrow(
      SettlementRuleError,
    );
  });

  it('correct score up to four goals a side, other_* beyond', () => {
    expect(settleOutcome('correct_score', '', '2:1', score(2, 1))).toBe('win');
    expect(settleOutcome('correct_score', '', '1:2', score(2, 1))).toBe('lose');
    expect(settleOutcome('correct_score', '', 'other_home', score(5, 1))).toBe('win');
    expect(settleOutcome('correct_score', '', 'other_draw', score(5, 5))).toBe('win');
    expect(settleOutcome('correct_score', '', '4:4', score(5, 5))).toBe('lose');
    expect(() => settleOutcome('correct_score', '', '5:0', score(5, 0))).toThrow(SettlementRuleError);
  });

  it('HT/FT from the first half and the final score', () => {
    const s = score(2, 1, {
      periods: [
        { home: 0, away: 1 },
        { home: 2, away: 0 },
      ],
    });
    expect(settleOutcome('ht_ft', '', 'away/home', s)).toBe('win');
    expect(settleOutcome('ht_ft', '', 'draw/home', s)).toBe('lose');
    expect(() => settleOutcome('ht_ft', '', 'away/home', score(2, 1))).toThrow(SettlementRuleError);
    expect(() => settleOutcome('ht_ft', '', 'away/nobody', s)).toThrow(SettlementRuleError);
  });

  it('refuses unknown markets and outcomes', () => {
    expect(() => settleOutcome('first_goalscorer', '', 'x', score(1, 0))).toThrow(SettlementRuleError);
    expect(() => settleOutcome('1x2', '', 'tie', score(1, 0))).toThrow(SettlementRuleError);
    expect(() => settleOutcome('total', '', 'over', score(1, 0))).toThrow(SettlementRuleError);
  });
});

describe('e-sports and tennis markets', () => {
  const bo3 = score(2, 1, {
    periods: [
      { home: 13, away: 9 },
      { home: 7, away: 13 },
      { home: 16, away: 14 },
    ],
  });
  it('match winner, map winner (void when not played), map handicap, total maps, correct map score', () => {
    expect(settleOutcome('winner', '', 'home', bo3)).toBe('win');
    expect(settleOutcome('map_winner', 'mapnr=2', 'away', bo3)).toBe('win');
    expect(settleOutcome('map_winner', 'mapnr=3', 'home', bo3)).toBe('win');
    const twoMaps = score(2, 0, { periods: [bo3.periods![0]!, { home: 13, away: 11 }] });
    expect(settleOutcome('map_winner', 'mapnr=3', 'home', twoMaps)).toBe('void');
    expect(settleOutcome('map_handicap', 'hcp=-1.5', 'home', bo3)).toBe('lose');
    expect(settleOutcome('map_handicap', 'hcp=-1.5', 'home', twoMaps)).toBe('win');
    // hcp is home's: home +1.5 is away −1.5, which only a 0:2 wins.
    expect(settleOutcome('map_handicap', 'hcp=1.5', 'away', bo3)).toBe('lose');
    expect(settleOutcome('map_handicap', 'hcp=1.5', 'away', score(0, 2))).toBe('win');
    expect(settleOutcome('total_maps', 'total=2.5', 'over', bo3)).toBe('win');
    expect(settleOutcome('total_maps', 'total=2.5', 'under', twoMaps)).toBe('win');
    expect(settleOutcome('correct_map_score', '', '2:1', bo3)).toBe('win');
    expect(settleOutcome('correct_map_score', '', '2:0', bo3)).toBe('lose');
  });
  it('a MOBA map is won on the gold lead: the given winners prevail over the kills', () => {
    const s = score(1, 0, { periods: [{ home: 12, away: 20 }], unitWinners: ['home'] });
    expect(settleOutcome('map_winner', 'mapnr=1', 'home', s)).toBe('win');
    expect(settleOutcome('map_winner', 'mapnr=2', 'home', s)).toBe('void');
    expect(() =>
      settleOutcome('map_winner', 'mapnr=1', 'home', score(1, 0, { periods: [{ home: 5, away: 5 }] })),
    ).toThrow(SettlementRuleError);
    expect(() => settleOutcome('map_winner', 'mapnr=0', 'home', s)).toThrow(SettlementRuleError);
    expect(() => settleOutcome('winner', '', 'home', score(1, 1))).toThrow(SettlementRuleError);
  });
});

describe('related outcomes', () => {
  it('finds every pair of selections on the same fixture', () => {
    expect(relatedSelections([{ fixtureId: 'a' }, { fixtureId: 'b' }, { fixtureId: 'c' }])).toEqual([]);
    expect(
      relatedSelections([{ fixtureId: 'a' }, { fixtureId: 'b' }, { fixtureId: 'a' }, { fixtureId: 'a' }]),
    ).toEqual([
      [0, 2],
      [0, 3],
      [2, 3],
    ]);
  });
});

/** The feed's outcome ids of the football markets (as the reference feed lists them). */
const FOOTBALL_OUTCOMES: Record<string, string[]> = {
  '1x2': ['home', 'draw', 'away'],
  double_chance: ['home_draw', 'home_away', 'draw_away'],
  draw_no_bet: ['home', 'away'],
  btts: ['yes', 'no'],
  correct_score: [
    ...[0, 1, 2, 3, 4].flatMap((h) => [0, 1, 2, 3, 4].map((a) => `${h}:${a}`)),
    'other_home',
    'other_draw',
    'other_away',
  ],
  ht_ft: ['home', 'draw', 'away'].flatMap((h) => ['home', 'draw', 'away'].map((f) => `${h}/${f}`)),
};
/** Outcomes that win on one result: 1 for a partition, 2 for double chance. */
const PLACES: Record<string, number> = { double_chance: 2 };

describe('agreement with the reference feed', () => {
  it('settles every football market as the feed does, for many final scores', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const random = seededRandom(seed);
      const ht = { home: random.int(3), away: random.int(3) };
      const goals = { home: ht.home + random.int(4), away: ht.away + random.int(4) };
      const match = new FootballMatch({
        expected: { home: 0.8 + random.next() * 2, away: 0.8 + random.next() * 2 },
        minute: 90,
        breakMinutes: 15,
        goals,
        halftime: ht,
        yellow: { home: 0, away: 0 },
        red: { home: 0, away: 0 },
        ended: true,
      });
      const final = score(goals.home, goals.away, {
        periods: [ht, { home: goals.home - ht.home, away: goals.away - ht.away }],
      });
      for (const market of match.settle())
        for (const outcome of market.outcomes)
          expect(
            settleOutcome(market.key, market.specifiers, outcome.id, final),
            `${goals.home}:${goals.away} ${market.key} ${market.specifiers} ${outcome.id}`,
          ).toBe(outcome.result);
    }
  });

  it('settles basketball, tennis and e-sports (CS2, Valorant) markets as the feed does, on played matches', () => {
    const models = [basketballModel(), tennisModel(), esportsModel('cs2'), esportsModel('valorant')];
    for (let seed = 1; seed <= 12; seed++)
      for (const model of models) {
        const random = seededRandom(seed);
        const match = model.create(random);
        // Offer every unit's markets as the feed does while playing, then settle.
        for (let step = 0; !match.ended && step < 10_000; step++) {
          match.markets();
          match.step(random);
        }
        expect(match.ended).toBe(true);
        const s = match.score();
        for (const market of match.settle())
          for (const outcome of market.outcomes)
            expect(
              settleOutcome(market.key, market.specifiers, outcome.id, s),
              `seed ${seed} ${market.key} ${market.specifiers} ${outcome.id}`,
            ).toBe(outcome.result);
      }
  });
});

describe('the book on every football market', () => {
  const results = (key: string, final: FinalScore) => settleMarket(key, '', FOOTBALL_OUTCOMES[key]!, final);
  it('never pays more than it took, for any final score and odds with an overround ≥ 1 per place', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(FOOTBALL_OUTCOMES)),
        fc.record({ h1: fc.nat(5), a1: fc.nat(5), h2: fc.nat(5), a2: fc.nat(5) }),
        fc.array(fc.integer({ min: 1001, max: 60_000 }), { minLength: 28, maxLength: 28 }),
        fc.bigInt({ min: 1n, max: 100n }),
        (key, g, pool, unit) => {
          const final = score(g.h1 + g.h2, g.a1 + g.a2, {
            periods: [
              { home: g.h1, away: g.a1 },
              { home: g.h2, away: g.a2 },
            ],
          });
          const settled = results(key, final);
          const places = BigInt(PLACES[key] ?? 1);
          const wins = settled.filter((o) => o.result === 'win').length;
          const voids = settled.filter((o) => o.result === 'void').length;
          // Exactly `places` outcomes win, or (draw no bet on a draw) every outcome is void.
          expect(voids === settled.length || (wins === Number(places) && voids === 0)).toBe(true);
          // Odds from the pool, each no longer than outcomes × 1000 / places: Σ 1/o ≥ places.
          const n = settled.length;
          const odds = settled.map(
            (_, i) => 1001 + (pool[i]! % Math.max(1, Math.floor((n * 1000) / Number(places)) - 1000)),
          );
          // Stakes proportional to 1/odds, exactly.
          const stakes = odds.map((_, i) => odds.reduce((p, o, j) => (j === i ? p : p * BigInt(o)), unit));
          const paid = settled.reduce(
            (sum, o, i) =>
              sum + betReturn(stakes[i]!, [{ odds: odds[i]!, settlement: { result: o.result } }]),
            0n,
          );
          expect(paid).toBeLessThanOrEqual(stakes.reduce((a, b) => a + b, 0n));
        },
      ),
      { numRuns: 300 },
    );
  });
});
