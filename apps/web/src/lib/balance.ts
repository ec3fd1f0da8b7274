import { useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from './api';
import { useSession } from './session';

export const walletKeys = {
  balance: (token: string | null) => ['wallet', 'balance', token] as const,
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
