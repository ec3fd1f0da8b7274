import { useTranslation } from 'react-i18next';
import type { WageringDraft } from '../lib/bonus-terms';
import { CategoryRatesTable } from './CategoryRatesTable';

/**
 * The wagering half of a bonus form (a promotion's terms, an operator's grant): the requirement (× the
 * bonus or × deposit + bonus), the max bet while wagering, the days to finish and the contribution per
 * game category. `invalid` is the field (or category) that does not read.
 */
export function BonusWageringFields<D extends WageringDraft>({
  draft,
  currency,
  invalid,
  onChange,
}: {
  draft: D;
  currency: string;
  invalid: string | null;
  onChange: (next: D) => void;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof WageringDraft>(key: K, value: WageringDraft[K]) =>
    onChange({ ...draft, [key]: value });
  return (
    <>
      <div className="form-row">
        <label className="field">
          <span>{t('bonus.fields.times')}</span>
          <input
            inputMode="numeric"
            value={draft.times}
            aria-invalid={invalid === 'times'}
            onChange={(e) => set('times', e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('bonus.fields.basis')}</span>
          <select
            value={draft.basis}
            onChange={(e) => set('basis', e.target.value as WageringDraft['basis'])}
          >
            <option value="bonus">{t('bonus.basis.bonus')}</option>
            <option value="deposit_plus_bonus">{t('bonus.basis.deposit_plus_bonus')}</option>
          </select>
        </label>
        <label className="field">
          <span>{t('bonus.fields.maxBet', { currency })}</span>
          <input
            inputMode="decimal"
            value={draft.maxBet}
            aria-invalid={invalid === 'maxBet'}
            onChange={(e) => set('maxBet', e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('bonus.fields.validDays')}</span>
          <input
            inputMode="numeric"
            value={draft.validDays}
            aria-invalid={invalid === 'validDays'}
            onChange={(e) => set('validDays', e.target.value)}
          />
        </label>
      </div>
      <CategoryRatesTable
        rates={draft.contribution}
        rateLabel={t('bonus.fields.contribution')}
        invalid={invalid}
        onChange={(category, text) => set('contribution', { ...draft.contribution, [category]: text })}
      />
      <p className="muted small">{t('bonus.contributionHint')}</p>
    </>
  );
}

/** The message for the field a bonus form names as not reading. */
export function useBonusInvalidMessage() {
  const { t } = useTranslation();
  return (field: string | null): string | null => {
    if (!field) return null;
    const key = `bonus.invalid.${field}`;
    return t(key, { defaultValue: t('bonus.invalid.contribution') });
  };
}
