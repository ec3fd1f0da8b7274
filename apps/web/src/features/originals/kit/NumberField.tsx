import { type ReactNode, useEffect, useState } from 'react';

export interface NumberFieldProps {
  label: ReactNode;
  value: number;
  /** The text shown for a value (e.g. two decimals). */
  format: (value: number) => string;
  /** Called on blur/Enter with the typed number (comma or dot); bad text snaps back. */
  onCommit: (value: number) => void;
  suffix?: ReactNode;
  disabled?: boolean;
  testId?: string;
}

/** A numeric field read back only on blur/Enter, so linked values (multiplier ⇄ chance) don't fight the typing. */
export function NumberField({ label, value, format, onCommit, suffix, disabled, testId }: NumberFieldProps) {
  const [text, setText] = useState(() => format(value));
  useEffect(() => setText(format(value)), [value, format]);
  const commit = () => {
    const parsed = Number(text.replace(',', '.'));
    if (text.trim() === '' || !Number.isFinite(parsed)) setText(format(value));
    else onCommit(parsed);
  };
  return (
    <label className="og-field og-numfield">
      <span className="og-field__label">{label}</span>
      <span className="og-numfield__box">
        <input
          className="og-input"
          inputMode="decimal"
          value={text}
          disabled={disabled}
          data-testid={testId}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
        />
        {suffix ? <span className="og-numfield__suffix">{suffix}</span> : null}
      </span>
    </label>
  );
}
