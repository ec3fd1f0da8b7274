/**
 * The RTP report's data: every game × setting the site offers, each with its configured RTP, its
 * theoretical RTP from the game's own rtp helper, and a way to play it from seeded floats so a
 * simulation can confirm that the outcome function pays what the helper says. Pure: the HMAC is
 * injected. `npm run rtp` (scripts/rtp.ts) prints it; rtp-report.test.ts fails CI on any drift.
 *
 * Configured RTP is 1 − house edge for every game (DEFAULT_HOUSE_EDGE, the one place it is set)
 * except the video slot, whose RTP is its published paytable's (CARNAVAL_RTP, slot.ts).
 * Where a game documents that its exact RTP departs from that, the tolerance is the game's own:
 * plinko's published tables (PLINKO_RTP_TOLERANCE), limbo's and crash's 2⁻³² float granularity
 * (multiplier / 2³², see limbo.ts and crash.ts), and the multiplier grid: dice, keno, mines and hilo
 * pay odds that are not decimals, rounded down onto the 8-place grid (@sorte/money), which lowers
 * their RTP by less than one grid step per multiplier floored (RTP_GRID_TOLERANCE). The theoretical
 * RTPs are computed from those floored multipliers, the ones the server pays. Everything else must
 * match within 1e-9.
 */
import { MULTIPLIER_SCALE } from '@sorte/money';
import { crashPoint, crashRtp, settleCrash } from './crash.ts';
import { diceOdds, diceRtp, playDice } from './dice.ts';
import { DEFAULT_HOUSE_EDGE } from './edge.ts';
import {
  type HiloAction,
  type HiloGuess,
  HILO_GUESSES,
  hiloCard,
  hiloPayout,
  hiloRtp,
  playHilo,
} from './hilo.ts';
import { KENO_DRAWN, KENO_RISKS, kenoPaytable, kenoRtp, playKeno } from './keno.ts';
import { LIMBO_MAX_TARGET, limboRtp, playLimbo } from './limbo.ts';
import { MINES_MAX, MINES_MIN, MINES_TILES, minesMultiplier, minesRtp, playMines } from './mines.ts';
import {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  PLINKO_RTP_TOLERANCE,
  plinkoOutcome,
  plinkoRtp,
  plinkoTable,
} from './plinko.ts';
import { floats, type HmacSha256, type Seeds } from './rng.ts';
import { type SimulationEstimate, simulate } from './simulation.ts';
import { CARNAVAL_MAX_WIN, CARNAVAL_RTP, playSlotSeeded, SLOT_LINE_COUNT, slotRtp } from './slot.ts';
import { playWheel, WHEEL_RISKS, WHEEL_SEGMENTS, wheelRtp, wheelTable } from './wheel.ts';

export const RTP_GAMES = [
  'dice',
  'limbo',
  'crash',
  'wheel',
  'keno',
  'mines',
  'plinko',
  'hilo',
  'slot',
] as const;
export type RtpGame = (typeof RTP_GAMES)[number];

/** The default tolerance between theoretical and configured RTP: rounding error only. */
export const RTP_EXACT_TOLERANCE = 1e-9;
/**
 * A game whose multiplier is floored onto the grid loses less than one unit (10⁻⁸) per unit staked on
 * every win, so its RTP lies below 1 − edge by less than one grid step.
 */
export const RTP_GRID_TOLERANCE = 10 ** -MULTIPLIER_SCALE;

export interface RtpSetting {
  game: RtpGame;
  /** Human-readable, unique within the game (also the simulation's client seed). */
  setting: string;
  configured: number;
  theoretical: number;
  /** How far theoretical may lie from configured (see the header). */
  tolerance: number;
  /** The largest payout one round can make; the report uses it to judge whether a sample is big enough. */
  maxPayout: number;
  /** Plays one round from the random source and returns what it pays per unit staked. */
  play: (hmac: HmacSha256, seeds: Seeds) => number;
}

const configured = 1 - DEFAULT_HOUSE_EDGE;
/** limbo.ts / crash.ts: the exact RTP departs from 1 − edge by less than multiplier / 2³². */
const floatGranularity = (multiplier: number): number => Math.max(RTP_EXACT_TOLERANCE, multiplier / 2 ** 32);

function setting(fields: Omit<RtpSetting, 'configured' | 'tolerance'> & { tolerance?: number }): RtpSetting {
  return { configured, tolerance: RTP_EXACT_TOLERANCE, ...fields };
}

const DICE_TARGETS = [0.01, 1, 2, 5, 10, 25, 49.5, 50, 50.5, 75, 90, 95, 98];
const MULTIPLIER_TARGETS = [1.01, 1.1, 1.5, 2, 3, 5, 10, 25, 100, 1000, 10_000, 100_000, LIMBO_MAX_TARGET];

