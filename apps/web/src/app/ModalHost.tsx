import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../components/ui/ErrorBoundary';
import { Modal } from '../components/ui/Modal';
import { isChunkLoadError, retryImport } from '../lib/chunk-retry';
import { type ModalName, useModal } from '../lib/modal-url';
import { useSession } from '../lib/session';

type ModalComponent = ComponentType<{ onClose: () => void }>;

/** Lazily loads a named export, with the same chunk retry as routes. */
function lazyNamed<M>(load: () => Promise<M>, pick: (module: M) => ModalComponent) {
  return lazy(() => retryImport(load).then((module) => ({ default: pick(module) })));
}

const auth = () => import('../features/auth');
const MODALS: Record<ModalName, ModalComponent> = {
  login: lazyNamed(auth, (m) => m.LoginModal),
  register: lazyNamed(auth, (m) => m.RegisterModal),
  registerSuccess: lazyNamed(auth, (m) => m.RegisterSuccessModal),
  changePassword: lazyNamed(auth, (m) => m.ChangePasswordModal),
  forgotPassword: lazyNamed(auth, (m) => m.ForgotPasswordModal),
  resetPassword: lazyNamed(auth, (m) => m.ResetPasswordModal),
  notice: lazyNamed(
    () => import('../features/notices'),
    (m) => m.NoticeModal,
  ),
  download: lazyNamed(
    () => import('../features/download'),
    (m) => m.DownloadModal,
  ),
  help: lazyNamed(
    () => import('../features/help/HelpModal'),
    (m) => m.HelpModal,
  ),
  member: lazyNamed(
    () => import('./member-centre'),
    (m) => m.MemberCentreModal,
  ),
  agent: lazyNamed(
    () => import('./agent-centre'),
    (m) => m.AgentCentreModal,
  ),
};

/**
 * Modals about the player's own account: opened by a visitor (a link, a refresh after signing out),
 * they give way to the login instead of a password form or a welcome to an account that is not there.
 * The member centre does the same inside itself.
 */
const PLAYER_ONLY: ReadonlySet<ModalName> = new Set(['changePassword', 'registerSuccess']);

function ModalLoadError({ error, onClose }: { error: unknown; onClose: () => void }) {
  const { t } = useTranslation('common');
  const chunk = isChunkLoadError(error);
  return (
    <Modal
      name="error"
      title={chunk ? t('errors.chunkTitle') : t('errors.pageTitle')}
      onClose={onClose}
      size="sm"
    >
      <p className="muted">{chunk ? t('errors.chunkText') : t('errors.pageText')}</p>
      <button type="button" className="btn btn--primary btn--block" onClick={() => window.location.reload()}>
        {t('actions.reload')}
      </button>
    </Modal>
  );
}

/** Renders the modal named by `?modal=` (see lib/modal-url.ts). */
export function ModalHost() {
  const { modal, closeModal, openModal } = useModal();
  const isLogin = useSession((s) => s.isLogin);
  const visitor = !isLogin && modal !== null && PLAYER_ONLY.has(modal);
  useEffect(() => {
    if (visitor) openModal('login');
  }, [visitor, openModal]);
  const Component = modal && !visitor ? MODALS[modal] : undefined;
  if (!Component) return null;
  return (
    <ErrorBoundary
      resetKey={modal}
      fallback={(error) => <ModalLoadError error={error} onClose={closeModal} />}
    >
      <Suspense fallback={<div className="modal-pending" aria-hidden="true" />}>
        <Component onClose={closeModal} />
      </Suspense>
    </ErrorBoundary>
  );
}
