import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayPlaceholder, formatDay, parseDay } from '../../lib/dates';
import { Icon } from './Icon';

interface Props {
  id: string;
  /** "YYYY-MM-DD", or undefined for none. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  min?: string;
  max?: string;
  disabled?: boolean;
}

/**
 * A day typed and shown as the site's language writes it ("26/11/2026" in pt-BR), where a native
 * date input would follow the browser's language (mm/dd/yyyy on an English browser). The calendar
 * button opens the browser's own picker on a hidden native input, whose choice lands here.
 */
export function DateField({ id, value, onChange, min, max, disabled }: Props) {
  const { t, i18n } = useTranslation('common');
  const locale = i18n.language;
  const [text, setText] = useState(() => formatDay(value, locale));
  const native = useRef<HTMLInputElement>(null);
  useEffect(() => setText(formatDay(value, locale)), [value, locale]);

  const commit = () => {
    if (!text.trim()) return onChange(undefined);
    const day = parseDay(text, locale);
    const inRange = day && (!min || day >= min) && (!max || day <= max);
    if (inRange) onChange(day);
    // Unreadable or out of range: the field shows the day still in force.
    else setText(formatDay(value, locale));
  };

  return (
    <span className="date-field">
      <input
        id={id}
        className="select date-field__text"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        disabled={disabled}
        placeholder={dayPlaceholder(locale, {
          day: t('dateField.day'),
          month: t('dateField.month'),
          year: t('dateField.year'),
        })}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      <button
        type="button"
        className="date-field__pick"
        disabled={disabled}
        aria-label={t('dateField.pick')}
        title={t('dateField.pick')}
        onClick={() => native.current?.showPicker?.()}
      >
        <Icon name="calendar" size={18} />
      </button>
      <input
        ref={native}
        className="date-field__native"
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        value={value ?? ''}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </span>
  );
}
