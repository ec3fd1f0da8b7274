import type {
  DepositOrder,
  FundsConsolidated,
  MerchantWalletInfo,
  PaymentChannel,
  PayoutAccount,
  PayoutAccountInput,
  SecurityOverview,
  TransactionHistoryResponse,
  TransactionRecord,
  WalletBalanceResponse,
  WithdrawalOrder,
  WithdrawInfo,
} from '@sorte/contracts';
import { useCallback, useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, apiDelete, apiGet, apiPatch, apiPost, buildHeaders, unwrapEnvelope } from '../../lib/api';
import { onMemberMessage } from '../../lib/realtime';
import { useSession } from '../../lib/session';

/** A page of a list endpoint (contracts `paged`). */
export interface Page<T> {
  list: T[];
  pageNo: number;
  pageSize: number;
  totalPages: number;
  total: number;
}

export interface UplineInfo {
  allowed: boolean;
  uplineAccount: string | null;
  availableMinor: number;
  hasWithdrawalPassword: boolean;
}

export interface HistoryFilters {
  type?: string;
  dateFrom?: string;
  dateTo?: string;
  wallet?: string;
  pageNo: number;
  pageSize: number;
}

export const CASHIER_PAGE_SIZE = 10;

/**
 * Query keys, scoped by the session token so one player's orders never show for the next. Wallet
 * balances sit under ['wallet', 'balance'] so the live balance push refreshes them with the header.
 */
export const cashierKeys = {
  all: ['cashier'] as const,
  scope: (token: string | null) => ['cashier', token] as const,
  channels: (token: string | null) => [...cashierKeys.scope(token), 'channels'] as const,
  deposits: (token: string | null, pageNo: number) =>
    [...cashierKeys.scope(token), 'deposits', pageNo] as const,
  deposit: (token: string | null, id: string) => [...cashierKeys.scope(token), 'deposit', id] as const,
  withdrawInfo: (token: string | null) => [...cashierKeys.scope(token), 'withdrawInfo'] as const,
  withdrawals: (token: string | null, pageNo: number) =>
    [...cashierKeys.scope(token), 'withdrawals', pageNo] as const,
  security: (token: string | null) => [...cashierKeys.scope(token), 'security'] as const,
  payoutAccounts: (token: string | null) => [...cashierKeys.scope(token), 'payoutAccounts'] as const,
  merchantWallets: (token: string | null) => [...cashierKeys.scope(token), 'merchantWallets'] as const,
  funds: (token: string | null) => [...cashierKeys.scope(token), 'funds'] as const,
  upline: (token: string | null) => [...cashierKeys.scope(token), 'upline'] as const,
  /** With the language: the records name their games in it. */
  history: (token: string | null, filters: HistoryFilters, language: string) =>
    [...cashierKeys.scope(token), 'history', filters, language] as const,
  detail: (token: string | null, id: string, language: string) =>
    [...cashierKeys.scope(token), 'detail', id, language] as const,
  wallets: (token: string | null) => ['wallet', 'balance', token, 'wallets'] as const,
};

function useToken() {
  return useSession((s) => s.token);
}

/** After money moved: the header balance, every wallet figure and every cashier list are stale. */
export function useInvalidateMoney() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
        queryClient.invalidateQueries({ queryKey: cashierKeys.all }),
      ]),
    [queryClient],
  );
}

function useCashierQuery<T>(
  key: readonly unknown[],
  path: string,
  query?: Record<string, string | number | undefined>,
) {
  const token = useToken();
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiGet<T>(path, { query, signal }),
    enabled: Boolean(token),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}

// ---------------------------------------------------------------- deposits

export function useChannels() {
  return useCashierQuery<PaymentChannel[]>(cashierKeys.channels(useToken()), '/wps/cashier/channels');
}

/**
 * While an order list is on screen: an operator's decision pushed over the socket (cashier.order),
 * or a reconnection that may have missed one, refetches the cashier lists, so "Meus saques" shows
 * the new status without a reload (issue 13 #8).
 */
