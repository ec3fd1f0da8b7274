import { expect } from 'vitest';
import type { Db } from '../src/platform/database/database.ts';
import { verifyLedger } from '../src/modules/ledger/index.ts';
import { AppError } from '../src/platform/http/app-error.ts';

/** What an endpoint answered: the HTTP status and the envelope, as the tests' `call` helpers return it. */
export interface Answer {
  status: number;
  success?: boolean;
  value?: unknown;
  code?: string;
}

export interface BurstOptions {
  db: Db;
  /** The balance the request moves (a player's main wallet, usually). */
  balance: () => Promise<bigint>;
  /** How much `balance` must change over the whole burst (once, never N times); or read from the first answer. */
  moved: bigint | ((first: Answer) => bigint);
  /** How many copies go out at once; 50 is the figure the attack used. */
  copies?: number;
}

/**
 * A service call's outcome as an endpoint would answer it: its value, or its AppError's status and
 * code; anything else is the 500 the error handler would make of it.
 */
export async function answerOf(call: Promise<unknown>): Promise<Answer> {
  try {
    return { status: 200, success: true, value: await call };
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, success: false, code: error.code };
    return { status: 500, success: false, code: 'INTERNAL', value: String(error) };
  }
}

const comparable = (a: Answer) => ({ status: a.status, success: a.success, code: a.code, value: a.value });

/**
 * One idempotent request sent `copies` times at once and once more after the burst (a client's late
 * retry): every answer must be the first one (same status, same envelope value), the money must move
 * once, and the ledger's invariants must hold. `send` carries the one idempotency key. Answers the
 * first answer, for the test's own checks of what it says.
 */
export async function expectIdempotentBurst<A extends Answer>(
  send: () => Promise<A>,
  options: BurstOptions,
): Promise<A> {
  const before = await options.balance();
  const burst = await Promise.all(Array.from({ length: options.copies ?? 50 }, send));
  const late = await send();
  const first = burst[0]!;
  expect(
    first.status,
    JSON.stringify(first, (_, v) => (typeof v === 'bigint' ? String(v) : v)),
  ).toBeLessThan(500);
  for (const answer of [...burst, late]) expect(comparable(answer)).toEqual(comparable(first));
  const moved = typeof options.moved === 'function' ? options.moved(first) : options.moved;
  expect((await options.balance()) - before).toBe(moved);
  const report = await verifyLedger(options.db);
  expect(report.violations).toEqual([]);
  return first;
}
