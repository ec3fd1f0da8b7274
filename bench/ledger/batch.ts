/**
 * Transfer posting rate of the ledger: single autocommit transfers vs transferBatch (gated
 * statements) vs the same batch with a savepoint around each item. Run on PostgreSQL:
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/ledger/batch.ts
 * It creates and drops its own database. Figures are for comparison within one run.
 */
import { cpus } from 'node:os';
import { sql } from 'kysely';
import { createTestApp } from '../../apps/server/test/harness.ts';
import {
  houseAccountFor,
  type TransferRequest,
  transfer,
  transferBatch,
  verifyLedger,
} from '../../apps/server/src/modules/ledger/index.ts';
import { lockAccounts } from '../../apps/server/src/modules/ledger/ledger.repository.ts';
import { fixture, fund, key, newMember } from '../../apps/server/src/modules/ledger/ledger.test-helpers.ts';

const TRANSFERS = Number(process.env.TRANSFERS ?? 4_000);
const BATCH = Number(process.env.BATCH ?? 100);
const PLAYERS = 50;

async function main() {
  const t = await createTestApp();
  const f = await fixture(t);
  const players: { memberId: string; mainId: bigint; house: bigint }[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const p = await newMember(f, 'bench');
    await fund(f, p.mainId, 10_000_000n);
    players.push({ ...p, house: await houseAccountFor(f.db, f.merchantId, f.currency, p.memberId) });
  }
  // Every tenth item is refused (more than any wallet holds), as a batch must carry refusals.
  const bets = (n: number): TransferRequest[] =>
    Array.from({ length: n }, (_, i) => {
      const p = players[i % PLAYERS]!;
      return {
        merchantId: f.merchantId,
        idempotencyKey: key('bench'),
        code: 'bet',
        debitAccountId: p.mainId,
        creditAccountId: p.house,
        amountMinor: i % 10 === 9 ? 10n ** 12n : 10n,
        currency: f.currency,
      };
    });
  const rate = async (label: string, run: (items: TransferRequest[]) => Promise<void>) => {
    const items = bets(TRANSFERS);
    const started = performance.now();
    await run(items);
    const perSecond = Math.round(TRANSFERS / ((performance.now() - started) / 1000));
    console.log(`${label.padEnd(44)} ${perSecond} transfers/s`);
  };
  const swallow = (p: Promise<unknown>) => p.catch(() => undefined);
  await rate('single autocommit, 1 client', async (items) => {
    for (const r of items) await swallow(transfer(f.db, r));
  });
  await rate('single autocommit, 10 clients', async (items) => {
    await Promise.all(
      Array.from({ length: 10 }, async (_, c) => {
        for (let i = c; i < items.length; i += 10) await swallow(transfer(f.db, items[i]!));
      }),
    );
  });
  await rate(`batch of ${BATCH}, statement per item, 1 client`, async (items) => {
    for (let i = 0; i < items.length; i += BATCH) {
      const chunk = items.slice(i, i + BATCH);
      await f.db.transaction().execute(async (trx) => {
        const ids = [...new Set(chunk.flatMap((r) => [r.debitAccountId, r.creditAccountId]))].sort((a, b) =>
          a < b ? -1 : 1,
        );
        await lockAccounts(trx, ids);
        // The single-transfer statement refuses without aborting the transaction: no savepoint needed.
        for (const r of chunk) await swallow(transfer(trx, r));
      });
    }
  });
  await rate(`batch of ${BATCH}, savepoint per item, 1 client`, async (items) => {
    for (let i = 0; i < items.length; i += BATCH) {
      await f.db.transaction().execute(async (trx) => {
        for (const [n, r] of items.slice(i, i + BATCH).entries()) {
          await sql.raw(`savepoint s${n}`).execute(trx);
          try {
            await transfer(trx, r);
            await sql.raw(`release savepoint s${n}`).execute(trx);
          } catch {
            await sql.raw(`rollback to savepoint s${n}`).execute(trx);
          }
        }
      });
    }
  });
  await rate(`transferBatch of ${BATCH} (set-based, one round trip), 1 client`, async (items) => {
    for (let i = 0; i < items.length; i += BATCH) await transferBatch(f.db, items.slice(i, i + BATCH));
  });
  await rate(`transferBatch of ${BATCH} (set-based, one round trip), 4 clients`, async (items) => {
    const chunks: TransferRequest[][] = [];
    for (let i = 0; i < items.length; i += BATCH) chunks.push(items.slice(i, i + BATCH));
    await Promise.all(
      Array.from({ length: 4 }, async (_, c) => {
        for (let i = c; i < chunks.length; i += 4) await transferBatch(f.db, chunks[i]!);
      }),
    );
  });
  const report = await verifyLedger(f.db);
  console.log(
    `${cpus().length} cores, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; invariants ${report.ok ? 'ok' : 'VIOLATED'}`,
  );
  await t.close();
}

await main();
