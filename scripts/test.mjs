#!/usr/bin/env node
/**
 * `npm test`: the type check, lint, locale and boundary checks, the build, then every vitest project
 * in three runs — unit and server files side by side; the direct-load sweep alone; the browser
 * journeys. With `TEST_PGLITE_ALONGSIDE=1` and `DATABASE_URL` set (CI, `.ci/run`), the server files
 * run a second time on embedded PGlite, one at a time, beside the journeys: a journey mostly waits
 * on its page and its server, so the PGlite pass takes the idle core instead of a phase of its own
 * (it was about 8 minutes of CI's 53). Its output is printed when it ends; any failure fails the run.
 *
 * Each run says when it starts and how long the whole command has taken.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();
const alongside = process.env.TEST_PGLITE_ALONGSIDE === '1' && Boolean(process.env.DATABASE_URL);

function say(what) {
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\n== test: ${what} [${new Date().toISOString().slice(11, 19)}, ${seconds}s]`);
}

/** Runs a command; resolves with its exit code. Output goes to the terminal, or to `logFile`. */
function run(command, args, { env = process.env, logFile } = {}) {
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    // Both streams into one file, ended once both have closed: `pipe`'s own end would close the file
    // when the first stream ends, and 'exit' can come before the last output has been read.
    const out = logFile ? createWriteStream(logFile) : null;
    if (out) {
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
    }
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      if (out) out.end(() => done(status));
      else done(status);
    });
  });
}

const vitest = (...projects) => ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];

async function main() {
  say('checks');
  if (await run('npm', ['run', 'check'])) return 1;
  say('build');
  if (await run('npm', ['run', 'build'])) return 1;

  say('unit and server tests');
  // Every run goes on after a failure, so one CI run shows every failing file.
  const failures = [];
  if (await run('npx', vitest('unit', 'server'))) failures.push('unit and server tests');
  // The sweep before the journeys, alone: it keeps both cores busy with its own lanes.
  say('direct-load sweep');
  if (await run('npx', vitest('sweep'))) failures.push('direct-load sweep');

  let pglite = Promise.resolve(0);
  const logFile = join(root, 'artifacts', 'pglite-server-tests.log');
  if (alongside) {
    say('browser journeys, with the server tests on embedded PGlite alongside (one file at a time)');
    mkdirSync(join(root, 'artifacts'), { recursive: true });
    const env = { ...process.env };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    pglite = run('npx', [...vitest('server'), '--maxWorkers=1'], { env, logFile });
  } else say('browser journeys');
  if (await run('npx', vitest('browser'))) failures.push('browser journeys');
  if (alongside) {
    const code = await pglite;
    say(`server tests on embedded PGlite ${code ? 'FAILED' : 'passed'} (output below, also in ${logFile})`);
    process.stdout.write(readFileSync(logFile, 'utf8'));
    if (code) failures.push('server tests on embedded PGlite');
  }
  say(failures.length ? `FAILED: ${failures.join(', ')}` : 'passed');
  return failures.length ? 1 : 0;
}

process.exitCode = await main();
