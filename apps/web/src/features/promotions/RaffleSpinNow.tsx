import type { PromotionDetail } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/Icon';
import { useLoginGate } from '../../lib/login-gate';
import { useModal } from '../../lib/modal-url';

/**
 * A raffle promotion's call to action: while its raffle runs, "Spin now" opens the member centre's
 * reward centre, where the raffle is spun (a visitor is asked to sign in first). Nothing when the
 * promotion links no raffle or the raffle is not running.
 */
export function RaffleSpinNow({ promo }: { promo: PromotionDetail }) {
  const { t } = useTranslation('promotions');
  const { isLogin, requireLogin } = useLoginGate();
  const { openModal } = useModal();
  if (promo.raffleId === null || !promo.raffleRunning) return null;
  return (
    <section className="promo-cta" data-testid="promo-spin-now">
      <Icon name="gift" size={22} />
      <p>{t(isLogin ? 'spinNowText' : 'spinNowSignIn')}</p>
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => (isLogin ? openModal('member', { page: 'rewardCenter' }) : requireLogin())}
      >
        {t(isLogin ? 'spinNow' : 'signIn')}
      </button>
    </section>
  );
}
