import { BET_CATEGORIES, type BetCategory } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/ui/DateField';
import type { RecordsFilters } from '../api';
import { useRecordNames } from '../names';
import { customRange, RANGE_PRESETS, type RangePreset } from '../range';

/**
 * The filters both records screens share: category, vendor (the ones played in the range), a date
 * preset, and two date fields for a custom range.
 */
export function RecordsFilterBar({
  idPrefix,
  filters,
  preset,
  vendors,
  onChange,
  onPreset,
}: {
  idPrefix: string;
  filters: RecordsFilters;
  preset: RangePreset;
  vendors: string[];
  onChange: (next: RecordsFilters) => void;
  onPreset: (preset: RangePreset) => void;
}) {
  const { t } = useTranslation('records');
  const names = useRecordNames();
  // A chosen vendor stays listed even when the new range has none of its rounds.
  const vendorChoices =
    filters.vendor && !vendors.includes(filters.vendor) ? [filters.vendor, ...vendors] : vendors;
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="rc-filters">
      <fieldset className="rc-presets">
        <legend className="sr-only">{t('filters.period')}</legend>
        {RANGE_PRESETS.map((key) => (
          <button
            key={key}
            type="button"
            className={`rc-chip${preset === key ? ' is-active' : ''}`}
            aria-pressed={preset === key}
            onClick={() => onPreset(key)}
          >
            {t(`presets.${key}`)}
          </button>
        ))}
      </fieldset>
      <div
        className={`cs-filters rc-filters__fields${preset === 'custom' ? '' : ' rc-filters__fields--preset'}`}
      >
        <Field htmlFor={id('category')} label={t('filters.category')}>
          <select
            id={id('category')}
            className="select"
            value={filters.category ?? ''}
            onChange={(event) =>
              onChange({ ...filters, category: (event.target.value || undefined) as BetCategory | undefined })
            }
          >
            <option value="">{t('filters.all')}</option>
            {BET_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {names.category(category)}
              </option>
            ))}
          </select>
        </Field>
        <Field htmlFor={id('vendor')} label={t('filters.vendor')}>
          <select
            id={id('vendor')}
            className="select"
            value={filters.vendor ?? ''}
            onChange={(event) => onChange({ ...filters, vendor: event.target.value || undefined })}
          >
            <option value="">{t('filters.all')}</option>
            {vendorChoices.map((vendor) => (
              <option key={vendor} value={vendor}>
                {names.vendor(vendor)}
              </option>
            ))}
          </select>
        </Field>
        {DATE_ENDS.map(({ end, field }) => (
          <Field key={end} className="rc-date" htmlFor={id(end)} label={t(`filters.${end}`)}>
            <DateField
              id={id(end)}
              value={filters[field]}
              disabled={preset !== 'custom'}
              onChange={(day) => day && onChange({ ...filters, ...customRange(filters, { [field]: day }) })}
            />
          </Field>
        ))}
      </div>
    </div>
  );
}

/** The custom range's two date fields: their id and label, and the filter each one sets. */
const DATE_ENDS = [
  { end: 'from', field: 'dateFrom' },
  { end: 'to', field: 'dateTo' },
] as const;

function Field({
  htmlFor,
  label,
  className,
  children,
}: {
  htmlFor: string;
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className ? `cs-field ${className}` : 'cs-field'}>
      <label className="cs-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
    </div>
  );
}
