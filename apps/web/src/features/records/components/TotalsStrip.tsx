import type { BetTotals } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/money';

/** The settled rounds' count, stake, payout and profit for the filtered range. */
export function TotalsStrip({ totals, label }: { totals: BetTotals; label: string }) {
  const { t, i18n } = useTranslation('records');
  const money = useMoney();
  return (
    <dl className="rc-totals" aria-label={label}>
      <div>
        <dt>{t('totals.rounds')}</dt>
        <dd>{totals.count.toLocaleString(i18n.language)}</dd>
      </div>
      <div>
        <dt>{t('totals.stake')}</dt>
        <dd>{money.format(totals.stakeMinor)}</dd>
      </div>
      <div>
        <dt>{t('totals.payout')}</dt>
        <dd>{money.format(totals.payoutMinor)}</dd>
      </div>
      <div>
        <dt>{t('totals.profit')}</dt>
        <dd className={profitClass(totals.profitMinor)}>
          {signed(money.format(totals.profitMinor), totals.profitMinor)}
        </dd>
      </div>
    </dl>
  );
}

export function profitClass(minor: number): string {
  return minor > 0 ? 'cs-pos' : minor < 0 ? 'cs-neg' : '';
}

/** A profit with its sign in front: "+R$ 5,00" for a win ("-" is already there for a loss). */
export function signed(formatted: string, minor: number): string {
  return minor > 0 ? `+${formatted}` : formatted;
}
