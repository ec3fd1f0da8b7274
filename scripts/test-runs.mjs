/**
 * The pieces `scripts/test.mjs` runs its phases with: a command whose output goes to the terminal and
 * a log file, the digest of a failed vitest run's log, and the PGlite pass as shards taken by lanes.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';

/**
 * Runs a command; resolves with its exit code. With `logFile`, its output is kept there too, and with
 * `quiet` only there (a run beside another whose output the terminal shows).
 */
export function run(command, args, { cwd, env = process.env, logFile, quiet = false } = {}) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, env, stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    // Both streams into one file, ended once both have closed: 'exit' can come before the last output
    // has been read.
    const out = logFile ? createWriteStream(logFile) : null;
    if (out)
      for (const [stream, terminal] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ])
        stream.on('data', (chunk) => {
          out.write(chunk);
          if (!quiet) terminal.write(chunk);
        });
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      if (out) out.end(() => done(status));
      else done(status);
    });
  });
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal colour codes are what it removes.
const plain = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');

/**
 * What a failed run's log says went wrong, for the end of the output (CI's record keeps only its
 * tail, and a failed journey's report was once pushed out of it by a later run's listing): vitest's
 * "Failed Tests" section (each failure and its error), else its failed files, else the log's tail.
 */
export function failureDigest(logFile, maxLines = 80) {
  let lines;
  try {
    lines = plain(readFileSync(logFile, 'utf8')).split('\n');
  } catch {
    return `(no log at ${logFile})`;
  }
  const section = lines.findIndex((line) => /Failed Tests? \d+/.test(line));
  if (section >= 0) {
    const end = lines.findIndex((line, i) => i > section && /^\s*Test Files\s/.test(line));
    const body = lines.slice(section, end > 0 ? end : undefined).filter((line) => line.trim() !== '');
    return [...body.slice(0, maxLines), ...(body.length > maxLines ? [`… (${logFile})`] : [])].join('\n');
  }
  const failed = lines.filter((line) => /^\s*(FAIL|×)\s/.test(line));
  if (failed.length) return failed.slice(0, maxLines).join('\n');
  return lines
    .filter((line) => line.trim() !== '')
    .slice(-30)
    .join('\n');
}

/** The tests of a vitest run's log that passed or failed only after a retry (vitest marks them). */
export function retriedTests(logFile) {
  try {
    return plain(readFileSync(logFile, 'utf8'))
      .split('\n')
      .filter((line) => /\(retry x\d+\)/.test(line))
      .map((line) => line.trim());
  } catch {
    return [];
  }
}

/** The summary lines of a vitest run's log (files, tests, duration). */
export function vitestSummary(logFile) {
  try {
    return plain(readFileSync(logFile, 'utf8'))
      .split('\n')
      .filter((line) => /^\s*(Test Files|Tests|Duration)\s/.test(line))
      .join('\n');
  } catch {
    return '';
  }
}

/**
 * The server files on embedded PGlite as `shards` vitest runs (`--shard=i/n`), taken in turn by lanes:
 * the first lane starts at once, the second when `joinAt` resolves (the browser journeys have ended and
 * left a core idle). A vitest run cannot take a worker more once started, so the pass is cut into
 * shards for a second lane to pick up. Resolves with each shard's exit code and log file; the logs are
 * also joined into `logFile`.
 */
export async function runPgliteShards({ args, cwd, env, shards, joinAt, logFile }) {
  const results = [];
  let next = 0;
  const lane = async () => {
    while (next < shards) {
      const index = next++;
      const shardLog = logFile.replace(/\.log$/, `.${index + 1}-of-${shards}.log`);
      const started = Date.now();
      const code = await run('npx', [...args, `--shard=${index + 1}/${shards}`, '--passWithNoTests'], {
        cwd,
        env,
        logFile: shardLog,
        quiet: true,
      });
      results[index] = {
        shard: index + 1,
        code,
        logFile: shardLog,
        seconds: Math.round((Date.now() - started) / 1000),
      };
    }
  };
  await Promise.all([lane(), joinAt.then(lane)]);
  writeFileSync(
    logFile,
    results
      .map(
        (r) =>
          `== shard ${r.shard}/${shards} (exit ${r.code}, ${r.seconds}s)\n${readFileSync(r.logFile, 'utf8')}`,
      )
      .join('\n'),
  );
  return results;
}
