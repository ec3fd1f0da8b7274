import { useCallback, useState } from 'react';

const DEFAULT_STAKE_MINOR = 100n;
const keyOf = (game: string) => `originals.stake.${game}`;

/** The stake of a game screen, remembered per game in this browser (minor units). */
export function useStake(
  game: string,
  fallback: bigint = DEFAULT_STAKE_MINOR,
): [bigint, (minor: bigint) => void] {
  const [stake, setStake] = useState<bigint>(() => {
    try {
      const text = localStorage.getItem(keyOf(game));
      return text && /^\d+$/.test(text) && text !== '0' ? BigInt(text) : fallback;
    } catch {
      return fallback;
    }
  });
  const set = useCallback(
    (minor: bigint) => {
      setStake(minor);
      try {
        localStorage.setItem(keyOf(game), minor.toString());
      } catch {
        // storage unavailable: the stake lives for this page
      }
    },
    [game],
  );
  return [stake, set];
}
