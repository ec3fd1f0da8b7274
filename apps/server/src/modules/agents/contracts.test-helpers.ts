import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { TestApp } from '../../../test/harness.ts';
import { login, registerUser } from '../auth/auth.test-helpers.ts';
import type { Fixture } from '../ledger/ledger.test-helpers.ts';
import { blankMemberDraft, createMember } from '../members/index.ts';
import { recordBet } from '../records/index.ts';
import type { ContractType, Tier } from './contracts.math.ts';
import { type ContractRules, DEFAULT_RULES, saveContractRules } from './contracts.rules.ts';
import { acceptOffer, offerContract } from './contracts.service.ts';

/** Fixtures of the contract tests (imported by *.test.ts only). */

let n = 0;

/** A member of the demo merchant under `parent` (an agent when `agent`). */
export async function member(
  f: Fixture,
  parent: { id: string; ancestry: string } | null,
  agent: boolean,
): Promise<{ id: string; ancestry: string }> {
  n += 1;
  const row = await createMember(f.db, {
    ...blankMemberDraft(
      {
        merchant_id: f.merchantId,
        account: `ct${n}${Math.random().toString(36).slice(2, 7)}`,
        password_hash: 'x',
        currency: f.currency,
        register_method: 'TEST',
      },
      new Date('2026-01-01T00:00:00Z'),
    ),
    type: agent ? 1 : 0,
    parent,
  });
  return { id: row.id, ancestry: row.ancestry };
}

/** One tier paying `percent`% (as rate units) from a minimum valid bet. */
export function rateTier(minValidBetMinor: bigint, rateUnits: bigint, over: Partial<Tier> = {}): Tier {
  return { minValidBetMinor, minLossMinor: 0n, minActiveMembers: 0, rateUnits, amountMinor: null, ...over };
}

/** One real-time tier from a single bet's valid stake: its loss and profit rates (rate units). */
export function realtimeTier(minValidBetMinor: bigint, lossRateUnits: bigint, profitRateUnits: bigint): Tier {
  return rateTier(minValidBetMinor, lossRateUnits, { profitRateUnits });
}

/** Offers and accepts a contract in one go (an operator's to a top agent when `uplineId` is null). */
export async function contract(
  f: Fixture,
  uplineId: string | null,
  downlineId: string,
  type: ContractType,
  tiers: Tier[],
  at: Date,
): Promise<bigint> {
  const { contractId } = await offerContract(f.db, {
    merchantId: f.merchantId,
    uplineId,
    downlineId,
    type,
    tiers,
    now: at,
  });
  await acceptOffer(f.db, { merchantId: f.merchantId, memberId: downlineId, contractId, now: at });
  return contractId;
}

/** A settled round of a member: its stake and payout on `at` (the rollups count it on that day). */
export async function settledBet(
  f: Fixture,
  memberId: string,
  stakeMinor: bigint,
  payoutMinor: bigint,
  at: Date,
) {
  await recordBet(f.db, {
    merchantId: f.merchantId,
    memberId,
    source: 'originals',
    sourceRef: `ct-${randomUUID()}`,
    category: 'INHOUSE',
    vendor: 'SORTE',
    gameCode: 'dice',
    currency: f.currency,
    stakeMinor,
    payoutMinor,
    status: 'settled',
    at,
  });
}

export async function setRules(f: Fixture, over: Partial<ContractRules>): Promise<void> {
  await saveContractRules(f.db, f.merchantId, { ...DEFAULT_RULES, ...over }, 'test', new Date());
}

export interface SettlementRow {
  contract_id: bigint;
  agent_id: string;
  period_start: Date;
  amount_minor: bigint;
  gross_minor: bigint;
  downline_minor: bigint;
  carry_in_minor: bigint;
  carry_out_minor: bigint;
  status: string;
  transfer_id: bigint | null;
  tier: number | null;
  rate_units: bigint;
  valid_bet_minor: bigint;
  profit_loss_minor: bigint;
  active_members: number;
}

export async function settlementsOf(db: Db, contractId: bigint): Promise<SettlementRow[]> {
  const { rows } = await sql<SettlementRow>`
    select * from agent_contract_settlements where contract_id = ${contractId} order by period_start`.execute(
    db,
  );
  return rows;
}

/** The payout transfers of agent contracts, by key (every key at most once by the ledger's own rule). */
export async function payoutTransfers(
  db: Db,
): Promise<{ idempotency_key: string; amount_minor: bigint; id: bigint }[]> {
  const { rows } = await sql<{ idempotency_key: string; amount_minor: bigint; id: bigint }>`
    select idempotency_key, amount_minor, id from ledger_transfers where idempotency_key like 'agent-contract:%'
    order by id`.execute(db);
  return rows;
}

/** A random agent tree for property tests: agents a0, a1, …, each under an earlier agent or none. */
export function agentTreeArb<R extends object>(
  row: fc.Arbitrary<R>,
  maxLength: number,
): fc.Arbitrary<(R & { id: string; parent: string | null })[]> {
  return fc
    .array(fc.record({ parentPick: fc.nat(), topLevel: fc.boolean(), row }), { minLength: 1, maxLength })
    .map((rows) =>
      rows.map((r, i) => ({
        ...r.row,
        id: `a${i}`,
        parent: i === 0 || r.topLevel ? null : `a${r.parentPick % i}`,
      })),
    );
}

let signedUp = 0;
/**
 * A member registered over HTTP (under the agent of `affiliateCode`), made an agent with an affiliate
 * code of its own when `agent`, signed in: its id, account, code and a fresh token.
 */
export async function signUp(t: TestApp, f: Fixture, agent: boolean, affiliateCode?: string) {
  signedUp += 1;
  const name = `acc${signedUp}${Math.random().toString(36).slice(2, 6)}`;
  await registerUser(t, name, affiliateCode ? { affiliateCode } : {});
  const row = await f.db
    .selectFrom('members')
    .select('id')
    .where('account', '=', name)
    .executeTakeFirstOrThrow();
  const code = `AC${signedUp}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  if (agent)
    await f.db
      .updateTable('members')
      .set({ type: 1, affiliate_code: code })
      .where('id', '=', row.id)
      .execute();
  const session = await login(t, name, 'secret12');
  return { id: row.id, account: name, code, token: session.value.token as string };
}
