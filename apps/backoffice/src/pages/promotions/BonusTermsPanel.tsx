import type { PromotionBonusTerms } from '@sorte/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BonusInput,
  BonusWageringFields,
  useBonusInvalidMessage,
} from '../../components/BonusWageringFields';
import { Alert, QueryState } from '../../components/Status';
import { useAction } from '../../lib/action';
import { api } from '../../lib/api';
import { parseTermsDraft, type TermsDraft, termsDraftOf } from '../../lib/bonus-terms';
import { useMerchantCurrency } from '../lottery/currency';

/**
 * A deposit-bonus or reload promotion's bonus terms (issue 17): what a qualifying deposit grants and
 * the wagering that comes with it. Saved on its own (`PUT /bo/promotions/:id/bonus-terms`, audited by
 * the server) — it sits inside the promotion's form, so its button is not a submit and Enter in its
 * fields does not save the promotion.
 */
export function BonusTermsPanel({
  promotionId,
  bonusesEnabled,
}: {
  promotionId: number;
  bonusesEnabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const currency = useMerchantCurrency();
  const queryClient = useQueryClient();
  const key = ['bo', 'promotion-bonus-terms', promotionId] as const;
  const stored = useQuery({
    queryKey: key,
    queryFn: () => api.get<PromotionBonusTerms | null>(`/bo/promotions/${promotionId}/bonus-terms`),
  });
  const [draft, setDraft] = useState<TermsDraft | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useAction();
  const invalidMessage = useBonusInvalidMessage();

  // The form follows what is stored: on the first answer, after a save, and when the language changes.
  useEffect(() => {
    if (stored.data !== undefined && currency) setDraft(termsDraftOf(stored.data, currency, locale));
  }, [stored.data, currency, locale]);

  if (stored.data === undefined || !currency || !draft) return <QueryState query={stored} />;

  const edit = (next: TermsDraft) => {
    setInvalid(null);
    setSaved(false);
    setDraft(next);
  };
  const submit = () => {
    const parsed = parseTermsDraft(draft, currency, locale);
    if ('invalid' in parsed) {
      setInvalid(parsed.invalid);
      return;
    }
    void save.run(async () => {
      const terms = await api.put<PromotionBonusTerms>(
        `/bo/promotions/${promotionId}/bonus-terms`,
        parsed.terms,
      );
      queryClient.setQueryData(key, terms);
      setSaved(true);
    });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault();
      submit();
    }
  };

  return (
    <fieldset className="panel stack bonus-terms" onKeyDown={onKeyDown}>
      <legend>{t('bonus.terms.title')}</legend>
      {bonusesEnabled ? null : <Alert tone="warn">{t('bonus.terms.bonusesOff')}</Alert>}
      <p className="muted small">{t(stored.data ? 'bonus.terms.intro' : 'bonus.terms.none')}</p>
      <div className="form-row">
        <BonusInput
          name="percent"
          label={t('bonus.fields.percent')}
          value={draft.percent}
          invalid={invalid}
          onChange={(text) => edit({ ...draft, percent: text })}
        />
        <BonusInput
          name="maxBonus"
          label={t('bonus.fields.maxBonus', { currency })}
          value={draft.maxBonus}
          invalid={invalid}
          onChange={(text) => edit({ ...draft, maxBonus: text })}
        />
        <BonusInput
          name="minDeposit"
          label={t('bonus.fields.minDeposit', { currency })}
          value={draft.minDeposit}
          invalid={invalid}
          placeholder={t('bonus.terms.noMinimum')}
          onChange={(text) => edit({ ...draft, minDeposit: text })}
        />
      </div>
      <BonusWageringFields draft={draft} currency={currency} invalid={invalid} onChange={edit} />
      <Alert tone="error">{invalidMessage(invalid) ?? save.error}</Alert>
      <Alert tone="ok">{saved ? t('bonus.terms.saved') : null}</Alert>
      <div className="actions">
        <button type="button" className="button button--primary" disabled={save.busy} onClick={submit}>
          {save.busy ? t('state.working') : t('bonus.terms.save')}
        </button>
      </div>
    </fieldset>
  );
}
