/**
 * `npm run rtp`: the RTP report of every in-house game and setting (packages/fairness/src/rtp-report.ts).
 * For each setting it prints the configured RTP (1 − house edge), the theoretical RTP from the game's
 * own rtp helper (exact: enumerated or closed form) and a seeded simulation's mean with its 99%
 * interval. Exits 1 when a theoretical RTP leaves its configured value by more than the game's
 * tolerance, or (with at least 1,000,000 rounds per game) a simulation disagrees with it.
 *
 *   npm run rtp                    10,000,000 rounds per game family, spread evenly over its settings
 *   ROUNDS=2000000 npm run rtp     another number of rounds per family
 *   npm run rtp -- --quick         theoretical check plus 50,000 rounds per family (a few seconds);
 *                                  the simulation is printed but not judged at that size
 *
 * Time: the full run of the 8 table-game families (10,000,000 rounds each, two families at a time in
 * child processes, JOBS=… to change) took 8 min 30 s wall clock on the 2-core build machine while other
 * jobs shared it (load average ~5), ~6.5 µs of HMAC and game code per round; the slot, a tenth family,
 * adds about 5 min (its 10,000,000 rounds took 295 s: a spin is 5 floats and 20 lines, free spins more).
 * --quick takes a few seconds.
 *
 * Statistics. The simulation compares each setting's mean with its THEORETICAL RTP (what the outcome
 * function should pay; the configured value is tied to it by the first check — for plinko's published
 * tables it lies up to 0.17 points away by design). With ~280 settings, a plain 99% interval would
 * miss a few times per run by chance alone, so:
 *  - each row shows the plain 99% interval and marks a miss with "*" (reported, not hidden);
 *  - the run FAILS only when a setting lies outside its Bonferroni interval, z for 1% / (number of
 *    judged settings) — about 4.2σ — so the whole report has at most a 1% chance of a false alarm,
 *    while a single broken setting (an outcome function paying a wrong table) still fails it;
 *  - a setting is judged only when it had at least 100 × its top payout rounds (about 100 top wins
 *    expected), because below that the normal approximation does not hold (limbo at 1,000,000× over
 *    770,000 rounds usually sees no win at all); the others are shown as "not judged".
 */
import { fork } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  RTP_GAMES,
  type RtpGame,
  type RtpSetting,
  rtpSettings,
  simulateSetting,
  theoreticalMatches,
} from '../packages/fairness/src/rtp-report.ts';
import { type SimulationEstimate, twoSidedZ, Z99 } from '../packages/fairness/src/simulation.ts';

const FULL_ROUNDS = 10_000_000;
const QUICK_ROUNDS = 50_000;
/** Below this many rounds per family the simulation is shown but not judged. */
const JUDGED_ROUNDS = 1_000_000;
/** A setting needs this many times its top payout in rounds to be judged (see the header). */
const ROUNDS_PER_TOP_PAYOUT = 100;
/** The whole report's chance of a false statistical alarm. */
const FAMILY_ALPHA = 0.01;

const hmac = (key: string, message: string): Uint8Array =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());

interface FamilyResult {
  game: RtpGame;
  estimates: SimulationEstimate[];
  seconds: number;
}

function roundsPerFamily(): number {
  if (process.argv.includes('--quick')) return QUICK_ROUNDS;
  const rounds = Number(process.env.ROUNDS ?? FULL_ROUNDS);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`ROUNDS must be a positive integer`);
  return rounds;
}

/** Plays one family in this process: its rounds spread evenly over its settings. */
function simulateFamily(game: RtpGame, familyRounds: number): FamilyResult {
  const started = performance.now();
  const settings = rtpSettings().filter((s) => s.game === game);
  const perSetting = Math.max(2, Math.ceil(familyRounds / settings.length));
  const estimates = settings.map((s) => simulateSetting(s, perSetting, hmac));
  return { game, estimates, seconds: (performance.now() - started) / 1000 };
}

