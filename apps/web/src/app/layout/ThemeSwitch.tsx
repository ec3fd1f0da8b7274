import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/Icon';
import { useThemeStore } from '../../lib/theme';
import { useWhitelabel } from '../../lib/whitelabel';

export function ThemeSwitch({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const { theme } = useWhitelabel();
  const mode = useThemeStore((s) => s.mode) ?? theme.mode;
  const setMode = useThemeStore((s) => s.setMode);
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={className ? `icon-btn ${className}` : 'icon-btn'}
      onClick={() => setMode(next)}
      aria-label={t('theme.toggle')}
      title={t(`theme.${next}`)}
    >
      <Icon name={mode === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}
