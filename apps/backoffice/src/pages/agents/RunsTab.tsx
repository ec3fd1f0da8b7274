import type { AgentContractType, BoSettlementRun } from '@sorte/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../components/DataTable';
import { Dialog } from '../../components/Dialog';
import { Badge } from '../../components/Status';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useMoney } from '../../lib/operator';
import { type Page, PAGE_SIZE } from '../../lib/paging';
import { useMerchantCurrency } from '../lottery/currency';
import { PayoutsTab } from './PayoutsTab';
import { TypeSelect } from './shared';

/** The settlement runs, newest period first: one per type and period, its counts, totals and status. */
export function RunsTab() {
  const { t } = useTranslation();
  const money = useMoney();
  const currency = useMerchantCurrency() ?? 'BRL';
  const [type, setType] = useState<AgentContractType | ''>('');
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<BoSettlementRun | null>(null);
  const runs = useQuery({
    queryKey: ['bo', 'agents', 'runs', type, pageNo],
    queryFn: () =>
      api.get<Page<BoSettlementRun>>('/bo/agents/runs', {
        type: type || undefined,
        pageNo,
        pageSize: PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div className="toolbar">
        <TypeSelect
          value={type}
          onChange={(next) => {
            setType(next);
            setPageNo(1);
          }}
        />
      </div>
      <PagedTable
        query={runs}
        empty={t('agents.runs.none')}
        onPage={setPageNo}
        className="table table--cards"
        actions
        head={
          <>
            <th>{t('agents.runs.run')}</th>
            <th className="num">{t('agents.runs.contracts')}</th>
            <th className="num">{t('agents.runs.paid')}</th>
            <th className="num">{t('agents.runs.awaiting')}</th>
            <th>{t('agents.runs.status')}</th>
            <th>{t('agents.runs.settledAt')}</th>
          </>
        }
        row={(run) => (
          <tr key={`${run.type}-${run.periodStart}`}>
            <td data-label={t('agents.runs.run')}>
              <div>
                {t(`agents.types.${run.type}`)}
                <div className="muted small">
                  <div className="nowrap">{formatDateTime(run.periodStart)} –</div>
                  <div className="nowrap">{formatDateTime(run.periodEnd)}</div>
                </div>
              </div>
            </td>
            <td data-label={t('agents.runs.contracts')} className="num">
              {run.contracts}
            </td>
            <td data-label={t('agents.runs.paid')} className="num nowrap">
              {money(run.paidMinor, currency)}
            </td>
            <td data-label={t('agents.runs.awaiting')} className="num">
              <div className="nowrap">
                {money(run.awaitingMinor, currency)}
                {run.awaitingCount > 0 ? (
                  <div className="muted small">
                    {t('agents.runs.awaitingCount', { count: run.awaitingCount })}
                  </div>
                ) : null}
              </div>
            </td>
            <td data-label={t('agents.runs.status')}>
              <Badge tone={run.status === 'settled' ? 'ok' : 'warn'}>
                {t(`agents.runs.statuses.${run.status}`)}
              </Badge>
            </td>
            <td data-label={t('agents.runs.settledAt')} className="nowrap">
              {formatDateTime(run.settledAt)}
            </td>
            <td className="row-actions">
              <button type="button" className="button button--small" onClick={() => setOpen(run)}>
                {t('agents.runs.payouts')}
              </button>
            </td>
          </tr>
        )}
      />
      {open ? (
        <Dialog
          open
          wide
          title={t('agents.runs.payoutsTitle', {
            type: t(`agents.types.${open.type}`),
            period: formatDateTime(open.periodStart),
          })}
          onClose={() => setOpen(null)}
        >
          <PayoutsTab run={{ type: open.type, periodStart: open.periodStart }} />
        </Dialog>
      ) : null}
    </>
  );
}
