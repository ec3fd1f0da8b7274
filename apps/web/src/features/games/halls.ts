/**
 * The selected game hall (vendor) of a lobby. On /rng it lives in `?page=` and falls back to the
 * vassalage stored when the player last chose one (spec §2); elsewhere in `?vendor=`.
 */
const VASSALAGE_KEY = 'vassalage';

export function readVassalage(): string | null {
  try {
    return sessionStorage.getItem(VASSALAGE_KEY);
  } catch {
    return null;
  }
}

export function storeVassalage(code: string): void {
  try {
    sessionStorage.setItem(VASSALAGE_KEY, code);
  } catch {
    // Storage may be unavailable (private mode): the query parameter still selects the hall.
  }
}

/**
 * The hall to show: the query's when it names a hall of this lobby; with no query value, the stored
 * vassalage when the lobby uses it and it names one of its halls; otherwise none ('all').
 */
export function selectHall(
  halls: readonly { code: string }[],
  fromQuery: string | null,
  stored: string | null,
): string | null {
  const known = (code: string | null) => (code && halls.some((h) => h.code === code) ? code : null);
  if (fromQuery !== null) return known(fromQuery);
  return known(stored);
}

/** Min-bet filter steps in minor units (a stake of this size can join the game). */
export const MIN_BET_STEPS = [10, 100, 1_000] as const;

export function parseMinBet(raw: string | null): number | undefined {
  const n = Number(raw);
  return MIN_BET_STEPS.includes(n as (typeof MIN_BET_STEPS)[number]) ? n : undefined;
}

/** /pge: the slots hall (RNG) of our own vendor, shown as a lobby of its own (routes/Pge.tsx). */
export const PGE_HALL = { category: 'RNG', vendor: 'SORTE' } as const;

/**
 * How many halls a home tile's lobby has: a category's vendors, or 1 for /pge while our vendor's slots
 * hall exists. A tile with none is not offered, so it is not shown (never "coming soon").
 */
export function tileHallCount(
  menus: readonly { category: string; vendors: readonly { code: string }[] }[],
  key: string,
): number {
  if (key === 'PGE') {
    const slots = menus.find((m) => m.category === PGE_HALL.category)?.vendors ?? [];
    return slots.some((v) => v.code === PGE_HALL.vendor) ? 1 : 0;
  }
  return menus.find((m) => m.category === key)?.vendors.length ?? 0;
}