function useOrderPush() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onMemberMessage((message) => {
        if (message.type === 'cashier.order' || message.type === 'realtime.reconnected')
          void queryClient.invalidateQueries({ queryKey: cashierKeys.all });
      }),
    [queryClient],
  );
}

export function useDeposits(pageNo: number) {
  useOrderPush();
  return useCashierQuery<Page<DepositOrder>>(
    cashierKeys.deposits(useToken(), pageNo),
    '/wps/cashier/deposits',
    {
      pageNo,
      pageSize: CASHIER_PAGE_SIZE,
    },
  );
}

/** How often and how many times a returning gateway order is polled while it is still pending. */
export const ORDER_POLL_MS = 3000;
export const ORDER_POLL_MAX = 40;

/**
 * One deposit, refetched when its status is pushed (cashier.order, after a gateway's callback or an
 * operator's decision). `poll`: also polled while pending (bounded), e.g. after the player comes back
 * from a gateway's page; a PIX charge on screen needs no poll, the push tells it when the bank paid.
 */
export function useDepositOrder(id: string | undefined, { poll = true }: { poll?: boolean } = {}) {
  useOrderPush();
  const token = useToken();
  return useQuery({
    queryKey: cashierKeys.deposit(token, id ?? ''),
    queryFn: ({ signal }) =>
      apiGet<DepositOrder>(`/wps/cashier/deposits/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(token && id),
    refetchInterval: (query) =>
      poll && query.state.data?.status === 'pending' && query.state.dataUpdateCount < ORDER_POLL_MAX
        ? ORDER_POLL_MS
        : false,
  });
}

export function useCreateDeposit() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: {
      channelId: string;
      amountMinor: number;
      reference?: string;
      idempotencyKey: string;
    }) => apiPost<DepositOrder>('/wps/cashier/deposit', body),
    onSuccess: () => invalidate(),
  });
}

// ---------------------------------------------------------------- withdrawals

export function useWithdrawInfo() {
  return useCashierQuery<WithdrawInfo>(cashierKeys.withdrawInfo(useToken()), '/wps/cashier/withdraw/info');
}

export function useWithdrawals(pageNo: number) {
  useOrderPush();
  return useCashierQuery<Page<WithdrawalOrder>>(
    cashierKeys.withdrawals(useToken(), pageNo),
    '/wps/cashier/withdrawals',
    { pageNo, pageSize: CASHIER_PAGE_SIZE },
  );
}

export function useWithdraw() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: {
      amountMinor: number;
      payoutAccountId: string;
      withdrawalPassword: string;
      idempotencyKey: string;
      /** Confirms that an active bonus is forfeited with this request. */
      forfeitBonus?: boolean;
    }) => apiPost<WithdrawalOrder>('/wps/cashier/withdraw', body),
    onSuccess: () => invalidate(),
  });
}

export interface ReceiptInput {
  id: string;
  received: boolean;
  receivedAmountMinor?: number;
  proof?: File;
}

/** Multipart: the proof image travels as a file, not JSON. */
export async function postReceipt(input: ReceiptInput): Promise<WithdrawalOrder> {
  const form = new FormData();
  form.set('received', input.received ? 'true' : 'false');
  if (input.receivedAmountMinor !== undefined)
    form.set('receivedAmountMinor', String(input.receivedAmountMinor));
  if (input.proof) form.set('proof', input.proof, input.proof.name);
  let response: Response;
  try {
    response = await fetch(`/wps/cashier/withdrawals/${encodeURIComponent(input.id)}/receipt`, {
      method: 'POST',
      headers: buildHeaders(),
      body: form,
    });
  } catch {
    throw new ApiError('NETWORK_ERROR', 'network unstable', 0);
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return unwrapEnvelope<WithdrawalOrder>(response.status, parsed);
}

export function useReceipt() {
  const invalidate = useInvalidateMoney();
  return useMutation({ mutationFn: postReceipt, onSuccess: () => invalidate() });
}

// ---------------------------------------------------------------- member security, payout accounts

export function useSecurity() {
  return useCashierQuery<SecurityOverview>(cashierKeys.security(useToken()), '/wps/member/security');
}

function useInvalidateCashier() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: cashierKeys.all });
}

export function useAddPayoutAccount() {
  const invalidate = useInvalidateCashier();
  return useMutation({
    mutationFn: (body: PayoutAccountInput) => apiPost<PayoutAccount>('/wps/member/payout-accounts', body),
    onSuccess: () => invalidate(),
  });
}

export function useRemovePayoutAccount() {
  const invalidate = useInvalidateCashier();
  return useMutation({
    mutationFn: (id: string) => apiDelete<unknown>(`/wps/member/payout-accounts/${encodeURIComponent(id)}`),
    onSuccess: () => invalidate(),
  });
}

export function useDefaultPayoutAccount() {
  const invalidate = useInvalidateCashier();
  return useMutation({
    mutationFn: (id: string) =>
      apiPost<unknown>(`/wps/member/payout-accounts/${encodeURIComponent(id)}/default`),
    onSuccess: () => invalidate(),
  });
}

export function useSetWithdrawalPassword() {
  const invalidate = useInvalidateCashier();
  return useMutation({
    mutationFn: (body: { oldPassword?: string; newPassword: string; confirmPassword: string }) =>
      apiPost<unknown>('/wps/member/withdrawal-password', body),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { nickname?: string; realName?: string }) =>
      apiPatch<unknown>('/wps/member/profile', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cashierKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['member'] }),
      ]),
  });
}

// ---------------------------------------------------------------- wallets

export function useWalletBalances() {
  const token = useToken();
  return useQuery({
    queryKey: cashierKeys.wallets(token),
    queryFn: ({ signal }) => apiGet<WalletBalanceResponse>('/wps/v2/wallets/balance', { signal }),
    enabled: Boolean(token),
    staleTime: 10_000,
  });
}

export function useMerchantWallets() {
  return useCashierQuery<MerchantWalletInfo>(
    cashierKeys.merchantWallets(useToken()),
    '/wps/v2/wallets/merchant',
  );
}

export function useFunds() {
  return useCashierQuery<FundsConsolidated>(
    cashierKeys.funds(useToken()),
    '/wps/member/info/funds/consolidated',
  );
}

export function useWalletTransfer() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: { from: string; to: string; amountMinor: number; idempotencyKey: string }) =>
      apiPost<unknown>('/wps/v2/wallets/transfer', body),
    onSuccess: () => invalidate(),
  });
}

export function useRecallAll() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: { idempotencyKey: string }) => apiPost<unknown>('/wps/v2/wallets/recall', body),
    onSuccess: () => invalidate(),
  });
}

// ---------------------------------------------------------------- agent tree transfers

export function useUplineInfo() {
  const token = useToken();
  return useQuery({
    queryKey: cashierKeys.upline(token),
    queryFn: ({ signal }) => apiGet<UplineInfo>('/wps/member/transfer/upline', { signal }),
    enabled: Boolean(token),
    staleTime: 30_000,
    retry: false,
  });
}

export function useTransferUpline() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: { amountMinor: number; withdrawalPassword: string; idempotencyKey: string }) =>
      apiPost<unknown>('/wps/member/transfer/upline', body),
    onSuccess: () => invalidate(),
  });
}

export function useTransferDownline() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: {
      account: string;
      amountMinor: number;
      withdrawalPassword: string;
      idempotencyKey: string;
    }) => apiPost<unknown>('/wps/agent/transfer/downline', body),
    onSuccess: () => invalidate(),
  });
}

// ---------------------------------------------------------------- account records

export function useTransactionHistory(filters: HistoryFilters) {
  const { i18n } = useTranslation();
  return useCashierQuery<TransactionHistoryResponse>(
    cashierKeys.history(useToken(), filters, i18n.language),
    '/wps/member/transaction/history',
    { ...filters },
  );
}

export function useTransactionDetail(id: string | undefined) {
  const token = useToken();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: cashierKeys.detail(token, id ?? '', i18n.language),
    queryFn: ({ signal }) =>
      apiGet<TransactionRecord>('/wps/member/transaction/detail', { query: { id }, signal }),
    enabled: Boolean(token && id),
  });
}
