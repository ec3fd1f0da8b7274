import { useTranslation } from 'react-i18next';
import { PageTabs, usePageTab } from '../components/PageTabs';
import { LotteryDrawsTab } from './lottery/DrawsTab';
import { LotteryGamesTab } from './lottery/GamesTab';
import { VnDrawsTab } from './lottery/VnDrawsTab';
import { VnPayoutsTab } from './lottery/VnPayoutsTab';

const TABS = ['games', 'draws', 'vn', 'payouts'] as const;

/**
 * The lottery's back office: the fast-draw games' configuration, their draws (with cancellation),
 * the Vietnamese draws' results (entered by one operator, approved by another) and the Vietnamese
 * prices and payouts. The open tab lives in the address (?tab=), so a reload or a link keeps it.
 */
export function LotteryPage() {
  const { t } = useTranslation();
  const [tab, setTab] = usePageTab(TABS);
  return (
    <section className="page">
      <header className="page__head">
        <h1>{t('lottery.title')}</h1>
      </header>
      <PageTabs tabs={TABS} current={tab} onSelect={setTab} labelKey="lottery.tabs" />
      {tab === 'games' ? <LotteryGamesTab /> : null}
      {tab === 'draws' ? <LotteryDrawsTab /> : null}
      {tab === 'vn' ? <VnDrawsTab /> : null}
      {tab === 'payouts' ? <VnPayoutsTab /> : null}
    </section>
  );
}
