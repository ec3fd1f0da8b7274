import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { DROPDOWN_BLUR_MS } from '../lib/timing';

export interface Country {
  countryCode: string;
  countryDialingCode: string;
}

/** Codes arrive as '55' or '+55'; shown with one plus sign. */
export function displayCode(code: string): string {
  return `+${code.replace(/^\+/, '')}`;
}

/** Dialing-code picker inside the mobile input; the list closes 200 ms after focus leaves it. */
export function DialingCodeSelect({
  countries,
  value,
  onChange,
}: {
  countries: readonly Country[];
  value: string;
  onChange: (dialingCode: string) => void;
}) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  useEffect(() => {
    if (open) rootRef.current?.querySelector<HTMLElement>('[aria-selected="true"], [role="option"]')?.focus();
  }, [open]);

  const pick = (code: string) => {
    onChange(code);
    setOpen(false);
    rootRef.current?.querySelector<HTMLElement>('.au-dial__button')?.focus();
  };
  const selected = countries.find((c) => c.countryDialingCode === value);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only watches focus leaving its own buttons and Escape.
    <div
      ref={rootRef}
      className="au-dial"
      onBlur={() => {
        window.clearTimeout(closeTimer.current);
        closeTimer.current = window.setTimeout(() => {
          if (!rootRef.current?.contains(document.activeElement)) setOpen(false);
        }, DROPDOWN_BLUR_MS);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button
        type="button"
        className="au-dial__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t('fields.countryDialingCode')}
        onClick={() => setOpen((v) => !v)}
        disabled={countries.length <= 1}
      >
        <span>{displayCode(value)}</span>
        {countries.length > 1 ? <Icon name="chevronDown" size={14} /> : null}
      </button>
      {open ? (
        <div id={listId} className="au-dial__list" role="listbox" aria-label={t('fields.countryDialingCode')}>
          {countries.map((country) => (
            <button
              key={`${country.countryCode}-${country.countryDialingCode}`}
              type="button"
              role="option"
              aria-selected={country === selected}
              className="au-dial__option"
              onClick={() => pick(country.countryDialingCode)}
            >
              <span className="au-dial__country">{country.countryCode}</span>
              <span>{displayCode(country.countryDialingCode)}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** Countries used when the register setting has none (or has not loaded yet). */
export const FALLBACK_COUNTRIES: readonly Country[] = [{ countryCode: 'BR', countryDialingCode: '+55' }];

/**
 * The chosen dialing code, falling back to the merchant's default country until the user picks one
 * (and whenever the remembered code is not offered any more).
 */
export function useDialingCode(
  countries: readonly Country[],
  defaultCountryCode: string | undefined,
  initial?: string | null,
) {
  const [chosen, setChosen] = useState(initial ?? '');
  const fallback =
    countries.find((c) => c.countryCode === defaultCountryCode)?.countryDialingCode ??
    countries[0]?.countryDialingCode ??
    '+55';
  const value = countries.some((c) => c.countryDialingCode === chosen) ? chosen : fallback;
  return [value, setChosen] as const;
}
