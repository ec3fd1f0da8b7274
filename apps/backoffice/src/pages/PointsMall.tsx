import { useTranslation } from 'react-i18next';
import { PageTabs, usePageTab } from '../components/PageTabs';
import { ItemsTab } from './points/ItemsTab';
import { RedemptionsTab } from './points/RedemptionsTab';
import { RulesTab } from './points/RulesTab';

const TABS = ['items', 'redemptions', 'rules'] as const;

/**
 * The points mall's back office (issue 17 item 7): the items and their stock, the redemptions queue
 * (goods shipped, delivered or cancelled with the points given back once) and the rules (rates per
 * category, conversion, the cash switch — off by default). Needs `merchant.config`; the open tab
 * lives in the address (?tab=).
 */
export function PointsMallPage() {
  const { t } = useTranslation();
  const [tab, setTab] = usePageTab(TABS);
  return (
    <section className="page">
      <header className="page__head">
        <h1>{t('points.title')}</h1>
      </header>
      <PageTabs tabs={TABS} current={tab} onSelect={setTab} labelKey="points.tabs" />
      {tab === 'items' ? <ItemsTab /> : null}
      {tab === 'redemptions' ? <RedemptionsTab /> : null}
      {tab === 'rules' ? <RulesTab /> : null}
    </section>
  );
}
