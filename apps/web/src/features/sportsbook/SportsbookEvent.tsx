import type { SportsEvent, SportsMarket } from '@sorte/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState';
import { Icon } from '../../components/ui/Icon';
import { QueryState } from '../../components/ui/QueryState';
import { ApiError } from '../../lib/api';
import { useEvent } from './api';
import { EventClock, useKickoff } from './EventRow';
import { useWatchFixtures } from './live-odds';
import {
  MARKET_GROUPS,
  type MarketGroup,
  marketGroup,
  marketLine,
  marketTitle,
  outcomeLabel,
  periodLabel,
  scoreColumns,
  type Section,
} from './markets';
import { OddsButton } from './OddsButton';
import { useLabel } from './use-labels';
import { PillTabs } from './PillTabs';

/** One event: the scoreboard, then its markets by group (main, handicap, totals …), each market a card. */
export function SportsbookEvent({ section, id }: { section: Section; id: string }) {
  const { t } = useTranslation('sportsbook');
  const event = useEvent(id);
  useWatchFixtures([id]);
  const notFound = event.error instanceof ApiError && event.error.status === 404;
  return (
    <div className="sb-event">
      <Link to={`/${section}`} className="sb-back">
        <Icon name="chevronLeft" size={18} />
        {t('back')}
      </Link>
      {notFound ? (
        <EmptyState icon={section === 'esports' ? 'ESPORTS' : 'SPORTS'} title={t('eventGone')} />
      ) : (
        <QueryState isLoading={event.isLoading} error={event.error} onRetry={() => event.refetch()}>
          {event.data ? <EventBody event={event.data} /> : null}
        </QueryState>
      )}
    </div>
  );
}

function EventBody({ event }: { event: SportsEvent }) {
  const { t } = useTranslation('sportsbook');
  const groups = MARKET_GROUPS.filter((g) => event.markets.some((m) => marketGroup(m.key) === g));
  const [group, setGroup] = useState<MarketGroup | 'all'>('all');
  const markets = event.markets.filter((m) => group === 'all' || marketGroup(m.key) === group);
  // Lines of one market type (totals 2.5, 2.75 …) share a card, one row per line.
  const cards: SportsMarket[][] = [];
  for (const m of markets) {
    const last = cards.at(-1);
    if (last && last[0]!.key === m.key && marketLine(m.specifiers) !== null) last.push(m);
    else cards.push([m]);
  }
  return (
    <>
      <Scoreboard event={event} />
      {event.status === 'ended' ? <p className="sb-note">{t('ended')}</p> : null}
      <PillTabs
        variant="groups"
        label={t('marketGroups')}
        value={group}
        onChange={setGroup}
        tabs={(['all', ...groups] as const).map((g) => ({ id: g, label: t(`group.${g}`) }))}
      />
      {cards.length === 0 ? <EmptyState icon="lock" title={t('noMarkets')} /> : null}
      {cards.map((lines) => (
        <MarketCard key={`${lines[0]!.key}|${lines[0]!.specifiers}`} event={event} lines={lines} />
      ))}
    </>
  );
}

/** The teams, the score (and the period's) when live, else the day and time of the start. */
function Scoreboard({ event }: { event: SportsEvent }) {
  const { t } = useTranslation('sportsbook');
  const label = useLabel();
  const kickoff = useKickoff();
  const live = event.status === 'live' && event.score;
  return (
    <header className={`sb-board${live ? ' is-live' : ''}`} data-testid="scoreboard">
      <p className="sb-board__league">
        {t(`sport.${event.sport}`)} · {event.tournament.name}
        {event.bestOf ? ` · ${t('bestOf', { n: event.bestOf })}` : ''}
      </p>
      <div className="sb-board__main">
        <span className="sb-board__team">{event.home.name}</span>
        <span className="sb-board__score" data-testid="score">
          {live ? `${event.score!.home} – ${event.score!.away}` : t('vs')}
        </span>
        <span className="sb-board__team sb-board__team--away">{event.away.name}</span>
      </div>
      <p className="sb-board__clock">
        {live ? <EventClock event={event} /> : kickoff(event.startTime)}
        {live && event.score?.period === 'halftime' ? ` · ${label(periodLabel('halftime'))}` : ''}
      </p>
    </header>
  );
}

function MarketCard({ event, lines }: { event: SportsEvent; lines: SportsMarket[] }) {
  const label = useLabel();
  const first = lines[0]!;
  const teams = { home: event.home.name, away: event.away.name };
  const title = label(marketTitle(first.key, first.specifiers, event.sport));
  const suspended = lines.every((m) => m.status === 'suspended');
  const button = (m: SportsMarket, o: SportsMarket['outcomes'][number], withLabel = true) => {
    const name = label(outcomeLabel(m.key, m.specifiers, o.id, teams));
    return (
      <OddsButton
        key={o.id}
        event={event}
        market={m.key}
        specifiers={m.specifiers}
        outcome={o}
        label={withLabel ? name : undefined}
        ariaLabel={`${title}: ${name}`}
      />
    );
  };
  const isScoreGrid = first.key.startsWith('correct_') && first.outcomes.length > 4;
  return (
    <section className="sb-market" data-testid="market" data-market={first.key} aria-label={title}>
      <h3 className="sb-market__title">
        {title}
        {suspended ? <Icon name="lock" size={14} /> : null}
      </h3>
      {isScoreGrid ? (
        <ScoreGrid market={first} button={button} />
      ) : (
        lines.map((m) => (
          <div
            key={m.specifiers}
            className={`sb-market__row sb-market__row--${Math.min(m.outcomes.length, 3)}`}
          >
            {m.outcomes.map((o) => button(m, o))}
          </div>
        ))
      )}
    </section>
  );
}

function ScoreGrid({
  market,
  button,
}: {
  market: SportsMarket;
  button: (m: SportsMarket, o: SportsMarket['outcomes'][number]) => ReactNode;
}) {
  const outcome = (id: string) => market.outcomes.find((o) => o.id === id)!;
  const { columns, others } = scoreColumns(market.outcomes.map((o) => o.id));
  return (
    <>
      <div className="sb-market__grid">
        {columns.map((col) => (
          <div key={col.join()} className="sb-market__col">
            {col.map((id) => button(market, outcome(id)))}
          </div>
        ))}
      </div>
      {others.length > 0 ? (
        <div className="sb-market__row sb-market__row--3">
          {others.map((id) => button(market, outcome(id)))}
        </div>
      ) : null}
    </>
  );
}