function diceSettings(): RtpSetting[] {
  return (['under', 'over'] as const).flatMap((direction) =>
    DICE_TARGETS.map((raw) => {
      // "Over" mirrors "under" so both directions cover the same win chances.
      const target = direction === 'under' ? raw : Math.round((100 - raw) * 100) / 100;
      const bet = { target, direction };
      return setting({
        game: 'dice',
        setting: `${direction} ${target}`,
        theoretical: diceRtp(bet),
        tolerance: RTP_GRID_TOLERANCE,
        maxPayout: diceOdds(bet).multiplier,
        play: (hmac, seeds) => playDice(floats(hmac, seeds, 1), bet).payout,
      });
    }),
  );
}

function limboSettings(): RtpSetting[] {
  return MULTIPLIER_TARGETS.map((target) =>
    setting({
      game: 'limbo',
      setting: `target ${target}×`,
      theoretical: limboRtp({ target }),
      tolerance: floatGranularity(target),
      maxPayout: target,
      play: (hmac, seeds) => playLimbo(floats(hmac, seeds, 1), { target }).payout,
    }),
  );
}

/** Crash rounds come from game hashes, not bets' floats: each simulated round hashes its own name. */
function crashSettings(): RtpSetting[] {
  return MULTIPLIER_TARGETS.map((cashOut) =>
    setting({
      game: 'crash',
      setting: `cash out ${cashOut}×`,
      theoretical: crashRtp({ cashOut }),
      tolerance: floatGranularity(cashOut),
      maxPayout: cashOut,
      play: (hmac, seeds) =>
        settleCrash(crashPoint(hmac, `${seeds.serverSeed}:${seeds.nonce}`, seeds.clientSeed), { cashOut })
          .payout,
    }),
  );
}

function wheelSettings(): RtpSetting[] {
  return WHEEL_RISKS.flatMap((risk) =>
    WHEEL_SEGMENTS.map((segments) => {
      const bet = { segments, risk };
      return setting({
        game: 'wheel',
        setting: `${risk} ${segments} segments`,
        theoretical: wheelRtp(bet),
        maxPayout: Math.max(...wheelTable(bet)),
        play: (hmac, seeds) => playWheel(floats(hmac, seeds, 1), bet).payout,
      });
    }),
  );
}

function kenoSettings(): RtpSetting[] {
  return KENO_RISKS.flatMap((risk) =>
    Array.from({ length: KENO_DRAWN }, (_, i) => {
      const pickCount = i + 1;
      // Which squares are picked does not matter (every draw is equally likely): take 1…pickCount.
      const picks = Array.from({ length: pickCount }, (_, square) => square + 1);
      return setting({
        game: 'keno',
        setting: `${risk} ${pickCount} picks`,
        theoretical: kenoRtp({ pickCount, risk }),
        tolerance: RTP_GRID_TOLERANCE,
        maxPayout: Math.max(...kenoPaytable(pickCount, risk)),
        play: (hmac, seeds) => playKeno(floats(hmac, seeds, KENO_DRAWN), { picks, risk }).payout,
      });
    }),
  );
}

/** Cash-out after 1, 3, 5 picks and after every safe tile (as many as the mine count allows). */
function minesSettings(): RtpSetting[] {
  return Array.from({ length: MINES_MAX - MINES_MIN + 1 }, (_, i) => MINES_MIN + i).flatMap((mines) => {
    const maxPicks = MINES_TILES - mines;
    const pickCounts = [...new Set([1, 3, 5, maxPicks].filter((k) => k <= maxPicks))];
    return pickCounts.map((safePicks) => {
      const picks = Array.from({ length: safePicks }, (_, tile) => tile);
      return setting({
        game: 'mines',
        setting: `${mines} mines, cash out after ${safePicks}`,
        theoretical: minesRtp(mines, safePicks),
        tolerance: RTP_GRID_TOLERANCE,
        maxPayout: minesMultiplier(mines, safePicks),
        play: (hmac, seeds) => playMines(floats(hmac, seeds, mines), mines, picks).multiplier,
      });
    });
  });
}

function plinkoSettings(): RtpSetting[] {
  return PLINKO_RISKS.flatMap((risk) =>
    Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, i) => {
      const rows = PLINKO_MIN_ROWS + i;
      return setting({
        game: 'plinko',
        setting: `${risk} ${rows} rows`,
        theoretical: plinkoRtp(rows, risk),
        tolerance: PLINKO_RTP_TOLERANCE,
        maxPayout: Math.max(...plinkoTable(rows, risk)),
        play: (hmac, seeds) => plinkoOutcome(floats(hmac, seeds, rows), rows, risk).multiplier,
      });
    }),
  );
}

/** A float that draws a card of this hilo value (the first suit of its rank in Stake's index). */
function floatForValue(value: number): number {
  const rankIndex = value === 1 ? 12 : value - 2;
  return (rankIndex * 4 + 0.5) / 52;
}

