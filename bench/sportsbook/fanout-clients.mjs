// Client thread of bench/sportsbook/fanout.ts: opens sockets [from, from + count) to the live odds
// door, each watching one fixture, and writes when each odds change reached each socket into the
// shared array (received[change * total + socket], epoch ms with fractions). The change is read
// from the home odds (2000 + change); a message with the fixture's status is a catch-up's full state.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, fixtureId, from, count, total, changes, shared, counters } = workerData;
const received = new Float64Array(shared);
const counts = new Int32Array(counters); // [0] catch-ups seen
const now = () => performance.timeOrigin + performance.now();
const sockets = [];
const HOME = /"id":"home","odds":(\d+)/;
// A change names the fixture's status only when it changed, which these changes never do: a catch-up.
const WHOLE = /^\{"type":"sports\.odds","fixtureId":"[^"]*","status"/;

function open(i) {
  return new Promise((done, fail) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    sockets.push(socket);
    socket.once('error', fail);
    socket.once('open', () => socket.send(JSON.stringify({ type: 'sports.watch', fixtureIds: [fixtureId] })));
    socket.on('message', (data, isBinary) => {
      const at = now();
      const text = isBinary ? '' : data.toString();
      if (text.startsWith('{"type":"sports.watching"')) return done();
      if (!text.startsWith('{"type":"sports.odds"')) return;
      if (WHOLE.test(text)) Atomics.add(counts, 0, 1);
      const home = HOME.exec(text);
      const change = home ? Number(home[1]) - 2000 : -1;
      if (change >= 0 && change < changes && received[change * total + i] === 0)
        received[change * total + i] = at;
    });
  });
}

let next = from;
await Promise.all(
  Array.from({ length: 100 }, async () => {
    while (next < from + count) await open(next++);
  }),
);
parentPort.postMessage('ready');
parentPort.once('message', () => {
  for (const socket of sockets) socket.terminate();
  parentPort.postMessage('closed');
});
