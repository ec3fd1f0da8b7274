import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useModal } from '../../../lib/modal-url';
import { Modal } from '../../../components/ui/Modal';
import { resetByToken } from '../api';
import { useApiErrorText } from '../hooks';
import { InlineDialog } from './InlineDialog';
import { NewPasswordFields } from './NewPasswordFields';
import { FormSubmit } from './SubmitButton';
import '../auth.css';

type Values = { newPassword: string; confirmPassword: string };

/** `?modal=resetPassword&resetToken=…` — the link of the recovery email. */
export function ResetPasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('auth');
  const [search] = useSearchParams();
  const { params } = useModal();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const resetToken = search.get('resetToken') ?? params.resetToken ?? '';
  const apiErrorText = useApiErrorText();
  const idBase = useId();
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(resetToken ? null : t('reset.missingToken'));
  const form = useForm<Values>({ mode: 'onTouched' });
  const { handleSubmit, formState } = form;

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await resetByToken(resetToken, values.newPassword);
      setDone(true);
    } catch (error) {
      setFormError(apiErrorText(error));
    }
  });

  return (
    <Modal name="resetPassModal" title={t('reset.title')} onClose={onClose} size="sm">
      <form className="au-form au-modal" onSubmit={submit} noValidate>
        <p className="au-muted">{t('reset.lead')}</p>
        <NewPasswordFields form={form} idBase={idBase} confirmName="confirmPassword" />
        <FormSubmit
          error={formError}
          label={t('reset.submit')}
          busy={formState.isSubmitting}
          disabled={!resetToken}
        />
        {done ? (
          <InlineDialog
            kind="success"
            title={t('reset.doneTitle')}
            onOk={() =>
              // Straight to login, dropping the spent reset token from the address.
              navigate({ pathname, search: '?modal=login' }, { replace: true })
            }
          >
            {t('reset.doneText')}
          </InlineDialog>
        ) : null}
      </form>
    </Modal>
  );
}
