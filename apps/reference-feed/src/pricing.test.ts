import { describe, expect, it } from 'vitest';
import { BasketballMatch } from './basketball.ts';
import { MAX_ODDS, ODDS_SCALE, type OddsMarket } from './contract.ts';
import { roundsWinProbability } from './esports.ts';
import { type FootballMatch, footballModel } from './football.ts';
import { lineResult, twoWayLine } from './lines.ts';
import { type FairMarket, overround, priceMarket, toOddsGrid } from './pricing.ts';
import { seededRandom } from './random.ts';
import { holdProbability } from './tennis.ts';

const MARGIN = 0.05;
const sum = (m: FairMarket) => m.outcomes.reduce((s, o) => s + o.probability, 0);
const find = (markets: FairMarket[], key: string, spec = '') =>
  markets.find((m) => m.key === key && m.specifiers === spec)!;

function football(seed: number) {
  return footballModel(MARGIN).create(seededRandom(seed)) as FootballMatch;
}

/**
 * Floor rounding adds at most one grid step per outcome: 1/(o − step) − 1/o < step/(o(o − step)); an
 * outcome clamped to the highest odds adds at most 1/MAX_ODDS.
 */
function roundingAllowance(m: OddsMarket) {
  const per = (odds: number) =>
    odds === MAX_ODDS ? ODDS_SCALE / MAX_ODDS : ODDS_SCALE / (odds * (odds - 1));
  return m.outcomes.reduce((s, o) => s + (o.active && o.odds ? per(o.odds) : 0), 0);
}

describe('football pricing', () => {
  it('gives partitions whose fair probabilities sum to 1, before and during a match', () => {
    const match = football(1);
    const random = seededRandom(2);
    for (let minute = 0; minute < 80; minute++) {
      if (minute % 20 === 0) {
        const markets = match.markets();
        for (const key of ['1x2', 'btts', 'correct_score', 'ht_ft', 'draw_no_bet'])
          expect(sum(find(markets, key))).toBeCloseTo(1, 9);
        expect(sum(find(markets, 'double_chance'))).toBeCloseTo(2, 9);
        for (const m of markets.filter((m) => m.key === 'asian_handicap' || m.key === 'total'))
          if (!m.decided) expect(sum(m)).toBeCloseTo(1, 9);
      }
      match.step(random);
    }
  });

  it('applies the margin: the overround of every partition is the margin, within the grid', () => {
    for (const seed of [1, 2, 3]) {
      for (const fair of football(seed).markets()) {
        if (fair.key === 'double_chance') continue;
        const priced = priceMarket(fair, MARGIN);
        for (const o of priced.outcomes) if (o.odds !== null) expect(Number.isInteger(o.odds)).toBe(true);
        const over = overround(priced);
        expect(over).toBeGreaterThanOrEqual(MARGIN - 1e-9);
        expect(over).toBeLessThanOrEqual(MARGIN + roundingAllowance(priced) + 1e-9);
      }
    }
  });

  it('rounds once, down, onto the thousandths grid', () => {
    expect(toOddsGrid(1 / 1.85)).toBe(1850);
    expect(toOddsGrid(0.3)).toBe(3333);
    expect(toOddsGrid(1)).toBe(1001); // never below the grid's lowest odds
    expect(toOddsGrid(1e-9)).toBe(1_000_000);
  });

  it('offers quarter lines and a main line near even money', () => {
    const match = football(4);
    expect(match.handicaps).toHaveLength(5);
    expect(match.handicaps.some((h) => !Number.isInteger(h * 2))).toBe(true);
    const markets = match.markets();
    const main = find(markets, 'asian_handicap', `hcp=${match.handicaps[2]}`);
    expect(Math.abs(main.outcomes[0]!.probability - 0.5)).toBeLessThan(0.12);
  });

  it('closes correct scores already passed and deactivates a decided total', () => {
    const match = football(5);
    match.state.goals = { home: 2, away: 1 };
    match.state.minute = 60;
    const markets = match.markets();
    const cs = priceMarket(find(markets, 'correct_score'), MARGIN);
    expect(cs.outcomes.find((o) => o.id === '0:0')).toMatchObject({ active: false, odds: null });
    expect(cs.outcomes.find((o) => o.id === '2:1')?.active).toBe(true);
    expect(priceMarket(find(markets, 'total', 'total=2.5'), MARGIN).status).toBe('deactivated');
  });
});

describe('Asian lines', () => {
  it('settles quarter lines as two half stakes and voids an exact push', () => {
    // Home −0.75: a one-goal win is half won (−0.5 wins, −1 pushes).
    expect(lineResult(1 - 0.75)).toBe('half_win');
    expect(lineResult(2 - 0.75)).toBe('win');
    expect(lineResult(0 - 0.75)).toBe('lose');
    // Home −0.25 on a draw: half lost; away +0.25 on that draw: half won.
    expect(lineResult(0 - 0.25)).toBe('half_lose');
    expect(lineResult(0 + 0.25)).toBe('half_win');
    // Whole lines push: handicap 0 on a draw, over 2.0 with two goals.
    expect(lineResult(0)).toBe('void');
    expect(lineResult(2 - 2)).toBe('void');
    // Totals: over 2.75 with three goals is half won, under 2.25 with two goals half won.
    expect(lineResult(3 - 2.75)).toBe('half_win');
    expect(lineResult(2.25 - 2)).toBe('half_win');
    expect(lineResult(2.5 - 3)).toBe('lose');
  });

  it('prices a quarter line so a bet at the fair odds returns its stake on average', () => {
    const distribution: Array<[number, number]> = [
      [-1, 0.25],
      [0, 0.3],
      [1, 0.3],
      [2, 0.15],
    ];
    const hcp = -0.75;
    const [home, away] = twoWayLine(distribution, [(d) => d + hcp, (d) => -(d + hcp)]);
    expect(home! + away!).toBeCloseTo(1, 12);
    const odds = 1 / home!;
    const back: Record<string, number> = {
      win: odds,
      half_win: (odds + 1) / 2,
      void: 1,
      half_lose: 0.5,
      lose: 0,
    };
    const expected = distribution.reduce((s, [d, p]) => s + p * back[lineResult(d + hcp)]!, 0);
    expect(expected).toBeCloseTo(1, 12);
  });
});

describe('the other sports', () => {
  it('basketball: winner, handicaps and totals are partitions', () => {
    const match = new BasketballMatch({ home: 112, away: 106 });
    for (const m of match.markets()) expect(sum(m)).toBeCloseTo(1, 9);
    expect(find(match.markets(), 'winner').outcomes[0]!.probability).toBeGreaterThan(0.5);
  });

  it('tennis: an even server holds half the time; a strong one mostly', () => {
    expect(holdProbability(0.5)).toBeCloseTo(0.5, 12);
    expect(holdProbability(0.65)).toBeGreaterThan(0.8);
  });

  it('e-sports: a map of even rounds is even; a lead of 12–3 nearly decides it', () => {
    expect(roundsWinProbability(0.5, 0, 0)).toBeCloseTo(0.5, 12);
    expect(roundsWinProbability(0.5, 12, 12)).toBeCloseTo(0.5, 12);
    expect(roundsWinProbability(0.5, 12, 3)).toBeGreaterThan(0.99);
  });
});
