import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';

export function ConfirmDialog({
  title,
  message,
  onConfirm,
  onCancel,
  busy = false,
}: {
  title: ReactNode;
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal name="confirm" title={title} onClose={onCancel} size="sm" closeOnBackdrop={!busy}>
      <p className="confirm__text">{message}</p>
      <div className="confirm__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
          {t('actions.cancel')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
        >
          {t('actions.confirm')}
        </button>
      </div>
    </Modal>
  );
}
