import type { RebateRates } from '@sorte/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
// The category list straight from its file: the contracts index would also bring zod into this page's bundle.
import { GAME_TYPES } from '../../../../packages/contracts/src/game-types';
import { CategoryRatesTable } from '../components/CategoryRatesTable';
import { ConfirmedSaveRow } from '../components/ConfirmedSaveRow';
import { QueryState } from '../components/Status';
import { useConfirmedSave } from '../lib/confirmed-save';
import { api } from '../lib/api';
import { parseRebateDraft, type RebateDraft, rebateDraftOf } from '../lib/rebate-rates';
import { useMerchantCurrency } from './lottery/currency';

const RATES_KEY = ['bo', 'rebates', 'rates'] as const;

/**
 * Manual rebates (issue 17): the percent of valid stake a player may claim back per game category,
 * and the smallest claim. `PUT /bo/rebates/rates` sends only what changed; the server audits it. A
 * rate switched on counts stake from today on (docs/architecture.md, "Manual rebates").
 */
export function RebatesPanel() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const currency = useMerchantCurrency();
  const stored = useQuery({ queryKey: RATES_KEY, queryFn: () => api.get<RebateRates>('/bo/rebates/rates') });
  const [draft, setDraft] = useState<RebateDraft | null>(null);
  const save = useConfirmedSave(RATES_KEY);
  const { invalid } = save;

  // The form follows what is stored: on the first answer, after a save, and when the language changes.
  useEffect(() => {
    if (stored.data && currency) setDraft(rebateDraftOf(stored.data, GAME_TYPES, currency, locale));
  }, [stored.data, currency, locale]);

  if (!stored.data || !currency || !draft) return <QueryState query={stored} />;
  const parsed = parseRebateDraft(draft, stored.data, currency, locale);
  const changed =
    'update' in parsed && (parsed.update.rates.length > 0 || parsed.update.minClaimMinor !== undefined);
  const edit = (next: RebateDraft) => {
    save.edited();
    setDraft(next);
  };
  const apply = () => {
    if ('update' in parsed) void save.apply(() => api.put('/bo/rebates/rates', parsed.update));
  };

  return (
    <div className="panel">
      <p className="muted">{t('settings.rebates.intro')}</p>
      <label className="field">
        <span>
          {t('settings.rebates.minClaim')} ({currency})
        </span>
        <input
          inputMode="decimal"
          value={draft.minClaim}
          aria-invalid={invalid === 'minClaim'}
          onChange={(event) => edit({ ...draft, minClaim: event.target.value })}
        />
      </label>
      <CategoryRatesTable
        rates={draft.rates}
        rateLabel={t('settings.rebates.rate')}
        invalid={invalid}
        onChange={(category, text) => edit({ ...draft, rates: { ...draft.rates, [category]: text } })}
      />
      <p className="muted small">{t('settings.rebates.hint')}</p>
      <ConfirmedSaveRow
        save={save}
        parsed={parsed}
        changed={changed}
        invalidMessage={
          invalid
            ? t(invalid === 'minClaim' ? 'settings.rebates.badAmount' : 'settings.rebates.badRate')
            : null
        }
        title={t('settings.rebates.confirm')}
        onConfirm={apply}
      >
        <p className="muted small">{t('settings.rebates.confirmText')}</p>
      </ConfirmedSaveRow>
    </div>
  );
}
