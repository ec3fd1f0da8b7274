import { z } from 'zod';
import { pendingContractRequests } from './agent-contracts.ts';
import { pageQuery, paged } from './common.ts';
import { minorUnits } from './wallet.ts';

/**
 * The cashier: payment channels, deposits, withdrawals, payout accounts, the withdrawal password,
 * wallet transfers and transfers along the agent tree. Amounts are integers in minor units.
 */

/** A positive amount a player may type; the server checks channel and merchant bounds on top. */
export const positiveMinor = z.number().int().min(1).max(1_000_000_000_000);
/** Caller-chosen, unique per request the caller means once (a UUID from the browser). */
export const idempotencyKey = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/);

// ---------------------------------------------------------------- payment channels

export const CHANNEL_TYPES = ['manual_bank', 'manual_pix', 'gateway'] as const;
export const channelType = z.enum(CHANNEL_TYPES);
export type ChannelType = z.infer<typeof channelType>;

/** What the site shows for a manual channel: the operator's account the player pays into. */
export const manualAccountDetails = z.object({
  bankName: z.string().max(80).optional(),
  branch: z.string().max(20).optional(),
  accountNumber: z.string().max(40).optional(),
  holderName: z.string().max(120).optional(),
  pixKey: z.string().max(140).optional(),
  pixKeyType: z.enum(['cpf', 'cnpj', 'email', 'phone', 'random']).optional(),
  instructions: z.string().max(500).optional(),
});
export type ManualAccountDetails = z.infer<typeof manualAccountDetails>;

/** A payment channel as the player sees it (GET /wps/cashier/channels). */
export const paymentChannel = z.object({
  id: z.string(),
  name: z.string(),
  type: channelType,
  currency: z.string(),
  minMinor: minorUnits,
  maxMinor: minorUnits,
  /** Fee charged to the player: basis points of the amount plus a fixed part. */
  feeBps: z.number().int(),
  feeFixedMinor: minorUnits,
  /** Preset amounts the deposit page offers as one-tap buttons. */
  quickAmountsMinor: z.array(minorUnits),
  /** Manual channels only. */
  account: manualAccountDetails.nullable(),
});
export type PaymentChannel = z.infer<typeof paymentChannel>;

/** The operator's view adds limits, order and the switch (GET/POST/PATCH /bo/cashier/channels). */
export const operatorPaymentChannel = paymentChannel.extend({
  /** For gateway channels: which gateway adapter ('sandbox' is built in). */
  gateway: z.string().nullable(),
  dailyLimitMinor: minorUnits.nullable(),
  dailyCountLimit: z.number().int().nullable(),
  sortOrder: z.number().int(),
  enabled: z.boolean(),
});
export type OperatorPaymentChannel = z.infer<typeof operatorPaymentChannel>;

/** A channel's fields without defaults: the patch must carry only what the operator sent. */
const channelFields = z.object({
  name: z.string().trim().min(1).max(60),
  type: channelType,
  gateway: z.string().max(32).nullable(),
  minMinor: positiveMinor,
  maxMinor: positiveMinor,
  feeBps: z.number().int().min(0).max(5_000),
  feeFixedMinor: z.number().int().min(0).max(1_000_000_00),
  dailyLimitMinor: positiveMinor.nullable(),
  dailyCountLimit: z.number().int().min(1).max(1_000).nullable(),
  quickAmountsMinor: z.array(positiveMinor).max(8),
  account: manualAccountDetails.nullable(),
  sortOrder: z.number().int().min(0).max(10_000),
  enabled: z.boolean(),
});
export const operatorChannelInput = channelFields.extend({
  gateway: channelFields.shape.gateway.default(null),
  feeBps: channelFields.shape.feeBps.default(0),
  feeFixedMinor: channelFields.shape.feeFixedMinor.default(0),
  dailyLimitMinor: channelFields.shape.dailyLimitMinor.default(null),
  dailyCountLimit: channelFields.shape.dailyCountLimit.default(null),
  quickAmountsMinor: channelFields.shape.quickAmountsMinor.default([]),
  account: channelFields.shape.account.default(null),
  sortOrder: channelFields.shape.sortOrder.default(0),
  enabled: channelFields.shape.enabled.default(true),
});
/** PATCH: any subset of the fields; absent fields stay as they are (no defaults filled in). */
export const operatorChannelPatch = channelFields.partial();

