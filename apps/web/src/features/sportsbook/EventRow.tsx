import type { SportsEvent } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatTime } from '../../lib/dates';
import { outcomeLabel, periodLabel, type Section } from './markets';
import { OddsButton } from './OddsButton';
import { useLabel } from './use-labels';

/** When an event starts: the time today, else the day and time. */
export function useKickoff() {
  const { i18n } = useTranslation();
  return (iso: string) => {
    const at = new Date(iso);
    const today = new Date().toDateString() === at.toDateString();
    const time = formatTime(at, i18n.language);
    return today ? time : `${formatDate(at, i18n.language).slice(0, 5)} ${time}`;
  };
}

/** The live clock line: period and minute ('2º tempo 67'') or the start time. */
export function EventClock({ event }: { event: SportsEvent }) {
  const { t } = useTranslation('sportsbook');
  const label = useLabel();
  const kickoff = useKickoff();
  if (event.status !== 'live') return <span className="sb-clock">{kickoff(event.startTime)}</span>;
  const period = event.score ? label(periodLabel(event.score.period)) : '';
  const minute = event.score?.minute ? ` ${event.score.minute}'` : '';
  return (
    <span className="sb-clock is-live">
      <span className="sb-live-dot" aria-hidden="true" />
      {t('live')} · {period}
      {minute}
    </span>
  );
}

/** One event of the lobby: teams (and the live score), its main market's prices, a link to every market. */
export function EventRow({ event, section }: { event: SportsEvent; section: Section }) {
  const { t } = useTranslation('sportsbook');
  const label = useLabel();
  const main = event.markets[0];
  const href = `/${section}/event/${encodeURIComponent(event.id)}`;
  const teams = { home: event.home.name, away: event.away.name };
  return (
    <article className="sb-row" data-testid="event-row" data-event={event.id}>
      <Link to={href} className="sb-row__teams" data-testid="event-link">
        <EventClock event={event} />
        <span className="sb-row__team">
          <span>{event.home.name}</span>
          {event.score && event.status === 'live' ? <b>{event.score.home}</b> : null}
        </span>
        <span className="sb-row__team">
          <span>{event.away.name}</span>
          {event.score && event.status === 'live' ? <b>{event.score.away}</b> : null}
        </span>
      </Link>
      <div className={`sb-row__odds sb-row__odds--${main?.outcomes.length ?? 0}`}>
        {main ? (
          main.outcomes.map((o) => (
            <OddsButton
              key={o.id}
              event={event}
              market={main.key}
              specifiers={main.specifiers}
              outcome={o}
              label={t(`short.${o.id}`, { defaultValue: o.id })}
              ariaLabel={label(outcomeLabel(main.key, main.specifiers, o.id, teams))}
            />
          ))
        ) : (
          <span className="sb-row__none">{t('noMarkets')}</span>
        )}
      </div>
      <Link to={href} className="sb-row__more" aria-label={t('allMarkets')}>
        {t('more')}
      </Link>
    </article>
  );
}
