import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, apiGet } from './api';
import { connectRealtime, emitMemberMessage, RECONNECTED } from './realtime';
import { useSession } from './session';

export const walletKeys = {
  /** Every balance query, whoever is signed in (what a push invalidates). */
  balances: ['wallet', 'balance'] as const,
  balance: (token: string | null) => ['wallet', 'balance', token] as const,
  /** Cash and bonus apart; under `balance(token)`, so whatever refreshes the balance refreshes it too. */
  parts: (token: string | null) => ['wallet', 'balance', token, 'parts'] as const,
};

type BalanceAnswer = Record<string, unknown> | number | string | null;

/** Reads the balance in minor units from whichever field the wallet answers with. */
export function balanceMinorOf(value: BalanceAnswer): bigint {
  if (typeof value === 'number' || typeof value === 'string') return toBigInt(value);
  if (!value) return 0n;
  for (const key of ['balanceMinor', 'totalBalanceMinor', 'availableMinor', 'balance']) {
    if (key in value) return toBigInt(value[key]);
  }
  return 0n;
}

function toBigInt(input: unknown): bigint {
  try {
    if (typeof input === 'number') return BigInt(Math.trunc(input));
    if (typeof input === 'string' && /^-?\d+$/.test(input)) return BigInt(input);
  } catch {
    // fall through
  }
  return 0n;
}

/** The wallet endpoint may not exist yet (404): show 0.00 rather than an error. */
export function useBalance() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: walletKeys.balance(token),
    queryFn: async ({ signal }) => {
      try {
        return balanceMinorOf(await apiGet<BalanceAnswer>('/wps/v2/wallets/balance', { signal }));
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 501)) return 0n;
        throw error;
      }
    },
    enabled: Boolean(token),
    staleTime: 15_000,
  });
}

/** The member's money split into cash and the bonus wallet (spendable: balance − pending). */
export interface BalanceParts {
  cashMinor: bigint;
  bonusMinor: bigint;
}

interface WalletAnswer {
  balanceMinor?: unknown;
  wallets?: { kind: string; balanceMinor: unknown; pendingMinor: unknown }[];
}

/** Splits the wallet answer: the total less the bonus wallet is cash. */
export function balancePartsOf(value: WalletAnswer | null): BalanceParts {
  const total = balanceMinorOf((value ?? null) as BalanceAnswer);
  const bonus = value?.wallets?.find((w) => w.kind === 'bonus');
  const bonusMinor = bonus ? toBigInt(bonus.balanceMinor) - toBigInt(bonus.pendingMinor) : 0n;
  return { cashMinor: total - bonusMinor, bonusMinor };
}

/**
 * Cash and bonus apart (the header's bonus line), read only while `enabled` (the merchant offers
 * bonuses): a merchant without them pays no extra request. Refreshed with the balance's pushes.
 */
export function useBalanceParts(enabled: boolean) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: walletKeys.parts(token),
    queryFn: async ({ signal }) =>
      balancePartsOf(await apiGet<WalletAnswer>('/wps/v2/wallets/balance', { signal })),
    enabled: Boolean(token) && enabled,
    staleTime: 15_000,
  });
}

/**
 * While logged in, keeps the live channel open and refetches the header balance whenever the server
 * says it changed — and after a reconnection, when a change may have been missed.
 */
export function useBalancePush(): void {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    return connectRealtime({
      token,
      onEvent: (event, reconnected) => {
        if (event === 'balance-changed' || reconnected)
          void queryClient.invalidateQueries({ queryKey: walletKeys.balances });
        if (reconnected) emitMemberMessage(RECONNECTED);
      },
      onMessage: emitMemberMessage,
    });
  }, [token, queryClient]);
}
