// Load generator thread for bench/wallet/run.ts: `clients` keep-alive connections, each sending one
// signed debit at a time (a vendor's bet) to a random wallet, for warm-up plus the measured window.
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, secret, currency, playerIds, clients, durationMs, warmupMs, stakeMinor, path, thread } =
  workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const result = { ok: 0, refused: 0, failed: 0, latenciesMs: [] };
let sequence = 0;

function post(body, headers) {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (c) => chunks.push(c));
        response.on('end', () =>
          resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on('error', (error) => resolve({ status: 0, body: String(error) }));
    request.end(body);
  });
}

async function client(measureFrom, stopAt) {
  while (Date.now() < stopAt) {
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
    const signature = createHmac('sha256', secret)
      .update(`${timestamp}.${nonce}.`)
      .update(body)
      .digest('hex');
    const started = performance.now();
    const reply = await post(body, { 'x-timestamp': timestamp, 'x-nonce': nonce, 'x-signature': signature });
    const elapsed = performance.now() - started;
    if (Date.now() < measureFrom) continue;
    if (reply.status === 200) {
      result.ok += 1;
      result.latenciesMs.push(elapsed);
    } else if (reply.status === 409) result.refused += 1;
    else {
      result.failed += 1;
      if (result.failed <= 3) console.error(`debit failed: ${reply.status} ${reply.body.slice(0, 200)}`);
    }
  }
}

const measureFrom = Date.now() + warmupMs;
const stopAt = measureFrom + durationMs;
await Promise.all(Array.from({ length: clients }, () => client(measureFrom, stopAt)));
agent.destroy();
parentPort.postMessage(result);
