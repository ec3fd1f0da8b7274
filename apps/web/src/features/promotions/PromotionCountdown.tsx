import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/Icon';
import { secondsUntil, useServerNow } from '../../lib/server-clock';
import { timeLeft } from './countdown';

/** "Ends in 3d 4:12:09", ticking on the server's clock; "No end date" for an open-ended promotion. */
export function PromotionCountdown({ endsAt, offsetMs }: { endsAt: string | null; offsetMs: number }) {
  const { t } = useTranslation('promotions');
  const now = useServerNow(offsetMs);
  if (!endsAt)
    return (
      <span className="promo-countdown promo-countdown--open">
        <Icon name="calendar" size={14} />
        {t('noEnd')}
      </span>
    );
  const left = timeLeft(secondsUntil(endsAt, now));
  return (
    <span className="promo-countdown" role="timer">
      <Icon name="calendar" size={14} />
      {left === null
        ? t('ended')
        : left.days > 0
          ? t('endsInDays', { count: left.days, clock: left.clock })
          : t('endsIn', { clock: left.clock })}
    </span>
  );
}
