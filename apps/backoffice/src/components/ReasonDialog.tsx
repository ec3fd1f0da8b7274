import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../lib/action';
import { Dialog } from './Dialog';
import { DialogActions } from './DialogActions';
import { Alert } from './Status';

export interface ReasonDialogProps {
  title: string;
  /** What is being decided, shown above the reason. */
  summary?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  minLength?: number;
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/** A decision that must be explained: the reason is required and recorded in the audit log. */
export function ReasonDialog({
  title,
  summary,
  confirmLabel,
  danger,
  minLength = 2,
  onConfirm,
  onClose,
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const { busy, error, run } = useAction();
  const tooShort = reason.trim().length < minLength;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (tooShort) return;
    await run(async () => {
      await onConfirm(reason.trim());
      onClose();
    });
  }

  return (
    <Dialog open title={title} onClose={onClose}>
      <form onSubmit={submit} className="stack">
        {summary}
        <label className="field">
          <span>{t('reason.label')}</span>
          <textarea
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={3}
            maxLength={500}
            required
            minLength={minLength}
            autoFocus
          />
          <small className="muted">{t('reason.hint', { count: minLength })}</small>
        </label>
        <Alert tone="error">{error}</Alert>
        <DialogActions
          onCancel={onClose}
          label={confirmLabel}
          busy={busy}
          disabled={tooShort}
          danger={danger}
        />
      </form>
    </Dialog>
  );
}
