import { useTranslation } from 'react-i18next';
import { PageTabs, usePageTab } from '../components/PageTabs';
import { useCan } from '../lib/operator';
import { FlagsTab } from './abuse/FlagsTab';
import { RulesTab } from './abuse/RulesTab';

/**
 * Abuse limits (issue 17 item 8): the flagged claims — refused ones and near-matches, with the
 * members who share the fingerprints — for whoever reads members; the rules (which fingerprints
 * allow one claim per kind) for `merchant.config`. The open tab lives in the address (?tab=).
 */
export function AbusePage() {
  const { t } = useTranslation();
  const mayConfigure = useCan('merchant.config');
  const tabs = mayConfigure ? (['flags', 'rules'] as const) : (['flags'] as const);
  const [tab, setTab] = usePageTab<'flags' | 'rules'>(tabs);
  return (
    <section className="page">
      <header className="page__head">
        <h1>{t('abuse.title')}</h1>
      </header>
      {tabs.length > 1 ? (
        <PageTabs tabs={tabs} current={tab} onSelect={setTab} labelKey="abuse.tabs" />
      ) : null}
      {tab === 'flags' ? <FlagsTab /> : <RulesTab />}
    </section>
  );
}
