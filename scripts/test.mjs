#!/usr/bin/env node
/**
 * `npm test`: the type check, lint, locale and boundary checks, the build, then every vitest project
 * in three runs — unit and server files side by side; the direct-load sweep alone; the browser
 * journeys. With `TEST_PGLITE_ALONGSIDE=1` and `DATABASE_URL` set (CI, `.ci/run`), the server files
 * run a second time on embedded PGlite beside the journeys: a journey mostly waits on its page and its
 * server, so the PGlite pass takes the idle core instead of a phase of its own. It is cut in shards
 * (scripts/test-runs.mjs), so a second lane joins it once the journeys have ended. Any failure fails
 * the run.
 *
 * Each run says when it starts and how long the whole command has taken; every run's output is kept in
 * artifacts/test-*.log, and the end of the output repeats what failed (CI's record keeps only a tail).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failureDigest, retriedTests, run, runPgliteShards, vitestSummary } from './test-runs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const artifacts = join(root, 'artifacts');
const started = Date.now();
const alongside = process.env.TEST_PGLITE_ALONGSIDE === '1' && Boolean(process.env.DATABASE_URL);
/**
 * Shards of the PGlite pass, so a second lane finds work when the journeys end. Four: since the server
 * files share their workers' modules the pass takes about 465 s alone (1,700 s beside the journeys
 * before), but beside them its first half took 1,019 s at 15f6e54 and the second, taken by the new
 * lane, ended 290 s after the journeys; smaller shards shorten that tail (each costs a vitest start).
 */
const PGLITE_SHARDS = Number(process.env.TEST_PGLITE_SHARDS ?? 4);

function say(what) {
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\n== test: ${what} [${new Date().toISOString().slice(11, 19)}, ${seconds}s]`);
}

const vitest = (...projects) => ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
const logOf = (name) => join(artifacts, `test-${name}.log`);
/** Whether the journeys ran in this run (their log may be an earlier run's otherwise). */
let journeysWalked = false;

async function main() {
  mkdirSync(artifacts, { recursive: true });
  // Every run goes on after a failure, so one CI run shows every failing file.
  const failures = [];
  const phase = async (title, name, command, args) => {
    say(title);
    const code = await run(command, args, { cwd: root, logFile: logOf(name) });
    if (code) failures.push({ title, digest: failureDigest(logOf(name)) });
    return code;
  };
  if (await phase('checks', 'checks', 'npm', ['run', 'check'])) return report(failures);
  if (await phase('build', 'build', 'npm', ['run', 'build'])) return report(failures);
  await phase('unit and server tests', 'unit-server', 'npx', vitest('unit', 'server', 'server-own-process'));
  // The sweep before the journeys, alone: it keeps both cores busy with its own lanes.
  await phase('direct-load sweep', 'sweep', 'npx', vitest('sweep'));

  let journeysEnded = () => {};
  const joinAt = new Promise((resolve) => {
    journeysEnded = resolve;
  });
  let pglite = Promise.resolve([]);
  const pgliteLog = logOf('pglite-server');
  if (alongside) {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    pglite = runPgliteShards({
      args: [...vitest('server', 'server-own-process'), '--maxWorkers=1'],
      cwd: root,
      env,
      shards: PGLITE_SHARDS,
      joinAt,
      logFile: pgliteLog,
    });
  }
  await phase(
    alongside
      ? `browser journeys, with the server tests on embedded PGlite alongside (${PGLITE_SHARDS} shards, a second lane once the journeys end)`
      : 'browser journeys',
    'browser',
    'npx',
    vitest('browser'),
  );
  journeysEnded();
  journeysWalked = true;
  if (alongside) {
    say('journeys ended; the PGlite shards still running (or left) have both cores');
    const shards = await pglite;
    const failed = shards.filter((s) => s.code);
    say(
      `server tests on embedded PGlite ${failed.length ? 'FAILED' : 'passed'} (whole output in ${pgliteLog})`,
    );
    for (const s of shards)
      console.log(
        `shard ${s.shard}/${PGLITE_SHARDS}: exit ${s.code}, ${s.seconds}s\n${vitestSummary(s.logFile)}`,
      );
    for (const s of failed)
      failures.push({
        title: `server tests on embedded PGlite, shard ${s.shard}`,
        digest: failureDigest(s.logFile),
      });
  }
  return report(failures);
}

/** The end of the output: what failed, each with its digest, so a record of the tail names it. */
function report(failures) {
  const retried = journeysWalked ? retriedTests(logOf('browser')) : [];
  if (retried.length)
    console.log(`\n== test: journeys walked again after a failure (CI retries once):\n${retried.join('\n')}`);
  for (const f of failures) console.log(`\n== test: failed — ${f.title}:\n${f.digest}`);
  say(failures.length ? `FAILED: ${failures.map((f) => f.title).join(', ')}` : 'passed');
  return failures.length ? 1 : 0;
}

process.exitCode = await main();
