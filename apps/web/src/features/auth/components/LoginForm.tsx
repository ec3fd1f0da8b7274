import type { LoginRequest, SessionResponse } from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useModal } from '../../../lib/modal-url';
import { ApiError } from '../../../lib/api';
import { useWhitelabel } from '../../../lib/whitelabel';
import { completeLogin, type IpVerificationDetails, secureSend, sendIpVerification } from '../api';
import { errorCode, useApiErrorText, useIssueText } from '../hooks';
import {
  COOKIE_LAST_USER,
  COOKIE_REMEMBER,
  COOKIE_SMS_DIAL,
  COOKIE_SMS_PHONE,
  readCookie,
  writeCookie,
} from '../lib/cookies';
import { smsCountdownSeconds } from '../lib/timing';
import { CheckBox } from './CheckBox';
import { FormCaptcha, useCaptcha } from './Captcha';
import { Field } from './Field';
import { PasswordToggle } from './PasswordToggle';
import { PhoneCodeFields, usePhoneCode } from './PhoneCodeFields';
import { SmsCodeButton } from './SmsCodeButton';
import { FormSubmit } from './SubmitButton';
import { MethodTabs } from './Tabs';
import '../auth.css';

type LoginTab = 'username' | 'sms';
type Values = { username: string; password: string; captcha: string; mobileNum: string; smsCode: string };

export interface LoginFormProps {
  /** Called once the player is in (the popup closes itself with it). */
  onSuccess?: () => void;
}

/**
 * Log-in by username/password or by SMS code (MOBILEVERCODELOGIN3), with the captcha the server
 * asks for after failures and the second verification for unknown IPs (spec §4).
 */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const wl = useWhitelabel();
  const { openModal } = useModal();
  const navigate = useNavigate();
  const smsAllowed = wl.flags.MOBILEVERCODELOGIN3;
  const [chosen, setChosen] = useState<LoginTab>('username');
  const tab: LoginTab = smsAllowed ? chosen : 'username';
  const tabsBase = useId();

  return (
    <div className="au-login">
      <MethodTabs
        tabs={smsAllowed}
        idBase={tabsBase}
        label={t('login.methodLabel')}
        items={[
          { id: 'username', label: t('login.tabUsername') },
          { id: 'sms', label: t('login.tabSms') },
        ]}
        value={tab}
        onChange={setChosen}
      >
        <LoginFields
          key={tab}
          tab={tab}
          encrypt={wl.flags.encryption}
          captchaAlways={wl.flags.captchaOnLogin}
          merchantCode={wl.merchantCode}
          onSuccess={onSuccess}
          onForgot={() => openModal('forgotPassword')}
          // Home plus the forced modal, whether we came from the popup or from the /login page.
          onForcedChange={() =>
            navigate({ pathname: '/', search: '?modal=changePassword&m_forced=1' }, { replace: true })
          }
        />
      </MethodTabs>
    </div>
  );
}

