import type { SportsEvent } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState';
import { Icon } from '../../components/ui/Icon';
import { QueryState } from '../../components/ui/QueryState';
import { useEvents } from './api';
import { EventRow } from './EventRow';
import { useWatchFixtures } from './live-odds';
import { byLeague, matchesSearch, SECTION_SPORTS, type Section } from './markets';
import { PillTabs } from './PillTabs';

/**
 * The lobby of /sports or /esports: a tab per sport, a search over teams and leagues, the events
 * live now and then the upcoming ones, each list grouped by league.
 */
export function SportsbookLobby({ section }: { section: Section }) {
  const { t } = useTranslation('sportsbook');
  const [params, setParams] = useSearchParams();
  const sports: readonly string[] = SECTION_SPORTS[section];
  const sport = sports.includes(params.get('sport') ?? '') ? params.get('sport')! : sports[0]!;
  const search = params.get('q') ?? '';
  const events = useEvents(sport);
  const shown = (events.data ?? []).filter((e) => matchesSearch(e, search));
  const live = shown.filter((e) => e.status === 'live');
  const upcoming = shown.filter((e) => e.status === 'not_started');
  useWatchFixtures(shown.map((e) => e.id));

  const set = (name: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="sb-lobby">
      <PillTabs
        label={t('sportsLabel')}
        value={sport}
        onChange={(s) => set('sport', s === sports[0] ? '' : s)}
        tabs={sports.map((s) => ({ id: s, label: t(`sport.${s}`) }))}
      />
      <label className="sb-search">
        <Icon name="search" size={18} />
        <input
          type="search"
          value={search}
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchPlaceholder')}
          onChange={(e) => set('q', e.target.value)}
        />
      </label>
      <QueryState isLoading={events.isLoading} error={events.error} onRetry={() => events.refetch()}>
        {shown.length === 0 ? (
          <EmptyState
            icon={section === 'esports' ? 'ESPORTS' : 'SPORTS'}
            title={search ? t('noResults') : t('noEvents')}
          />
        ) : (
          <>
            <EventList title={t('liveNow')} events={live} section={section} testId="live-now" />
            <EventList title={t('upcoming')} events={upcoming} section={section} testId="upcoming" />
          </>
        )}
      </QueryState>
    </div>
  );
}

function EventList({
  title,
  events,
  section,
  testId,
}: {
  title: string;
  events: SportsEvent[];
  section: Section;
  testId: string;
}) {
  if (events.length === 0) return null;
  return (
    <section className="sb-list" data-testid={testId} aria-label={title}>
      <h2 className="sb-list__title">{title}</h2>
      {byLeague(events).map((league) => (
        <div key={league.id} className="sb-league">
          <h3 className="sb-league__name">{league.name}</h3>
          {league.events.map((e) => (
            <EventRow key={e.id} event={e} section={section} />
          ))}
        </div>
      ))}
    </section>
  );
}
