import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useModal } from '../../../app/modal-url';
import { Modal } from '../../../components/ui/Modal';
import { resetByToken, useRegisterSetting } from '../api';
import { useApiErrorText, useIssueText } from '../hooks';
import { checkConfirmation, checkValue, DEFAULT_RULE } from '../lib/validation';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import { InlineDialog } from './InlineDialog';
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
  const issueText = useIssueText();
  const apiErrorText = useApiErrorText();
  const setting = useRegisterSetting();
  const rule = { ...(setting.data?.fields.password ?? DEFAULT_RULE), enabled: true, required: true };
  const idBase = useId();
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(resetToken ? null : t('reset.missingToken'));
  const { register, handleSubmit, formState, getValues } = useForm<Values>({ mode: 'onTouched' });

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
        <Field
          id={`${idBase}-new`}
          label={t('fields.newPassword')}
          icon="lock"
          type="password"
          required
          autoComplete="new-password"
          error={formState.errors.newPassword?.message}
          {...register('newPassword', {
            validate: (v) => {
              const issue = checkValue(v, rule);
              return issue ? issueText('newPassword', issue) : true;
            },
          })}
        />
        <Field
          id={`${idBase}-confirm`}
          label={t('fields.confirmPassword')}
          icon="lock"
          type="password"
          required
          autoComplete="new-password"
          error={formState.errors.confirmPassword?.message}
          {...register('confirmPassword', {
            validate: (v) => {
              const issue = checkConfirmation(v, getValues('newPassword'));
              return issue ? issueText('confirmPassword', issue) : true;
            },
          })}
        />
        <FormAlert message={formError} />
        <button
          type="submit"
          className="au-btn au-btn--primary au-btn--block au-btn--lg"
          disabled={formState.isSubmitting || !resetToken}
        >
          {formState.isSubmitting ? t('actions.working') : t('reset.submit')}
        </button>
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
