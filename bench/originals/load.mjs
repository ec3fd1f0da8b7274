// Load generator thread for bench/originals/run.ts: `clients` keep-alive connections, each placing one
// dice bet at a time for a random player (its session token), target 2–98, under or over at random.
import { randomBytes } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { drive } from '../lib/load.mjs';

const { url, tokens, clients, durationMs, warmupMs, stakeMinor, path, thread } = workerData;
let sequence = 0;

function nextRequest() {
  sequence += 1;
  const body = JSON.stringify({
    amountMinor: stakeMinor,
    target: Math.round((2 + Math.random() * 96) * 100) / 100,
    direction: Math.random() < 0.5 ? 'under' : 'over',
    idempotencyKey: `b${thread}-${sequence}-${randomBytes(4).toString('hex')}`,
  });
  return { body, headers: { token: tokens[Math.floor(Math.random() * tokens.length)] } };
}

parentPort.postMessage(
  await drive({ url, path, clients, durationMs, warmupMs, nextRequest, label: 'dice bet' }),
);
