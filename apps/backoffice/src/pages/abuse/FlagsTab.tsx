import { ABUSE_CLAIM_KINDS, type AbuseFlag } from '@sorte/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PagedTable } from '../../components/DataTable';
import { Badge } from '../../components/Status';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { PAGE_SIZE, type Page } from '../../lib/paging';

const OUTCOMES = ['refused', 'near_match'] as const;

/** Flagged claims, newest first, filtered by outcome and kind; each names the members it matched. */
export function FlagsTab() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const outcome = OUTCOMES.find((o) => o === params.get('outcome'));
  const kind = ABUSE_CLAIM_KINDS.find((k) => k === params.get('kind'));
  const pageNo = Number(params.get('page') ?? '1') || 1;
  const flags = useQuery({
    queryKey: ['bo', 'abuse', 'flags', outcome, kind, pageNo],
    queryFn: () =>
      api.get<Page<AbuseFlag>>('/bo/abuse/flags', { outcome, kind, pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const filter = (name: 'outcome' | 'kind', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next);
  };

  return (
    <div className="stack">
      <p className="muted small">{t('abuse.flagsHint')}</p>
      <div className="toolbar">
        <label className="field field--inline">
          <span>{t('abuse.outcome')}</span>
          <select value={outcome ?? ''} onChange={(event) => filter('outcome', event.target.value)}>
            <option value="">{t('abuse.all')}</option>
            {OUTCOMES.map((value) => (
              <option key={value} value={value}>
                {t(`abuse.outcomes.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field field--inline">
          <span>{t('abuse.kind')}</span>
          <select value={kind ?? ''} onChange={(event) => filter('kind', event.target.value)}>
            <option value="">{t('abuse.all')}</option>
            {ABUSE_CLAIM_KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`abuse.kinds.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PagedTable
        query={flags}
        empty={t('abuse.empty')}
        className="table table--cards"
        onPage={(page) => {
          const next = new URLSearchParams(params);
          next.set('page', String(page));
          setParams(next);
        }}
        head={
          <>
            <th>{t('abuse.created')}</th>
            <th>{t('abuse.member')}</th>
            <th>{t('abuse.kind')}</th>
            <th>{t('abuse.outcome')}</th>
            <th>{t('abuse.matches')}</th>
          </>
        }
        row={(flag) => (
          <tr key={flag.id}>
            <td data-label={t('abuse.created')} className="nowrap">
              {formatDateTime(flag.createdAt)}
            </td>
            <td data-label={t('abuse.member')}>
              <Link to={`/members/${flag.memberId}`}>{flag.account}</Link>
            </td>
            <td data-label={t('abuse.kind')}>{t(`abuse.kinds.${flag.kind}`)}</td>
            <td data-label={t('abuse.outcome')}>
              <Badge tone={flag.outcome === 'refused' ? 'bad' : 'warn'}>
                {t(`abuse.outcomes.${flag.outcome}`)}
              </Badge>
            </td>
            <td data-label={t('abuse.matches')}>
              <div style={{ display: 'grid', gap: 4 }}>
                {flag.matches.map((match) => (
                  <div key={`${match.dimension}:${match.hint}:${match.memberId}`}>
                    <strong>{t(`abuse.dimensions.${match.dimension}`)}</strong>{' '}
                    <span className="mono">{match.hint}</span> —{' '}
                    <Link to={`/members/${match.memberId}`}>{match.account}</Link>
                    {match.enforced ? null : <span className="muted small"> ({t('abuse.notEnforced')})</span>}
                  </div>
                ))}
              </div>
            </td>
          </tr>
        )}
      />
    </div>
  );
}
