import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type AuditEntry, recordAudit } from '../backoffice/index.ts';

type AuditActor = AuditEntry['operator'];
import {
  houseAccountFor,
  MAX_BATCH,
  memberAccountId,
  memberAccountIds,
  type TransferRequest,
  transfer,
  transferBatch,
  withLedgerTransaction,
} from '../ledger/index.ts';
import {
  type ContractNode,
  type ContractType,
  type MemberFigures,
  type NodeSettlement,
  settleRealtime,
  settleTree,
  type Tier,
  teamFigures,
} from './contracts.math.ts';
import { HOURLY_CONSUMER } from './contracts.hourly.ts';
import { pruneRealtime, REALTIME_CONSUMER, realtimeBets } from './contracts.realtime.ts';
import { daysOf, type Period, periodAfter, periodContaining } from './contracts.periods.ts';
import { type ContractRules, contractRules, contractTypeOn, periodKindOf } from './contracts.rules.ts';
import { tiersFromJson } from './contracts.tiers.ts';

/**
 * The settlement engine: each period of each contract type of each merchant is settled once, in ONE
 * transaction that writes the period's run row, every contract's settlement and the payouts.
 *
 * - Exactly once, with any number of workers: the run row's primary key (merchant, type, period
 *   start) is inserted first, `on conflict do nothing`. A second worker's insert waits for the first
 *   transaction and then finds the period done; a worker killed mid-run takes its insert with it, so
 *   the period is simply settled again by the next one. Payout keys are per contract and period
 *   (`agent-contract:<contract>:<period start>`), so even a run repeated by mistake moves no money twice.
 * - In order: a period is settled only after the one before it (its carry-out is the next carry-in),
 *   and only once the period has ended, a grace has passed (late settlements of its bets) and the
 *   daily rollups hold every committed bet placed before its end.
 * - Base figures come from the daily rollups (`bet_rollups_daily`, days in the rollups' zone), per
 *   member, summed up each member's current ancestry (`teamFigures`); bets are never scanned.
 * - Hourly salaries read the hourly figures of the agents' own stream consumer (contracts.hourly.ts);
 *   real-time salaries, every 5 minutes, the single rounds of another (contracts.realtime.ts).
 */

/**
 * Types this engine settles: dividends and daily salaries on the daily rollups, hourly salaries on the
 * hourly figures (contracts.hourly.ts), real-time salaries on the rounds of contracts.realtime.ts.
 */
export const SETTLED_TYPES: readonly ContractType[] = ['dividend', 'daily', 'hourly', 'realtime'];

/** The stream consumer whose tables a type's periods are settled on. */
const CONSUMER_OF: Record<ContractType, string> = {
  dividend: 'rollups',
  daily: 'rollups',
  hourly: HOURLY_CONSUMER,
  realtime: REALTIME_CONSUMER,
};

/** The zone periods are counted in: the rollups' (their days must be the periods' days). */
export const CONTRACTS_TIME_ZONE = 'UTC';

export interface SettleOptions {
  /** How long after a period's end it is settled (bets settling late still count). Default 10 min. */
  graceMs?: number;
  /** Periods settled per merchant and type per call (a long-stopped engine catches up over calls). */
  maxPeriods?: number;
  /** Called inside a run's transaction once its payouts are posted, before it commits (tests). */
  inRun?: (run: RunOutcome) => Promise<void> | void;
}

export interface RunOutcome {
  merchantId: string;
  type: ContractType;
  period: Period;
  contracts: number;
  paidMinor: bigint;
  awaitingMinor: bigint;
}

export const SETTLEMENT_GRACE_MS = 10 * 60_000;

export function payoutKey(contractId: bigint, periodStart: Date): string {
  return `agent-contract:${contractId}:${periodStart.toISOString()}`;
}

