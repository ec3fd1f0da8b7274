import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { floats, MAX_FLOATS } from './rng.ts';
import {
  CARNAVAL_MAX_WIN,
  CARNAVAL_RTP,
  CARNAVAL_STRIPS,
  checkStrips,
  enumerateSpins,
  expectedFreeSpins,
  expectedSpinUnits,
  lineWin,
  playSlot,
  playSlotSeeded,
  SLOT_FLOATS,
  SLOT_FREE_SPINS_AWARD,
  SLOT_FREE_SPINS_CAP,
  SLOT_LINES,
  SLOT_PAYTABLE,
  type SlotCode,
  scatterCountProbabilities,
  slotMaxWin,
  slotRtp,
} from './slot.ts';
import { nodeHmac, simulate } from './test-support.ts';

/** The i-th float of a bet, straight from the published formula (4 bytes per float, 8 per HMAC round). */
function publishedFloat(serverSeed: string, clientSeed: string, nonce: number, i: number): number {
  const round = Math.floor(i / 8);
  const hex = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest('hex');
  return Number.parseInt(hex.slice((i % 8) * 8, (i % 8) * 8 + 8), 16) / 2 ** 32;
}

/** The float that stops a reel of `strip` so its top row shows position `stop`. */
const floatFor = (strip: string, stop: number): number => (stop + 0.5) / strip.length;
const codes = (text: string) => text.split('') as SlotCode[];

describe('Carnaval Dourado: layout and pays', () => {
  it('has 20 distinct paylines over 5 reels × 3 rows', () => {
    expect(SLOT_LINES).toHaveLength(20);
    expect(new Set(SLOT_LINES.map((l) => l.join())).size).toBe(20);
    for (const line of SLOT_LINES) {
      expect(line).toHaveLength(5);
      for (const row of line) expect([0, 1, 2]).toContain(row);
    }
  });

  it('keeps scatters a window apart on every strip and refuses strips that do not', () => {
    checkStrips(CARNAVAL_STRIPS.base);
    checkStrips(CARNAVAL_STRIPS.free);
    expect(() => checkStrips(['SJSKQAAA', 'JQKAJQKA', 'JQKAJQKA', 'JQKAJQKA', 'JQKAJQKA'])).toThrow(
      RangeError,
    );
    // Wrapping around the end counts too.
    expect(() => checkStrips(['JQKAJQKS', 'SQKAJQKA', 'JQKAJQKA', 'JQKAJQKA', 'JQKAJQKA'])).not.toThrow();
    expect(() => checkStrips(['SQKAJQKS', 'JQKAJQKA', 'JQKAJQKA', 'JQKAJQKA', 'JQKAJQKA'])).toThrow(
      /scatters/,
    );
  });

  it('pays lines from the leftmost reel, the wild substituting for everything but the scatter', () => {
    expect(lineWin(codes('MMMJK'))).toEqual({ symbol: 'mask', count: 3, units: SLOT_PAYTABLE.mask[0] });
    expect(lineWin(codes('MWMMJ'))).toEqual({ symbol: 'mask', count: 4, units: SLOT_PAYTABLE.mask[1] });
    expect(lineWin(codes('JJWJJ'))).toEqual({ symbol: 'j', count: 5, units: SLOT_PAYTABLE.j[2] });
    expect(lineWin(codes('JMMMM'))).toBeNull();
    expect(lineWin(codes('MMSMM'))).toBeNull();
    expect(lineWin(codes('SSSJJ'))).toBeNull();
    // Three wilds then a low symbol: the wilds' own pay is larger than the j they complete.
    expect(lineWin(codes('WWWJA'))).toEqual({ symbol: 'wild', count: 3, units: SLOT_PAYTABLE.wild[0] });
    // Wilds completing a mask of five pay the mask's five (1000 > the wilds' three, 50).
    expect(lineWin(codes('WWWMM'))).toEqual({ symbol: 'mask', count: 5, units: SLOT_PAYTABLE.mask[2] });
    expect(lineWin(codes('WWWWW'))).toEqual({ symbol: 'wild', count: 5, units: SLOT_PAYTABLE.wild[2] });
    expect(lineWin(codes('WWSMM'))).toBeNull();
  });
});

