import { useTranslation } from 'react-i18next';
import { minorToInput, parseAmountInput } from '@sorte/money';
import { useMoney } from '../../../lib/money';
import type { AutoAdjust, AutoBetSettings } from './autobet';
import { ControlField, Segmented } from './GameLayout';

/** The auto-bet settings: number of bets, stop on profit/loss, on win/on loss adjust. */
export function AutoBetPanel({
  settings,
  onChange,
  disabled,
}: {
  settings: AutoBetSettings;
  onChange: (settings: AutoBetSettings) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('originals');
  const { currency, locale } = useMoney();
  const moneyField = (value: bigint, set: (minor: bigint) => void, label: string, testId: string) => (
    <ControlField label={label}>
      <input
        className="og-input"
        inputMode="decimal"
        data-testid={testId}
        disabled={disabled}
        defaultValue={value > 0n ? minorToInput(value, currency, locale) : ''}
        placeholder="0"
        onBlur={(e) => {
          const parsed = parseAmountInput(e.target.value, currency, locale);
          set(parsed?.ok ? parsed.minor : 0n);
        }}
      />
    </ControlField>
  );
  const adjustField = (value: AutoAdjust, set: (next: AutoAdjust) => void, label: string) => (
    <ControlField label={label}>
      <div className="og-adjust">
        <Segmented
          value={value.mode}
          disabled={disabled}
          onChange={(mode) => set({ ...value, mode })}
          options={[
            { value: 'reset', label: t('auto.reset') },
            { value: 'increase', label: t('auto.increase') },
          ]}
        />
        <input
          className="og-input og-input--pct"
          inputMode="decimal"
          aria-label={`${label} %`}
          disabled={disabled || value.mode === 'reset'}
          value={value.percent || ''}
          placeholder="0"
          onChange={(e) =>
            set({ ...value, percent: Math.max(0, Number(e.target.value.replace(',', '.')) || 0) })
          }
        />
        <span className="og-pct">%</span>
      </div>
    </ControlField>
  );
  return (
    <div className="og-auto">
      <ControlField label={t('auto.count')} aside={t('auto.countHint')}>
        <input
          className="og-input"
          inputMode="numeric"
          data-testid="auto-count"
          disabled={disabled}
          value={settings.count || ''}
          placeholder="∞"
          onChange={(e) =>
            onChange({ ...settings, count: Math.max(0, Math.floor(Number(e.target.value) || 0)) })
          }
        />
      </ControlField>
      {adjustField(settings.onWin, (onWin) => onChange({ ...settings, onWin }), t('auto.onWin'))}
      {adjustField(settings.onLoss, (onLoss) => onChange({ ...settings, onLoss }), t('auto.onLoss'))}
      {moneyField(
        settings.stopProfitMinor,
        (stopProfitMinor) => onChange({ ...settings, stopProfitMinor }),
        t('auto.stopProfit'),
        'auto-stop-profit',
      )}
      {moneyField(
        settings.stopLossMinor,
        (stopLossMinor) => onChange({ ...settings, stopLossMinor }),
        t('auto.stopLoss'),
        'auto-stop-loss',
      )}
    </div>
  );
}
