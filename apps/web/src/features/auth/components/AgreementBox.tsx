import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface Agreement {
  age: boolean;
  terms: boolean;
}

/** Age (18+) and terms confirmation; both default to checked (spec §2) and both are required. */
export function AgreementBox({
  value,
  onChange,
  minimumAge,
  error,
}: {
  value: Agreement;
  onChange: (next: Agreement) => void;
  minimumAge: number;
  error?: string;
}) {
  const { t } = useTranslation('auth');
  const errorId = useId();
  return (
    <fieldset className="au-agree" aria-describedby={error ? errorId : undefined}>
      <legend className="au-sr">{t('agreement.legend')}</legend>
      <label className="au-check">
        <input
          type="checkbox"
          checked={value.age}
          onChange={(e) => onChange({ ...value, age: e.target.checked })}
        />
        <span className="au-check__box" aria-hidden="true" />
        <span>{t('agreement.age', { age: minimumAge })}</span>
      </label>
      <label className="au-check">
        <input
          type="checkbox"
          checked={value.terms}
          onChange={(e) => onChange({ ...value, terms: e.target.checked })}
        />
        <span className="au-check__box" aria-hidden="true" />
        <span>
          <Trans
            t={t}
            i18nKey="agreement.terms"
            components={{ terms: <Link to="/help" className="au-link" /> }}
          />
        </span>
      </label>
      {error ? (
        <p id={errorId} className="au-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
