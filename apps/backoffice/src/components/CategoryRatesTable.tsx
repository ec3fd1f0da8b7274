import { useTranslation } from 'react-i18next';
// The category list straight from its file: the contracts index would also bring zod into this page's bundle.
import { GAME_TYPES } from '../../../../packages/contracts/src/game-types';

/**
 * A percent per game category as the operator types it (the manual rebate, the VIP rebates): one row
 * a category, `invalid` the category whose percent does not read.
 */
export function CategoryRatesTable({
  rates,
  rateLabel,
  invalid,
  onChange,
}: {
  rates: Record<string, string>;
  rateLabel: string;
  invalid: string | null;
  onChange: (category: string, text: string) => void;
}) {
  const { t } = useTranslation();
  const name = (category: string) => t(`settings.rebates.categories.${category}`);
  return (
    <table className="table rebate-rates">
      <thead>
        <tr>
          <th>{t('settings.rebates.category')}</th>
          <th>{rateLabel}</th>
        </tr>
      </thead>
      <tbody>
        {GAME_TYPES.map((category) => (
          <tr key={category}>
            <td className="rebate-rates__cell">{name(category)}</td>
            <td className="rebate-rates__cell">
              <input
                className="rebate-rates__rate"
                inputMode="decimal"
                aria-label={`${name(category)} — ${rateLabel}`}
                aria-invalid={invalid === category}
                value={rates[category] ?? '0'}
                onChange={(event) => onChange(category, event.target.value)}
              />{' '}
              %
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
