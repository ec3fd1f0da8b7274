import { TEAM_PERIODS, type TeamOverview, type TeamPeriod } from '@sorte/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDay } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';
import { useTeamOverview } from '../api';
import { Profit, Stat } from '../components';

/** agentTeamOverview: the team's size, and a period's members, cash and bets, with 30 days as bars. */
export function OverviewPage() {
  const { t, i18n } = useTranslation('agents');
  const money = useMoney();
  const overview = useTeamOverview();
  const [period, setPeriod] = useState<TeamPeriod>('today');
  const data = overview.data;
  const figures = data?.periods.find((p) => p.period === period);
  const count = (n: number) => n.toLocaleString(i18n.language);
  return (
    <QueryState isLoading={overview.isLoading} error={overview.error} onRetry={() => void overview.refetch()}>
      {data && figures ? (
        <div className="ag-page">
          <div className="ag-stats ag-stats--team">
            <Stat label={t('overview.teamSize')}>{count(data.teamSize)}</Stat>
            <Stat label={t('overview.directMembers')}>{count(data.directMembers)}</Stat>
            <Stat label={t('overview.directAgents')}>{count(data.directAgents)}</Stat>
          </div>
          <fieldset className="ag-chips">
            <legend className="sr-only">{t('overview.period')}</legend>
            {TEAM_PERIODS.map((key) => (
              <button
                key={key}
                type="button"
                className={`ag-chip${key === period ? ' is-active' : ''}`}
                aria-pressed={key === period}
                onClick={() => setPeriod(key)}
              >
                {t(`overview.periods.${key}`)}
              </button>
            ))}
          </fieldset>
          <p className="muted ag-hint">
            {figures.dateFrom === figures.dateTo
              ? formatDay(figures.dateFrom, i18n.language)
              : t('range.between', {
                  from: formatDay(figures.dateFrom, i18n.language),
                  to: formatDay(figures.dateTo, i18n.language),
                })}
          </p>
          <div className="ag-stats ag-stats--3">
            <Stat label={t('figures.newMembers')}>{count(figures.newMembers)}</Stat>
            <Stat label={t('figures.activeMembers')}>{count(figures.activeMembers)}</Stat>
            <Stat label={t('figures.deposits')}>{money.format(figures.depositMinor)}</Stat>
            <Stat label={t('figures.withdrawals')}>{money.format(figures.withdrawalMinor)}</Stat>
            <Stat label={t('figures.validBet')}>{money.format(figures.validStakeMinor)}</Stat>
            <Stat label={t('figures.profit')}>
              <Profit minor={figures.profitMinor} />
            </Stat>
          </div>
          <SeriesChart series={data.series} />
        </div>
      ) : null}
    </QueryState>
  );
}

/**
 * The last 30 days' valid bet as bars, coloured by the team's result that day. A picture of the
 * figures above, so screen readers get its summary line instead of 30 bars.
 */
function SeriesChart({ series }: { series: TeamOverview['series'] }) {
  const { t, i18n } = useTranslation('agents');
  const money = useMoney();
  const largest = Math.max(1, ...series.map((d) => d.validStakeMinor));
  const total = series.reduce((s, d) => s + d.validStakeMinor, 0);
  const first = series[0]?.day;
  const last = series.at(-1)?.day;
  return (
    <figure className="ag-chart">
      <figcaption className="ag-chart__title">
        {t('overview.chart', { total: money.format(total) })}
      </figcaption>
      <div className="ag-chart__bars" aria-hidden="true">
        {series.map((d) => (
          <span
            key={d.day}
            className={`ag-chart__bar${d.profitMinor > 0 ? ' is-win' : ''}`}
            style={{ height: `${Math.max(2, (d.validStakeMinor / largest) * 100)}%` }}
            title={`${formatDay(d.day, i18n.language)}: ${money.format(d.validStakeMinor)}`}
          />
        ))}
      </div>
      <div className="ag-chart__axis muted" aria-hidden="true">
        <span>{formatDay(first, i18n.language)}</span>
        <span>{formatDay(last, i18n.language)}</span>
      </div>
    </figure>
  );
}