// ---------------------------------------------------------------- deposits

export const DEPOSIT_STATUSES = ['pending', 'approved', 'rejected', 'failed', 'expired'] as const;
export const depositStatus = z.enum(DEPOSIT_STATUSES);

/** POST /wps/cashier/deposit. */
export const depositRequest = z.object({
  channelId: z.string().min(1).max(64),
  amountMinor: positiveMinor,
  /** Manual channels: the player's transfer reference (end-to-end id, receipt number). */
  reference: z.string().trim().max(120).optional(),
  idempotencyKey,
});
export type DepositRequest = z.infer<typeof depositRequest>;

/**
 * A PIX charge as the gateway issued it (gateway channels that pay by PIX): the deposit page draws
 * `brCode` as a QR code and offers it as "copia e cola" until `expiresAt`.
 */
export const pixCharge = z.object({
  /** The EMV QR payload (BR Code), CRC included: what a bank app reads and what the player pastes. */
  brCode: z.string(),
  expiresAt: z.string(),
  /** The built-in sandbox gateway: no bank will pay it; its hosted page (redirectUrl) plays the bank. */
  sandbox: z.boolean(),
});
export type PixCharge = z.infer<typeof pixCharge>;

export const depositOrder = z.object({
  id: z.string(),
  /** Shown to the player and the operator: 'D' + date + sequence. */
  orderNo: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  channelType,
  amountMinor: minorUnits,
  feeMinor: minorUnits,
  /** What reaches the main wallet: amount − fee. */
  creditMinor: minorUnits,
  currency: z.string(),
  status: depositStatus,
  reference: z.string().nullable(),
  /** Gateway channels: where the browser goes to pay. */
  redirectUrl: z.string().nullable(),
  /** Pending orders on a PIX gateway: the charge to show inside the site (then redirectUrl is no step). */
  pix: pixCharge.nullable(),
  /** Manual channels: the account to pay into. */
  account: manualAccountDetails.nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type DepositOrder = z.infer<typeof depositOrder>;

export const cashierOrdersQuery = pageQuery.extend({
  status: z.string().max(20).optional(),
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
});
export const depositOrderPage = paged(depositOrder);

/**
 * The gateway's callback (POST /providers/payments/:gateway/callback), signed with HMAC-SHA256 over
 * the raw body in the `x-signature` header (hex), with the merchant's gateway secret.
 */
export const gatewayCallback = z.object({
  /** Our deposit id, as we sent it to the gateway. */
  merchantOrderId: z.string().min(1).max(64),
  /** The gateway's own transaction id: the callback is idempotent by it. */
  gatewayTxnId: z.string().min(1).max(100),
  amountMinor: positiveMinor,
  currency: z.string().regex(/^[A-Z]{3,5}$/),
  status: z.enum(['success', 'failed']),
});
export type GatewayCallback = z.infer<typeof gatewayCallback>;

// ---------------------------------------------------------------- payout accounts

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;

/** A bank account or a PIX key the player withdraws to; the holder must be the member. */
export const payoutAccountInput = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('bank'),
    bankName: z.string().trim().min(2).max(80),
    branch: z
      .string()
      .trim()
      .regex(/^[0-9]{1,6}(-[0-9Xx])?$/),
    accountNumber: z
      .string()
      .trim()
      .regex(/^[0-9]{3,20}(-[0-9Xx])?$/),
    holderName: z.string().trim().min(2).max(120),
  }),
  z.object({
    type: z.literal('pix'),
    pixKeyType: z.enum(PIX_KEY_TYPES),
    pixKey: z.string().trim().min(3).max(140),
    holderName: z.string().trim().min(2).max(120),
  }),
]);
export type PayoutAccountInput = z.infer<typeof payoutAccountInput>;

