import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { useConfirmedSave } from '../lib/confirmed-save';
import { ConfirmDialog } from './ConfirmDialog';
import { Alert } from './Status';

/**
 * A settings form's save row and its confirmation: why the form does not read, the save's error
 * (shown by the confirmation while it is open), "saved", and Save — which names the bad field or
 * opens the confirmation (`title`, `children`), whose button runs `onConfirm`.
 */
export function ConfirmedSaveRow({
  save,
  parsed,
  changed,
  invalidMessage,
  title,
  onConfirm,
  children,
}: {
  save: ReturnType<typeof useConfirmedSave>;
  parsed: { invalid: string } | object;
  changed: boolean;
  invalidMessage: string | null;
  title: string;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="save-row">
        <Alert tone="error">{invalidMessage}</Alert>
        <Alert tone="error">{save.confirming ? null : save.action.error}</Alert>
        <Alert tone="ok">{save.saved ? t('settings.saved') : null}</Alert>
        <div className="actions">
          <button
            type="button"
            className="button button--primary"
            disabled={!changed && !('invalid' in parsed)}
            onClick={() => save.press(parsed)}
          >
            {t('action.save')}
          </button>
        </div>
      </div>
      {save.confirming ? (
        <ConfirmDialog
          label={t('settings.apply')}
          title={title}
          busy={save.action.busy}
          onCancel={save.cancel}
          onConfirm={onConfirm}
        >
          {children}
          <Alert tone="error">{save.action.error}</Alert>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
