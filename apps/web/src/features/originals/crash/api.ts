import type { CrashBet, CrashChain, CrashCurrent, CrashHistoryEntry, CrashRound } from '@sorte/contracts';
import { apiGet, apiPost } from '../../../lib/api';

/** The crash calls (GET/POST /wps/crash/...), typed with the contracts' shapes. */
export type { CrashBet, CrashChain, CrashCurrent, CrashHistoryEntry, CrashRound };

export const crashKeys = {
  chain: ['crash', 'chain'] as const,
  history: ['crash', 'history'] as const,
};

export function fetchCrashCurrent(signal?: AbortSignal): Promise<CrashCurrent> {
  return apiGet<CrashCurrent>('/wps/crash/round', { signal });
}

export function fetchCrashChain(signal?: AbortSignal): Promise<CrashChain | null> {
  return apiGet<CrashChain | null>('/wps/crash/chain', { signal });
}

export function fetchCrashHistory(signal?: AbortSignal): Promise<CrashHistoryEntry[]> {
  return apiGet<CrashHistoryEntry[]>('/wps/crash/history', { signal, query: { limit: 20 } });
}

export function postCrashBet(body: {
  amountMinor: number;
  autoCashOut?: number;
  idempotencyKey: string;
}): Promise<CrashBet> {
  return apiPost<CrashBet>('/wps/crash/bet', body);
}

export function postCrashCashOut(roundId: string): Promise<CrashBet> {
  return apiPost<CrashBet>('/wps/crash/cashout', { roundId });
}
