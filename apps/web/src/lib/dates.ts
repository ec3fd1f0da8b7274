/**
 * Dates as the site's language writes them, whatever the browser's language: calendar days
 * ("2026-11-26") as "26/11/2026" in pt-BR and "11/26/2026" in English — a native date input
 * follows the browser's language instead, so the filters type and show days through these
 * (components/ui/DateField) — and instants (formatDateTime, below) the same way. Every date a
 * player reads goes through this module.
 */
type Part = 'day' | 'month' | 'year';

/** The order of day, month and year in the language, and its separator. */
export function dateLayout(locale: string): { order: Part[]; separator: string } {
  const parts = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(Date.UTC(2026, 10, 26));
  const order = parts
    .map((p) => p.type)
    .filter((t): t is Part => t === 'day' || t === 'month' || t === 'year');
  const separator = parts.find((p) => p.type === 'literal')?.value ?? '/';
  return { order, separator };
}

/** "2026-11-26" → "26/11/2026" (pt-BR); anything else → "". */
export function formatDay(iso: string | undefined, locale: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!match) return '';
  const value: Record<Part, string> = { year: match[1]!, month: match[2]!, day: match[3]! };
  const { order, separator } = dateLayout(locale);
  return order.map((part) => value[part]).join(separator);
}

/** What the player typed ("26/11/2026", "26-11-2026", "26.11.26" in pt-BR) → "2026-11-26", or null. */
export function parseDay(text: string, locale: string): string | null {
  const numbers = text.trim().split(/\D+/).filter(Boolean);
  if (numbers.length !== 3) return null;
  const { order } = dateLayout(locale);
  const value = Object.fromEntries(order.map((part, i) => [part, Number(numbers[i])])) as Record<
    Part,
    number
  >;
  const year = value.year < 100 ? 2000 + value.year : value.year;
  const at = new Date(Date.UTC(year, value.month - 1, value.day));
  // A real day only: 31/02 would roll over into March.
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== value.month - 1 || at.getUTCDate() !== value.day)
    return null;
  return at.toISOString().slice(0, 10);
}

/** The typing hint: "dd/mm/aaaa" in pt-BR, "mm/dd/yyyy" in English. */
export function dayPlaceholder(locale: string, letters: Record<Part, string>): string {
  const { order, separator } = dateLayout(locale);
  return order.map((part) => letters[part]).join(separator);
}

/**
 * An instant (a bet placed, a deposit made), read on the player's clock (the browser's time zone
 * unless one is given): "26/11/2026 19:10" in pt-BR, "11/26/2026 7:10 PM" in English — the day in
 * the order formatDay writes it, the hour as the language tells it. Missing or invalid input gives ''.
 */
type Instant = Date | string | number | null | undefined;
export interface InstantOptions {
  /** An IANA zone ("America/Sao_Paulo"); the browser's zone by default. */
  timeZone?: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'day' | 'time', locale: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind}|${locale}|${timeZone ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(
      locale,
      kind === 'day'
        ? { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }
        : { timeStyle: 'short', timeZone },
    );
    formatters.set(key, found);
  }
  return found;
}

function toDate(input: Instant): Date | null {
  if (input === null || input === undefined || input === '') return null;
  const date = input instanceof Date ? input : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "26/11/2026" (pt-BR), "11/26/2026" (en): the calendar day of an instant on the player's clock. */
export function formatDate(input: Instant, locale: string, options: InstantOptions = {}): string {
  const date = toDate(input);
  return date ? formatter('day', locale, options.timeZone).format(date) : '';
}

/** "19:10" (pt-BR), "7:10 PM" (en). */
export function formatTime(input: Instant, locale: string, options: InstantOptions = {}): string {
  const date = toDate(input);
  return date ? formatter('time', locale, options.timeZone).format(date) : '';
}

/** "26/11/2026 19:10" (pt-BR), "11/26/2026 7:10 PM" (en). */
export function formatDateTime(input: Instant, locale: string, options: InstantOptions = {}): string {
  const date = toDate(input);
  return date ? `${formatDate(date, locale, options)} ${formatTime(date, locale, options)}` : '';
}

/** The calendar day of an instant in a zone (the browser's by default) as "2026-11-26", for queries. */
export function isoDay(at: Date, timeZone?: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return formatter('day', 'en-CA', timeZone).format(at);
}
