import { useTranslation } from 'react-i18next';
import type { WageringDraft } from '../lib/bonus-terms';
import { CategoryRatesTable } from './CategoryRatesTable';

/** One typed field of a bonus form, marked when `invalid` names it. */
export function BonusInput({
  name,
  label,
  value,
  invalid,
  numeric,
  placeholder,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  invalid: string | null;
  /** Whole numbers (times, days) rather than amounts or percents. */
  numeric?: boolean;
  placeholder?: string;
  onChange: (text: string) => void;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        inputMode={numeric ? 'numeric' : 'decimal'}
        value={value}
        placeholder={placeholder}
        aria-invalid={invalid === name}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

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
        <BonusInput
          name="times"
          label={t('bonus.fields.times')}
          value={draft.times}
          invalid={invalid}
          numeric
          onChange={(text) => set('times', text)}
        />
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
        <BonusInput
          name="maxBet"
          label={t('bonus.fields.maxBet', { currency })}
          value={draft.maxBet}
          invalid={invalid}
          onChange={(text) => set('maxBet', text)}
        />
        <BonusInput
          name="validDays"
          label={t('bonus.fields.validDays')}
          value={draft.validDays}
          invalid={invalid}
          numeric
          onChange={(text) => set('validDays', text)}
        />
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
