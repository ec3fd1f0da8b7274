import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';

/**
 * A small dialog drawn over the current modal's content (warning or information with OK). It is
 * not a second Modal, so Escape and focus trapping stay with the one open modal.
 */
export function InlineDialog({
  kind = 'info',
  title,
  children,
  onOk,
  okLabel,
}: {
  kind?: 'info' | 'warning' | 'success';
  title?: string;
  children: ReactNode;
  onOk: () => void;
  okLabel?: string;
}) {
  const { t } = useTranslation('auth');
  const okRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    okRef.current?.focus();
  }, []);
  return (
    <div
      className="au-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={title ? titleId : undefined}
      aria-describedby={textId}
    >
      <div className={`au-dialog__card au-dialog__card--${kind}`}>
        <span className="au-dialog__icon" aria-hidden="true">
          <Icon
            name={kind === 'warning' ? 'shield' : kind === 'success' ? 'sparkles' : 'message'}
            size={26}
          />
        </span>
        {title ? (
          <h3 id={titleId} className="au-dialog__title">
            {title}
          </h3>
        ) : null}
        <div id={textId} className="au-dialog__text">
          {children}
        </div>
        <button ref={okRef} type="button" className="au-btn au-btn--primary au-btn--block" onClick={onOk}>
          {okLabel ?? t('actions.ok')}
        </button>
      </div>
    </div>
  );
}
