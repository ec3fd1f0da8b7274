import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LotteryDrawsTab } from './lottery/DrawsTab';
import { LotteryGamesTab } from './lottery/GamesTab';
import { VnDrawsTab } from './lottery/VnDrawsTab';
import { VnPayoutsTab } from './lottery/VnPayoutsTab';

const TABS = ['games', 'draws', 'vn', 'payouts'] as const;
type Tab = (typeof TABS)[number];

/**
 * The lottery's back office: the fast-draw games' configuration, their draws (with cancellation),
 * the Vietnamese draws' results (entered by one operator, approved by another) and the Vietnamese
 * prices and payouts. The open tab lives in the address (?tab=), so a reload or a link keeps it.
 */
export function LotteryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'games';
  return (
    <section className="page">
      <header className="page__head">
        <h1>{t('lottery.title')}</h1>
      </header>
      {/* Four tabs: on a phone they scroll sideways rather than push the page wider. */}
      <div className="tabs" role="tablist" style={{ overflowX: 'auto' }}>
        {TABS.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={tab === value}
            className="tab"
            onClick={() => setParams({ tab: value }, { replace: true })}
          >
            {t(`lottery.tabs.${value}`)}
          </button>
        ))}
      </div>
      {tab === 'games' ? <LotteryGamesTab /> : null}
      {tab === 'draws' ? <LotteryDrawsTab /> : null}
      {tab === 'vn' ? <VnDrawsTab /> : null}
      {tab === 'payouts' ? <VnPayoutsTab /> : null}
    </section>
  );
}