describe('Carnaval Dourado: provably-fair spins', () => {
  it('stops reel r at floor(float_r × strip length) of the published floats, for fixed seeds and nonces', () => {
    for (let nonce = 0; nonce < 30; nonce++) {
      const draw = floats(
        nodeHmac,
        { serverSeed: 'sorte-server', clientSeed: 'carnaval', nonce },
        SLOT_FLOATS,
      );
      const round = playSlot(draw);
      round.spins.forEach((spin, s) => {
        const strips = spin.kind === 'base' ? CARNAVAL_STRIPS.base : CARNAVAL_STRIPS.free;
        spin.stops.forEach((stop, reel) => {
          const f = publishedFloat('sorte-server', 'carnaval', nonce, s * 5 + reel);
          expect(stop).toBe(Math.floor(f * strips[reel]!.length));
          for (let row = 0; row < 3; row++)
            expect(spin.grid[reel]![row]).toBe(
              lineSymbol(strips[reel]![(stop + row) % strips[reel]!.length]! as SlotCode),
            );
        });
      });
      expect(playSlotSeeded(nodeHmac, { serverSeed: 'sorte-server', clientSeed: 'carnaval', nonce })).toEqual(
        round,
      );
    }
  });

  it('plays free spins from the following floats, on the free strips, tripled, capped at 50', () => {
    const base = CARNAVAL_STRIPS.base;
    const free = CARNAVAL_STRIPS.free;
    // Every reel stopped with its scatter on the top row: 5 scatters on every spin.
    const scatterStop = (strip: string) => floatFor(strip, strip.indexOf('S'));
    const draw = [
      ...base.map(scatterStop),
      ...Array.from({ length: SLOT_FREE_SPINS_CAP }, () => free.map(scatterStop)).flat(),
    ];
    expect(draw).toHaveLength(SLOT_FLOATS);
    const round = playSlot(draw);
    expect(round.spins[0]!.scatters).toBe(5);
    expect(round.spins[0]!.freeSpinsAwarded).toBe(SLOT_FREE_SPINS_AWARD[2]);
    expect(round.freeSpins).toBe(SLOT_FREE_SPINS_CAP);
    expect(round.spins).toHaveLength(1 + SLOT_FREE_SPINS_CAP);
    // 20 + 20 + 10 (the cap) and nothing after.
    expect(
      round.spins
        .slice(1)
        .map((s) => s.freeSpinsAwarded)
        .filter((n) => n > 0),
    ).toEqual([20, 10]);
    expect(round.spins.slice(1).every((s) => s.kind === 'free')).toBe(true);
    const freeSpin = round.spins[1]!;
    const unmultiplied = freeSpin.lines.reduce((sum, l) => sum + l.units, 0) + 50 * 20;
    expect(freeSpin.units).toBe(3 * unmultiplied);
    expect(round.payout).toBe(round.units / 20);
    expect(SLOT_FLOATS).toBeLessThanOrEqual(MAX_FLOATS);
    // A trigger without the floats to play it is an error, never a silent short round.
    expect(() => playSlot(draw.slice(0, 12))).toThrow(RangeError);
  });

  it('pays a base spin with no scatter from five floats and nothing more', () => {
    const strips = CARNAVAL_STRIPS.base;
    // Middle row M M M (mask at some stop − 1 on the first three reels), any reels 4–5.
    const stopWithMaskBelow = (strip: string) => (strip.indexOf('M') - 1 + strip.length) % strip.length;
    const draw = strips.map((strip, reel) => floatFor(strip, reel < 3 ? stopWithMaskBelow(strip) : 0));
    const round = playSlot(draw);
    expect(round.spins).toHaveLength(1);
    expect(round.spins[0]!.lines.some((l) => l.line === 0 && l.symbol === 'mask' && l.count >= 3)).toBe(true);
  });
});

