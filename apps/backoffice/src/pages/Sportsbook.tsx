import { useTranslation } from 'react-i18next';
import { PageTabs, usePageTab } from '../components/PageTabs';
import { BigBetsTab } from './sportsbook/BigBetsTab';
import { EventsTab } from './sportsbook/EventsTab';
import { LimitsTab } from './sportsbook/LimitsTab';
import { OwedTab } from './sportsbook/OwedTab';
import { ResultsTab } from './sportsbook/ResultsTab';

const TABS = ['events', 'bigBets', 'results', 'owed', 'limits'] as const;

/**
 * Sportsbook trading (issue 16 item 5): events with their open bets (one event's markets with the
 * liability per outcome, suspend/resume, manual results: sportsbook/EventDetail), big bets, manual
 * results waiting for a second operator, and the limits. Reading needs `sportsbook.read`; every
 * change `sportsbook.trade` (the server audits each). The open tab lives in the address (?tab=).
 */
export function SportsbookPage() {
  const { t } = useTranslation();
  const [tab, setTab] = usePageTab(TABS);
  return (
    <section className="page">
      <header className="page__head">
        <h1>{t('sportsbook.title')}</h1>
      </header>
      <PageTabs tabs={TABS} current={tab} onSelect={setTab} labelKey="sportsbook.tabs" />
      {tab === 'events' ? <EventsTab /> : null}
      {tab === 'bigBets' ? <BigBetsTab /> : null}
      {tab === 'results' ? <ResultsTab /> : null}
      {tab === 'owed' ? <OwedTab /> : null}
      {tab === 'limits' ? <LimitsTab /> : null}
    </section>
  );
}
