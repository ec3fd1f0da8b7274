import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useModal } from '../../../lib/modal-url';
import { Modal } from '../../../components/ui/Modal';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { Tabs } from './Tabs';

type PopupTab = 'login' | 'register';

/** loginPopupModal: log in or sign up in one popup; `?m_tab=register` opens the second tab. */
export function LoginModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('auth');
  const { params, openModal } = useModal();
  const tab: PopupTab = params.tab === 'register' ? 'register' : 'login';
  const base = useId();
  return (
    <Modal
      name="loginPopupModal"
      title={t(tab === 'login' ? 'login.title' : 'register.title')}
      onClose={onClose}
      size="sm"
    >
      <div className="au-modal">
        <Tabs
          idBase={base}
          variant="pill"
          label={t('login.popupLabel')}
          items={[
            { id: 'login', label: t('actions.login') },
            { id: 'register', label: t('actions.register') },
          ]}
          value={tab}
          onChange={(next) => openModal('login', next === 'register' ? { tab: 'register' } : undefined)}
        />
        <div
          id={`${base}-panel-${tab}`}
          role="tabpanel"
          aria-labelledby={`${base}-tab-${tab}`}
          className="au-modal__panel"
        >
          {tab === 'login' ? (
            <LoginForm onSuccess={onClose} />
          ) : (
            <RegisterForm onLogin={() => openModal('login')} />
          )}
        </div>
      </div>
    </Modal>
  );
}

/** registerModal: the sign-up form with a button to log in instead. */
export function RegisterModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('auth');
  const { openModal } = useModal();
  return (
    <Modal name="registerModal" title={t('register.title')} onClose={onClose} size="sm">
      <div className="au-modal">
        <p className="au-muted au-modal__lead">{t('register.lead')}</p>
        <RegisterForm onLogin={() => openModal('login')} />
      </div>
    </Modal>
  );
}
