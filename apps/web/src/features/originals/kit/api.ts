import type { OriginalRound } from '@sorte/contracts';
import { apiGet, apiPost } from '../../../lib/api';

/** The in-house games' calls (GET/POST /wps/originals/...), typed with the contracts' shapes. */

export type { OriginalRound };

export interface FairnessState {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export interface RevealedSeedPair {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonceCount: number;
  createdAt: string;
  revealedAt: string;
}

/** The single-round games with a POST /wps/originals/<game>/bet route. */
export type BetGame = 'dice' | 'limbo' | 'wheel' | 'plinko' | 'keno';

export const originalsKeys = {
  fairness: (token: string | null) => ['originals', 'fairness', token] as const,
  round: (token: string | null, id: string) => ['originals', 'round', token, id] as const,
};

export function fetchFairness(signal?: AbortSignal): Promise<FairnessState> {
  return apiGet<FairnessState>('/wps/originals/fairness', { signal });
}

export function rotateSeeds(
  clientSeed?: string,
): Promise<{ revealed: RevealedSeedPair; next: FairnessState }> {
  return apiPost('/wps/originals/fairness/rotate', clientSeed ? { clientSeed } : {});
}

export function postBet(
  game: string,
  body: Record<string, unknown> & { amountMinor: number; idempotencyKey: string },
): Promise<OriginalRound> {
  return apiPost<OriginalRound>(`/wps/originals/${game}/bet`, body);
}

export function fetchRound(id: string, signal?: AbortSignal): Promise<OriginalRound> {
  return apiGet<OriginalRound>(`/wps/originals/rounds/${encodeURIComponent(id)}`, { signal });
}
