import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';
import { DialogButtons } from './DialogActions';

/**
 * The confirm step a save or a decision goes through: what will change, then cancel or the
 * confirming button (`label`, "Confirm" unless given; red with `danger`).
 */
export function ConfirmDialog({
  title,
  label,
  busy,
  danger,
  onCancel,
  onConfirm,
  children,
}: {
  title: string;
  label?: string;
  busy: boolean;
  danger?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      title={title}
      onClose={onCancel}
      footer={
        <DialogButtons
          onCancel={onCancel}
          onConfirm={onConfirm}
          busy={busy}
          danger={danger}
          label={label ?? t('action.confirm')}
        />
      }
    >
      {children}
    </Dialog>
  );
}
