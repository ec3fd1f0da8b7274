import type { BoSportsManualResult } from '@sorte/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PagedTable } from '../../components/DataTable';
import { StatusBadge } from '../../components/Status';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { PAGE_SIZE, type Page } from '../../lib/paging';
import { useSportsLabels } from './labels';

const STATUSES = ['pending', 'applied', 'rejected', ''] as const;

/**
 * Manual results and rollbacks, newest first: who proposed and who decided, with the reasons. A
 * pending one is confirmed or rejected on its event's page, beside the market's liability.
 */
export function ResultsTab() {
  const { t } = useTranslation();
  const labels = useSportsLabels();
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status = STATUSES.find((s) => s === asked) ?? 'pending';
  const pageNo = Number(params.get('page') ?? '1') || 1;
  const results = useQuery({
    queryKey: ['bo', 'sportsbook', 'results', status, pageNo],
    queryFn: () =>
      api.get<Page<BoSportsManualResult>>('/bo/sportsbook/results', { status, pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const go = (next: { status?: string; page?: number }) => {
    const query: Record<string, string> = { tab: 'results', status: next.status ?? status };
    if (next.page && next.page > 1) query.page = String(next.page);
    setParams(query);
  };
  return (
    <>
      <div className="toolbar">
        <label className="field field--inline">
          <span>{t('sportsbook.events.status')}</span>
          <select value={status} onChange={(event) => go({ status: event.target.value })}>
            {STATUSES.map((value) => (
              <option key={value || 'all'} value={value}>
                {t(value ? `status.${value}` : 'status.all')}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PagedTable
        query={results}
        empty={t('sportsbook.results.empty')}
        className="table table--cards"
        onPage={(page) => go({ page })}
        head={
          <>
            <th>{t('sportsbook.results.proposed')}</th>
            <th>{t('sportsbook.events.event')}</th>
            <th>{t('sportsbook.results.what')}</th>
            <th>{t('reason.label')}</th>
            <th>{t('sportsbook.events.status')}</th>
          </>
        }
        row={(r) => (
          <tr key={r.id}>
            <td data-label={t('sportsbook.results.proposed')} className="nowrap">
              <div>
                {formatDateTime(r.proposedAt)}
                <div className="muted small">{r.proposedBy}</div>
              </div>
            </td>
            <td data-label={t('sportsbook.events.event')}>
              <div className="wrap">
                <Link to={`/sportsbook/events/${encodeURIComponent(r.eventId)}`}>{r.event}</Link>
                <div className="muted small">{labels.market(r.market, r.specifiers)}</div>
              </div>
            </td>
            <td data-label={t('sportsbook.results.what')}>
              <div className="wrap small">
                {r.outcomes
                  ? r.outcomes
                      .map((o) => `${labels.outcome(o.id)}: ${t(`sportsbook.result.${o.result}`)}`)
                      .join(' · ')
                  : t('sportsbook.results.rollback')}
              </div>
            </td>
            <td data-label={t('reason.label')}>
              <div className="wrap small">
                {r.reason}
                {r.decisionReason ? <div className="muted">{r.decisionReason}</div> : null}
              </div>
            </td>
            <td data-label={t('sportsbook.events.status')}>
              <div>
                <StatusBadge status={r.status} />
                {r.decidedBy ? (
                  <div className="muted small">
                    {r.decidedBy} · {formatDateTime(r.decidedAt!)}
                  </div>
                ) : null}
              </div>
            </td>
          </tr>
        )}
      />
    </>
  );
}
