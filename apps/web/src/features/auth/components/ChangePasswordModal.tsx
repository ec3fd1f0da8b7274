import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useModal } from '../../../lib/modal-url';
import { Modal } from '../../../components/ui/Modal';
import { useSession } from '../../../lib/session';
import { useWhitelabel } from '../../../lib/whitelabel';
import { clearForcedChange, isForcedChangePending, loadMember, logout, secureSend } from '../api';
import { errorCode, useApiErrorText, useIssueText } from '../hooks';
import { Field } from './Field';
import { InlineDialog } from './InlineDialog';
import { NewPasswordFields } from './NewPasswordFields';
import { FormSubmit } from './SubmitButton';
import '../auth.css';

type Values = { oldPassword: string; newPassword: string; confirmNewPassword: string };

/**
 * changePassModal. In forced mode (default or expired password, `?m_forced=1` or the session's
 * 'cpw' flag) it cannot be dismissed: closing signs the player out instead.
 */
export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('auth');
  const { params } = useModal();
  const forced = params.forced === '1' || isForcedChangePending();
  const issueText = useIssueText();
  const apiErrorText = useApiErrorText();
  const queryClient = useQueryClient();
  const wl = useWhitelabel();
  const token = useSession((s) => s.token);
  const idBase = useId();
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ mode: 'onTouched' });
  const { register, handleSubmit, formState, setError } = form;

  const dismiss = async () => {
    if (forced && !done) {
      clearForcedChange();
      await logout();
    }
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await secureSend<unknown>('POST', '/wps/member/password', values, wl.flags.encryption);
      clearForcedChange();
      setDone(true);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'AUTH_OLD_PASSWORD_WRONG')
        setError('oldPassword', { type: 'server', message: apiErrorText(error) }, { shouldFocus: true });
      else if (code === 'AUTH_PASSWORD_REUSED')
        setError('newPassword', { type: 'server', message: apiErrorText(error) }, { shouldFocus: true });
      else setFormError(apiErrorText(error));
    }
  });

  const finish = async () => {
    // After a forced change the login continues: member info loads like after any login.
    if (forced && token) await loadMember(queryClient, token);
    onClose();
  };

  const err = (name: keyof Values) => formState.errors[name]?.message;
  return (
    <Modal
      name="changePassModal"
      title={t('changePassword.title')}
      onClose={() => void dismiss()}
      size="sm"
      closeOnBackdrop={!forced}
    >
      <form className="au-form au-modal" onSubmit={submit} noValidate>
        {forced ? <p className="au-warning">{t('changePassword.forced')}</p> : null}
        <Field
          id={`${idBase}-old`}
          label={t('fields.oldPassword')}
          icon="lock"
          type="password"
          required
          autoComplete="current-password"
          error={err('oldPassword')}
          {...register('oldPassword', {
            validate: (v) => (v ? true : issueText('oldPassword', { key: 'required' })),
          })}
        />
        <NewPasswordFields form={form} idBase={idBase} confirmName="confirmNewPassword" />
        <FormSubmit error={formError} label={t('changePassword.submit')} busy={formState.isSubmitting} />
        {forced ? (
          <button type="button" className="au-btn au-btn--ghost au-btn--block" onClick={() => void dismiss()}>
            {t('changePassword.logoutInstead')}
          </button>
        ) : null}
        {done ? (
          <InlineDialog kind="success" title={t('changePassword.doneTitle')} onOk={() => void finish()}>
            {t('changePassword.doneText')}
          </InlineDialog>
        ) : null}
      </form>
    </Modal>
  );
}