/** Settles every period that is due; the runs this call settled (others may have been settled by another worker). */
export async function settleDue(db: Db, now: Date, options: SettleOptions = {}): Promise<RunOutcome[]> {
  const grace = options.graceMs ?? SETTLEMENT_GRACE_MS;
  const done: RunOutcome[] = [];
  const { rows: pairs } = await sql<{ merchant_id: string; type: ContractType }>`
    select distinct merchant_id, type from agent_contracts
    where accepted_at is not null and type in (${sql.join(SETTLED_TYPES)})`.execute(db);
  for (const { merchant_id: merchantId, type } of pairs) {
    if (!(await contractTypeOn(db, merchantId, type))) continue;
    const rules = await contractRules(db, merchantId);
    for (let n = 0; n < (options.maxPeriods ?? 31); n++) {
      const period = await nextPeriod(db, merchantId, type, rules);
      if (!period || period.end.getTime() + grace > now.getTime()) break;
      if (!(await rollupsHoldPeriod(db, merchantId, period, CONSUMER_OF[type]))) break;
      const run = await settleRun(db, merchantId, type, period, rules, now, options);
      if (run) done.push(run);
    }
  }
  return done;
}

/** The period after the last settled one, or the first a contract was in force in. */
async function nextPeriod(
  db: Db,
  merchantId: string,
  type: ContractType,
  rules: ContractRules,
): Promise<Period | null> {
  const kind = periodKindOf(type, rules);
  const { rows } = await sql<{ last_end: Date | null; first: Date | null }>`
    select (select max(period_end) from agent_settlement_runs where merchant_id = ${merchantId} and type = ${type}) as last_end,
      (select min(accepted_at) from agent_contracts where merchant_id = ${merchantId} and type = ${type}) as first`.execute(
    db,
  );
  const { last_end: lastEnd, first } = rows[0] ?? { last_end: null, first: null };
  if (!lastEnd) return first ? periodContaining(kind, new Date(first), CONTRACTS_TIME_ZONE) : null;
  let next = periodAfter(kind, { start: new Date(lastEnd), end: new Date(lastEnd) }, CONTRACTS_TIME_ZONE);
  // The merchant changed the dividend period: the first period of the new kind starts where the old one ended.
  if (next.start < new Date(lastEnd)) next = { start: new Date(lastEnd), end: next.end };
  // Periods in which no contract is in force are skipped, up to the first one some contract is (a
  // real-time salary's 5-minute periods would otherwise be walked one by one through a gap of months).
  const { rows: ahead } = await sql<{ from: Date | null }>`
    select min(greatest(accepted_at, ${next.start})) as from from agent_contracts
    where merchant_id = ${merchantId} and type = ${type} and accepted_at is not null
      and (ended_at is null or ended_at >= ${next.end})`.execute(db);
  const from = ahead[0]?.from;
  if (!from) return null;
  return new Date(from) < next.end ? next : periodContaining(kind, new Date(from), CONTRACTS_TIME_ZONE);
}

/** Whether `consumer` has folded in every committed bet of the merchant placed before the period's end. */
async function rollupsHoldPeriod(
  db: Db,
  merchantId: string,
  period: Period,
  consumer: string,
): Promise<boolean> {
  const { rows } = await sql<{ behind: boolean }>`
    select exists (
      select 1 from stream_checkpoints c, bet_stream s
       where c.consumer = ${consumer} and (s.tx, s.position) > (c.tx, c.position)
         and s.merchant_id = ${merchantId} and s.placed_at < ${period.end}
    ) as behind`.execute(db);
  return !rows[0]?.behind;
}

interface ContractRow {
  id: bigint;
  upline_id: string | null;
  downline_id: string;
  tiers: unknown;
}

/**
 * One period of one type in one merchant: claims the run, settles every contract in force at the
 * period's end, pays what is due and at most the approval threshold, leaves the rest awaiting an
 * operator. Null when another worker has settled (or is settling) the period.
 */
export async function settleRun(
  db: Db,
  merchantId: string,
  type: ContractType,
  period: Period,
  rules: ContractRules,
  now: Date,
  options: SettleOptions = {},
): Promise<RunOutcome | null> {
  return withLedgerTransaction(db, async (trx) => {
    const { rows: claimed } = await sql`
      insert into agent_settlement_runs (merchant_id, type, period_start, period_end, contracts, paid_minor,
        awaiting_minor, settled_at)
      values (${merchantId}, ${type}, ${period.start}, ${period.end}, 0, 0, 0, ${now})
      on conflict do nothing returning merchant_id`.execute(trx);
    if (!claimed.length) return null;
    const { rows: contracts } = await sql<ContractRow>`
      select id, upline_id, downline_id, tiers from agent_contracts
      where merchant_id = ${merchantId} and type = ${type} and accepted_at is not null
        and accepted_at < ${period.end} and (ended_at is null or ended_at >= ${period.end})
      order by id`.execute(trx);
    const settled = !contracts.length
      ? []
      : type === 'realtime'
        ? await settleRealtimeContracts(trx, merchantId, period, rules, contracts)
        : await settleContracts(trx, merchantId, type, period, rules, contracts);
    if (type === 'realtime') await pruneRealtime(trx, merchantId, period);
    const currency = await merchantCurrency(trx, merchantId);
    const outcome = await payAndRecord(trx, { merchantId, type, period, rules, now, currency }, settled);
    await sql`update agent_settlement_runs set contracts = ${outcome.contracts}, paid_minor = ${outcome.paidMinor},
        awaiting_minor = ${outcome.awaitingMinor}
      where merchant_id = ${merchantId} and type = ${type} and period_start = ${period.start}`.execute(trx);
    await options.inRun?.(outcome);
    return outcome;
  });
}

