import type { BetRecall } from '@sorte/contracts';

/**
 * Where each source keeps a round's own detail, as an API path for the player's token: the betting
 * records only point there, the game module answers it (and checks the round is the caller's).
 * A source missing here has no recall and its rows carry none.
 */
const RECALLS: Record<string, (ref: string) => Pick<BetRecall, 'kind' | 'path'>> = {
  // original_rounds.id: time, bet, choices, outcome, seeds, nonce, balance before and after.
  originals: (ref) => ({ kind: 'originals', path: `/wps/originals/rounds/${encodeURIComponent(ref)}` }),
  // Mines and hilo rounds (their own table when they do not reuse original_rounds).
  multistep: (ref) => ({
    kind: 'multistep',
    path: `/wps/originals/multistep/rounds/${encodeURIComponent(ref)}`,
  }),
  // A crash bet is filed as '<roundId>:<betId>' (one shared round has many players' bets, and a
  // record's (merchant, source, source_ref) is unique); its recall is the shared round.
  crash: (ref) => ({
    kind: 'crash',
    path: `/wps/crash/rounds/${encodeURIComponent(ref.split(':')[0] ?? ref)}`,
  }),
  // '<vendor>:<roundId>': the round state the seamless-wallet calls kept.
  vendor: (ref) => ({ kind: 'vendor', path: `/wps/game/rounds/recall?ref=${encodeURIComponent(ref)}` }),
};

export function recallOf(source: string, ref: string): BetRecall | null {
  const recall = RECALLS[source];
  return recall ? { ...recall(ref), ref } : null;
}
