/** JSON that carries bigint money as plain integers (minor units stay below 2^53 by the ledger's limits). */
export function stringify(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? Number(v) : v));
}
