/**
 * JSON with every object's keys in sorted order, so two values that mean the same compare equal
 * whatever order their keys were written in. A stored jsonb value comes back in PostgreSQL's own
 * key order (shorter keys first), not the order a request's body had: idempotent retries compare
 * a stored bet's choices with the retry's through this, never through JSON.stringify.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}
