import type { TestApp } from '../../../test/harness.ts';
import { registerUser } from '../auth/auth.test-helpers.ts';
import type { Db } from '../../platform/database/database.ts';
import { blankMemberDraft, createMember } from '../members/index.ts';
import { memberAccountId, systemAccountId, type TransferRequest, transfer, verifyLedger } from './index.ts';

/** Helpers shared by the ledger tests (imported by *.test.ts only). */
export interface Fixture {
  db: Db;
  merchantId: string;
  currency: string;
}

export async function fixture(t: TestApp): Promise<Fixture> {
  const merchant = await t.ctx.db
    .selectFrom('merchants')
    .select(['id', 'currency'])
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  return { db: t.ctx.db, merchantId: merchant.id, currency: merchant.currency };
}

let sequence = 0;

/** A plain member with a main wallet; returns its id and the main account id. */
export async function newMember(
  f: Fixture,
  prefix = 'ledger',
): Promise<{ memberId: string; mainId: bigint }> {
  const now = new Date();
  sequence += 1;
  const base = {
    merchant_id: f.merchantId,
    account: `${prefix}${sequence}${Math.random().toString(36).slice(2, 8)}`,
    password_hash: 'x',
    currency: f.currency,
    register_method: 'TEST',
  };
  const member = await createMember(f.db, blankMemberDraft(base, now));
  return {
    memberId: member.id,
    mainId: await memberAccountId(f.db, member.id, f.merchantId, 'main', f.currency),
  };
}

let keys = 0;
export function key(label = 'k'): string {
  keys += 1;
  return `${label}-${keys}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Puts money on a member account the way an operator would: an adjustment from the system side. */
export async function fund(f: Fixture, accountId: bigint, amountMinor: bigint): Promise<void> {
  await transfer(f.db, {
    merchantId: f.merchantId,
    idempotencyKey: key('fund'),
    code: 'adjustment',
    debitAccountId: await systemAccountId(f.db, f.merchantId, 'adjustment', f.currency),
    creditAccountId: accountId,
    amountMinor,
    currency: f.currency,
  });
}

/** A registered player, signed in through the API, and their main wallet's ledger account. */
export interface FundedPlayer {
  token: string;
  memberId: string;
  account: string;
  mainId: bigint;
}

let players = 0;

/**
 * Registers a player through the API (a session token for member calls) and funds their main
 * wallet with `balanceMinor` (nothing when 0): the usual start of a test that plays or pays out.
 */
export async function fundedPlayer(
  t: TestApp,
  f: Fixture,
  prefix: string,
  balanceMinor: bigint,
): Promise<FundedPlayer> {
  players += 1;
  const { session, account } = await registerUser(
    t,
    `${prefix}${players}${Math.random().toString(36).slice(2, 7)}`,
  );
  const member = await f.db
    .selectFrom('members')
    .select('id')
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  const mainId = await memberAccountId(f.db, member.id, f.merchantId, 'main', f.currency);
  if (balanceMinor > 0n) await fund(f, mainId, balanceMinor);
  return { token: session.token, memberId: member.id, account, mainId };
}

export function request(
  f: Fixture,
  r: Partial<TransferRequest> & Pick<TransferRequest, 'debitAccountId' | 'creditAccountId' | 'amountMinor'>,
): TransferRequest {
  return { merchantId: f.merchantId, idempotencyKey: key(), code: 'bet', currency: f.currency, ...r };
}

export async function balanceOf(
  f: Fixture,
  accountId: bigint,
): Promise<{ balance: bigint; pending: bigint }> {
  const row = await f.db
    .selectFrom('ledger_accounts')
    .select(['balance_minor', 'pending_minor'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return { balance: row.balance_minor, pending: row.pending_minor };
}

export async function expectVerified(db: Db): Promise<void> {
  const report = await verifyLedger(db);
  if (!report.ok) throw new Error(`ledger invariants violated: ${JSON.stringify(report.violations)}`);
}

/** The refusal code of a rejected promise, or 'ok'. */
export async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}
