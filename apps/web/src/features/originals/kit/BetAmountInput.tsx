import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { minorToInput, parseAmountInput } from '@sorte/money';
import { PlayMoneyBadge } from '../../../components/ui/PlayMoneyBadge';
import { useBalance } from '../../../lib/balance';
import { useIsTrial } from '../../../lib/play-money';
import { useMoney } from '../../../lib/money';
import { type AmountBounds, clampAmount, doubleAmount, halfAmount } from './amount';

export interface BetAmountInputProps {
  /** The stake in minor units. */
  value: bigint;
  onChange: (minor: bigint) => void;
  disabled?: boolean;
  /** The smallest stake (default 1 minor unit). */
  minMinor?: bigint;
  /** A ceiling besides the balance (the merchant's max bet, when the screen knows it). */
  maxMinor?: bigint;
  label?: string;
}

/**
 * The stake field: typed in the merchant currency (locale decimal separator), kept as minor units;
 * ½ and 2× step it, Max sets the balance (or the ceiling). The text is only read back on blur/Enter,
 * so typing "1," does not jump around.
 */
export function BetAmountInput({
  value,
  onChange,
  disabled,
  minMinor = 1n,
  maxMinor,
  label,
}: BetAmountInputProps) {
  const { t } = useTranslation('originals');
  const { currency, locale, symbol } = useMoney();
  const balance = useBalance();
  const trial = useIsTrial();
  const balanceMinor = balance.data ?? null;
  const ceiling =
    balanceMinor !== null && maxMinor !== undefined
      ? balanceMinor < maxMinor
        ? balanceMinor
        : maxMinor
      : (maxMinor ?? balanceMinor);
  const bounds: AmountBounds = { minMinor, maxMinor: ceiling !== null && ceiling > 0n ? ceiling : null };
  const [text, setText] = useState(() => minorToInput(value, currency, locale));
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    setText(minorToInput(value, currency, locale));
    setInvalid(false);
  }, [value, currency, locale]);

  const commit = () => {
    const parsed = parseAmountInput(text, currency, locale);
    if (!parsed?.ok) {
      setInvalid(true);
      return;
    }
    const next = parsed.minor < minMinor ? minMinor : parsed.minor;
    setInvalid(false);
    if (next === value) setText(minorToInput(value, currency, locale));
    else onChange(next);
  };

  return (
    <div className="og-field">
      <div className="og-field__label">
        <span>{label ?? t('kit.amount')}</span>
        {trial ? <PlayMoneyBadge /> : null}
      </div>
      <div className={invalid ? 'og-amount is-invalid' : 'og-amount'}>
        <span className="og-amount__sym" aria-hidden>
          {symbol}
        </span>
        <input
          className="og-amount__input"
          inputMode="decimal"
          aria-label={label ?? t('kit.amount')}
          aria-invalid={invalid}
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
          data-testid="bet-amount"
        />
        <button
          type="button"
          className="og-amount__btn"
          disabled={disabled}
          onClick={() => onChange(halfAmount(value, bounds))}
        >
          ½
        </button>
        <button
          type="button"
          className="og-amount__btn"
          disabled={disabled}
          onClick={() => onChange(doubleAmount(value, bounds))}
        >
          2×
        </button>
        <button
          type="button"
          className="og-amount__btn"
          disabled={disabled || bounds.maxMinor === null}
          onClick={() => bounds.maxMinor !== null && onChange(clampAmount(bounds.maxMinor, bounds))}
        >
          {t('kit.max')}
        </button>
      </div>
    </div>
  );
}
