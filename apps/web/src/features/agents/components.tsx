import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/ui/DateField';
import { Pager } from '../../components/ui/Pager';
import { isoDay } from '../../lib/dates';
import { useMoney } from '../../lib/money';
import type { DayRange } from './api';

const DAY_MS = 86_400_000;

/** The default range of the team reports: the last 7 days up to today, in the rollups' zone (UTC). */
export function lastDays(days: number, now = new Date()): DayRange {
  return {
    dateFrom: isoDay(new Date(now.getTime() - (days - 1) * DAY_MS), 'UTC'),
    dateTo: isoDay(now, 'UTC'),
  };
}

const PRESETS = [
  ['today', 1],
  ['7d', 7],
  ['30d', 30],
] as const;

/** Quick ranges and two day fields; a cleared field keeps the range it had. */
export function RangeBar({
  idPrefix,
  range,
  onChange,
}: {
  idPrefix: string;
  range: DayRange;
  onChange: (next: DayRange) => void;
}) {
  const { t } = useTranslation('agents');
  return (
    <div className="ag-range">
      <fieldset className="ag-chips">
        <legend className="sr-only">{t('range.label')}</legend>
        {PRESETS.map(([key, days]) => {
          const preset = lastDays(days);
          const active = preset.dateFrom === range.dateFrom && preset.dateTo === range.dateTo;
          return (
            <button
              key={key}
              type="button"
              className={`ag-chip${active ? ' is-active' : ''}`}
              aria-pressed={active}
              onClick={() => onChange(preset)}
            >
              {t(`range.${key}`)}
            </button>
          );
        })}
      </fieldset>
      <div className="ag-range__days">
        <label className="ag-field ag-range__day" htmlFor={`${idPrefix}-from`}>
          <span className="ag-field__label">{t('range.from')}</span>
          <DateField
            id={`${idPrefix}-from`}
            value={range.dateFrom}
            max={range.dateTo}
            onChange={(day) => day && onChange({ ...range, dateFrom: day })}
          />
        </label>
        <label className="ag-field ag-range__day" htmlFor={`${idPrefix}-to`}>
          <span className="ag-field__label">{t('range.to')}</span>
          <DateField
            id={`${idPrefix}-to`}
            value={range.dateTo}
            min={range.dateFrom}
            onChange={(day) => day && onChange({ ...range, dateTo: day })}
          />
        </label>
      </div>
    </div>
  );
}

/** A member's win is the house's loss: positive amounts read green, negative red, with their sign. */
export function Profit({ minor }: { minor: number }) {
  const money = useMoney();
  const text = money.format(minor);
  return (
    <span className={minor > 0 ? 'ag-pos' : minor < 0 ? 'ag-neg' : undefined}>
      {minor > 0 ? `+${text}` : text}
    </span>
  );
}

export function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ag-stat">
      <span className="ag-stat__label">{label}</span>
      <strong className="ag-stat__value">{children}</strong>
    </div>
  );
}

/**
 * Every table of the agent centre: a head row on desktop, label-value cards on a phone. The head is a
 * picture of the labels each cell also carries, so screen readers read the list of rows.
 */
export function Table<R>({
  label,
  columns,
  rows,
  rowKey,
}: {
  label: string;
  columns: { key: string; label: ReactNode; numeric?: boolean; cell: (row: R) => ReactNode }[];
  rows: R[];
  rowKey: (row: R) => string;
}) {
  return (
    <div className="ag-table">
      <div className="ag-table__head" aria-hidden="true">
        {columns.map((c) => (
          <span key={c.key} className={c.numeric ? 'ag-num' : undefined}>
            {c.label}
          </span>
        ))}
      </div>
      <ul className="ag-table__list" aria-label={label}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="ag-table__row">
            {columns.map((c) => (
              <span key={c.key} className={c.numeric ? 'ag-num' : undefined}>
                <span className="ag-table__label">{c.label}</span>
                <span className="ag-table__value">{c.cell(row)}</span>
              </span>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The account search of the team lists: applied on submit, so each key press does not ask the server. */
export function SearchBox({ id, onSearch }: { id: string; onSearch: (search: string | undefined) => void }) {
  const { t } = useTranslation('agents');
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim() || undefined);
  };
  return (
    <form className="ag-search" onSubmit={submit}>
      <label className="sr-only" htmlFor={id}>
        {t('team.search')}
      </label>
      <input
        id={id}
        className="ag-input"
        type="search"
        placeholder={t('team.search')}
        value={text}
        maxLength={32}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn btn--ghost btn--sm">
        {t('team.searchGo')}
      </button>
    </form>
  );
}

type Order = 'asc' | 'desc';

/** One select for the sort key and its direction ("Balance (descending)"). */
export function SortSelect<S extends string>({
  id,
  sorts,
  sort,
  order,
  label,
  onChange,
}: {
  id: string;
  sorts: readonly S[];
  sort: S;
  order: Order;
  /** The words of a sort key. */
  label: (sort: S) => string;
  onChange: (next: { sort: S; order: Order }) => void;
}) {
  const { t } = useTranslation('agents');
  return (
    <label className="ag-field ag-field--inline" htmlFor={id}>
      <span className="ag-field__label">{t('sort.label')}</span>
      <select
        id={id}
        className="select"
        value={`${sort}:${order}`}
        onChange={(e) => {
          const [nextSort, nextOrder] = e.target.value.split(':') as [S, Order];
          onChange({ sort: nextSort, order: nextOrder });
        }}
      >
        {sorts.flatMap((key) =>
          (['desc', 'asc'] as const).map((direction) => (
            <option key={`${key}:${direction}`} value={`${key}:${direction}`}>
              {label(key)} {t(`sort.${direction}`)}
            </option>
          )),
        )}
      </select>
    </label>
  );
}

/** A page of a list with its empty line and, past one page, the pager. */
export function PagedTable<R>({
  empty,
  pageNo,
  totalPages,
  onPage,
  ...table
}: Parameters<typeof Table<R>>[0] & {
  empty: string;
  pageNo: number;
  totalPages: number;
  onPage: (pageNo: number) => void;
}) {
  return (
    <>
      {table.rows.length ? <Table {...table} /> : <p className="muted ag-empty">{empty}</p>}
      {totalPages > 1 ? <Pager pageNo={pageNo} totalPages={totalPages} onPage={onPage} /> : null}
    </>
  );
}
