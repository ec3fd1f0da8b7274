import type {
  FundsConsolidated,
  MerchantWalletInfo,
  transferDownlineRequest,
  transferUplineInfo,
  transferUplineRequest,
  WalletBalanceResponse,
  WalletTransferRequest,
} from '@sorte/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type MemberKind, memberAccountId, memberBalance, transfer } from '../ledger/index.ts';
import { findMemberByAccount, findMemberById, isAgentType, type MemberRow } from '../members/index.ts';
import { vendorsWithGames } from '../games/index.ts';
import { getCashierSettings } from './cashier-settings.ts';
import { cashierTotals } from './transfers.repository.ts';
import { turnoverStatus } from './turnover.ts';
import { hasWithdrawalPassword } from './withdrawal-password.service.ts';
import { withPasswordChecked } from './password-guarded.ts';

type TransferUplineInfo = z.infer<typeof transferUplineInfo>;
type TreeTransferInput = z.infer<typeof transferUplineRequest>;

/** Who is asking, and in which currency their wallets are kept (the merchant's). */
export interface WalletCaller {
  memberId: string;
  merchantId: string;
  currency: string;
  currencySymbol: string;
}

/**
 * A merchant configures a handful of transfer-mode vendors; this bounds the work one recall may do
 * even if the settings row were filled with garbage.
 */
const MAX_RECALL_VENDORS = 50;

const gameKind = (vendor: string): MemberKind => `game:${vendor}`;

// ---------------------------------------------------------------- merchant wallet mode

export async function merchantWallets(db: Db, merchantId: string): Promise<MerchantWalletInfo> {
  const settings = await getCashierSettings(db, merchantId);
  // A single-wallet merchant plays seamless vendors only: no game wallet is offered, whatever is listed.
  if (settings.singleWallet) return { isSingle: true, gameWallets: [] };
  // Nor is the wallet of a vendor none of whose games the site shows (the recall still empties it).
  const offered = await vendorsWithGames(
    db,
    merchantId,
    settings.transferVendors.map((v) => v.vendor),
  );
  return {
    isSingle: false,
    gameWallets: settings.transferVendors
      .filter((v) => offered.has(v.vendor))
      .map((v) => ({ kind: gameKind(v.vendor), vendor: v.vendor, name: v.name })),
  };
}

/** The balance answer the header reads (contracts walletBalanceResponse), after a movement. */
export async function balanceView(db: Db, caller: WalletCaller): Promise<WalletBalanceResponse> {
  const balance = await memberBalance(db, caller.memberId, caller.merchantId, caller.currency);
  return {
    sumBalance: Number(balance.sumBalanceMinor),
    balanceMinor: Number(balance.sumBalanceMinor),
    currency: caller.currency,
    currencySymbol: caller.currencySymbol,
    wallets: balance.wallets.map((w) => ({
      kind: w.kind,
      balanceMinor: Number(w.balanceMinor),
      pendingMinor: Number(w.pendingMinor),
    })),
    // Transfers between wallets are for real accounts only (trial accounts are refused before).
    playMoney: false,
    ledgerCurrency: caller.currency,
  };
}

// ---------------------------------------------------------------- main ↔ game wallets

/**
 * Moves money between the member's main wallet and one configured game wallet, in one ledger
 * transfer. The member's own key is namespaced by the member, so two members' keys never collide and
 * a retry (however many at once) finds its earlier transfer and moves nothing more.
 */
export async function walletTransfer(
  db: Db,
  caller: WalletCaller,
  input: WalletTransferRequest,
): Promise<WalletBalanceResponse> {
  const settings = await getCashierSettings(db, caller.merchantId);
  if (settings.singleWallet) throw new AppError('WALLET_SINGLE_MODE');
  const games = new Set(settings.transferVendors.map((v) => gameKind(v.vendor)));
  const valid =
    (input.from === 'main' && games.has(input.to as MemberKind)) ||
    (input.to === 'main' && games.has(input.from as MemberKind));
  if (!valid) throw new AppError('WALLET_TRANSFER_INVALID', { from: input.from, to: input.to });
  await moveBetweenOwnWallets(db, caller, {
    from: input.from as MemberKind,
    to: input.to as MemberKind,
    amountMinor: BigInt(input.amountMinor),
    key: `wallet-transfer:${caller.memberId}:${input.idempotencyKey}`,
  });
  return balanceView(db, caller);
}

