import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { Modal } from '../../../components/ui/Modal';
import { toast } from '../../../lib/toast';
import { useWhitelabel } from '../../../lib/whitelabel';
import '../auth.css';

/** registerSuccessModal: welcome after sign-up with a call to deposit or to start playing. */
export function RegisterSuccessModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('auth');
  const { brandName } = useWhitelabel();
  return (
    <Modal name="registerSuccessModal" onClose={onClose} size="sm">
      <div className="au-welcome">
        <span className="au-welcome__badge" aria-hidden="true">
          <Icon name="sparkles" size={40} />
        </span>
        <h2 className="au-welcome__title">{t('success.title', { brand: brandName })}</h2>
        <p className="au-muted">{t('success.text')}</p>
        <div className="au-welcome__actions">
          <button
            type="button"
            className="au-btn au-btn--primary au-btn--block au-btn--lg"
            onClick={() => {
              // The cashier is not addressable yet; until it is, the shell's placeholder message shows.
              onClose();
              toast(t('common:toast.comingSoon'));
            }}
          >
            <Icon name="wallet" size={18} />
            {t('success.deposit')}
          </button>
          <button type="button" className="au-btn au-btn--ghost au-btn--block" onClick={onClose}>
            <Icon name="bolt" size={18} />
            {t('success.play')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
