import { BET_CATEGORIES } from '@sorte/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Empty, ErrorBox } from '../components/Status';
import { api } from '../lib/api';
import { formatDay } from '../lib/dates';
import { type BoGgrReport, CSV_COLUMNS, type DayPoint, dailySeries, ggrCsv } from '../lib/ggr-report';
import { useMoney } from '../lib/operator';

const DAY_MS = 86_400_000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

interface Filter {
  dateFrom: string;
  dateTo: string;
  category: string;
  vendor: string;
}

function lastDays(days: number): Filter {
  const today = Date.now();
  return { dateFrom: isoDay(today - (days - 1) * DAY_MS), dateTo: isoDay(today), category: '', vendor: '' };
}

/** GGR per day as bars above (house won) or below (players won) the zero line. */
function GgrChart({
  points,
  label,
  format,
}: {
  points: DayPoint[];
  label: string;
  format: (n: number) => string;
}) {
  const width = 720;
  const height = 200;
  const pad = 24;
  const max = Math.max(1, ...points.map((p) => Math.abs(p.ggrMinor)));
  const hasNegative = points.some((p) => p.ggrMinor < 0);
  const zero = hasNegative ? pad + (height - 2 * pad) / 2 : height - pad;
  const scale = (hasNegative ? (height - 2 * pad) / 2 : height - 2 * pad) / max;
  const step = (width - 2 * pad) / Math.max(1, points.length);
  const bar = Math.max(1, step * 0.7);
  const ticks = [points[0], points[Math.floor(points.length / 2)], points.at(-1)].filter(
    (p, i, all): p is DayPoint => Boolean(p) && all.indexOf(p) === i,
  );
  return (
    <svg className="chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      <line x1={pad} x2={width - pad} y1={zero} y2={zero} className="chart__axis" />
      {points.map((p, i) => {
        const h = Math.abs(p.ggrMinor) * scale;
        return (
          <rect
            key={p.day}
            x={pad + i * step + (step - bar) / 2}
            y={p.ggrMinor >= 0 ? zero - h : zero}
            width={bar}
            height={Math.max(h, p.ggrMinor === 0 ? 0 : 1)}
            className={p.ggrMinor >= 0 ? 'chart__bar' : 'chart__bar chart__bar--negative'}
          >
            <title>{`${formatDay(p.day)}: ${format(p.ggrMinor)}`}</title>
          </rect>
        );
      })}
      {ticks.map((p) => (
        <text
          key={p.day}
          x={pad + points.indexOf(p) * step + step / 2}
          y={height - 6}
          textAnchor="middle"
          className="chart__tick"
        >
          {p.day.slice(5)}
        </text>
      ))}
    </svg>
  );
}

