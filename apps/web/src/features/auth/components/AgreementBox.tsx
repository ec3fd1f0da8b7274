import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckBox } from './CheckBox';

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
      <CheckBox
        checked={value.age}
        invalid={Boolean(error) && !value.age}
        onChange={(age) => onChange({ ...value, age })}
      >
        {t('agreement.age', { age: minimumAge })}
      </CheckBox>
      <CheckBox
        checked={value.terms}
        invalid={Boolean(error) && !value.terms}
        onChange={(terms) => onChange({ ...value, terms })}
      >
        <Trans
          t={t}
          i18nKey="agreement.terms"
          components={{ terms: <Link to="/help" className="au-link" /> }}
        />
      </CheckBox>
      {error ? (
        <p id={errorId} className="au-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
