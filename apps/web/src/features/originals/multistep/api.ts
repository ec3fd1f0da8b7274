import type { MultistepRound } from '@sorte/contracts';
import { apiGet, apiPost } from '../../../lib/api';

/** The calls of the games played in steps (mines, hilo): start, a move, cash-out, the open round. */

export type { MultistepRound };
export type StepGame = 'mines' | 'hilo';

export const stepKeys = {
  active: (game: StepGame, token: string | null) => ['originals', game, 'active', token] as const,
};

export function fetchActive(game: StepGame, signal?: AbortSignal): Promise<MultistepRound | null> {
  return apiGet<MultistepRound | null>(`/wps/originals/${game}/active`, { signal });
}

export function postStep(
  game: StepGame,
  verb: string,
  body: Record<string, unknown>,
): Promise<MultistepRound> {
  return apiPost<MultistepRound>(`/wps/originals/${game}/${verb}`, body);
}
