// Load generator thread for bench/wallet/run.ts: `clients` keep-alive connections, each sending one
// signed debit at a time (a vendor's bet) to a random wallet, for warm-up plus the measured window.
import { createHmac, randomBytes } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { drive } from '../lib/load.mjs';

const { url, secret, currency, playerIds, clients, durationMs, warmupMs, stakeMinor, path, thread } =
  workerData;
let sequence = 0;

function nextRequest() {
  sequence += 1;
  const txnId = `t${thread}-${sequence}-${randomBytes(4).toString('hex')}`;
  const body = JSON.stringify({
    playerId: playerIds[Math.floor(Math.random() * playerIds.length)],
    roundId: `r-${txnId}`,
    txnId,
    amountMinor: stakeMinor,
    currency,
  });
  const timestamp = String(Date.now());
  const nonce = randomBytes(12).toString('hex');
  const signature = createHmac('sha256', secret).update(`${timestamp}.${nonce}.`).update(body).digest('hex');
  return { body, headers: { 'x-timestamp': timestamp, 'x-nonce': nonce, 'x-signature': signature } };
}

parentPort.postMessage(
  await drive({ url, path, clients, durationMs, warmupMs, nextRequest, label: 'debit' }),
);
