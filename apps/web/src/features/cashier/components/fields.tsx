import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { minorToInput } from '@sorte/money';
import { useMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import type { AmountProblem } from '../amounts';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'prefix'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  error?: ReactNode;
  prefix?: ReactNode;
}

/** A labelled input with an optional prefix (currency symbol), a hint and an error line. */
export function Field({ label, value, onChange, hint, error, prefix, ...rest }: FieldProps) {
  const id = useId();
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`cs-field${error ? ' cs-field--error' : ''}`}>
      <label className="cs-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="cs-field__box">
        {prefix ? <span className="cs-field__prefix">{prefix}</span> : null}
        <input
          id={id}
          className="cs-field__input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={described}
          {...rest}
        />
      </div>
      {error ? (
        <p className="cs-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="cs-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Amount in the merchant currency: decimal keypad on phones, currency symbol in front. */
export function AmountField(props: Omit<FieldProps, 'prefix' | 'inputMode'>) {
  const { symbol, currency, locale } = useMoney();
  return (
    <Field
      {...props}
      prefix={symbol}
      inputMode="decimal"
      autoComplete="off"
      placeholder={minorToInput(0n, currency, locale)}
    />
  );
}

/** The six-digit withdrawal password. */
export function PinField(props: Omit<FieldProps, 'type' | 'inputMode' | 'maxLength'>) {
  return (
    <Field
      {...props}
      onChange={(value) => props.onChange(value.replace(/\D/g, '').slice(0, 6))}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      maxLength={6}
    />
  );
}

/** The text for an amount problem, with the limits filled in. */
export function useAmountProblemText() {
  const { t } = useTranslation('cashier');
  const { format } = useMoney();
  return (
    problem: AmountProblem | null,
    limits: { minMinor?: number | bigint; maxMinor?: number | bigint },
  ) =>
    problem
      ? t(`amount.${problem}`, { min: format(limits.minMinor ?? 0), max: format(limits.maxMinor ?? 0) })
      : undefined;
}

/** `wide`: the page's main action (a PIX "copia e cola"), a full-width button that says what it copies. */
export function CopyButton({ value, label, wide = false }: { value: string; label: string; wide?: boolean }) {
  const { t } = useTranslation('cashier');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast(t('copied'), 'success');
    } catch {
      toast(t('copyFailed'), 'error');
    }
  };
  return (
    <button
      type="button"
      className={wide ? 'btn btn--primary btn--block' : 'cs-copy'}
      onClick={copy}
      aria-label={t('copyLabel', { label })}
    >
      {wide ? t('copyCode') : t('copy')}
    </button>
  );
}

const STATUS_TONE: Record<string, string> = {
  pending: 'wait',
  approved: 'ok',
  received: 'ok',
  posted: 'ok',
  rejected: 'bad',
  failed: 'bad',
  expired: 'bad',
  not_received: 'bad',
  voided: 'bad',
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('cashier');
  return (
    <span className={`cs-status cs-status--${STATUS_TONE[status] ?? 'wait'}`}>{t(`status.${status}`)}</span>
  );
}
