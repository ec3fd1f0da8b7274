/**
 * Calendar days ("2026-11-26") as the site's language writes them: "26/11/2026" in pt-BR,
 * "11/26/2026" in English. A native date input follows the browser's language instead, so the
 * filters type and show days through these (components/ui/DateField).
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
