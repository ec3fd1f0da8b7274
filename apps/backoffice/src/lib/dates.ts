import i18next from 'i18next';

/**
 * Every date an operator reads, in the back office's language (as the web's lib/dates does for
 * players): "26/11/2026 19:10:05" in pt-BR, "11/26/2026 07:10:05 PM" in English — never the
 * "2026-11-26" of the API. Instants on the operator's clock (the browser's zone); calendar days
 * (a report's "2026-11-26") as the day they name. The language defaults to the one the back office
 * is shown in; pages re-render on a switch (they read useTranslation).
 */
type Instant = string | number | Date | null | undefined;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

const DAY: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' };

function toDate(input: Instant): Date | null {
  if (input === null || input === undefined || input === '') return null;
  const date = input instanceof Date ? input : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "26/11/2026 19:10:05" (pt-BR), "11/26/2026 07:10:05 PM" (en); invalid or missing input gives ''. */
export function formatDateTime(input: Instant, locale: string = i18next.language): string {
  const date = toDate(input);
  if (!date) return '';
  return `${formatter(locale, DAY).format(date)} ${formatter(locale, TIME).format(date)}`;
}

/** A calendar day ("2026-11-26", as reports key their rows) → "26/11/2026" (pt-BR); else the input. */
export function formatDay(iso: string, locale: string = i18next.language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return formatter(locale, { ...DAY, timeZone: 'UTC' }).format(at);
}