async function merchantCurrency(db: Db, merchantId: string): Promise<string> {
  const { rows } = await sql<{
    currency: string;
  }>`select currency from merchants where id = ${merchantId}`.execute(db);
  return rows[0]!.currency;
}

async function settleContracts(
  trx: Db,
  merchantId: string,
  type: ContractType,
  period: Period,
  rules: ContractRules,
  contracts: ContractRow[],
): Promise<(NodeSettlement & { figures: ContractNode['figures'] })[]> {
  const agents = new Set(contracts.map((c) => c.downline_id));
  const members = await periodFigures(trx, merchantId, period, [...agents], type === 'hourly');
  const teams = teamFigures(members, agents, rules.activeMinValidBetMinor);
  const carries = await carriesIn(trx, merchantId, type, period);
  const byDownline = new Map(contracts.map((c) => [c.downline_id, c.id]));
  const nodes: ContractNode[] = contracts.map((c) => ({
    contractId: c.id,
    agentId: c.downline_id,
    parentContractId: c.upline_id === null ? null : (byDownline.get(c.upline_id) ?? null),
    top: c.upline_id === null,
    tiers: tiersFromJson(c.tiers) as Tier[],
    figures: teams.get(c.downline_id)!,
    carryInMinor: carries.get(c.downline_id) ?? 0n,
  }));
  const out = settleTree(type, nodes, { carryOver: rules.carryOver });
  return out.map((s, i) => ({ ...s, figures: nodes[i]!.figures }));
}

/**
 * One 5-minute period of the real-time salaries, bet by bet (`settleRealtime`). Only contracts with
 * something to show are kept — bets that met a tier or a carry — so My Income is not 288 empty rows
 * a day per contract; the run row still marks the period settled.
 */
async function settleRealtimeContracts(
  trx: Db,
  merchantId: string,
  period: Period,
  rules: ContractRules,
  contracts: ContractRow[],
): Promise<(NodeSettlement & { figures: ContractNode['figures'] })[]> {
  const agents = contracts.map((c) => c.downline_id);
  const bets = await realtimeBets(trx, merchantId, period, agents);
  const carries = await carriesIn(trx, merchantId, 'realtime', period);
  const byDownline = new Map(contracts.map((c) => [c.downline_id, c.id]));
  const nodes = contracts.map((c) => ({
    contractId: c.id,
    agentId: c.downline_id,
    parentContractId: c.upline_id === null ? null : (byDownline.get(c.upline_id) ?? null),
    top: c.upline_id === null,
    tiers: tiersFromJson(c.tiers) as Tier[],
    carryInMinor: carries.get(c.downline_id) ?? 0n,
  }));
  return settleRealtime(nodes, bets, { carryOver: rules.carryOver }).filter(
    (s) =>
      s.figures.validBetMinor !== 0n ||
      s.grossMinor !== 0n ||
      s.downlineMinor !== 0n ||
      s.carryInMinor !== 0n,
  );
}

/**
 * Each member's own valid bet and profit over the period's days, with its ancestry — only members in
 * the contracted agents' teams (an agent itself, or an ancestry naming one). One grouped read of
 * the daily rollups, or of the hourly figures for an hourly salary.
 */
