import { TEAM_BET_GROUPS, type TeamBetsResponse } from '@sorte/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDay } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';
import { useTeamBets } from '../api';
import { lastDays, Profit, RangeBar, Stat, Table } from '../components';

type Row = TeamBetsResponse['rows'][number];
type Group = (typeof TEAM_BET_GROUPS)[number];

/** agentTeamBetting: the team's settled bets per day, category or vendor, with the range's totals. */
export function BettingPage() {
  const { t, i18n } = useTranslation(['agents', 'records']);
  const money = useMoney();
  const [range, setRange] = useState(() => lastDays(7));
  const [groupBy, setGroupBy] = useState<Group>('day');
  const bets = useTeamBets(range, groupBy);
  const data = bets.data;
  const name = (row: Row) =>
    data?.groupBy === 'day'
      ? formatDay(row.key, i18n.language)
      : data?.groupBy === 'category'
        ? // The records' catalogue names categories and vendors the way the member centre shows them.
          t(`records:categories.${row.key}`, { defaultValue: row.key })
        : t(`records:vendors.${row.key}`, { defaultValue: row.key });
  const columns = [
    {
      key: 'key',
      label: t(`agents:betting.by.${data?.groupBy ?? groupBy}`),
      cell: (r: Row) => <strong>{name(r)}</strong>,
    },
    {
      key: 'bets',
      label: t('agents:figures.bets'),
      numeric: true,
      cell: (r: Row) => r.bets.toLocaleString(i18n.language),
    },
    {
      key: 'stake',
      label: t('agents:figures.stake'),
      numeric: true,
      cell: (r: Row) => money.format(r.stakeMinor),
    },
    {
      key: 'valid',
      label: t('agents:figures.validBet'),
      numeric: true,
      cell: (r: Row) => money.format(r.validStakeMinor),
    },
    {
      key: 'payout',
      label: t('agents:figures.payout'),
      numeric: true,
      cell: (r: Row) => money.format(r.payoutMinor),
    },
    {
      key: 'profit',
      label: t('agents:figures.profit'),
      numeric: true,
      cell: (r: Row) => <Profit minor={r.profitMinor} />,
    },
  ];
  return (
    <div className="ag-page">
      <RangeBar idPrefix="ag-bets" range={range} onChange={setRange} />
      <fieldset className="ag-chips">
        <legend className="sr-only">{t('agents:betting.groupBy')}</legend>
        {TEAM_BET_GROUPS.map((group) => (
          <button
            key={group}
            type="button"
            className={`ag-chip${group === groupBy ? ' is-active' : ''}`}
            aria-pressed={group === groupBy}
            onClick={() => setGroupBy(group)}
          >
            {t(`agents:betting.by.${group}`)}
          </button>
        ))}
      </fieldset>
      <QueryState isLoading={bets.isLoading} error={bets.error} onRetry={() => void bets.refetch()}>
        {data ? (
          <>
            <div className="ag-stats">
              <Stat label={t('agents:figures.bets')}>{data.totals.bets.toLocaleString(i18n.language)}</Stat>
              <Stat label={t('agents:figures.validBet')}>{money.format(data.totals.validStakeMinor)}</Stat>
              <Stat label={t('agents:figures.payout')}>{money.format(data.totals.payoutMinor)}</Stat>
              <Stat label={t('agents:figures.profit')}>
                <Profit minor={data.totals.profitMinor} />
              </Stat>
            </div>
            <p className="muted ag-hint">{t('agents:betting.note', { zone: data.timeZone })}</p>
            {data.rows.length ? (
              <Table
                label={t('agents:betting.label')}
                columns={columns}
                rows={data.rows}
                rowKey={(r) => r.key}
              />
            ) : (
              <p className="muted ag-empty">{t('agents:betting.none')}</p>
            )}
          </>
        ) : null}
      </QueryState>
    </div>
  );
}
