import { useTranslation } from 'react-i18next';
import { useToasts } from '../../lib/toast';
import { Icon } from './Icon';

export function Toaster() {
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  const { t } = useTranslation('common');
  return (
    <div className="toaster" aria-live="polite" aria-atomic="false">
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`toast toast--${item.kind}`}
          role={item.kind === 'error' ? 'alert' : 'status'}
        >
          <span>{item.text}</span>
          <button
            type="button"
            className="icon-btn"
            onClick={() => dismiss(item.id)}
            aria-label={t('actions.close')}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