async function periodFigures(
  trx: Db,
  merchantId: string,
  period: Period,
  agents: string[],
  hourly: boolean,
): Promise<MemberFigures[]> {
  const days = daysOf(period, CONTRACTS_TIME_ZONE);
  const within = hourly
    ? sql`bet_rollups_hourly r join members m on m.id = r.member_id
        where r.merchant_id = ${merchantId} and r.hour >= ${period.start} and r.hour < ${period.end}`
    : sql`bet_rollups_daily r join members m on m.id = r.member_id
        where r.merchant_id = ${merchantId} and r.day >= ${days.from}::date and r.day < ${days.to}::date`;
  const { rows } = await sql<{ member_id: string; ancestry: string; valid: bigint; profit: bigint }>`
    select m.id as member_id, m.ancestry, sum(r.valid_stake_minor)::bigint as valid, sum(r.profit_minor)::bigint as profit
    from ${within}
      and r.currency = m.currency
      and (m.id = any(${agents}::uuid[])
           or string_to_array(trim(both '/' from m.ancestry), '/') && ${agents}::text[])
    group by m.id, m.ancestry`.execute(trx);
  return rows.map((r) => ({
    memberId: r.member_id,
    ancestry: r.ancestry,
    validBetMinor: BigInt(r.valid),
    profitMinor: BigInt(r.profit),
  }));
}

/** What each agent carries into this period: the carry-out of its settlement of the period before. */
async function carriesIn(
  trx: Db,
  merchantId: string,
  type: ContractType,
  period: Period,
): Promise<Map<string, bigint>> {
  const { rows } = await sql<{ agent_id: string; carry: bigint }>`
    select agent_id, carry_out_minor as carry from agent_contract_settlements
    where merchant_id = ${merchantId} and type = ${type} and period_end = ${period.start} and carry_out_minor <> 0`.execute(
    trx,
  );
  return new Map(rows.map((r) => [r.agent_id, BigInt(r.carry)]));
}

interface RunContext {
  merchantId: string;
  type: ContractType;
  period: Period;
  rules: ContractRules;
  now: Date;
  currency: string;
}

/** A payout's ledger transfer: from the house shard of the agent into its commission account. */
export async function payoutTransfer(
  db: Db,
  r: {
    merchantId: string;
    currency: string;
    agentId: string;
    contractId: bigint;
    periodStart: Date;
    type: ContractType;
  },
  amountMinor: bigint,
  /** The agent's commission account when already known (a run resolves them in one go). */
  commissionAccountId?: bigint,
): Promise<TransferRequest> {
  return {
    merchantId: r.merchantId,
    idempotencyKey: payoutKey(r.contractId, r.periodStart),
    code: 'commission',
    debitAccountId: await houseAccountFor(db, r.merchantId, r.currency, r.agentId),
    creditAccountId:
      commissionAccountId ?? (await memberAccountId(db, r.agentId, r.merchantId, 'commission', r.currency)),
    amountMinor,
    currency: r.currency,
    metadata: { contractId: r.contractId.toString(), type: r.type, periodStart: r.periodStart.toISOString() },
  };
}

