/** Helpers shared by the deposit and withdrawal order services: numbering and dates. */

const DAY_MS = 86_400_000;

/**
 * 'D' (deposit) or 'W' (withdrawal) + yymmdd (UTC) + the cashier sequence both kinds share, zero-padded,
 * so order numbers are sortable and unique across kinds.
 */
export function orderNumber(prefix: 'D' | 'W', now: Date, sequence: bigint): string {
  const date = now.toISOString().slice(2, 10).replaceAll('-', '');
  return `${prefix}${date}${sequence.toString().padStart(8, '0')}`;
}

export function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

export function startOfUtcDay(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
}

/** A date filter 'YYYY-MM-DD' covers that whole UTC day: dateTo runs to the next midnight. */
export function dayRange(dateFrom?: string, dateTo?: string): { from?: Date; to?: Date } {
  return {
    from: dateFrom ? new Date(`${dateFrom}T00:00:00Z`) : undefined,
    to: dateTo ? new Date(new Date(`${dateTo}T00:00:00Z`).getTime() + DAY_MS) : undefined,
  };
}
