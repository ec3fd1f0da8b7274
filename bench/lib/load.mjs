// The load-generator core shared by the HTTP benches' worker threads (bench/wallet/load.mjs,
// bench/originals/load.mjs): keep-alive connections on raw sockets, each with one request in flight,
// counted as ok (200), refused (409) or failed (anything else) over a warm-up and a measured window.
// The bets acknowledged during the warm-up are counted apart (warmupOk): they wrote rows too.
import net from 'node:net';

/**
 * A minimal keep-alive HTTP/1.1 client on a raw socket: one request in flight per connection, the
 * response read by its content-length. node:http's client cost more CPU per call than the server
 * under test spent answering it, so the load generator, not the server, set the figure.
 */
export function connection(url, path) {
  const target = new URL(url);
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

/**
 * Drives `clients` connections to `url` + `path` for `warmupMs` then `durationMs`; `nextRequest()`
 * gives each call's { body, headers }. Only calls answered inside the measured window count.
 */
export async function drive({ url, path, clients, durationMs, warmupMs, nextRequest, label }) {
  const result = { ok: 0, refused: 0, failed: 0, warmupOk: 0, latenciesMs: [] };
  const measureFrom = Date.now() + warmupMs;
  const stopAt = measureFrom + durationMs;
  async function client() {
    const http = connection(url, path);
    while (Date.now() < stopAt) {
      const { body, headers } = nextRequest();
      const started = performance.now();
      const reply = await http.post(body, headers);
      const elapsed = performance.now() - started;
      if (Date.now() < measureFrom) {
        if (reply.status === 200) result.warmupOk += 1;
        continue;
      }
      if (reply.status === 200) {
        result.ok += 1;
        result.latenciesMs.push(elapsed);
      } else if (reply.status === 409) result.refused += 1;
      else {
        result.failed += 1;
        if (result.failed <= 3) console.error(`${label} failed: ${reply.status} ${reply.body.slice(0, 200)}`);
      }
    }
    http.close();
  }
  await Promise.all(Array.from({ length: clients }, client));
  return result;
}
