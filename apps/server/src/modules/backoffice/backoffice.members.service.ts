import type { adjustmentRequest, memberLookupQuery, TransactionHistoryQuery } from '@sorte/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { offsetOf, pageOf } from '../../platform/http/paging.ts';
import {
  memberAccountId,
  memberBalance,
  memberHistory,
  systemAccountId,
  transfer,
  withLedgerTransaction,
} from '../ledger/index.ts';
import { recordAudit } from './backoffice.audit.ts';
import { auditExists } from './backoffice.repository.ts';
import type { OperatorPrincipal } from './backoffice.guard.ts';
import * as repo from './backoffice.members.repository.ts';

type LookupQuery = z.infer<typeof memberLookupQuery>;
type Adjustment = z.infer<typeof adjustmentRequest>;
type MemberRow = NonNullable<Awaited<ReturnType<typeof repo.findMember>>>;

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

function lookupItem(row: Omit<MemberRow, 'last_login_ip' | 'nickname' | 'currency' | 'upline_account'>) {
  return {
    id: row.id,
    account: row.account,
    type: row.type,
    status: row.status,
    realName: row.payee_name,
    mobile: row.mobile,
    email: row.email,
    createdAt: new Date(row.created_at).toISOString(),
    lastLoginAt: iso(row.last_login_at),
  };
}

export async function lookupMembers(ctx: AppContext, operator: OperatorPrincipal, query: LookupQuery) {
  const [total, rows] = await Promise.all([
    repo.countMembers(ctx.db, operator.merchantId, query.q),
    repo.findMembers(ctx.db, operator.merchantId, query.q, query.pageSize, offsetOf(query)),
  ]);
  return pageOf(rows.map(lookupItem), total, query);
}

/** Another merchant's member answers exactly like one that does not exist. */
async function memberOf(ctx: AppContext, operator: OperatorPrincipal, memberId: string): Promise<MemberRow> {
  const member = await repo.findMember(ctx.db, operator.merchantId, memberId);
  if (!member) throw new AppError('BO_NOT_FOUND');
  return member;
}

function walletsOf(balance: Awaited<ReturnType<typeof memberBalance>>) {
  return balance.wallets.map((w) => ({
    kind: w.kind,
    balanceMinor: Number(w.balanceMinor),
    pendingMinor: Number(w.pendingMinor),
  }));
}

export async function memberDetail(ctx: AppContext, operator: OperatorPrincipal, memberId: string) {
  const member = await memberOf(ctx, operator, memberId);
  const [balance, totals] = await Promise.all([
    memberBalance(ctx.db, member.id, operator.merchantId, member.currency),
    repo.cashTotals(ctx.db, operator.merchantId, member.id),
  ]);
  return {
    ...lookupItem(member),
    nickname: member.nickname,
    uplineAccount: member.upline_account,
    lastLoginIp: member.last_login_ip,
    currency: member.currency,
    wallets: walletsOf(balance),
    totalDepositedMinor: Number(totals.deposited),
    totalWithdrawnMinor: Number(totals.withdrawn),
  };
}

/** The member's movements exactly as the member centre shows them (same filters, same records). */
export async function memberLedger(
  ctx: AppContext,
  operator: OperatorPrincipal,
  memberId: string,
  query: TransactionHistoryQuery,
) {
  const member = await memberOf(ctx, operator, memberId);
  return memberHistory(ctx.db, ctx.clock, { memberId: member.id, merchantId: operator.merchantId }, query);
}

/**
 * A manual credit or debit of the member's main or bonus wallet against the merchant's adjustment
 * account, with the operator's reason in the transfer. The key is scoped to the operator, so a retry
 * (double click, lost answer) returns the first result and moves nothing, while two operators cannot
 * collide. The transfer and its audit row commit together; a retry writes no second audit row. A debit
 * beyond the wallet's balance is refused by the ledger (WALLET_INSUFFICIENT_FUNDS).
 */
export async function adjustMember(
  ctx: AppContext,
  operator: OperatorPrincipal,
  memberId: string,
  input: Adjustment,
) {
  const member = await memberOf(ctx, operator, memberId);
  const { merchantId } = operator;
  const result = await withLedgerTransaction(ctx.db, async (trx) => {
    const walletId = await memberAccountId(trx, member.id, merchantId, input.wallet, member.currency);
    const adjustmentId = await systemAccountId(trx, merchantId, 'adjustment', member.currency);
    const credit = input.direction === 'credit';
    const done = await transfer(trx, {
      merchantId,
      idempotencyKey: `bo-adjust:${operator.operatorId}:${input.idempotencyKey}`,
      code: 'adjustment',
      debitAccountId: credit ? adjustmentId : walletId,
      creditAccountId: credit ? walletId : adjustmentId,
      amountMinor: BigInt(input.amountMinor),
      currency: member.currency,
      metadata: { reason: input.reason, operator: operator.username, direction: input.direction },
    });
    const transferId = String(done.id);
    if (!(await auditExists(trx, merchantId, 'member.adjust', transferId)))
      await recordAudit(trx, {
        operator,
        action: 'member.adjust',
        targetType: 'transfer',
        targetId: transferId,
        after: {
          memberId: member.id,
          account: member.account,
          wallet: input.wallet,
          direction: input.direction,
          amountMinor: input.amountMinor,
          currency: member.currency,
        },
        reason: input.reason,
      });
    return transferId;
  });
  const balance = await memberBalance(ctx.db, member.id, merchantId, member.currency);
  return { transferId: result, wallets: walletsOf(balance) };
}
