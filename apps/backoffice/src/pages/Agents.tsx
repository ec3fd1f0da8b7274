import { useTranslation } from 'react-i18next';
import { PageTabs, usePageTab } from '../components/PageTabs';
import { AnnouncementsTab } from './agents/AnnouncementsTab';
import { ContractsTab } from './agents/ContractsTab';
import { PayoutsTab } from './agents/PayoutsTab';
import { RulesTab } from './agents/RulesTab';
import { RunsTab } from './agents/RunsTab';
import { TreeTab } from './agents/TreeTab';

const TABS = ['tree', 'contracts', 'rules', 'runs', 'approvals', 'announcements'] as const;

/**
 * The agents' back office (docs/agents.md): the merchant's agent tree (moving a member under another
 * agent), every contract and request (force-terminate), the contract rules, the settlement runs with
 * their payouts, the payouts waiting for an operator's approval, and the announcements for agents.
 * The open tab lives in ?tab=.
 */
export function AgentsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = usePageTab(TABS);
  return (
    <section className="page">
      <header className="page__head">
        <h1>{t('agents.title')}</h1>
      </header>
      <PageTabs tabs={TABS} current={tab} onSelect={setTab} labelKey="agents.tabs" />
      {tab === 'tree' ? <TreeTab /> : null}
      {tab === 'contracts' ? <ContractsTab /> : null}
      {tab === 'rules' ? <RulesTab /> : null}
      {tab === 'runs' ? <RunsTab /> : null}
      {tab === 'approvals' ? <PayoutsTab approvals /> : null}
      {tab === 'announcements' ? <AnnouncementsTab /> : null}
    </section>
  );
}
