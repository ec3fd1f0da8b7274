import type { BoSportsEvent } from '@sorte/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PagedTable } from '../../components/DataTable';
import { SearchField } from '../../components/SearchField';
import { Badge } from '../../components/Status';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useMoney } from '../../lib/operator';
import { PAGE_SIZE, type Page } from '../../lib/paging';
import { SPORTS_SPORTS } from '../../lib/sportsbook';
import { useMerchantCurrency } from '../lottery/currency';

const STATUSES = ['', 'live', 'not_started', 'ended', 'closed', 'cancelled'] as const;

/** Fixtures by sport, status and a search of the teams and tournament; each opens its markets. */
export function EventsTab() {
  const { t } = useTranslation();
  const money = useMoney();
  const currency = useMerchantCurrency() ?? 'BRL';
  const [params, setParams] = useSearchParams();
  const sport = params.get('sport') ?? '';
  const status = params.get('status') ?? '';
  const q = params.get('q') ?? '';
  const pageNo = Number(params.get('page') ?? '1') || 1;
  const [search, setSearch] = useState(q);
  const events = useQuery({
    queryKey: ['bo', 'sportsbook', 'events', sport, status, q, pageNo],
    queryFn: () =>
      api.get<Page<BoSportsEvent>>('/bo/sportsbook/events', {
        sport,
        status,
        q,
        pageNo,
        pageSize: PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
  const go = (next: { sport?: string; status?: string; q?: string; page?: number }) => {
    const query: Record<string, string> = { tab: 'events' };
    for (const [key, value] of Object.entries({ sport, status, q, ...next, page: next.page ?? 1 }))
      if (value && !(key === 'page' && value === 1)) query[key] = String(value);
    setParams(query);
  };

  return (
    <>
      <form
        className="toolbar"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          go({ q: search.trim() });
        }}
      >
        <label className="field field--inline">
          <span>{t('sportsbook.events.sport')}</span>
          <select value={sport} onChange={(event) => go({ sport: event.target.value })}>
            <option value="">{t('status.all')}</option>
            {SPORTS_SPORTS.map((value) => (
              <option key={value} value={value}>
                {t(`sportsbook.sports.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field field--inline">
          <span>{t('sportsbook.events.status')}</span>
          <select value={status} onChange={(event) => go({ status: event.target.value })}>
            {STATUSES.map((value) => (
              <option key={value || 'all'} value={value}>
                {t(value ? `sportsbook.fixture.${value}` : 'status.all')}
              </option>
            ))}
          </select>
        </label>
        <SearchField
          label={t('sportsbook.events.search')}
          placeholder={t('sportsbook.events.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
      </form>
      <PagedTable
        query={events}
        empty={t('sportsbook.events.empty')}
        className="table table--cards"
        onPage={(page) => go({ page })}
        head={
          <>
            <th>{t('sportsbook.events.start')}</th>
            <th>{t('sportsbook.events.event')}</th>
            <th>{t('sportsbook.events.status')}</th>
            <th className="num">{t('sportsbook.events.openBets')}</th>
            <th className="num">{t('sportsbook.events.turnover')}</th>
          </>
        }
        row={(e) => (
          <tr key={e.id}>
            <td data-label={t('sportsbook.events.start')} className="nowrap">
              {formatDateTime(e.startTime)}
            </td>
            <td data-label={t('sportsbook.events.event')}>
              <div className="wrap">
                <Link to={`/sportsbook/events/${encodeURIComponent(e.id)}`}>
                  {e.home} – {e.away}
                </Link>
                <div className="muted small">
                  {t(`sportsbook.sports.${e.sport}`, { defaultValue: e.sport })} · {e.tournament}
                </div>
              </div>
            </td>
            <td data-label={t('sportsbook.events.status')}>
              <FixtureStatus event={e} />
            </td>
            <td data-label={t('sportsbook.events.openBets')} className="num">
              {e.openBets}
            </td>
            <td data-label={t('sportsbook.events.turnover')} className="num nowrap">
              {money(e.turnoverMinor, currency)}
            </td>
          </tr>
        )}
      />
    </>
  );
}

/** The fixture's status, its score once it has one, and an operator's suspension of the whole event. */
export function FixtureStatus({ event }: { event: BoSportsEvent }) {
  const { t } = useTranslation();
  const tone = event.status === 'live' ? 'ok' : event.status === 'not_started' ? 'warn' : 'muted';
  return (
    <span className="badges">
      <Badge tone={tone}>{t(`sportsbook.fixture.${event.status}`)}</Badge>
      {event.score ? (
        <span className="mono">
          {event.score.home}:{event.score.away}
        </span>
      ) : null}
      {event.suspended ? <Badge tone="bad">{t('sportsbook.suspended')}</Badge> : null}
    </span>
  );
}
