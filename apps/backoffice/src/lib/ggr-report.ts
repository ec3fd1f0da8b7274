import type { BoGgrReport, BoGgrRow } from '@sorte/contracts';
import { currencyScale } from '@sorte/money';

export type { BoGgrReport, BoGgrRow };

/** Minor units as a plain decimal for a spreadsheet: '-1234.50' (no grouping, a dot, the currency's decimals). */
export function plainAmount(minor: number, currency: string): string {
  const scale = currencyScale(currency);
  const value = BigInt(minor);
  const digits = (value < 0n ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const sign = value < 0n ? '-' : '';
  return scale === 0 ? `${sign}${whole}` : `${sign}${whole}.${digits.slice(digits.length - scale)}`;
}

function cell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The CSV columns in order; the page passes their translated titles in the same order. */
export const CSV_COLUMNS = [
  'day',
  'category',
  'vendor',
  'currency',
  'bets',
  'stake',
  'validStake',
  'payout',
  'ggr',
  'bonusCost',
  'ngr',
] as const;

/** The report as CSV (RFC 4180, CRLF): one line per day, category and vendor; amounts in whole units. */
export function ggrCsv(report: BoGgrReport, titles: Record<(typeof CSV_COLUMNS)[number], string>): string {
  const lines = [CSV_COLUMNS.map((c) => cell(titles[c])).join(',')];
  for (const r of report.rows) {
    const money = (minor: number) => plainAmount(minor, r.currency);
    lines.push(
      [
        r.day,
        r.category,
        // A cost row has no vendor: its kind (rebate, bonus, vip_rebate, raffle, reward) stands there.
        r.vendor || (r.cost ?? ''),
        r.currency,
        String(r.bets),
        money(r.stakeMinor),
        money(r.validStakeMinor),
        money(r.payoutMinor),
        money(r.ggrMinor),
        money(r.bonusCostMinor),
        money(r.ngrMinor),
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export interface DayPoint {
  day: string;
  ggrMinor: number;
  ngrMinor: number;
}

/** GGR and NGR per day of the range in one currency, every day present (0 on a day without bets). */
export function dailySeries(report: BoGgrReport, currency: string): DayPoint[] {
  const byDay = new Map<string, DayPoint>();
  const from = Date.parse(`${report.dateFrom}T00:00:00Z`);
  const to = Date.parse(`${report.dateTo}T00:00:00Z`);
  for (let at = from; at <= to; at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    byDay.set(day, { day, ggrMinor: 0, ngrMinor: 0 });
  }
  for (const r of report.rows) {
    const point = byDay.get(r.day);
    if (!point || r.currency !== currency) continue;
    point.ggrMinor += r.ggrMinor;
    point.ngrMinor += r.ngrMinor;
  }
  return [...byDay.values()];
}
