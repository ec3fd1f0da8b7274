/** Links to the verifier page (/verify). */

/** Opens the verifier on one of the player's rounds (loaded via GET /wps/originals/rounds/:id). */
export function verifyRoundHref(roundId: string): string {
  return `/verify?round=${encodeURIComponent(roundId)}`;
}

/** Opens the verifier with explicit inputs: game, seeds, nonce and the game's own params. */
export function verifyHref(input: {
  game: string;
  serverSeed?: string;
  clientSeed?: string;
  nonce?: number;
  params?: Record<string, string | number>;
}): string {
  const query = new URLSearchParams({ game: input.game });
  if (input.serverSeed) query.set('serverSeed', input.serverSeed);
  if (input.clientSeed) query.set('clientSeed', input.clientSeed);
  if (input.nonce !== undefined) query.set('nonce', String(input.nonce));
  for (const [key, value] of Object.entries(input.params ?? {})) query.set(key, String(value));
  return `/verify?${query.toString()}`;
}

/** The games' multipliers in the site's language (lib/multiplier): "2,00×" in pt-BR, "2.00×" in English. */
export { formatMultiplier } from '../../../lib/multiplier';
