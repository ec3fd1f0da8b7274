import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';

export function PasswordToggle({
  shown,
  onToggle,
  controls,
}: {
  shown: boolean;
  onToggle: () => void;
  controls: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <button
      type="button"
      className="au-field__action"
      onClick={onToggle}
      aria-controls={controls}
      aria-pressed={shown}
      aria-label={shown ? t('actions.hidePassword') : t('actions.showPassword')}
    >
      <Icon name={shown ? 'eyeOff' : 'eye'} size={18} />
    </button>
  );
}