/** Runs the families in `jobs` child processes (this script again with --family), two cores in mind. */
async function simulateAll(familyRounds: number, jobs: number): Promise<FamilyResult[]> {
  if (jobs <= 1) return RTP_GAMES.map((game) => simulateFamily(game, familyRounds));
  const queue = [...RTP_GAMES];
  const results: FamilyResult[] = [];
  const worker = async (): Promise<void> => {
    for (let game = queue.shift(); game; game = queue.shift()) {
      const child = fork(fileURLToPath(import.meta.url), ['--family', game, String(familyRounds)]);
      results.push(
        await new Promise<FamilyResult>((resolve, reject) => {
          child.once('message', (message) => resolve(message as FamilyResult));
          child.once('exit', (code) => code !== 0 && reject(new Error(`${game} simulation exited ${code}`)));
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  return RTP_GAMES.map((game) => results.find((r) => r.game === game)!);
}

const pct = (value: number, digits = 6): string => `${(value * 100).toFixed(digits)}%`;

function judged(setting: RtpSetting, estimate: SimulationEstimate, familyRounds: number): boolean {
  return familyRounds >= JUDGED_ROUNDS && estimate.rounds >= ROUNDS_PER_TOP_PAYOUT * setting.maxPayout;
}

function row(cells: string[], widths = [7, 34, 12, 12, 26, 12]): string {
  return cells.map((cell, i) => (i < widths.length ? cell.padEnd(widths[i]!) : cell)).join(' ');
}

function report(results: FamilyResult[], familyRounds: number): boolean {
  const settings = rtpSettings();
  const estimateOf = (s: RtpSetting): SimulationEstimate =>
    results.find((r) => r.game === s.game)!.estimates[settings.filter((o) => o.game === s.game).indexOf(s)]!;
  const judgedCount = settings.filter((s) => judged(s, estimateOf(s), familyRounds)).length;
  const zBonferroni = judgedCount > 0 ? twoSidedZ(FAMILY_ALPHA / judgedCount) : Number.POSITIVE_INFINITY;
  let ok = true;
  console.log(row(['game', 'setting', 'configured', 'theoretical', 'simulated ± 99%', 'rounds', 'notes']));
  for (const s of settings) {
    const e = estimateOf(s);
    const notes: string[] = [];
    if (!theoreticalMatches(s)) {
      notes.push(`THEORETICAL OFF BY ${(s.theoretical - s.configured).toExponential(2)}`);
      ok = false;
    }
    const deviation = Math.abs(e.mean - s.theoretical);
    if (!judged(s, e, familyRounds)) notes.push('not judged');
    else if (deviation > zBonferroni * e.standardError) {
      notes.push(`FAIL: outside the ${zBonferroni.toFixed(2)}σ Bonferroni interval`);
      ok = false;
    } else if (deviation > e.halfWidth) notes.push('* outside 99% (chance miss expected now and then)');
    console.log(
      row([
        s.game,
        s.setting,
        pct(s.configured, 4),
        pct(s.theoretical),
        `${pct(e.mean, 3)} ± ${pct(e.halfWidth, 3)}`,
        e.rounds.toLocaleString('en'),
        notes.join('; '),
      ]),
    );
  }
  console.log(
    `\nJudged ${judgedCount} settings; failing beyond ${zBonferroni.toFixed(2)}σ (99%: ${Z99.toFixed(2)}σ).`,
  );
  const summaryWidths = [7, 9, 22, 36, 12];
  console.log(
    row(
      ['game', 'settings', 'theoretical min…max', 'simulated, all settings pooled', 'rounds', 'seconds'],
      summaryWidths,
    ),
  );
  for (const r of results) {
    const family = settings.filter((s) => s.game === r.game);
    const theoretical = family.map((s) => s.theoretical);
    const rounds = r.estimates.reduce((sum, e) => sum + e.rounds, 0);
    const mean = r.estimates.reduce((sum, e) => sum + e.mean * e.rounds, 0) / rounds;
    const judgedHere = family.filter((s, i) => judged(s, r.estimates[i]!, familyRounds));
    const misses = judgedHere.filter(
      (s) => Math.abs(estimateOf(s).mean - s.theoretical) > estimateOf(s).halfWidth,
    );
    console.log(
      row(
        [
          r.game,
          String(family.length),
          `${pct(Math.min(...theoretical), 4)}…${pct(Math.max(...theoretical), 4)}`,
          `${pct(mean, 3)} (${judgedHere.length} judged, ${misses.length} outside 99%)`,
          rounds.toLocaleString('en'),
          r.seconds.toFixed(1),
        ],
        summaryWidths,
      ),
    );
  }
  return ok;
}

async function main(): Promise<void> {
  const familyAt = process.argv.indexOf('--family');
  if (familyAt >= 0) {
    const game = process.argv[familyAt + 1] as RtpGame;
    process.send!(simulateFamily(game, Number(process.argv[familyAt + 2])));
    return;
  }
  const started = performance.now();
  const familyRounds = roundsPerFamily();
  const quick = process.argv.includes('--quick');
  const jobs = quick ? 1 : Number(process.env.JOBS ?? 2);
  const results = await simulateAll(familyRounds, jobs);
  const ok = report(results, familyRounds);
  console.log(`\n${ok ? 'OK' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  process.exitCode = ok ? 0 : 1;
}

await main();