function LoginFields({
  tab,
  encrypt,
  captchaAlways,
  merchantCode,
  onSuccess,
  onForgot,
  onForcedChange,
}: {
  tab: LoginTab;
  encrypt: boolean;
  captchaAlways: boolean;
  merchantCode: string;
  onSuccess?: () => void;
  onForgot: () => void;
  onForcedChange: () => void;
}) {
  const { t } = useTranslation('auth');
  const issueText = useIssueText();
  const apiErrorText = useApiErrorText();
  const queryClient = useQueryClient();
  const idBase = useId();
  const remembered = readCookie(COOKIE_REMEMBER) === '1';
  const [remember, setRemember] = useState(remembered);
  const [captchaShown, setCaptchaShown] = useState(captchaAlways);
  const captcha = useCaptcha(captchaShown && tab === 'username');
  const [showPassword, setShowPassword] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [ipStep, setIpStep] = useState<{ details: IpVerificationDetails; request: LoginRequest } | null>(
    null,
  );
  const [ipError, setIpError] = useState<string | null>(null);

  const form = useForm<Values>({
    mode: 'onTouched',
    defaultValues: {
      username: remembered ? (readCookie(COOKIE_LAST_USER) ?? '') : '',
      password: '',
      captcha: '',
      mobileNum: remembered ? (readCookie(COOKIE_SMS_PHONE) ?? '') : '',
      smsCode: '',
    },
  });
  const { register, handleSubmit, formState, getValues, setError } = form;
  const phone = usePhoneCode(form, 'noLogin', {
    rememberedDial: remembered ? readCookie(COOKIE_SMS_DIAL) : null,
  });
  const dial = phone.dial;
  const required = (field: string) => (value: string) =>
    value?.trim() ? true : issueText(field, { key: 'required' });

  /**
   * Remember-me keeps only the flag, the last user name and the SMS phone for a day. The spec also
   * lists a password cookie; we never write one: cookies are readable by any script on the page,
   * travel with every request and sit unencrypted on disk, so a stored password would leak to XSS,
   * to shared computers and to logs. The browser's password manager is the safe place for it.
   */
  const saveRemember = (values: Values) => {
    writeCookie(COOKIE_REMEMBER, remember ? '1' : null);
    writeCookie(COOKIE_LAST_USER, remember && tab === 'username' ? values.username.trim() : null);
    writeCookie(COOKIE_SMS_PHONE, remember && tab === 'sms' ? values.mobileNum.trim() : null);
    writeCookie(COOKIE_SMS_DIAL, remember && tab === 'sms' ? dial : null);
  };

  const login = async (request: LoginRequest) => {
    setFormError(null);
    try {
      const session = await secureSend<SessionResponse>('POST', '/wps/session/login', request, encrypt);
      saveRemember(getValues());
      // The forced change applies to password logins only, not SMS (spec §4).
      const next = await completeLogin(session, queryClient, {
        merchantCode,
        allowForcedChange: request.type === 'username',
        remember,
      });
      if (next === 'changePassword') onForcedChange();
      else onSuccess?.();
    } catch (error) {
      handleLoginError(error, request);
    }
  };

  const handleLoginError = (error: unknown, request: LoginRequest) => {
    const code = errorCode(error);
    const details = error instanceof ApiError ? error.details : undefined;
    if (ipStep && code !== 'AUTH_IP_VERIFICATION_REQUIRED') {
      setIpError(apiErrorText(error));
      return;
    }
    if (code === 'AUTH_IP_VERIFICATION_REQUIRED' && details) {
      setIpStep({ details: details as unknown as IpVerificationDetails, request });
      return;
    }
    if (code === 'AUTH_CAPTCHA_REQUIRED' || details?.captchaRequired === true) {
      if (!captchaShown) setCaptchaShown(true);
      else captcha.reload();
    } else if (captchaShown) {
      captcha.reload();
    }
    if (code === 'AUTH_CAPTCHA_INVALID' || code === 'AUTH_CAPTCHA_REQUIRED') {
      setError('captcha', { type: 'server', message: apiErrorText(error) }, { shouldFocus: captchaShown });
      return;
    }
    if (code === 'AUTH_SMS_CODE_INVALID') {
      setError('smsCode', { type: 'server', message: apiErrorText(error) }, { shouldFocus: true });
      return;
    }
    setFormError(apiErrorText(error));
  };

  const submit = handleSubmit(async (values) => {
    const verification =
      captchaShown && captcha.captcha
        ? { captchaId: captcha.captcha.captchaId, captchaCode: values.captcha.trim() }
        : undefined;
    if (tab === 'username') {
      await login({
        type: 'username',
        username: values.username.trim(),
        password: values.password.trim(),
        verification,
      });
    } else {
      await login({
        type: 'sms',
        countryDialingCode: dial,
        mobileNum: values.mobileNum.trim(),
        smsCode: values.smsCode.trim(),
      });
    }
  });

  if (ipStep) {
    return (
      <IpVerificationStep
        details={ipStep.details}
        serverError={ipError}
        onCancel={() => {
          setIpStep(null);
          setIpError(null);
        }}
        onSubmit={(code) => {
          setIpError(null);
          return login(
            ipStep.request.type === 'username'
              ? { ...ipStep.request, ipVerificationCode: code }
              : ipStep.request,
          );
        }}
      />
    );
  }

  const errorOf = (name: keyof Values) => formState.errors[name]?.message;
  return (
    <form className="au-form" onSubmit={submit} noValidate>
      {tab === 'username' ? (
        <>
          <Field
            id={`${idBase}-username`}
            label={t('fields.username')}
            icon="user"
            required
            autoComplete="username"
            error={errorOf('username')}
            maxLength={64}
            {...register('username', { validate: required('username') })}
          />
          <Field
            id={`${idBase}-password`}
            label={t('fields.password')}
            icon="lock"
            required
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            error={errorOf('password')}
            maxLength={128}
            trailing={
              <PasswordToggle
                shown={showPassword}
                controls={`${idBase}-password`}
                onToggle={() => setShowPassword((v) => !v)}
              />
            }
            {...register('password', { validate: required('password') })}
          />
          {captchaShown ? <FormCaptcha form={form} idBase={idBase} state={captcha} /> : null}
        </>
      ) : (
        <PhoneCodeFields form={form} phone={phone} idBase={idBase} codeName="smsCode" codeId="sms" />
      )}
      <div className="au-row">
        <CheckBox checked={remember} onChange={setRemember}>
          {t('login.remember')}
        </CheckBox>
        <button type="button" className="au-link-btn" onClick={onForgot}>
          {t('login.forgot')}
        </button>
      </div>
      <FormSubmit error={formError} label={t('actions.login')} busy={formState.isSubmitting} announceBusy />
      {phone.warningDialog}
    </form>
  );
}