/** Gross and net gaming revenue per day, category and vendor, from the bet rollups; CSV export. */
export function ReportsPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const [filter, setFilter] = useState<Filter>(() => lastDays(30));
  const [draft, setDraft] = useState(filter);
  const report = useQuery({
    queryKey: ['bo', 'reports', 'ggr', filter],
    queryFn: () =>
      api.get<BoGgrReport>('/bo/reports/ggr', {
        dateFrom: filter.dateFrom,
        dateTo: filter.dateTo,
        ...(filter.category ? { category: filter.category } : {}),
        ...(filter.vendor ? { vendor: filter.vendor } : {}),
      }),
    placeholderData: keepPreviousData,
  });
  const data = report.data;

  function submit(event: FormEvent) {
    event.preventDefault();
    setFilter({ ...draft, vendor: draft.vendor.trim() });
  }

  function download() {
    if (!data) return;
    const titles = Object.fromEntries(CSV_COLUMNS.map((c) => [c, t(`reports.column.${c}`)])) as Parameters<
      typeof ggrCsv
    >[1];
    const url = URL.createObjectURL(new Blob([ggrCsv(data, titles)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `ggr_${data.dateFrom}_${data.dateTo}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <section className="page">
      <header className="page__head">
        <h1>{t('reports.title')}</h1>
        <button type="button" className="button" disabled={!data?.rows.length} onClick={download}>
          {t('reports.csv')}
        </button>
      </header>
      <p className="muted">{t('reports.intro')}</p>
      <form className="toolbar" onSubmit={submit}>
        <label className="field field--inline">
          <span>{t('reports.from')}</span>
          <input
            type="date"
            value={draft.dateFrom}
            onChange={(event) => setDraft({ ...draft, dateFrom: event.target.value })}
            required
          />
        </label>
        <label className="field field--inline">
          <span>{t('reports.to')}</span>
          <input
            type="date"
            value={draft.dateTo}
            onChange={(event) => setDraft({ ...draft, dateTo: event.target.value })}
            required
          />
        </label>
        <label className="field field--inline">
          <span>{t('reports.category')}</span>
          <select
            value={draft.category}
            onChange={(event) => setDraft({ ...draft, category: event.target.value })}
          >
            <option value="">{t('reports.all')}</option>
            {BET_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="field field--inline">
          <span>{t('reports.vendor')}</span>
          <input
            value={draft.vendor}
            onChange={(event) => setDraft({ ...draft, vendor: event.target.value })}
            maxLength={40}
          />
        </label>
        <button type="submit" className="button">
          {t('action.filter')}
        </button>
      </form>
      {report.error ? <ErrorBox error={report.error} /> : null}
      {data ? (
        <>
          {data.totals.map((sum) => (
            <div className="cards" key={sum.currency}>
              {(
                [
                  ['ggr', sum.ggrMinor],
                  ['bonusCost', sum.bonusCostMinor],
                  ['ngr', sum.ngrMinor],
                  ['stake', sum.stakeMinor],
                  ['payout', sum.payoutMinor],
                ] as const
              ).map(([key, minor]) => (
                <div className="stat" key={key}>
                  <span className="stat__label">{t(`reports.column.${key}`)}</span>
                  <strong className="stat__value">{money(minor, sum.currency)}</strong>
                </div>
              ))}
              <div className="stat">
                <span className="stat__label">{t('reports.column.bets')}</span>
                <strong className="stat__value">{sum.bets.toLocaleString()}</strong>
              </div>
            </div>
          ))}
          {data.totals.map((sum) => (
            <div className="panel" key={sum.currency}>
              <h2>{t('reports.chart', { currency: sum.currency })}</h2>
              <GgrChart
                points={dailySeries(data, sum.currency)}
                label={t('reports.chart', { currency: sum.currency })}
                format={(minor) => money(minor, sum.currency)}
              />
            </div>
          ))}
          {data.rows.length === 0 ? (
            <Empty>{t('reports.empty')}</Empty>
          ) : (
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    {CSV_COLUMNS.map((c) => (
                      <th key={c}>{t(`reports.column.${c}`)}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((r) => (
                    <tr key={`${r.day}|${r.category}|${r.vendor}|${r.currency}`}>
                      <td className="nowrap">{formatDay(r.day)}</td>
                      <td>{r.category}</td>
                      {/* A cost row has no vendor: what was paid stands there (rebates per category). */}
                      <td className={r.vendor ? 'mono' : 'muted'}>
                        {r.cost ? t(`reports.costs.${r.cost}`) : r.vendor}
                      </td>
                      <td>{r.currency}</td>
                      <td className="num">{r.bets.toLocaleString()}</td>
                      <td className="num nowrap">{money(r.stakeMinor, r.currency)}</td>
                      <td className="num nowrap">{money(r.validStakeMinor, r.currency)}</td>
                      <td className="num nowrap">{money(r.payoutMinor, r.currency)}</td>
                      <td className="num nowrap">{money(r.ggrMinor, r.currency)}</td>
                      <td className="num nowrap">{money(r.bonusCostMinor, r.currency)}</td>
                      <td className="num nowrap">{money(r.ngrMinor, r.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p className="muted small">{t('reports.notes', { timeZone: data.timeZone })}</p>
        </>
      ) : null}
    </section>
  );
}
