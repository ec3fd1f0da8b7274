/**
 * Odds fan-out: SOCKETS WebSocket clients on loopback (this process, in client threads) watch one fixture on
 * one server (another process: fanout-server.ts); CHANGES odds changes of that fixture are applied
 * through the feed ingest, EVERY_MS apart (more than the 100 ms coalescing window, so each is its
 * own message); each client notes when each change reached it. The delay of a change at a client is
 * from the moment the server began to apply it (its transaction) to the client's receipt — commit,
 * bus, the coalescing window (100 ms of it), the fan-out loop and this process's own turn to read.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { percentile } from '../lib/bench.ts';

export interface FanOutResult {
  sockets: number;
  changes: number;
  /** Deliveries expected (sockets × changes) and received (alone or merged into a later message). */
  expected: number;
  received: number;
  p50: number;
  p99: number;
  max: number;
  /** From applying a change to its publication after the commit (the database's share), p50. */
  commitP50: number;
  connectSeconds: number;
  /** Whole states sent to sockets that fell behind (their skipped changes count as not received). */
  catchUps: number;
  /** (socket, change) pairs that reached the socket merged into a later message (coalescing). */
  merged: number;
  database: string;
  loadBefore: number[];
  loadAfter: number[];
}

interface Ready {
  port: number;
  fixtureId: string;
  db: string;
}

function startServer(sockets: number): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(resolve(import.meta.dirname, 'fanout-server.ts'), [], {
    // FANOUT_PROFILE=<dir> writes a V8 CPU profile of the server there (where its time goes).
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.FANOUT_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.FANOUT_PROFILE}`] : []),
    ],
    env: { ...process.env, SOCKETS: String(sockets) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolveReady, reject) => {
    child.once('message', (ready) => resolveReady({ child, ready: ready as Ready }));
    child.once('exit', (code) => reject(new Error(`fan-out server exited with ${code}`)));
  });
}

/** `threads` client threads holding `sockets` sockets between them, each watching the fixture. */
async function openClients(
  url: string,
  fixtureId: string,
  sockets: number,
  changes: number,
  threads: number,
) {
  const shared = new SharedArrayBuffer(changes * sockets * 8);
  const counters = new SharedArrayBuffer(4);
  const per = Math.ceil(sockets / threads);
  const workers = await Promise.all(
    Array.from({ length: threads }, (_, t) => {
      const worker = new Worker(resolve(import.meta.dirname, 'fanout-clients.mjs'), {
        workerData: {
          url,
          fixtureId,
          from: t * per,
          count: Math.min(per, sockets - t * per),
          total: sockets,
          changes,
          shared,
          counters,
        },
      });
      return new Promise<Worker>((ready, fail) => {
        worker.once('message', () => ready(worker));
        worker.once('error', fail);
      });
    }),
  );
  return {
    received: new Float64Array(shared),
    catchUps: () => new Int32Array(counters)[0]!,
    close: () =>
      Promise.all(
        workers.map(
          (w) =>
            new Promise<void>((done) => {
              w.once('message', () => void w.terminate().then(() => done()));
              w.postMessage('close');
            }),
        ),
      ),
  };
}

export async function benchOddsFanOut(
  options: { sockets?: number; changes?: number; everyMs?: number; threads?: number } = {},
): Promise<FanOutResult> {
  const sockets = options.sockets ?? 10_000;
  const changes = options.changes ?? 40;
  const everyMs = options.everyMs ?? 500;
  const { child, ready } = await startServer(sockets);
  try {
    const started = performance.now();
    const clients = await openClients(
      `ws://127.0.0.1:${ready.port}/wps/ws/sports`,
      ready.fixtureId,
      sockets,
      changes,
      options.threads ?? 2,
    );
    const connectSeconds = (performance.now() - started) / 1000;
    console.log(`${sockets} sockets open and watching in ${connectSeconds.toFixed(1)} s (${ready.db})`);
    const loadBefore = loadavg();
    const applied: Array<{ startedAt: number; publishedAt: number }> = [];
    child.on('message', (m: { change?: number; startedAt: number; publishedAt: number }) => {
      if (m.change !== undefined) applied[m.change] = m;
    });
    for (let i = 0; i < changes; i++) {
      child.send({ change: i });
      await new Promise((r) => setTimeout(r, everyMs));
    }
    // The tail: until the last change reached every socket, or 15 s.
    const { received } = clients;
    const lastRow = received.subarray((changes - 1) * sockets);
    const deadline = performance.now() + 15_000;
    while (lastRow.some((at) => at === 0) && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    const loadAfter = loadavg();
    // A change that arrived while the previous one's window was open went out merged with it (or a
    // later one): it reached the socket with the first message at or after it, and it counts there.
    const delays: number[] = [];
    let merged = 0;
    for (let c = 0; c < sockets; c++) {
      let seen = 0;
      for (let i = changes - 1; i >= 0; i--) {
        const at = received[i * sockets + c]!;
        if (at > 0) seen = at;
        else if (seen > 0) merged++;
        const from = applied[i]?.startedAt;
        if (seen > 0 && from !== undefined) delays.push(seen - from);
      }
    }
    delays.sort((a, b) => a - b);
    const commits = applied.map((a) => a.publishedAt - a.startedAt).sort((a, b) => a - b);
    const catchUps = clients.catchUps();
    // Where deliveries are missing, which changes reached how many sockets (alone), to tell why.
    if (delays.length < sockets * changes)
      console.log(
        'sockets each change reached alone:',
        Array.from(
          { length: changes },
          (_, i) => received.subarray(i * sockets, (i + 1) * sockets).filter((at) => at > 0).length,
        ).join(' '),
      );
    await clients.close();
    return {
      sockets,
      changes,
      expected: sockets * changes,
      received: delays.length,
      p50: percentile(delays, 50),
      p99: percentile(delays, 99),
      max: delays.at(-1) ?? 0,
      commitP50: percentile(commits, 50),
      connectSeconds,
      catchUps,
      merged,
      database: ready.db,
      loadBefore,
      loadAfter,
    };
  } finally {
    child.send({ stop: true });
    await new Promise((r) => child.once('exit', r));
  }
}

/** The fan-out's part of the bench's last line. */
export function oddsFanOutLine(result: FanOutResult): string {
  return `odds to ${result.sockets} sockets p99 ${Math.round(result.p99)} ms`;
}

/** The fan-out's figures in full. */
export function describeFanOut(r: FanOutResult): string {
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
  return [
    `odds fan-out: ${r.changes} changes to ${r.sockets} sockets (${r.database}), ${r.received} of ${r.expected} deliveries (${r.merged} merged into a later message), ${r.catchUps} catch-ups`,
    `  delay from the ingest's transaction to the client: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms (commit to publish p50 ${r.commitP50.toFixed(1)} ms; coalescing window 100 ms)`,
    `  load average before ${load(r.loadBefore)}, after ${load(r.loadAfter)}`,
  ].join('\n');
}
