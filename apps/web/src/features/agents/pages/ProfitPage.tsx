import { TEAM_PROFIT_SORTS, type TeamProfitRow } from '@sorte/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/QueryState';
import { useMoney } from '../../../lib/money';
import { type ProfitFilter, useTeamProfit } from '../api';
import { lastDays, PagedTable, Profit, RangeBar, SearchBox, SortSelect, Stat } from '../components';

/**
 * agentUserProfit: every member of the team with its figures over the range, in account order by
 * default (the order a whole team of any size pages in fast; a figure sort sums the whole team first),
 * sortable, with the team's totals.
 */
export function ProfitPage() {
  const { t, i18n } = useTranslation('agents');
  const money = useMoney();
  const [filter, setFilter] = useState<ProfitFilter>(() => ({
    ...lastDays(7),
    sort: 'account',
    order: 'asc',
    pageNo: 1,
  }));
  const profit = useTeamProfit(filter);
  const set = (patch: Partial<ProfitFilter>) => setFilter((f) => ({ ...f, pageNo: 1, ...patch }));
  const data = profit.data;
  const amount = (pick: (r: TeamProfitRow) => number) => (r: TeamProfitRow) => money.format(pick(r));
  const columns = [
    { key: 'account', label: t('team.account'), cell: (r: TeamProfitRow) => <strong>{r.account}</strong> },
    { key: 'deposit', label: t('figures.deposits'), numeric: true, cell: amount((r) => r.depositMinor) },
    {
      key: 'withdrawal',
      label: t('figures.withdrawals'),
      numeric: true,
      cell: amount((r) => r.withdrawalMinor),
    },
    {
      key: 'bets',
      label: t('figures.bets'),
      numeric: true,
      cell: (r: TeamProfitRow) => r.bets.toLocaleString(i18n.language),
    },
    { key: 'valid', label: t('figures.validBet'), numeric: true, cell: amount((r) => r.validStakeMinor) },
    { key: 'payout', label: t('figures.payout'), numeric: true, cell: amount((r) => r.payoutMinor) },
    { key: 'bonus', label: t('figures.bonus'), numeric: true, cell: amount((r) => r.bonusMinor) },
    {
      key: 'profit',
      label: t('figures.profit'),
      numeric: true,
      cell: (r: TeamProfitRow) => <Profit minor={r.profitMinor} />,
    },
  ];
  return (
    <div className="ag-page">
      <RangeBar idPrefix="ag-pl" range={filter} onChange={(range) => set(range)} />
      <div className="ag-toolbar">
        <SearchBox id="ag-pl-search" onSearch={(search) => set({ search })} />
        <SortSelect
          id="ag-pl-sort"
          sorts={TEAM_PROFIT_SORTS}
          sort={filter.sort}
          order={filter.order}
          label={(sort) => t(`profit.sorts.${sort}`)}
          onChange={set}
        />
      </div>
      <QueryState isLoading={profit.isLoading} error={profit.error} onRetry={() => void profit.refetch()}>
        {data ? (
          <>
            <div className="ag-stats">
              <Stat label={t('figures.deposits')}>{money.format(data.totals.depositMinor)}</Stat>
              <Stat label={t('figures.withdrawals')}>{money.format(data.totals.withdrawalMinor)}</Stat>
              <Stat label={t('figures.validBet')}>{money.format(data.totals.validStakeMinor)}</Stat>
              <Stat label={t('figures.profit')}>
                <Profit minor={data.totals.profitMinor} />
              </Stat>
            </div>
            <p className="muted ag-hint">{t('profit.note', { count: data.total })}</p>
            <PagedTable
              label={t('profit.label')}
              columns={columns}
              rows={data.list}
              rowKey={(r) => r.id}
              empty={t('profit.none')}
              pageNo={data.pageNo}
              totalPages={data.totalPages}
              onPage={(pageNo) => setFilter((f) => ({ ...f, pageNo }))}
            />
          </>
        ) : null}
      </QueryState>
    </div>
  );
}