function legalGuess(value: number, guess: HiloGuess): boolean {
  try {
    hiloPayout(value, guess);
    return true;
  } catch {
    return false;
  }
}

/** The two-guess round's strategy: the likelier of higher / lower on each card. */
function twoGuessStrategy(value: number): HiloGuess {
  return value <= 7 ? 'higher' : 'lower';
}

/** One two-guess round from three floats: start card, then one card per guess; cashed out if both win. */
function playTwoGuesses(cardFloats: readonly number[]): number {
  const actions: HiloAction[] = [];
  let current = hiloCard(cardFloats[0]!);
  for (const next of cardFloats.slice(1, 3)) {
    actions.push({ kind: 'guess', guess: twoGuessStrategy(current.value) });
    if (playHilo(cardFloats, actions).lost) return 0;
    current = hiloCard(next);
  }
  return playHilo(cardFloats, actions).multiplier;
}

/** Exact RTP of the two-guess round: every one of the 52³ card sequences, through the game itself. */
function twoGuessRtp(): number {
  let total = 0;
  for (let a = 0; a < 52; a++)
    for (let b = 0; b < 52; b++)
      for (let c = 0; c < 52; c++) total += playTwoGuesses([(a + 0.5) / 52, (b + 0.5) / 52, (c + 0.5) / 52]);
  return total / 52 ** 3;
}

/**
 * Every legal guess on every rank, one guess and a cash-out. The setting fixes the current card, so
 * the simulation puts that card first and draws the next from the seeded float; plus a whole round of
 * two guesses from a random start card, whose configured RTP is (1 − edge)².
 */
function hiloSettings(): RtpSetting[] {
  const single = Array.from({ length: 13 }, (_, i) => i + 1).flatMap((value) =>
    HILO_GUESSES.filter((guess) => legalGuess(value, guess)).map((guess) =>
      setting({
        game: 'hilo',
        setting: `${guess} on ${hiloCard(floatForValue(value)).rank}`,
        theoretical: hiloRtp(value, guess),
        tolerance: RTP_GRID_TOLERANCE,
        maxPayout: hiloPayout(value, guess),
        play: (hmac, seeds) =>
          playHilo([floatForValue(value), floats(hmac, seeds, 1)[0]!], [{ kind: 'guess', guess }]).multiplier,
      }),
    ),
  );
  const twoGuesses: RtpSetting = {
    ...setting({
      game: 'hilo',
      setting: 'two guesses from a random card',
      theoretical: twoGuessRtp(),
      // Floored twice per guess (the guess's multiplier and the round's product): under 3 grid steps.
      tolerance: 3 * RTP_GRID_TOLERANCE,
      maxPayout: hiloPayout(1, 'same') ** 2,
      play: (hmac, seeds) => playTwoGuesses(floats(hmac, seeds, 3)),
    }),
    configured: configured ** 2,
  };
  return [...single, twoGuesses];
}

/**
 * The video slot "Carnaval Dourado": one setting (fixed lines, the total bet is the only choice).
 * Its configured RTP is the paytable's published figure, not 1 − edge: a slot's return is fixed by
 * its strips (slot.ts). Theoretical: exact, by enumeration of the strips plus the free-spin chain.
 */
function slotSettings(): RtpSetting[] {
  return [
    {
      ...setting({
        game: 'slot',
        setting: `carnaval ${SLOT_LINE_COUNT} lines`,
        theoretical: slotRtp().total,
        maxPayout: CARNAVAL_MAX_WIN,
        play: (hmac, seeds) => playSlotSeeded(hmac, seeds).payout,
      }),
      configured: CARNAVAL_RTP,
    },
  ];
}

/** Every game × setting the site offers, in report order. */
export function rtpSettings(): RtpSetting[] {
  return [
    ...diceSettings(),
    ...limboSettings(),
    ...crashSettings(),
    ...wheelSettings(),
    ...kenoSettings(),
    ...minesSettings(),
    ...plinkoSettings(),
    ...hiloSettings(),
    ...slotSettings(),
  ];
}

/** Whether the theoretical RTP is the configured one within the setting's tolerance. */
export function theoreticalMatches(setting: RtpSetting): boolean {
  return Math.abs(setting.theoretical - setting.configured) <= setting.tolerance;
}

/**
 * Plays `rounds` rounds of a setting: server seed `serverSeed`, the setting as client seed, nonces
 * 0 … rounds − 1; returns the mean return with its 99% interval.
 */
export function simulateSetting(
  setting: RtpSetting,
  rounds: number,
  hmac: HmacSha256,
  serverSeed = 'sorte-rtp-report',
): SimulationEstimate {
  const clientSeed = `${setting.game} ${setting.setting}`;
  return simulate(rounds, (nonce) => setting.play(hmac, { serverSeed, clientSeed, nonce }));
}
