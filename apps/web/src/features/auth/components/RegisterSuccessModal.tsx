import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { Modal } from '../../../components/ui/Modal';
import { useModal } from '../../../lib/modal-url';
import { useWhitelabel } from '../../../lib/whitelabel';
import '../auth.css';

/** registerSuccessModal: welcome after sign-up with a call to deposit or to start playing. */
export function RegisterSuccessModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('auth');
  const { brandName } = useWhitelabel();
  const { openModal } = useModal();
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
            // Opening the cashier replaces this modal's history entry, so back returns to the page.
            onClick={() => openModal('member', { page: 'depositv2' })}
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
