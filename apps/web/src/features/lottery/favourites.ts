import { useCallback, useEffect, useState } from 'react';

/** Spec: local storage LOTTFAV holds the favourite lottery ids per username, `{ [username]: gameCode[] }`. */
export const LOTTFAV_KEY = 'LOTTFAV';

type Store = Record<string, string[]>;

function readStore(): Store {
  try {
    const parsed = JSON.parse(localStorage.getItem(LOTTFAV_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Store) : {};
  } catch {
    return {};
  }
}

export function readFavourites(username: string): string[] {
  const list = readStore()[username];
  return Array.isArray(list) ? list.filter((code) => typeof code === 'string') : [];
}

export function writeFavourites(username: string, codes: readonly string[]): void {
  try {
    localStorage.setItem(LOTTFAV_KEY, JSON.stringify({ ...readStore(), [username]: [...codes] }));
  } catch {
    // Storage unavailable (private mode): the star still toggles for this page.
  }
}

/** The signed-in player's favourite lotteries; null username = logged out (no favourites). */
export function useLotteryFavourites(username: string | null) {
  const [codes, setCodes] = useState<string[]>(() => (username ? readFavourites(username) : []));
  useEffect(() => setCodes(username ? readFavourites(username) : []), [username]);
  const toggle = useCallback(
    (gameCode: string) => {
      if (!username) return;
      setCodes((current) => {
        const next = current.includes(gameCode)
          ? current.filter((c) => c !== gameCode)
          : [...current, gameCode];
        writeFavourites(username, next);
        return next;
      });
    },
    [username],
  );
  return { codes, toggle };
}
