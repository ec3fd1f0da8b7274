import { z } from 'zod';
import { pageQuery, paged } from './common.ts';
import { idempotencyKey, positiveMinor } from './cashier.ts';
import { minorUnits } from './wallet.ts';

/**
 * The operators' back office (apps/backoffice, API under /bo/). Operators are not members: their own
 * table, argon2id passwords, TOTP second factor, a role, and an audit entry for every action.
 */

/** Roles, from most to least powerful; each grants the permissions listed in OPERATOR_PERMISSIONS. */
export const OPERATOR_ROLES = ['admin', 'finance', 'support', 'auditor'] as const;
export const operatorRole = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof operatorRole>;

export const PERMISSIONS = [
  'cashier.read',
  'cashier.decide',
  'cashier.channels',
  'members.read',
  'members.adjust',
  'ledger.verify',
  'audit.read',
  'operators.manage',
  'merchant.config',
  'agents.read',
  'agents.manage',
  'agents.payouts',
  'promotions.review',
  'sportsbook.read',
  'sportsbook.trade',
] as const;
export type OperatorPermission = (typeof PERMISSIONS)[number];

/** One table, read by the server's guard and the back office's menu, so they cannot disagree. */
export const OPERATOR_PERMISSIONS: Record<OperatorRole, readonly OperatorPermission[]> = {
  admin: PERMISSIONS,
  finance: [
    'cashier.read',
    'cashier.decide',
    'cashier.channels',
    'members.read',
    'members.adjust',
    'ledger.verify',
    'agents.read',
    'agents.payouts',
    'promotions.review',
    'sportsbook.read',
  ],
  support: ['cashier.read', 'members.read', 'agents.read'],
  auditor: ['cashier.read', 'members.read', 'ledger.verify', 'audit.read', 'agents.read', 'sportsbook.read'],
};

// ---------------------------------------------------------------- sign-in

/** POST /bo/session/login. The token travels back in the `bo-token` header. */
export const operatorLoginRequest = z.object({
  merchant: z.string().trim().min(1).max(32),
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  /** Required once TOTP is enabled; omitted on the first step. */
  totpCode: z
    .string()
    .regex(/^[0-9]{6}$/)
    .optional(),
});
export const operatorLoginResponse = z.object({
  /** 'totp': send the code next; 'enroll': signed in, but TOTP must be set up before anything else. */
  next: z.enum(['done', 'totp', 'enroll']),
  token: z.string().nullable(),
});

export const operatorProfile = z.object({
  id: z.string(),
  username: z.string(),
  merchant: z.string(),
  role: operatorRole,
  permissions: z.array(z.string()),
  totpEnabled: z.boolean(),
});
export type OperatorProfile = z.infer<typeof operatorProfile>;

/** POST /bo/session/totp/setup → a fresh secret; POST /bo/session/totp/enable confirms with a code. */
export const totpSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const totpEnableRequest = z.object({ code: z.string().regex(/^[0-9]{6}$/) });

export const operatorCreateRequest = z.object({
  username: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_.-]{2,31}$/),
  password: z.string().min(10).max(128),
  role: operatorRole,
});
/**
 * POST /bo/session/enrolment: the token of a one-time enrolment link (`npm run operator -- create`)
 * and the password the operator chooses; TOTP is enrolled at the sign-in that follows.
 */
export const operatorEnrolmentRequest = z.object({
  token: z.string().min(20).max(128),
  password: operatorCreateRequest.shape.password,
});
export const operatorEnrolmentResponse = z.object({ merchant: z.string(), username: z.string() });

export const operatorPatchRequest = z.object({
  role: operatorRole.optional(),
  status: z.enum(['active', 'disabled']).optional(),
  /** Clears TOTP so the operator enrols again on next sign-in (lost phone). */
  resetTotp: z.literal(true).optional(),
});
export const operatorListItem = z.object({
  id: z.string(),
  username: z.string(),
  role: operatorRole,
  status: z.enum(['active', 'disabled']),
  totpEnabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});

// ---------------------------------------------------------------- cashier queue

/** GET /bo/cashier/deposits and /bo/cashier/withdrawals. */
export const cashierQueueQuery = pageQuery.extend({
  status: z.string().max(20).optional(),
  account: z.string().trim().max(64).optional(),
});
/** POST /bo/cashier/{deposits|withdrawals}/:id/{approve|reject}. A reason is always recorded. */
export const cashierDecision = z.object({
  reason: z.string().trim().min(2).max(500),
});
export const cashierQueueItem = z.object({
  id: z.string(),
  orderNo: z.string(),
  kind: z.enum(['deposit', 'withdrawal']),
  memberId: z.string(),
  account: z.string(),
  realName: z.string().nullable(),
  amountMinor: minorUnits,
  feeMinor: minorUnits,
  currency: z.string(),
  status: z.string(),
  /** Deposit: channel name; withdrawal: the payout account label. */
  method: z.string(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  hasProof: z.boolean(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type CashierQueueItem = z.infer<typeof cashierQueueItem>;
export const cashierQueuePage = paged(cashierQueueItem);

// ---------------------------------------------------------------- members

/** GET /bo/members?q= : account, mobile, email or id; prefix match on the account. */
export const memberLookupQuery = pageQuery.extend({ q: z.string().trim().max(64).default('') });
export const memberLookupItem = z.object({
  id: z.string(),
  account: z.string(),
  type: z.number().int(),
  status: z.string(),
  realName: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export const memberLookupPage = paged(memberLookupItem);

/** GET /bo/members/:id — profile, wallets, totals. */
export const memberDetail = memberLookupItem.extend({
  nickname: z.string().nullable(),
  uplineAccount: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  currency: z.string(),
  wallets: z.array(z.object({ kind: z.string(), balanceMinor: minorUnits, pendingMinor: minorUnits })),
  totalDepositedMinor: minorUnits,
  totalWithdrawnMinor: minorUnits,
});

/** POST /bo/members/:id/adjustments — a ledger transfer against the adjustment account. */
export const adjustmentRequest = z.object({
  wallet: z.enum(['main', 'bonus']),
  direction: z.enum(['credit', 'debit']),
  amountMinor: positiveMinor,
  reason: z.string().trim().min(5).max(500),
  idempotencyKey,
});

// ---------------------------------------------------------------- audit

export const auditQuery = pageQuery.extend({
  action: z.string().max(64).optional(),
  operator: z.string().max(64).optional(),
});
export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  operator: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});
export const auditPage = paged(auditEntry);
