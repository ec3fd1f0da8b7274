import type { ProfitRow } from '@sorte/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';
import { QueryState } from '../../../components/ui/QueryState';
import { type ProfitGroup, usePersonalProfit, usePlayedVendors } from '../api';
import { RecordsFilterBar } from '../components/RecordsFilterBar';
import { profitClass, signed, TotalsStrip } from '../components/TotalsStrip';
import { useRecordsFilterState } from '../filter-state';
import { useRecordNames } from '../names';
import { addDays, daysBetween } from '../range';

const GROUPS: ProfitGroup[] = ['day', 'category', 'vendor'];

/** personalProfit (personal profit and loss): settled rounds per day, category or vendor, and in all. */
export function ProfitPage() {
  const { t, i18n } = useTranslation('records');
  const money = useMoney();
  const names = useRecordNames();
  const { preset, setPreset, filters, setFilters } = useRecordsFilterState('30d');
  const [groupBy, setGroupBy] = useState<ProfitGroup>('day');
  const profit = usePersonalProfit(filters, groupBy);
  const vendors = usePlayedVendors(filters);
  const data = profit.data;
  const label = (row: ProfitRow) =>
    groupBy === 'day'
      ? formatDay(row.key, i18n.language)
      : groupBy === 'category'
        ? names.category(row.key)
        : names.vendor(row.key);

  return (
    <div className="cs-page rc-page">
      <RecordsFilterBar
        idPrefix="rc-p"
        filters={filters}
        preset={preset}
        vendors={vendors}
        onChange={setFilters}
        onPreset={(next) => setPreset(next, data?.timeZone)}
      />
      <fieldset className="rc-tabs">
        <legend className="sr-only">{t('profit.groupBy')}</legend>
        {GROUPS.map((group) => (
          <button
            key={group}
            type="button"
            className={`rc-chip${group === groupBy ? ' is-active' : ''}`}
            aria-pressed={group === groupBy}
            onClick={() => setGroupBy(group)}
          >
            {t(`profit.by.${group}`)}
          </button>
        ))}
      </fieldset>
      <QueryState isLoading={profit.isLoading} error={profit.error} onRetry={() => void profit.refetch()}>
        {data ? (
          <>
            <TotalsStrip totals={data.totals} label={t('totals.label')} />
            <p className="muted rc-hint">
              {t('totals.note', {
                from: formatDay(data.dateFrom, i18n.language),
                to: formatDay(data.dateTo, i18n.language),
                zone: data.timeZone,
              })}
            </p>
            {data.rows.length === 0 ? (
              <p className="muted cs-empty">{t('profit.none')}</p>
            ) : (
              <>
                {data.groupBy === 'day' ? (
                  <DayBars rows={data.rows} from={data.dateFrom} to={data.dateTo} />
                ) : null}
                <div className="rc-table rc-table--profit">
                  <div className="rc-table__head" aria-hidden="true">
                    <span>{t(`profit.by.${data.groupBy}`)}</span>
                    <span className="rc-num">{t('totals.rounds')}</span>
                    <span className="rc-num">{t('totals.stake')}</span>
                    <span className="rc-num">{t('totals.payout')}</span>
                    <span className="rc-num">{t('totals.profit')}</span>
                  </div>
                  <ul className="rc-table__list" aria-label={t('profit.label')}>
                    {data.rows.map((row) => (
                      <li key={row.key} className="rc-table__row">
                        <span className="rc-game">
                          <strong>{label(row)}</strong>
                        </span>
                        <span className="rc-num rc-count">
                          <span className="rc-label">{t('totals.rounds')}</span>
                          {row.count.toLocaleString(i18n.language)}
                        </span>
                        <span className="rc-num rc-stake">
                          <span className="rc-label">{t('totals.stake')}</span>
                          {money.format(row.stakeMinor)}
                        </span>
                        <span className="rc-num rc-payout">
                          <span className="rc-label">{t('totals.payout')}</span>
                          {money.format(row.payoutMinor)}
                        </span>
                        <span className="rc-num rc-profit">
                          <strong className={profitClass(row.profitMinor)}>
                            {signed(money.format(row.profitMinor), row.profitMinor)}
                          </strong>
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              </>
            )}
          </>
        ) : null}
      </QueryState>
    </div>
  );
}

/**
 * One bar per day of the range (days without rounds included, at zero), up for a profit and down
 * for a loss, scaled to the range's largest day. A picture of the table below, so hidden from
 * screen readers, which read the table.
 */
function DayBars({ rows, from, to }: { rows: ProfitRow[]; from: string; to: string }) {
  const { i18n } = useTranslation('records');
  const money = useMoney();
  const dayLabel = (iso: string) => formatDay(iso, i18n.language);
  const byDay = new Map(rows.map((row) => [row.key, row.profitMinor]));
  const days = Array.from({ length: daysBetween(from, to) }, (_, i) => addDays(from, i));
  const largest = Math.max(1, ...rows.map((row) => Math.abs(row.profitMinor)));
  return (
    <div className="rc-bars" aria-hidden="true">
      {days.map((day) => {
        const profit = byDay.get(day) ?? 0;
        const height = `${(Math.abs(profit) / largest) * 100}%`;
        return (
          <div key={day} className="rc-bars__day" title={`${dayLabel(day)}: ${money.format(profit)}`}>
            <div className="rc-bars__half rc-bars__half--up">
              {profit > 0 ? <span className="rc-bars__bar rc-bars__bar--win" style={{ height }} /> : null}
            </div>
            <div className="rc-bars__half rc-bars__half--down">
              {profit < 0 ? <span className="rc-bars__bar rc-bars__bar--loss" style={{ height }} /> : null}
            </div>
          </div>
        );
      })}
      <span className="rc-bars__from">{dayLabel(from)}</span>
      <span className="rc-bars__to">{dayLabel(to)}</span>
    </div>
  );
}
