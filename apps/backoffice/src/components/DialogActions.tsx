import { useTranslation } from 'react-i18next';

export interface DialogButtonsProps {
  onCancel: () => void;
  /** The confirming button's label while not busy. */
  label: string;
  busy: boolean;
  /** Disables the confirming button for reasons other than being busy (e.g. an incomplete form). */
  disabled?: boolean;
  /** Red instead of the primary colour, for decisions that take something away. */
  danger?: boolean;
  /** Without it the confirming button submits the surrounding form. */
  onConfirm?: () => void;
}

/** Cancel, then the confirming button that shows "working" while busy: for a dialog's footer. */
export function DialogButtons({ onCancel, label, busy, disabled, danger, onConfirm }: DialogButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="button" onClick={onCancel}>
        {t('action.cancel')}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className={danger ? 'button button--danger' : 'button button--primary'}
        disabled={busy || disabled}
        onClick={onConfirm}
      >
        {busy ? t('state.working') : label}
      </button>
    </>
  );
}

/** The same buttons as the last row of a dialog's form. */
export function DialogActions(props: DialogButtonsProps) {
  return (
    <div className="actions">
      <DialogButtons {...props} />
    </div>
  );
}
