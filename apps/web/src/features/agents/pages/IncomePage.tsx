import { AGENT_CONTRACT_TYPES, type AgentContractType, type IncomeItem } from '@sorte/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDate } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';
import { useWhitelabel } from '../../../lib/whitelabel';
import { CONTRACT_FLAGS, percentText } from '../contract-tiers';
import { useIncome } from '../contracts-api';
import { PagedTable, Profit } from '../components';

const DAY_MS = 86_400_000;

/**
 * agentIncome (My Income): every settled period of my contracts, newest first — the period, the type,
 * the team's figures it was settled on, the tier met and its rate, what my downlines' contracts took,
 * the amount and whether it was paid or waits for an operator; above the table, the totals of the
 * whole filter (every page, from the server). Periods are days in UTC, the rollups'.
 */
export function IncomePage() {
  const { t, i18n } = useTranslation('agents');
  const money = useMoney();
  const { flags } = useWhitelabel();
  const [type, setType] = useState<AgentContractType | undefined>(undefined);
  const [pageNo, setPageNo] = useState(1);
  const income = useIncome(type, pageNo);
  const data = income.data;
  const types = AGENT_CONTRACT_TYPES.filter((k) => flags[CONTRACT_FLAGS[k]]);
  const day = (iso: string) => formatDate(iso, i18n.language, { timeZone: 'UTC' });
  const period = (r: IncomeItem) => {
    const last = new Date(new Date(r.periodEnd).getTime() - 1);
    const from = day(r.periodStart);
    const to = day(last.toISOString());
    const hours = new Date(r.periodEnd).getTime() - new Date(r.periodStart).getTime() < DAY_MS;
    if (hours)
      return `${from} ${new Date(r.periodStart).toISOString().slice(11, 16)}–${new Date(r.periodEnd).toISOString().slice(11, 16)} UTC`;
    return from === to ? from : `${from} – ${to}`;
  };
  return (
    <div className="ag-page">
      <div className="ag-toolbar">
        <fieldset className="ag-chips">
          <legend className="sr-only">{t('income.type')}</legend>
          {[undefined, ...types].map((k) => (
            <button
              key={k ?? 'all'}
              type="button"
              className={`ag-chip${type === k ? ' is-active' : ''}`}
              aria-pressed={type === k}
              onClick={() => {
                setType(k);
                setPageNo(1);
              }}
            >
              {k ? t(`contracts.types.${k}`) : t('income.all')}
            </button>
          ))}
        </fieldset>
      </div>
      <QueryState isLoading={income.isLoading} error={income.error} onRetry={() => void income.refetch()}>
        {data ? (
          <>
            <p className="muted ag-hint">
              {t('income.count', { count: data.total })}
              {data.total ? ` · ${t('income.paidTotal', { amount: money.format(data.paidMinor) })}` : ''}
              {data.awaitingMinor
                ? ` · ${t('income.awaitingTotal', { amount: money.format(data.awaitingMinor) })}`
                : ''}
            </p>
            <PagedTable
              label={t('income.label')}
              rows={data.list}
              rowKey={(r) => r.id}
              empty={t('income.none')}
              pageNo={data.pageNo}
              totalPages={data.totalPages}
              onPage={setPageNo}
              columns={[
                { key: 'period', label: t('income.period'), cell: period },
                { key: 'type', label: t('income.type'), cell: (r) => t(`contracts.types.${r.type}`) },
                {
                  key: 'base',
                  label: t('income.base'),
                  numeric: true,
                  cell: (r) => (
                    <span className="ag-base">
                      <span>{t('income.validBet', { amount: money.format(r.validBetMinor) })}</span>
                      {r.type === 'dividend' ? (
                        <>
                          <span>
                            {t('income.profitLoss')} <Profit minor={r.profitLossMinor} />
                          </span>
                          <span>{t('income.active', { count: r.activeMembers })}</span>
                        </>
                      ) : null}
                    </span>
                  ),
                },
                {
                  key: 'tier',
                  label: t('income.tierRate'),
                  numeric: true,
                  cell: (r) =>
                    r.tier === null
                      ? t('income.noTier')
                      : `${t('contracts.tierN', { n: r.tier })} · ${percentText(r.rateUnits, i18n.language)}`,
                },
                {
                  key: 'downline',
                  label: t('income.downline'),
                  numeric: true,
                  cell: (r) => (r.downlineMinor ? money.format(-r.downlineMinor) : '—'),
                },
                {
                  key: 'amount',
                  label: t('income.amount'),
                  numeric: true,
                  cell: (r) => <strong>{money.format(r.amountMinor)}</strong>,
                },
                {
                  key: 'status',
                  label: t('income.status'),
                  cell: (r) => (
                    <span className={`ag-tag ag-tag--${r.status}`}>{t(`income.statuses.${r.status}`)}</span>
                  ),
                },
              ]}
            />
          </>
        ) : null}
      </QueryState>
    </div>
  );
}
