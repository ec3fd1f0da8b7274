import { z } from 'zod';
import { paged, pageQuery } from './common.ts';

/** Amounts on the wire are integers in minor units (ARCHITECTURE §4): 1234 BRL minor = R$ 12,34. */
export const minorUnits = z.number().int();

export const walletBalanceItem = z.object({
  /** 'main', 'bonus', 'game:<vendor>', 'commission'. */
  kind: z.string(),
  balanceMinor: minorUnits,
  /** Reserved by open holds (pending withdrawals, unsettled bets); not spendable. */
  pendingMinor: minorUnits,
});
export type WalletBalanceItem = z.infer<typeof walletBalanceItem>;

/** GET /wps/v2/wallets/balance. */
export const walletBalanceResponse = z.object({
  /** Spendable total over every wallet: sum of (balanceMinor - pendingMinor). */
  sumBalance: minorUnits,
  /** The same figure under the name the web header reads. */
  balanceMinor: minorUnits,
  /** The currency the amounts show in (the merchant's; play money shows in it too). */
  currency: z.string(),
  currencySymbol: z.string(),
  wallets: z.array(walletBalanceItem),
  /**
   * True for a trial (free play) account: the amounts are play money, kept in the ledger under its
   * own currency (`ledgerCurrency`, e.g. 'XBRL'), never withdrawable and never in real-money figures.
   */
  playMoney: z.boolean(),
  /** The ledger currency of the amounts: the merchant's, or its play-money code. */
  ledgerCurrency: z.string(),
});
export type WalletBalanceResponse = z.infer<typeof walletBalanceResponse>;

/** POST /wps/v2/wallets/play-money/top-up: back to the starting play balance, idempotent by key. */
export const playMoneyTopUpRequest = z.object({ idempotencyKey: z.string().min(1).max(64) });
export const playMoneyTopUpResponse = z.object({
  /** What the top-up added; 0 when the play balance was already full. */
  toppedUpMinor: minorUnits,
  balanceMinor: minorUnits,
  currency: z.string(),
  ledgerCurrency: z.string(),
});
export type PlayMoneyTopUpResponse = z.infer<typeof playMoneyTopUpResponse>;

/**
 * The reason a play-money top-up (and a trial's starting grant) carries on its 'adjustment' transfer:
 * the statement shows such a record as a play-money top-up, not as an operator's adjustment.
 */
export const PLAY_MONEY_REASON = 'play_money';

/**
 * Transfer codes: why money moved. The ledger refuses any other code, and the account-records page
 * offers them as a filter without asking the server.
 */
export const TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'bet',
  'win',
  'refund',
  'bonus',
  'commission',
  'transfer',
  'adjustment',
  'fee',
  'rebate',
  'jackpot',
] as const;
export const transactionType = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof transactionType>;

/** The longest date range one history query may cover (keeps every query bounded). */
export const MAX_HISTORY_RANGE_DAYS = 366;

/** 'YYYY-MM-DD' (a whole UTC day) or an ISO date-time with a zone ('2026-01-31T12:00:00Z'). */
const historyDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** GET /wps/member/transaction/history. Dates are checked for order and range by the server. */
export const transactionHistoryQuery = pageQuery.extend({
  type: transactionType.optional(),
  /** Inclusive start; a bare date starts at 00:00 UTC. Default: MAX_HISTORY_RANGE_DAYS before dateTo. */
  dateFrom: historyDate.optional(),
  /** Inclusive end; a bare date covers the whole UTC day. Default: now. */
  dateTo: historyDate.optional(),
  /** A wallet kind: 'main', 'bonus', 'commission', 'game:<vendor>'. */
  wallet: z
    .string()
    .max(64)
    .regex(/^[a-z_]+(:[a-z0-9_-]+)?$/)
    .optional(),
});
export type TransactionHistoryQuery = z.infer<typeof transactionHistoryQuery>;

/** GET /wps/member/transaction/detail. */
export const transactionDetailQuery = z.object({
  /**
   * A record id as the history returns it: 'e<entry id>', 'w<entry id>' (the win line of an in-house
   * round settled as one net transfer) or 'h<hold transfer id>'.
   */
  id: z.string().regex(/^[ehw][1-9][0-9]{0,17}$/),
});
export type TransactionDetailQuery = z.infer<typeof transactionDetailQuery>;

/** One movement on one of the member's wallets. */
export const transactionRecord = z.object({
  /**
   * 'e<id>' for a posted ledger entry, 'h<id>' for a hold (reserved funds, no entry yet); an in-house
   * round settled as one net transfer shows as its bet ('e<entry id>') and its win ('w<entry id>').
   */
  id: z.string(),
  /** ISO 8601, UTC. */
  time: z.string(),
  type: transactionType,
  /** The wallet kind: 'main', 'bonus', 'commission', 'game:<vendor>'. */
  wallet: z.string(),
  currency: z.string(),
  /** Signed: positive credits the member, negative debits (a hold shows the amount it reserves). */
  amountMinor: minorUnits,
  /** The wallet's balance right after this entry; null for a hold, which moves no balance. */
  balanceAfterMinor: minorUnits.nullable(),
  /** 'pending' and 'voided' only for holds; a posted hold shows as its posted entry. */
  status: z.enum(['posted', 'pending', 'voided']),
  /** The ledger transfer id, as a string. */
  reference: z.string(),
  /** The operator's reason, for adjustments only. */
  reason: z.string().nullable(),
  /** The game a bet or win was for, as the catalog names it in the reader's language; null otherwise. */
  gameName: z.string().nullable(),
});
export type TransactionRecord = z.infer<typeof transactionRecord>;

export const transactionHistoryResponse = paged(transactionRecord);
export type TransactionHistoryResponse = z.infer<typeof transactionHistoryResponse>;