export const payoutAccount = z.object({
  id: z.string(),
  type: z.enum(['bank', 'pix']),
  /** Masked for display: bank name + last digits, or the PIX key with its middle hidden. */
  label: z.string(),
  holderName: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccount>;

/** Six digits, the common form for a withdrawal PIN. */
export const withdrawalPasswordValue = z.string().regex(/^[0-9]{6}$/);
/** POST /wps/member/withdrawal-password: set (no old one yet) or change (old one required). */
export const withdrawalPasswordRequest = z.object({
  oldPassword: withdrawalPasswordValue.optional(),
  newPassword: withdrawalPasswordValue,
  confirmPassword: withdrawalPasswordValue,
});

// ---------------------------------------------------------------- withdrawals

/**
 * pending (funds reserved) → approved (paid out; the hold is posted) → received (the player
 * confirmed, or the merchant's auto-receipt minutes passed); or pending → rejected (hold voided).
 * not_received: the player reported the money missing, with a proof image, for an operator to chase.
 */
export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected', 'received', 'not_received'] as const;
export const withdrawalStatus = z.enum(WITHDRAWAL_STATUSES);

/** GET /wps/cashier/withdraw/info: what the withdraw page needs before the player types. */
export const withdrawInfo = z.object({
  currency: z.string(),
  /** Main wallet, spendable. */
  availableMinor: minorUnits,
  minMinor: minorUnits,
  maxMinor: minorUnits,
  dailyCountLimit: z.number().int(),
  usedTodayCount: z.number().int(),
  feeBps: z.number().int(),
  feeFixedMinor: minorUnits,
  /** Betting still required before a withdrawal is allowed (0 when met). */
  turnoverRemainingMinor: minorUnits,
  turnoverRequiredMinor: minorUnits,
  turnoverDoneMinor: minorUnits,
  hasWithdrawalPassword: z.boolean(),
  realName: z.string().nullable(),
  payoutAccounts: z.array(payoutAccount),
  autoReceiptMinutes: z.number().int(),
});
export type WithdrawInfo = z.infer<typeof withdrawInfo>;

/** POST /wps/cashier/withdraw. */
export const withdrawRequest = z.object({
  amountMinor: positiveMinor,
  payoutAccountId: z.string().min(1).max(64),
  withdrawalPassword: withdrawalPasswordValue,
  idempotencyKey,
  /**
   * With an active bonus, a request without this is refused (BONUS_FORFEIT_CONFIRMATION_REQUIRED,
   * the bonus in the details); true confirms that the bonus is forfeited with the request.
   */
  forfeitBonus: z.boolean().optional(),
});
export type WithdrawRequest = z.infer<typeof withdrawRequest>;

export const withdrawalOrder = z.object({
  id: z.string(),
  orderNo: z.string(),
  amountMinor: minorUnits,
  feeMinor: minorUnits,
  /** What the player receives: amount − fee. */
  payoutMinor: minorUnits,
  currency: z.string(),
  status: withdrawalStatus,
  payoutAccount: z.object({ type: z.enum(['bank', 'pix']), label: z.string(), holderName: z.string() }),
  reason: z.string().nullable(),
  /** After approval: when an unconfirmed receipt counts as received. */
  autoReceiptAt: z.string().nullable(),
  receivedAmountMinor: minorUnits.nullable(),
  hasProof: z.boolean(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type WithdrawalOrder = z.infer<typeof withdrawalOrder>;

/**
 * The WebSocket push to the member when an operator decides one of their orders: the web refetches
 * its deposit and withdrawal lists (the push carries no amount to trust, like balance-changed).
 */
export const cashierOrderMessage = z.object({
  type: z.literal('cashier.order'),
  kind: z.enum(['deposit', 'withdrawal']),
  id: z.string(),
  status: z.string(),
});
export type CashierOrderMessage = z.infer<typeof cashierOrderMessage>;
export const withdrawalOrderPage = paged(withdrawalOrder);

/**
 * POST /wps/cashier/withdrawals/:id/receipt, multipart/form-data: `received` ('true'|'false'),
 * `receivedAmountMinor` (optional, when part arrived), `proof` (png/jpg ≤ 5 MB, required when not received).
 */
export const receiptFields = z.object({
  received: z.enum(['true', 'false']).transform((v) => v === 'true'),
  receivedAmountMinor: z.coerce.number().int().min(0).max(1_000_000_000_000).optional(),
});
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_TYPES = ['image/png', 'image/jpeg'] as const;

// ---------------------------------------------------------------- wallet transfers

/** 'main' or a transfer-mode vendor's game wallet 'game:<vendor>'. */
export const walletKind = z.string().regex(/^(main|game:[a-z0-9_-]{1,32})$/);

/** POST /wps/v2/wallets/transfer: between the main wallet and a game wallet (one side must be main). */
export const walletTransferRequest = z.object({
  from: walletKind,
  to: walletKind,
  amountMinor: positiveMinor,
  idempotencyKey,
});
export type WalletTransferRequest = z.infer<typeof walletTransferRequest>;

/** POST /wps/v2/wallets/recall: every game wallet back to main in one go. */
export const walletRecallRequest = z.object({ idempotencyKey });

/** GET /wps/v2/wallets/merchant: single wallet (seamless vendors only) or transfer wallets. */
export const merchantWalletInfo = z.object({
  isSingle: z.boolean(),
  /** Transfer-mode vendors with their own game wallet, in display order. */
  gameWallets: z.array(z.object({ kind: z.string(), vendor: z.string(), name: z.string() })),
});
export type MerchantWalletInfo = z.infer<typeof merchantWalletInfo>;

/** GET /wps/member/info/funds/consolidated. The contract flags ask for the pending contract requests of their type. */
export const fundsConsolidatedQuery = z.object({
  dailysalreqtype: z.string().max(10).optional(),
  divtypereq: z.string().max(10).optional(),
  contracthoursalreq: z.string().max(10).optional(),
  realtimesalreqtype: z.string().max(10).optional(),
});
export const fundsConsolidated = z.object({
  currency: z.string(),
  mainMinor: minorUnits,
  bonusMinor: minorUnits,
  gameWalletsMinor: minorUnits,
  commissionMinor: minorUnits,
  /** Reserved by pending withdrawals and open bets. */
  pendingMinor: minorUnits,
  /** Spendable over all wallets. */
  totalMinor: minorUnits,
  totalDepositedMinor: minorUnits,
  totalWithdrawnMinor: minorUnits,
  turnoverRemainingMinor: minorUnits,
  /**
   * With any of the contract flags of the query set: the pending contract requests (a new contract or
   * a termination) addressed to the member, counted per type asked for — dailysalreqtype: daily,
   * divtypereq: dividend, contracthoursalreq: hourly, realtimesalreqtype: realtime. Absent otherwise.
   */
  pendingContractRequests: pendingContractRequests.optional(),
});
export type FundsConsolidated = z.infer<typeof fundsConsolidated>;

/**
 * POST /wps/member/transfer/upline: a member sends from the main wallet to the direct upline agent.
 * POST /wps/agent/transfer/downline: an agent sends to a member of their own downline (by account).
 * Both check the withdrawal password, since money leaves the member for good.
 */
export const transferUplineRequest = z.object({
  amountMinor: positiveMinor,
  withdrawalPassword: withdrawalPasswordValue,
  idempotencyKey,
});
export const transferDownlineRequest = transferUplineRequest.extend({
  account: z.string().trim().min(1).max(64),
});
/** GET /wps/member/transfer/upline: whether this member may send to an upline, and to whom. */
export const transferUplineInfo = z.object({
  allowed: z.boolean(),
  uplineAccount: z.string().nullable(),
  availableMinor: minorUnits,
  hasWithdrawalPassword: z.boolean(),
});

// ---------------------------------------------------------------- security centre

/** GET /wps/member/security: the "my account" page of the member centre. */
export const securityOverview = z.object({
  account: z.string(),
  nickname: z.string().nullable(),
  realName: z.string().nullable(),
  /** Masked ('j***@example.com', '+55 ******1234'); null when not bound. */
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  hasWithdrawalPassword: z.boolean(),
  payoutAccounts: z.array(payoutAccount),
  recentLogins: z.array(
    z.object({ at: z.string(), ip: z.string().nullable(), device: z.string().nullable() }),
  ),
  createdAt: z.string(),
});
export type SecurityOverview = z.infer<typeof securityOverview>;

/** PATCH /wps/member/profile: what a member may edit; the real name only while still empty. */
export const profilePatch = z.object({
  nickname: z.string().trim().min(1).max(30).optional(),
  realName: z
    .string()
    .trim()
    .min(2)
    .max(120)
    .regex(/^[\p{L}][\p{L} .'-]*$/u)
    .optional(),
});
