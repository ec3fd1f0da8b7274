import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_EDGE } from './edge.ts';
import {
  RTP_EXACT_TOLERANCE,
  RTP_GAMES,
  RTP_GRID_TOLERANCE,
  rtpSettings,
  simulateSetting,
  theoreticalMatches,
} from './rtp-report.ts';
import { twoSidedZ, Z99 } from './simulation.ts';
import { CARNAVAL_RTP } from './slot.ts';
import { nodeHmac } from './test-support.ts';

// The CI half of `npm run rtp`: the theoretical RTP of every offered setting must stay its configured
// value, so a changed table, formula or edge fails `npm test` (the full simulation is the script's).
const settings = rtpSettings();

describe('RTP report', () => {
  it('lists every game, with wheel, keno and plinko complete and hilo every legal guess', () => {
    const count = (game: string) => settings.filter((s) => s.game === game).length;
    for (const game of RTP_GAMES) expect(count(game)).toBeGreaterThan(0);
    expect(count('wheel')).toBe(15);
    expect(count('keno')).toBe(40);
    expect(count('plinko')).toBe(27);
    expect(count('hilo')).toBe(61 + 1);
    expect(count('slot')).toBe(1);
    const names = settings.map((s) => `${s.game} ${s.setting}`);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(settings.map((s) => [`${s.game} ${s.setting}`, s] as const))(
    '%s: theoretical RTP equals the configured one within its tolerance',
    (_, setting) => {
      expect(Math.abs(setting.theoretical - setting.configured)).toBeLessThanOrEqual(setting.tolerance);
      expect(theoreticalMatches(setting)).toBe(true);
    },
  );

  it('configures 1 − edge, and holds only the documented exceptions to a looser tolerance', () => {
    for (const s of settings) {
      if (s.setting === 'two guesses from a random card')
        expect(s.configured).toBe((1 - DEFAULT_HOUSE_EDGE) ** 2);
      else if (s.game === 'slot') expect(s.configured).toBe(CARNAVAL_RTP);
      else expect(s.configured).toBe(1 - DEFAULT_HOUSE_EDGE);
      if (s.setting === 'two guesses from a random card') expect(s.tolerance).toBe(3 * RTP_GRID_TOLERANCE);
      else if (['dice', 'keno', 'mines', 'hilo'].includes(s.game)) {
        expect(s.tolerance).toBe(RTP_GRID_TOLERANCE);
        // Flooring onto the grid only ever lowers the return: the house never rounds up.
        expect(s.theoretical).toBeLessThanOrEqual(s.configured + 1e-12);
      } else if (!['plinko', 'limbo', 'crash'].includes(s.game))
        expect(s.tolerance).toBe(RTP_EXACT_TOLERANCE);
    }
  });

  it('flags a setting whose theoretical RTP drifted', () => {
    const wheel = settings.find((s) => s.game === 'wheel')!;
    expect(theoreticalMatches({ ...wheel, theoretical: wheel.theoretical + 1e-6 })).toBe(false);
  });

  it('simulates a setting from seeded floats within its 99% interval, reproducibly', () => {
    const wheel = settings.find((s) => s.game === 'wheel' && s.setting === 'medium 20 segments')!;
    const estimate = simulateSetting(wheel, 20_000, nodeHmac);
    expect(Math.abs(estimate.mean - wheel.theoretical)).toBeLessThan(estimate.halfWidth);
    expect(simulateSetting(wheel, 20_000, nodeHmac)).toEqual(estimate);
  });

  it('widens the interval for many settings (Bonferroni z)', () => {
    expect(twoSidedZ(0.01)).toBeCloseTo(Z99, 6);
    expect(twoSidedZ(0.05)).toBeCloseTo(1.959964, 5);
    expect(twoSidedZ(0.01 / 200)).toBeCloseTo(4.055626, 4);
  });
});
