import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');

/**
 * Runs a worker script (a path from the repository root) as its own process on `databaseUrl`,
 * until it prints 'stalled' (inside an open transaction, by the script's design), and hands back
 * what it printed and a SIGKILL that resolves with the signal the process died of. For the kill -9
 * tests on PostgreSQL (PGlite lives inside the test's own process).
 */
export async function stalledChild(
  script: string,
  args: string[],
  databaseUrl: string | undefined,
): Promise<{ out: string; kill9(): Promise<NodeJS.Signals | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Never outlive the test: a worker that does not stall, or a test process that ends first (a
  // timeout), takes the child with it instead of leaving it running against the server.
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  let out = '';
  const exited = new Promise<NodeJS.Signals | null>((done) =>
    child.on('exit', (_code, signal) => done(signal)),
  );
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => {
      reap();
      fail(new Error(`worker did not stall: ${out}`));
    }, 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('stalled')) {
        clearTimeout(timer);
        ready();
      }
    });
    child.on('exit', () => fail(new Error(`worker exited early: ${out}`)));
  });
  return {
    out,
    kill9() {
      process.off('exit', reap);
      child.kill('SIGKILL');
      return exited;
    },
  };
}
