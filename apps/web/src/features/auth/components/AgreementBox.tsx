import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface Agreement {
  age: boolean;
  terms: boolean;
}

/**
 * Age (18+) and terms confirmation, both required and both unticked until the player ticks them:
 * consent is given, not pre-given (issue 13; spec §2 had them checked by default).
 */
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
          aria-invalid={error && !value.age ? true : undefined}
          onChange={(e) => onChange({ ...value, age: e.target.checked })}
        />
        <span className="au-check__box" aria-hidden="true" />
        <span>{t('agreement.age', { age: minimumAge })}</span>
      </label>
      <label className="au-check">
        <input
          type="checkbox"
          checked={value.terms}
          aria-invalid={error && !value.terms ? true : undefined}
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
