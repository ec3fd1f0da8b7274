// Load generator thread for bench/wallet/run.ts: `clients` keep-alive connections, each sending one
// signed debit at a time (a vendor's bet) to a random wallet, for warm-up plus the measured window.
import { createHmac, randomBytes } from 'node:crypto';
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const { url, secret, currency, playerIds, clients, durationMs, warmupMs, stakeMinor, path, thread } =
  workerData;
const target = new URL(url);
const result = { ok: 0, refused: 0, failed: 0, latenciesMs: [] };
let sequence = 0;

/**
 * A minimal keep-alive HTTP/1.1 client on a raw socket: one request in flight per connection, the
 * response read by its content-length. node:http's client cost more CPU per call than the server
 * under test spent answering it, so the load generator, not the server, set the figure.
 */
function connection() {
  const socket = net.connect({ host: target.hostname, port: Number(target.port) });
  socket.setNoDelay(true);
  let buffer = Buffer.alloc(0);
  let waiting = null;
  socket.on('data', (chunk) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0 || !waiting) return;
    const head = buffer.subarray(0, end).toString('latin1');
    const length = Number(/content-length: *([0-9]+)/i.exec(head)?.[1] ?? 0);
    if (buffer.length < end + 4 + length) return;
    const status = Number(head.slice(9, 12));
    const body = buffer.subarray(end + 4, end + 4 + length).toString();
    buffer = buffer.subarray(end + 4 + length);
    const done = waiting;
    waiting = null;
    done({ status, body });
  });
  socket.on('error', (error) => waiting?.({ status: 0, body: String(error) }));
  return {
    post(body, headers) {
      return new Promise((resolve) => {
        waiting = resolve;
        let head = `POST ${path} HTTP/1.1\r\nhost: ${target.host}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
        for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
        socket.write(`${head}\r\n${body}`);
      });
    },
    close: () => socket.destroy(),
  };
}

async function client(measureFrom, stopAt) {
  const http = connection();
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
    const reply = await http.post(body, {
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-signature': signature,
    });
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
  http.close();
}

const measureFrom = Date.now() + warmupMs;
const stopAt = measureFrom + durationMs;
await Promise.all(Array.from({ length: clients }, () => client(measureFrom, stopAt)));
parentPort.postMessage(result);
