import { useTranslation } from 'react-i18next';
import { FormAlert } from './FormAlert';

/**
 * The form's error line and its full-width submit button, which reads 'working…' while `busy`.
 * `announceBusy` also marks the button aria-busy meanwhile.
 */
export function FormSubmit({
  error,
  label,
  busy,
  disabled,
  announceBusy,
}: {
  error: string | null;
  label: string;
  busy: boolean;
  disabled?: boolean;
  announceBusy?: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <FormAlert message={error} />
      <button
        type="submit"
        className="au-btn au-btn--primary au-btn--block au-btn--lg"
        disabled={busy || disabled}
        aria-busy={announceBusy ? busy || undefined : undefined}
      >
        {busy ? t('actions.working') : label}
      </button>
    </>
  );
}
