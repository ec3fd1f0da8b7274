import { useTranslation } from 'react-i18next';
import './play-money.css';

/**
 * The label beside every play-money amount (free play): "Dinheiro de teste" / "Play money", or its
 * short form where room is scarce (the phone header).
 */
export function PlayMoneyBadge({ short = false }: { short?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <span className="play-badge" title={t('playMoney.explain')} data-testid="play-money-badge">
      {short ? t('playMoney.badgeShort') : t('playMoney.badge')}
    </span>
  );
}
