/**
 * Placement rate of fast-lottery slips through the bet path (`placeLotteryBet`, group-committed per
 * merchant): 200 funded members, 3,000 one-ticket slips on the open draw, 64 in flight. Run on
 * PostgreSQL:
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/lottery/place.ts
 * It creates and drops its own database; the last line reports the rate, the latencies and the
 * ledger check.
 */
import { createTestApp } from '../../apps/server/test/harness.ts';
import { verifyLedger } from '../../apps/server/src/modules/ledger/index.ts';
import { fixture, newMember } from '../../apps/server/src/modules/ledger/ledger.test-helpers.ts';
import { createTestGame, placeTestBet } from '../../apps/server/src/modules/lottery/lottery.test-helpers.ts';
import { fundMembers } from '../lib/setup.ts';

const MEMBERS = Number(process.env.MEMBERS ?? 200);
const SLIPS = Number(process.env.SLIPS ?? 3_000);
const IN_FLIGHT = Number(process.env.IN_FLIGHT ?? 64);

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('the placement bench runs on PostgreSQL: set DATABASE_URL');
  const t = await createTestApp();
  try {
    const f = await fixture(t);
    const members: string[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push((await newMember(f, 'lotplace')).memberId);
    await fundMembers(f.db, f.merchantId, f.currency, members, 10_000_000n);
    const game = await createTestGame(f.db, f.merchantId, { close_seconds: 1 });
    const players = members.map((memberId) => ({ memberId, merchantId: f.merchantId, currency: f.currency }));
    await placeTestBet(f.db, players[0]!, game, t.clock);
    let next = 0;
    let placed = 0;
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < SLIPS) {
          const i = next++;
          const at = performance.now();
          await placeTestBet(f.db, players[i % MEMBERS]!, game, t.clock);
          latencies.push(performance.now() - at);
          placed++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.floor(latencies.length * q)]!.toFixed(0);
    const report = await verifyLedger(f.db);
    console.log(
      `lottery: placed ${placed} slips in ${seconds.toFixed(1)} s (${Math.round(placed / seconds)} slips/s), ${IN_FLIGHT} in flight, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, invariants ${report.ok ? 'ok' : 'FAILED'}`,
    );
    if (!report.ok) process.exitCode = 1;
  } finally {
    await t.close();
  }
}

await main();
