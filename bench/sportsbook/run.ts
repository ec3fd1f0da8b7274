/**
 * The sportsbook at volume (issue 16). Parts, each returning its piece of the last line:
 *   - odds fan-out (fanout.ts): odds changes through the feed ingest to 10,000 WebSocket clients on
 *     loopback, the delivery delay's p50 and p99;
 *   - (to come) settlement of 100,000 bets of one event, with the ledger's invariants.
 * Run on PostgreSQL (it creates and drops its own databases beside the one named):
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:sportsbook
 * SOCKETS, CHANGES and EVERY_MS override the fan-out's sizes. The npm script raises the open-file
 * limit first (the server and this process each hold SOCKETS sockets).
 */
import { execSync } from 'node:child_process';
import { machineLine } from '../lib/bench.ts';
import { benchOddsFanOut, describeFanOut, oddsFanOutLine } from './fanout.ts';

const SOCKETS = Number(process.env.SOCKETS ?? 10_000);

function openFileLimit(): number {
  try {
    return Number(execSync('ulimit -n', { shell: '/bin/bash', encoding: 'utf8' }).trim());
  } catch {
    return Number.NaN;
  }
}

async function main() {
  console.log(machineLine());
  const limit = openFileLimit();
  if (limit < SOCKETS + 1_000)
    throw new Error(
      `open-file limit ${limit} is below ${SOCKETS + 1_000}: run through npm run bench:sportsbook (ulimit -n)`,
    );
  const parts: string[] = [];
  const fanOut = await benchOddsFanOut({
    sockets: SOCKETS,
    changes: Number(process.env.CHANGES ?? 40),
    everyMs: Number(process.env.EVERY_MS ?? 500),
  });
  console.log(describeFanOut(fanOut));
  const fanOutOk = fanOut.received === fanOut.expected;
  parts.push(oddsFanOutLine(fanOut));
  console.log(`sportsbook: ${parts.join(', ')}${fanOutOk ? '' : ', DELIVERIES MISSING'}`);
  if (!fanOutOk) process.exitCode = 1;
}

await main();
