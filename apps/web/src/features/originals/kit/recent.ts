import { create } from 'zustand';
import type { OriginalRound } from './api';

const KEEP = 30;

interface RecentState {
  rounds: OriginalRound[];
  push: (round: OriginalRound) => void;
}

/** This session's rounds of every in-house game, newest first (the server's recall has them all). */
export const useRecentStore = create<RecentState>((set) => ({
  rounds: [],
  push: (round) =>
    set((s) => ({ rounds: [round, ...s.rounds.filter((r) => r.id !== round.id)].slice(0, KEEP) })),
}));

/** The session's rounds of one game. */
export function useRecentRounds(game: string): OriginalRound[] {
  const rounds = useRecentStore((s) => s.rounds);
  return rounds.filter((r) => r.game === game);
}
