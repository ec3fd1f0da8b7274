import { create } from 'zustand';
import type { RevealedSeedPair } from './api';

const STORAGE_KEY = 'originals.revealed';
const KEEP = 20;

function read(): RevealedSeedPair[] {
  try {
    const text = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(STORAGE_KEY);
    return text ? (JSON.parse(text) as RevealedSeedPair[]) : [];
  } catch {
    return [];
  }
}

interface RevealedState {
  pairs: RevealedSeedPair[];
  add: (pair: RevealedSeedPair) => void;
  /** The revealed server seed whose hash is `serverSeedHash`, if this session rotated it. */
  find: (serverSeedHash: string) => RevealedSeedPair | undefined;
}

/**
 * Server seeds revealed by rotating in this tab, newest first. The round recall only carries the
 * hash, so the verifier looks the seed up here to prefill it (the player may also paste it).
 */
export const useRevealedSeeds = create<RevealedState>((set, get) => ({
  pairs: read(),
  add: (pair) => {
    const pairs = [pair, ...get().pairs.filter((p) => p.serverSeedHash !== pair.serverSeedHash)].slice(
      0,
      KEEP,
    );
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pairs));
    } catch {
      // storage unavailable: the list still lives for this page
    }
    set({ pairs });
  },
  find: (hash) => get().pairs.find((p) => p.serverSeedHash === hash),
}));