/** Second verification for a login from an unregistered IP: pick SMS or email, get a code, send it. */
function IpVerificationStep({
  details,
  serverError,
  onCancel,
  onSubmit,
}: {
  details: IpVerificationDetails;
  serverError: string | null;
  onCancel: () => void;
  onSubmit: (code: string) => Promise<void>;
}) {
  const { t } = useTranslation('auth');
  const apiErrorText = useApiErrorText();
  const idBase = useId();
  const methods = details.methods?.length ? details.methods : (['sms'] as const);
  const [method, setMethod] = useState<'sms' | 'email'>(methods[0]!);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (): Promise<number | null> => {
    setError(null);
    try {
      const sent = (await sendIpVerification(details.challengeId, method)) as {
        expiredMinutes?: number;
      } | null;
      return Date.now() + smsCountdownSeconds(sent?.expiredMinutes) * 1000;
    } catch (cause) {
      setError(apiErrorText(cause));
      return null;
    }
  };
  const target = (m: 'sms' | 'email') => (m === 'sms' ? details.maskedMobile : details.maskedEmail) ?? '';

  return (
    <form
      className="au-form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!/^\w{4,16}$/.test(code.trim())) {
          setError(t('validation.smsCode'));
          return;
        }
        setBusy(true);
        try {
          await onSubmit(code.trim());
        } finally {
          setBusy(false);
        }
      }}
    >
      <h3 className="au-step-title">{t('ipVerify.title')}</h3>
      <p className="au-muted">{t('ipVerify.text')}</p>
      <fieldset className="au-methods">
        <legend className="au-sr">{t('ipVerify.method')}</legend>
        {methods.map((m) => (
          <label key={m} className={`au-method${method === m ? ' au-method--on' : ''}`}>
            <input
              type="radio"
              name={`${idBase}-method`}
              value={m}
              checked={method === m}
              onChange={() => setMethod(m)}
            />
            <span className="au-method__name">{t(m === 'sms' ? 'ipVerify.bySms' : 'ipVerify.byEmail')}</span>
            <span className="au-method__target">{target(m)}</span>
          </label>
        ))}
      </fieldset>
      <Field
        id={`${idBase}-code`}
        label={t('fields.verificationCode')}
        icon="shield"
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={16}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        trailing={<SmsCodeButton onRequest={send} />}
      />
      <FormSubmit error={error ?? serverError} label={t('ipVerify.submit')} busy={busy} />
      <button type="button" className="au-btn au-btn--ghost au-btn--block" onClick={onCancel}>
        {t('actions.back')}
      </button>
    </form>
  );
}
