import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localDecimal } from '../../../lib/multiplier';

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
  const { i18n } = useTranslation();
  // Shown in the reader's notation ('2,0002' in pt-BR); typed with either sign.
  const shown = (n: number) => localDecimal(format(n), i18n.language);
  const [text, setText] = useState(() => shown(value));
  // biome-ignore lint/correctness/useExhaustiveDependencies: shown is format in the page's language.
  useEffect(() => setText(shown(value)), [value, format, i18n.language]);
  const commit = () => {
    const parsed = Number(text.replace(',', '.'));
    if (text.trim() === '' || !Number.isFinite(parsed)) setText(shown(value));
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