describe('Carnaval Dourado: exact RTP', () => {
  const rtp = slotRtp();

  it('is the published figure, about 96%, with a base game and a free-spin share that add up', () => {
    expect(Math.abs(rtp.total - CARNAVAL_RTP)).toBeLessThan(1e-12);
    expect(rtp.total).toBeGreaterThan(0.955);
    expect(rtp.total).toBeLessThan(0.97);
    expect(rtp.base + rtp.freeSpins).toBeCloseTo(rtp.total, 15);
    const counts = scatterCountProbabilities(CARNAVAL_STRIPS.base);
    expect(counts.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    expect(rtp.triggerProbability).toBeCloseTo(counts[3]! + counts[4]! + counts[5]!, 15);
  });

  it('matches the brute force over every stop combination of both strip sets (length⁵ spins)', () => {
    for (const strips of [CARNAVAL_STRIPS.base, CARNAVAL_STRIPS.free]) {
      const all = enumerateSpins(strips);
      expect(all.combinations).toBe(strips.reduce((n, s) => n * s.length, 1));
      expect(Math.abs(all.meanUnits - expectedSpinUnits(strips))).toBeLessThan(1e-9);
    }
  });

  it('solves the retrigger chain: no retrigger chance gives exactly the award, the cap bounds it', () => {
    const noScatter = CARNAVAL_STRIPS.free.map((s) => s.replace('S', 'J'));
    expect(expectedFreeSpins(8, noScatter)).toBe(8);
    const always = CARNAVAL_STRIPS.free.map(() => 'SJQ'); // every window shows the scatter
    expect(scatterCountProbabilities(always)[5]).toBe(1);
    expect(expectedFreeSpins(8, always)).toBeCloseTo(SLOT_FREE_SPINS_CAP, 12);
    const real = expectedFreeSpins(8, CARNAVAL_STRIPS.free);
    expect(real).toBeGreaterThan(8);
    expect(real).toBeLessThan(SLOT_FREE_SPINS_CAP);
  });

  it('agrees with a seeded simulation of whole feature runs (free spins played per trigger)', () => {
    const { mean, halfWidth } = simulate(20_000, (nonce) => {
      // Start every run with the 3-scatter award, then play free spins from seeded floats.
      const draw = floats(nodeHmac, { serverSeed: 'sim-fs', clientSeed: 'c', nonce }, SLOT_FLOATS);
      const base = CARNAVAL_STRIPS.base;
      const trigger = [0, 1, 2].map((r) => floatFor(base[r]!, base[r]!.indexOf('S')));
      const blank = [3, 4].map((r) => floatFor(base[r]!, (base[r]!.indexOf('S') + 3) % base[r]!.length));
      return playSlot([...trigger, ...blank, ...draw.slice(5)]).freeSpins;
    });
    expect(Math.abs(mean - expectedFreeSpins(8, CARNAVAL_STRIPS.free))).toBeLessThan(halfWidth);
  });

  it('agrees with a 300,000-round seeded simulation within its 99% interval', () => {
    const { mean, halfWidth } = simulate(
      300_000,
      (nonce) => playSlotSeeded(nodeHmac, { serverSeed: 'sim-slot', clientSeed: 'c', nonce }).payout,
    );
    expect(Math.abs(mean - CARNAVAL_RTP)).toBeLessThan(halfWidth);
    // Seeded, so deterministic: only time varies — 300,000 HMAC rounds took over 30 s on a loaded 2-core CI.
  }, 180_000);

  it('has the published top win: the best trigger plus the best capped free-spin sequence', () => {
    expect(slotMaxWin()).toBe(CARNAVAL_MAX_WIN);
  });
});

function lineSymbol(code: SlotCode): string {
  return (
    (
      { W: 'wild', S: 'scatter', M: 'mask', P: 'parrot', D: 'drum', F: 'feather', X: 'pineapple' } as Record<
        string,
        string
      >
    )[code] ?? code.toLowerCase()
  );
}
