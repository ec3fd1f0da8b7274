import type { SessionResponse } from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useModal } from '../../../lib/modal-url';
import { Modal } from '../../../components/ui/Modal';
import { useWhitelabel } from '../../../lib/whitelabel';
import { completeLogin, forgotByEmail, secureSend } from '../api';
import { errorCode, useApiErrorText, useIssueText } from '../hooks';
import { checkValue, DEFAULT_RULE } from '../lib/validation';
import { Field } from './Field';
import { InlineDialog } from './InlineDialog';
import { NewPasswordFields } from './NewPasswordFields';
import { PhoneCodeFields, usePhoneCode } from './PhoneCodeFields';
import { FormSubmit } from './SubmitButton';
import { MethodTabs } from './Tabs';
import '../auth.css';

type ForgotTab = 'email' | 'phone';

/** forgetPassModal: recovery by email, or by phone when CHNGPASSVERIF3 is on (spec §4). */
export function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('auth');
  const wl = useWhitelabel();
  const phoneAllowed = wl.flags.CHNGPASSVERIF3;
  const [chosen, setChosen] = useState<ForgotTab>('email');
  const tab = phoneAllowed ? chosen : 'email';
  const base = useId();
  return (
    <Modal name="forgetPassModal" title={t('forgot.title')} onClose={onClose} size="sm">
      <div className="au-modal">
        <MethodTabs
          tabs={phoneAllowed}
          idBase={base}
          label={t('forgot.methodLabel')}
          items={[
            { id: 'email', label: t('forgot.tabEmail') },
            { id: 'phone', label: t('forgot.tabPhone') },
          ]}
          value={tab}
          onChange={setChosen}
        >
          {tab === 'email' ? (
            <ByEmail onClose={onClose} />
          ) : (
            <ByPhone onClose={onClose} encrypt={wl.flags.encryption} merchantCode={wl.merchantCode} />
          )}
        </MethodTabs>
      </div>
    </Modal>
  );
}

function ByEmail({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('auth');
  const issueText = useIssueText();
  const apiErrorText = useApiErrorText();
  const idBase = useId();
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ username: string; email: string }>({
    mode: 'onTouched',
  });
  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await forgotByEmail(values.username.trim(), values.email.trim());
      setSent(true);
    } catch (error) {
      setFormError(apiErrorText(error));
    }
  });
  return (
    <form className="au-form" onSubmit={submit} noValidate>
      <p className="au-muted">{t('forgot.emailLead')}</p>
      <Field
        id={`${idBase}-username`}
        label={t('fields.username')}
        icon="user"
        required
        autoComplete="username"
        maxLength={64}
        error={formState.errors.username?.message}
        {...register('username', {
          validate: (v) => (v.trim() ? true : issueText('username', { key: 'required' })),
        })}
      />
      <Field
        id={`${idBase}-email`}
        label={t('fields.email')}
        icon="message"
        type="email"
        inputMode="email"
        required
        autoComplete="email"
        maxLength={255}
        error={formState.errors.email?.message}
        {...register('email', {
          validate: (v) => {
            const issue = checkValue(v.trim(), { ...DEFAULT_RULE, patternId: 4, minLength: 3 });
            return issue ? issueText('email', issue) : true;
          },
        })}
      />
      <FormSubmit error={formError} label={t('forgot.sendEmail')} busy={formState.isSubmitting} />
      {sent ? (
        <InlineDialog kind="success" onOk={onClose}>
          {t('forgot.in_been_out')}
        </InlineDialog>
      ) : null}
    </form>
  );
}

type PhoneValues = { mobileNum: string; verificationCode: string; newPassword: string };

function ByPhone({
  onClose,
  encrypt,
  merchantCode,
}: {
  onClose: () => void;
  encrypt: boolean;
  merchantCode: string;
}) {
  const { t } = useTranslation('auth');
  const apiErrorText = useApiErrorText();
  const queryClient = useQueryClient();
  const { openModal } = useModal();
  const idBase = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PhoneValues>({ mode: 'onTouched' });
  const { handleSubmit, formState, setError } = form;
  // Recovery codes count down to the server's own expiry time (spec §4).
  const phone = usePhoneCode(form, 'password', { serverExpiry: true });
  const dial = phone.dial;

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const session = await secureSend<SessionResponse>(
        'POST',
        '/wps/member/password/verification',
        {
          countryDialingCode: dial,
          mobileNum: values.mobileNum.trim(),
          verificationCode: values.verificationCode.trim(),
          newPassword: values.newPassword,
        },
        encrypt,
      );
      const next = await completeLogin(session, queryClient, { merchantCode });
      if (next === 'changePassword') openModal('changePassword', { forced: '1' });
      else onClose();
    } catch (error) {
      if (errorCode(error) === 'AUTH_SMS_CODE_INVALID') {
        setError('verificationCode', { type: 'server', message: apiErrorText(error) }, { shouldFocus: true });
      } else setFormError(apiErrorText(error));
    }
  });

  return (
    <form className="au-form" onSubmit={submit} noValidate>
      <PhoneCodeFields form={form} phone={phone} idBase={idBase} codeName="verificationCode" codeId="code" />
      <NewPasswordFields form={form} idBase={idBase} />
      <FormSubmit error={formError} label={t('forgot.resetAndLogin')} busy={formState.isSubmitting} />
      {phone.warningDialog}
    </form>
  );
}