async function payAndRecord(
  trx: Db,
  run: RunContext,
  settled: (NodeSettlement & { figures: ContractNode['figures'] })[],
): Promise<RunOutcome> {
  const toPay = settled.filter(
    (s) => s.amountMinor > 0n && s.amountMinor <= run.rules.approvalThresholdMinor,
  );
  const transferIds = new Map<bigint, bigint>();
  for (let i = 0; i < toPay.length; i += MAX_BATCH) {
    const chunk = toPay.slice(i, i + MAX_BATCH);
    // The chunk's commission accounts in two statements, not two round trips per agent.
    const accounts = await memberAccountIds(
      trx,
      run.merchantId,
      'commission',
      run.currency,
      chunk.map((s) => s.agentId),
    );
    const requests = await Promise.all(
      chunk.map((s) =>
        payoutTransfer(
          trx,
          { ...run, agentId: s.agentId, contractId: s.contractId, periodStart: run.period.start },
          s.amountMinor,
          accounts.get(s.agentId),
        ),
      ),
    );
    const results = await transferBatch(trx, requests);
    results.forEach((r, n) => {
      if (!r.ok) throw new Error(`agent contract payout refused: ${r.code}`);
      transferIds.set(chunk[n]!.contractId, r.transfer.id);
    });
  }
  const rows = settled.map((s) => {
    const awaiting = s.amountMinor > run.rules.approvalThresholdMinor;
    return {
      contract_id: s.contractId.toString(),
      agent_id: s.agentId,
      valid_bet_minor: s.figures.validBetMinor.toString(),
      profit_loss_minor: s.figures.profitMinor.toString(),
      active_members: s.figures.activeMembers,
      tier: s.tier,
      rate_units: s.valueUnits.toString(),
      gross_minor: s.grossMinor.toString(),
      downline_minor: s.downlineMinor.toString(),
      carry_in_minor: s.carryInMinor.toString(),
      carry_out_minor: s.carryOutMinor.toString(),
      amount_minor: s.amountMinor.toString(),
      status: awaiting ? 'awaiting_approval' : 'paid',
      transfer_id: transferIds.get(s.contractId)?.toString() ?? null,
    };
  });
  if (rows.length)
    await sql`
      insert into agent_contract_settlements (merchant_id, contract_id, agent_id, type, period_start, period_end, currency,
        valid_bet_minor, profit_loss_minor, active_members, tier, rate_units, gross_minor, downline_minor, carry_in_minor,
        carry_out_minor, amount_minor, status, transfer_id, created_at)
      select ${run.merchantId}, x.contract_id, x.agent_id, ${run.type}, ${run.period.start}, ${run.period.end}, ${run.currency},
        x.valid_bet_minor, x.profit_loss_minor, x.active_members, x.tier, x.rate_units, x.gross_minor, x.downline_minor,
        x.carry_in_minor, x.carry_out_minor, x.amount_minor, x.status, x.transfer_id, ${run.now}
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(contract_id bigint, agent_id uuid, valid_bet_minor bigint,
        profit_loss_minor bigint, active_members integer, tier smallint, rate_units bigint, gross_minor bigint,
        downline_minor bigint, carry_in_minor bigint, carry_out_minor bigint, amount_minor bigint, status text,
        transfer_id bigint)`.execute(trx);
  const sum = (xs: typeof settled) => xs.reduce((t, s) => t + s.amountMinor, 0n);
  return {
    merchantId: run.merchantId,
    type: run.type,
    period: run.period,
    contracts: settled.length,
    paidMinor: sum(toPay),
    awaitingMinor: sum(settled.filter((s) => s.amountMinor > run.rules.approvalThresholdMinor)),
  };
}

/**
 * An operator approves or rejects a payout that waited for approval: approved, it is paid now (the
 * same key as an automatic payout, so it can never be paid twice); rejected, nothing moves. Audited.
 */
export async function decideSettlement(
  db: Db,
  a: {
    merchantId: string;
    settlementId: bigint;
    approve: boolean;
    operator: AuditActor;
    reason: string | null;
    now: Date;
  },
): Promise<{ status: 'approved' | 'rejected'; transferId: bigint | null }> {
  return withLedgerTransaction(db, async (trx) => {
    const { rows } = await sql<{
      id: bigint;
      contract_id: bigint;
      agent_id: string;
      type: ContractType;
      period_start: Date;
      currency: string;
      amount_minor: bigint;
    }>`
      select id, contract_id, agent_id, type, period_start, currency, amount_minor from agent_contract_settlements
      where id = ${a.settlementId} and merchant_id = ${a.merchantId} and status = 'awaiting_approval'
      for update`.execute(trx);
    const s = rows[0];
    if (!s) throw new AppError('AGENT_SETTLEMENT_NOT_FOUND');
    let transferId: bigint | null = null;
    if (a.approve) {
      const request = await payoutTransfer(
        trx,
        {
          merchantId: a.merchantId,
          currency: s.currency,
          agentId: s.agent_id,
          contractId: BigInt(s.contract_id),
          periodStart: new Date(s.period_start),
          type: s.type,
        },
        BigInt(s.amount_minor),
      );
      transferId = (await transfer(trx, request)).id;
    }
    const status = a.approve ? 'approved' : 'rejected';
    await sql`update agent_contract_settlements set status = ${status}, transfer_id = ${transferId},
        decided_at = ${a.now}, decided_by = ${a.operator.username} where id = ${s.id}`.execute(trx);
    await recordAudit(trx, {
      operator: a.operator,
      action: `agent_settlement.${a.approve ? 'approve' : 'reject'}`,
      targetType: 'agent_contract_settlement',
      targetId: s.id.toString(),
      before: { status: 'awaiting_approval', amountMinor: s.amount_minor.toString() },
      after: { status, transferId: transferId?.toString() ?? null },
      reason: a.reason,
    });
    return { status, transferId };
  });
}