async function moveBetweenOwnWallets(
  db: Db,
  caller: WalletCaller,
  move: { from: MemberKind; to: MemberKind; amountMinor: bigint; key: string },
): Promise<void> {
  const account = (kind: MemberKind) =>
    memberAccountId(db, caller.memberId, caller.merchantId, kind, caller.currency);
  await transfer(db, {
    merchantId: caller.merchantId,
    idempotencyKey: move.key,
    code: 'transfer',
    debitAccountId: await account(move.from),
    creditAccountId: await account(move.to),
    amountMinor: move.amountMinor,
    currency: caller.currency,
    metadata: { from: move.from, to: move.to },
  });
}

/**
 * Every game wallet the member holds with a spendable balance back to main, one transfer each, keyed
 * by the request key and the vendor. It walks the member's own game wallets, not the configured
 * vendor list, so money in the wallet of a vendor the merchant has since removed is never stranded;
 * and it is allowed in single-wallet mode for the same reason. Skipped, not failed: a wallet whose
 * balance dropped since it was read (a bet in flight), and a wallet this same key already recalled
 * (a retry, or money that arrived after the first recall — that needs a new request, not a
 * silently bigger old one).
 */
export async function recallGameWallets(
  db: Db,
  caller: WalletCaller,
  idempotencyKey: string,
): Promise<WalletBalanceResponse> {
  const balance = await memberBalance(db, caller.memberId, caller.merchantId, caller.currency);
  const gameWallets = balance.wallets.filter((w) => w.kind.startsWith('game:')).slice(0, MAX_RECALL_VENDORS);
  for (const wallet of gameWallets) {
    const spendable = wallet.balanceMinor - wallet.pendingMinor;
    if (spendable <= 0n) continue;
    try {
      await moveBetweenOwnWallets(db, caller, {
        from: wallet.kind as `game:${string}`,
        to: 'main',
        amountMinor: spendable,
        key: `wallet-recall:${caller.memberId}:${idempotencyKey}:${wallet.kind.slice('game:'.length)}`,
      });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== 'WALLET_INSUFFICIENT_FUNDS' && code !== 'LEDGER_IDEMPOTENCY_CONFLICT') throw error;
    }
  }
  return balanceView(db, caller);
}

// ---------------------------------------------------------------- consolidated funds

/**
 * The member's money at a glance. Wallet figures are balances; `pendingMinor` is what holds reserve
 * across them, so main + bonus + game wallets + commission − pending = total (spendable).
 */
export async function consolidatedFunds(db: Db, caller: WalletCaller): Promise<FundsConsolidated> {
  const balance = await memberBalance(db, caller.memberId, caller.merchantId, caller.currency);
  const sum = (pick: (kind: string) => boolean) =>
    balance.wallets.filter((w) => pick(w.kind)).reduce((s, w) => s + w.balanceMinor, 0n);
  const pending = balance.wallets.reduce((s, w) => s + w.pendingMinor, 0n);
  const totals = await cashierTotals(db, caller.merchantId, caller.memberId, caller.currency);
  const turnover = await turnoverStatus(db, caller.merchantId, caller.memberId);
  return {
    currency: caller.currency,
    mainMinor: Number(sum((k) => k === 'main')),
    bonusMinor: Number(sum((k) => k === 'bonus')),
    gameWalletsMinor: Number(sum((k) => k.startsWith('game:'))),
    commissionMinor: Number(sum((k) => k === 'commission')),
    pendingMinor: Number(pending),
    totalMinor: Number(balance.sumBalanceMinor),
    totalDepositedMinor: Number(totals.depositedMinor),
    totalWithdrawnMinor: Number(totals.withdrawnMinor),
    turnoverRemainingMinor: Number(turnover.remainingMinor),
  };
}

// ---------------------------------------------------------------- along the agent tree

/** The member, and the direct upline they may send to: an active agent of the same merchant, or null. */
async function uplineOf(
  db: Db,
  caller: WalletCaller,
): Promise<{ member: MemberRow; upline: MemberRow | null }> {
  const member = await findMemberById(db, caller.memberId);
  if (!member) throw new AppError('UNAUTHENTICATED');
  const parent = member.parent_id ? await findMemberById(db, member.parent_id) : undefined;
  const usable =
    parent &&
    parent.merchant_id === caller.merchantId &&
    isAgentType(parent.type) &&
    parent.status === 'active';
  return { member, upline: usable ? parent : null };
}

