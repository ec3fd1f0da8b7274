import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Icon, type IconName } from '../../../components/ui/Icon';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'placeholder'> {
  id: string;
  label: string;
  icon?: IconName;
  error?: string;
  required?: boolean;
  /** Rendered inside the input box on the left (e.g. the dialing code picker). */
  leading?: ReactNode;
  /** Rendered inside the input box on the right (e.g. show password, send code). */
  trailing?: ReactNode;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * Rounded input with an icon, a visible label and the error under it. A required field's
 * placeholder carries a star (spec §5).
 */
export function Field({
  id,
  label,
  icon,
  error,
  required,
  leading,
  trailing,
  hint,
  ref,
  className,
  ...input
}: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`au-field${error ? ' au-field--error' : ''}${className ? ` ${className}` : ''}`}>
      <label className="au-field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="au-field__star" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <div className="au-field__box">
        {icon ? <Icon name={icon} size={18} className="au-field__icon" /> : null}
        {leading}
        <input
          id={id}
          ref={ref}
          className="au-field__input"
          placeholder={required ? `${label} *` : label}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {trailing}
      </div>
      {hint && !error ? (
        <p id={hintId} className="au-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="au-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
