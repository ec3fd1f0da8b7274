import type { SessionResponse } from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useModal } from '../../../app/modal-url';
import { Modal } from '../../../components/ui/Modal';
import { useWhitelabel } from '../../../lib/whitelabel';
import { completeLogin, forgotByEmail, requestSmsCode, secureSend, useRegisterSetting } from '../api';
import { errorCode, useApiErrorText, useIssueText } from '../hooks';
import { deadlineFrom, smsCountdownSeconds } from '../lib/timing';
import { checkValue, DEFAULT_RULE } from '../lib/validation';
import { DialingCodeSelect, FALLBACK_COUNTRIES, useDialingCode } from './DialingCodeSelect';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import { InlineDialog } from './InlineDialog';
import { SmsCodeButton } from './SmsCodeButton';
import { TabPanel, Tabs } from './Tabs';
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
        {phoneAllowed ? (
          <Tabs
            idBase={base}
            label={t('forgot.methodLabel')}
            items={[
              { id: 'email', label: t('forgot.tabEmail') },
              { id: 'phone', label: t('forgot.tabPhone') },
            ]}
            value={tab}
            onChange={setChosen}
          />
        ) : null}
        <TabPanel base={base} id={tab} tabs={phoneAllowed}>
          {tab === 'email' ? (
            <ByEmail onClose={onClose} />
          ) : (
            <ByPhone onClose={onClose} encrypt={wl.flags.encryption} merchantCode={wl.merchantCode} />
          )}
        </TabPanel>
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
      <FormAlert message={formError} />
      <button
        type="submit"
        className="au-btn au-btn--primary au-btn--block au-btn--lg"
        disabled={formState.isSubmitting}
      >
        {formState.isSubmitting ? t('actions.working') : t('forgot.sendEmail')}
      </button>
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
  const issueText = useIssueText();
  const apiErrorText = useApiErrorText();
  const queryClient = useQueryClient();
  const { openModal } = useModal();
  const setting = useRegisterSetting();
  const idBase = useId();
  const countries = setting.data?.countries.length ? setting.data.countries : FALLBACK_COUNTRIES;
  const [dial, setDial] = useDialingCode(countries, setting.data?.defaultCountryCode);
  const [warning, setWarning] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const rule = { ...(setting.data?.fields.password ?? DEFAULT_RULE), enabled: true, required: true };
  const { register, handleSubmit, formState, trigger, getValues, setError } = useForm<PhoneValues>({
    mode: 'onTouched',
  });

  const requestSms = async (): Promise<number | null> => {
    if (!(await trigger('mobileNum'))) return null;
    try {
      const sent = await requestSmsCode('password', {
        countryDialingCode: dial,
        mobileNo: getValues('mobileNum').trim(),
      });
      // Recovery codes count down to the server's own expiry time (spec §4).
      return deadlineFrom(sent.expirationTime, smsCountdownSeconds(sent.expiredMinutes), Date.now());
    } catch (error) {
      setWarning(apiErrorText(error));
      return null;
    }
  };

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
      <Field
        id={`${idBase}-mobile`}
        label={t('fields.mobileNum')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        required
        maxLength={20}
        error={formState.errors.mobileNum?.message}
        leading={<DialingCodeSelect countries={countries} value={dial} onChange={setDial} />}
        {...register('mobileNum', {
          validate: (v) => (/^\d{4,20}$/.test(v.trim()) ? true : t('validation.mobile')),
        })}
      />
      <Field
        id={`${idBase}-code`}
        label={t('fields.verificationCode')}
        icon="message"
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        error={formState.errors.verificationCode?.message}
        trailing={<SmsCodeButton onRequest={requestSms} />}
        {...register('verificationCode', {
          validate: (v) => (/^\d{4,8}$/.test(v.trim()) ? true : t('validation.smsCode')),
        })}
      />
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
      <FormAlert message={formError} />
      <button
        type="submit"
        className="au-btn au-btn--primary au-btn--block au-btn--lg"
        disabled={formState.isSubmitting}
      >
        {formState.isSubmitting ? t('actions.working') : t('forgot.resetAndLogin')}
      </button>
      {warning ? (
        <InlineDialog kind="warning" onOk={() => setWarning(null)}>
          {warning}
        </InlineDialog>
      ) : null}
    </form>
  );
}
