import type { AgentContractType } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';
import { rateToPercent } from '@sorte/money';

export const CONTRACT_TYPES: readonly AgentContractType[] = ['dividend', 'daily', 'hourly', 'realtime'];

/** Rate units (1/10,000 of a percent) as a percent without trailing zeros, in the locale: "0,35%". */
export function percentText(units: number, locale: string): string {
  const text = rateToPercent(BigInt(units)).replace(/\.?0+$/, '');
  return locale === 'en' ? text : text.replace('.', ',');
}

export function percentOf(units: number | null, locale: string): string {
  return units === null ? '—' : `${percentText(units, locale)}%`;
}

/** The label key of a member type: a player, a trial account, or an agent. */
export function memberTypeKey(type: number): string {
  if (type === 0) return 'agents.node.player';
  if (type === 4) return 'agents.node.trial';
  return 'agents.node.agent';
}

/** A toolbar's filter of one of `options` ('' for all), each labelled by `${labelKey}.${option}`. */
export function FilterSelect<T extends string>({
  label,
  options,
  labelKey,
  value,
  onChange,
}: {
  label: string;
  options: readonly T[];
  labelKey: string;
  value: T | '';
  onChange: (value: T | '') => void;
}) {
  const { t } = useTranslation();
  return (
    <label className="field field--inline">
      <span>{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value as T | '')}>
        <option value="">{t('agents.all')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {t(`${labelKey}.${option}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The contract type filter. */
export function TypeSelect(props: {
  value: AgentContractType | '';
  onChange: (type: AgentContractType | '') => void;
}) {
  const { t } = useTranslation();
  return (
    <FilterSelect
      label={t('agents.contracts.type')}
      options={CONTRACT_TYPES}
      labelKey="agents.types"
      {...props}
    />
  );
}