/** What the transferUpline page needs before the member types: whether, to whom, and how much. */
export async function uplineInfo(db: Db, caller: WalletCaller): Promise<TransferUplineInfo> {
  const { member, upline } = await uplineOf(db, caller);
  const balance = await memberBalance(db, caller.memberId, caller.merchantId, caller.currency);
  const main = balance.wallets.find((w) => w.kind === 'main');
  return {
    allowed: upline !== null,
    uplineAccount: upline?.account ?? null,
    availableMinor: Number(main ? main.balanceMinor - main.pendingMinor : 0n),
    hasWithdrawalPassword: await hasWithdrawalPassword(db, member.id),
  };
}

/** A member sends from their main wallet to their direct upline agent's main wallet. */
export async function transferToUpline(
  db: Db,
  caller: WalletCaller,
  input: TreeTransferInput,
  now: Date,
): Promise<WalletBalanceResponse> {
  const { member, upline } = await uplineOf(db, caller);
  if (!upline) throw new AppError('WALLET_NO_UPLINE');
  await treeTransfer(db, caller, { from: member, to: upline }, 'upline', input, now);
  return balanceView(db, caller);
}

/**
 * An agent sends from their main wallet to an active member of their **direct** downline (spec §6
 * says "transfer to downline" and no more; the stricter reading is taken: a sub-agent's members are
 * the sub-agent's to fund). An account that does not exist, one deeper down and one outside the
 * caller's team get the same answer, so the call reveals no accounts.
 */
export async function transferToDownline(
  db: Db,
  caller: WalletCaller & { type: number },
  input: z.infer<typeof transferDownlineRequest>,
  now: Date,
): Promise<WalletBalanceResponse> {
  if (!isAgentType(caller.type)) throw new AppError('AUTH_NOT_AGENT');
  const target = await findMemberByAccount(db, caller.merchantId, input.account);
  // A disabled member cannot use the money, so they are answered like any account outside the team.
  const below =
    target &&
    target.status === 'active' &&
    target.id !== caller.memberId &&
    target.parent_id === caller.memberId;
  if (!target || !below) throw new AppError('WALLET_NOT_DOWNLINE');
  const agent = await findMemberById(db, caller.memberId);
  if (!agent) throw new AppError('UNAUTHENTICATED');
  await treeTransfer(db, caller, { from: agent, to: target }, 'downline', input, now);
  return balanceView(db, caller);
}

/**
 * One ledger transfer between two members' main wallets, after the sender's withdrawal password, in
 * one transaction under the sender's row lock: copies of one request sent at once are checked one
 * after another, the first moves the money and the others find its transfer by the key. The
 * ledger's commit listener pushes the new balance to both members.
 */
async function treeTransfer(
  db: Db,
  caller: WalletCaller,
  parties: { from: MemberRow; to: MemberRow },
  direction: 'upline' | 'downline',
  input: TreeTransferInput,
  now: Date,
): Promise<void> {
  const check = {
    memberId: caller.memberId,
    merchantId: caller.merchantId,
    password: input.withdrawalPassword,
  };
  await withPasswordChecked(
    db,
    { ...check, now },
    { run: (trx) => moveTree(trx, caller, parties, direction, input) },
  );
}

async function moveTree(
  db: Db,
  caller: WalletCaller,
  parties: { from: MemberRow; to: MemberRow },
  direction: 'upline' | 'downline',
  input: TreeTransferInput,
): Promise<void> {
  const main = (memberId: string) =>
    memberAccountId(db, memberId, caller.merchantId, 'main', caller.currency);
  await transfer(db, {
    merchantId: caller.merchantId,
    idempotencyKey: `${direction}-transfer:${caller.memberId}:${input.idempotencyKey}`,
    code: 'transfer',
    debitAccountId: await main(parties.from.id),
    creditAccountId: await main(parties.to.id),
    amountMinor: BigInt(input.amountMinor),
    currency: caller.currency,
    metadata: { direction, from: parties.from.account, to: parties.to.account },
  });
}
