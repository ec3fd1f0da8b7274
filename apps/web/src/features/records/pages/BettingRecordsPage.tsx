import type { BetRecord } from '@sorte/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/errors';
import { formatDateTime, formatDay } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';
import { Pager } from '../../../components/ui/Pager';
import { QueryState } from '../../../components/ui/QueryState';
import { type RecordsFilters, useBetRecords, usePlayedVendors } from '../api';
import { RecordsFilterBar } from '../components/RecordsFilterBar';
import { RoundDetail, type TicketViews } from '../components/RoundDetail';
import { StatusTag } from '../components/StatusTag';
import { profitClass, signed, TotalsStrip } from '../components/TotalsStrip';
import { useRecordsFilterState } from '../filter-state';
import { useRecordNames } from '../names';

/**
 * personalHistoryCopy (betting records): every round of every game, filtered, paged, with totals.
 * `tickets` draws a lottery round's ticket (see TicketViews).
 */
export function BettingRecordsPage({ tickets }: { tickets: TicketViews }) {
  const { t, i18n } = useTranslation('records');
  const money = useMoney();
  const names = useRecordNames();
  const errorText = useErrorMessage();
  const { preset, setPreset, filters, setFilters } = useRecordsFilterState();
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<BetRecord | null>(null);
  const records = useBetRecords(filters, pageNo);
  const vendors = usePlayedVendors(filters);
  const data = records.data;
  const update = (next: RecordsFilters) => {
    setFilters(next);
    setPageNo(1);
  };

  return (
    <div className="cs-page rc-page">
      <RecordsFilterBar
        idPrefix="rc-h"
        filters={filters}
        preset={preset}
        vendors={vendors}
        onChange={update}
        onPreset={(next) => {
          setPreset(next, data?.timeZone);
          setPageNo(1);
        }}
      />
      {records.error && data ? <p className="cs-field__error">{errorText(records.error)}</p> : null}
      <QueryState
        isLoading={records.isLoading}
        error={data ? null : records.error}
        onRetry={() => void records.refetch()}
      >
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
            {data.list.length === 0 ? (
              <p className="muted cs-empty">{t('history.none')}</p>
            ) : (
              <div className="rc-table">
                <div className="rc-table__head" aria-hidden="true">
                  <span>{t('history.game')}</span>
                  <span>{t('history.time')}</span>
                  <span className="rc-num">{t('history.stake')}</span>
                  <span className="rc-num">{t('history.payout')}</span>
                  <span className="rc-num">{t('history.profit')}</span>
                </div>
                <ul className="rc-table__list" aria-label={t('history.label')}>
                  {data.list.map((record) => (
                    <li key={record.id}>
                      <button
                        type="button"
                        className="rc-table__row"
                        onClick={() => setOpen(record)}
                        aria-label={t('history.open', {
                          game: names.game(record),
                          time: formatDateTime(record.placedAt, i18n.language),
                        })}
                      >
                        <span className="rc-game">
                          <strong>{names.game(record)}</strong>
                          <span className="muted rc-sub">
                            {names.vendor(record.vendor)} · {names.category(record.category)}
                          </span>
                        </span>
                        <span className="rc-time muted">
                          {formatDateTime(record.placedAt, i18n.language)}
                        </span>
                        <span className="rc-num rc-stake">
                          <span className="rc-label">{t('history.stake')}</span>
                          {money.format(record.stakeMinor)}
                        </span>
                        <span className="rc-num rc-payout">
                          <span className="rc-label">{t('history.payout')}</span>
                          {money.format(record.payoutMinor)}
                        </span>
                        <span className="rc-num rc-profit">
                          {record.status === 'settled' ? (
                            <strong className={profitClass(record.profitMinor)}>
                              {signed(money.format(record.profitMinor), record.profitMinor)}
                            </strong>
                          ) : (
                            <StatusTag status={record.status} />
                          )}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <Pager pageNo={pageNo} totalPages={data.totalPages} onPage={setPageNo} />
          </>
        ) : null}
      </QueryState>
      {open ? <RoundDetail record={open} onClose={() => setOpen(null)} tickets={tickets} /> : null}
    </div>
  );
}
