import {
  type AgentContractType,
  type FeatureFlag,
  isRateField,
  TIER_FIELDS,
  type TierField,
  type TierView,
} from '@sorte/contracts';

export {
  isRateField,
  readPercent,
  readTiers,
  TIER_FIELDS,
  type TierField,
  type TierInput,
  type TierView,
} from '@sorte/contracts';
import { rateToPercent } from '@sorte/money';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../lib/money';
import { Table } from './components';

/** The words of a field for the type ("Daily valid bet", "Rate"). */
export function useTierLabel(type: AgentContractType) {
  const { t } = useTranslation('agents');
  return (field: TierField) => t(`contracts.fields.${type}.${field}`, t(`contracts.fields.${field}`));
}

/** A rate as the percent it is ("1.5%"), in the reader's decimals, exactly. */
export function percentText(units: number | null | undefined, locale: string): string {
  if (units === null || units === undefined) return '—';
  const [whole, fraction = ''] = rateToPercent(BigInt(units)).split('.');
  const kept = fraction.replace(/0+$/, '');
  const decimal = locale.startsWith('pt') ? ',' : '.';
  return `${whole}${kept ? decimal + kept : ''}%`;
}

/** A contract's ordered tiers: one row each, the type's fields as columns. */
export function TierTable({
  type,
  tiers,
  label,
}: {
  type: AgentContractType;
  tiers: TierView[];
  label: string;
}) {
  const { t, i18n } = useTranslation('agents');
  const money = useMoney();
  const fieldLabel = useTierLabel(type);
  const cell = (tier: TierView, field: TierField) => {
    const value = tier[field as keyof TierView] as number | null | undefined;
    if (isRateField(field)) return percentText(value, i18n.language);
    if (field === 'minActiveMembers') return (value ?? 0).toLocaleString(i18n.language);
    if (value === null || value === undefined) return '—';
    return money.format(value);
  };
  const rows = tiers.map((tier, i) => ({ ...tier, n: i + 1 }));
  return (
    <Table
      label={label}
      rowKey={(r) => String(r.n)}
      rows={rows}
      columns={[
        { key: 'n', label: t('contracts.tier'), cell: (r) => t('contracts.tierN', { n: r.n }) },
        // A daily salary pays a rate or a fixed amount: the column no tier uses is left out.
        ...TIER_FIELDS[type]
          .filter((field) => field !== 'amountMinor' || tiers.some((tier) => tier.amountMinor !== null))
          .filter((field) => field !== 'rateUnits' || tiers.some((tier) => tier.rateUnits !== null))
          .map((field) => ({
            key: field,
            label: fieldLabel(field),
            numeric: true,
            cell: (r: (typeof rows)[number]) => cell(r, field),
          })),
      ]}
    />
  );
}

/** The merchant's flag that turns each contract type on (its page, its offers, its settlement). */
export const CONTRACT_FLAGS = {
  dividend: 'dividendContract',
  daily: 'dailySalary',
  hourly: 'hourlySalary',
  realtime: 'realtimeSalary',
} as const satisfies Record<AgentContractType, FeatureFlag>;
