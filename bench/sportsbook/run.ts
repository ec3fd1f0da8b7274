/**
 * The sportsbook at volume (issue 16). Parts, each returning its piece of the last line:
 *   - odds fan-out (fanout.ts): odds changes through the feed ingest to 10,000 WebSocket clients on
 *     loopback, the delivery delay's p50 and p99;
 *   - settlement (settle.ts): 100,000 open singles of one event settled by the settlement worker
 *     once the feed's result is applied, checked against Σ floor(stake × odds) and the ledger's
 *     invariants (MEMBERS × PER_MEMBER bets; BATCH and WORKERS override the worker's defaults).
 * Run on PostgreSQL (it creates and drops its own databases beside the one named):
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:sportsbook
 * SOCKETS, CHANGES and EVERY_MS override the fan-out's sizes. The npm script raises the open-file
 * limit first (the server and this process each hold SOCKETS sockets).
 */
import { execSync } from 'node:child_process';
import { machineLine } from '../lib/bench.ts';
import { benchOddsFanOut, describeFanOut, oddsFanOutLine } from './fanout.ts';
import { benchSettlement, settlementLine } from './settle.ts';

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
  const settled = await benchSettlement({
    members: Number(process.env.MEMBERS ?? 1_000),
    perMember: Number(process.env.PER_MEMBER ?? 100),
  });
  parts.push(settlementLine(settled));
  const fanOut = await benchOddsFanOut({
    sockets: SOCKETS,
    changes: Number(process.env.CHANGES ?? 40),
    everyMs: Number(process.env.EVERY_MS ?? 500),
  });
  console.log(describeFanOut(fanOut));
  const fanOutOk = fanOut.received === fanOut.expected;
  parts.push(oddsFanOutLine(fanOut));
  const ok = fanOutOk && settled.ok;
  console.log(
    `sportsbook: ${parts.join(', ')}${fanOutOk ? '' : ', DELIVERIES MISSING'}, invariants ${settled.ok ? 'ok' : 'FAILED'}`,
  );
  if (!ok) process.exitCode = 1;
}

await main();
