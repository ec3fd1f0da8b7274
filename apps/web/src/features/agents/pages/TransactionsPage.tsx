import type { AgentTransaction } from '@sorte/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDateTime } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';
import { useAgentTransactions } from '../api';
import { lastDays, PagedTable, RangeBar } from '../components';

/** agentTransactions (Transaction Details): the agent's transfers with its team, newest first. */
export function TransactionsPage() {
  const { t, i18n } = useTranslation('agents');
  const money = useMoney();
  const [range, setRange] = useState(() => lastDays(30));
  const [pageNo, setPageNo] = useState(1);
  const moves = useAgentTransactions(range, pageNo);
  const data = moves.data;
  const columns = [
    {
      key: 'at',
      label: t('transactions.at'),
      cell: (r: AgentTransaction) => formatDateTime(r.at, i18n.language),
    },
    {
      key: 'direction',
      label: t('transactions.direction'),
      cell: (r: AgentTransaction) => (
        <span className={`ag-tag ag-tag--${r.direction}`}>{t(`transactions.${r.direction}`)}</span>
      ),
    },
    {
      key: 'who',
      label: t('transactions.counterparty'),
      cell: (r: AgentTransaction) => <strong>{r.counterparty}</strong>,
    },
    {
      key: 'amount',
      label: t('transactions.amount'),
      numeric: true,
      cell: (r: AgentTransaction) => (
        <span className={r.direction === 'in' ? 'ag-pos' : 'ag-neg'}>
          {r.direction === 'in' ? '+' : '−'}
          {money.format(r.amountMinor)}
        </span>
      ),
    },
  ];
  return (
    <div className="ag-page">
      <RangeBar
        idPrefix="ag-tx"
        range={range}
        onChange={(next) => {
          setRange(next);
          setPageNo(1);
        }}
      />
      <QueryState isLoading={moves.isLoading} error={moves.error} onRetry={() => void moves.refetch()}>
        {data ? (
          <PagedTable
            label={t('transactions.label')}
            columns={columns}
            rows={data.list}
            rowKey={(r) => r.id}
            empty={t('transactions.none')}
            pageNo={data.pageNo}
            totalPages={data.totalPages}
            onPage={setPageNo}
          />
        ) : null}
      </QueryState>
    </div>
  );
}
