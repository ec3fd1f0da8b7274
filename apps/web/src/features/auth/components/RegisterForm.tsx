import type { RegisterSetting } from '@sorte/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { type RegisterOptions, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { IconName } from '../../../components/ui/Icon';
import { useWhitelabel } from '../../../lib/whitelabel';
import {
  authKeys,
  checkAffiliate,
  completeLogin,
  type RegisterResult,
  requestSmsCode,
  secureSend,
  useRegisterSetting,
} from '../api';
import { errorCode, useApiErrorText, useIssueText } from '../hooks';
import { deadlineFrom, smsCountdownSeconds } from '../lib/timing';
import {
  checkConfirmation,
  checkValue,
  oneRegisterForm,
  type PlannedField,
  planRegisterFields,
  type RegisterMode,
  serverFieldIssues,
} from '../lib/validation';
import { type Agreement, AgreementBox } from './AgreementBox';
import { FormCaptcha, useCaptcha } from './Captcha';
import { DialingCodeSelect, FALLBACK_COUNTRIES, useDialingCode } from './DialingCodeSelect';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import { InlineDialog } from './InlineDialog';
import { PasswordToggle } from './PasswordToggle';
import { SmsCodeButton } from './SmsCodeButton';
import { FormSubmit } from './SubmitButton';
import { MethodTabs } from './Tabs';
import '../auth.css';

type Values = Record<string, string>;

const ICONS: Partial<Record<string, IconName>> = {
  username: 'user',
  password: 'lock',
  confirmPassword: 'lock',
  paymentPassword: 'lock',
  mobileNum: 'phone',
  verificationCode: 'message',
  email: 'message',
  payeeName: 'user',
  nickname: 'user',
  idNumber: 'file',
  birthday: 'star',
  affiliateCode: 'gift',
  referralCode: 'gift',
  recommenderId: 'users',
  facebook: 'facebook',
  telegram: 'telegram',
};
const SECRET_FIELDS = new Set(['password', 'confirmPassword', 'paymentPassword']);
/** Fields whose errors the server reports under another name. */
const CODE_FIELD: Record<string, string> = {
  AUTH_USER_EXISTS: 'username',
  AUTH_MOBILE_EXISTS: 'mobileNum',
  AUTH_SMS_CODE_INVALID: 'verificationCode',
  AUTH_AFFILIATE_INVALID: 'affiliateCode',
  AUTH_REFERRAL_INVALID: 'referralCode',
  AUTH_CAPTCHA_INVALID: 'captcha',
  AUTH_CAPTCHA_REQUIRED: 'captcha',
};

function inputProps(name: string): {
  type: string;
  autoComplete: string;
  inputMode?: 'numeric' | 'tel' | 'email';
} {
  if (name === 'password' || name === 'confirmPassword')
    return { type: 'password', autoComplete: 'new-password' };
  if (name === 'paymentPassword') return { type: 'password', autoComplete: 'off', inputMode: 'numeric' };
  if (name === 'email') return { type: 'email', autoComplete: 'email', inputMode: 'email' };
  if (name === 'mobileNum') return { type: 'tel', autoComplete: 'tel-national', inputMode: 'tel' };
  if (name === 'verificationCode')
    return { type: 'text', autoComplete: 'one-time-code', inputMode: 'numeric' };
  if (name === 'username') return { type: 'text', autoComplete: 'username' };
  if (name === 'birthday') return { type: 'date', autoComplete: 'bday' };
  if (name === 'payeeName') return { type: 'text', autoComplete: 'name' };
  return { type: 'text', autoComplete: 'off' };
}

/** Affiliate code carried by the address (query or domain), checked once with the server. */
function useAddressAffiliate() {
  const [params] = useSearchParams();
  const code = params.get('affiliateCode') ?? params.get('aff') ?? '';
  const domain = typeof location === 'undefined' ? '' : location.host;
  const query = useQuery({
    queryKey: authKeys.affiliate(code, domain),
    queryFn: ({ signal }) => checkAffiliate(code, domain, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    // Nothing to check without a code in the address: the field simply shows.
    enabled: code !== '',
  });
  const resolved = query.data?.valid ? query.data.code || code : null;
  const failed = code !== '' && (query.isError || query.data?.valid === false);
  return { resolved, failed, pending: query.isPending };
}

export interface RegisterFormProps {
  /** Shown under the submit button in the popup: switches to the login form. */
  onLogin?: () => void;
  /** Closes the popup around the form, if any, before navigating home. */
  onDone?: () => void;
}

/** The registration form rendered from GET /wps/system/setting/register (spec §2, §5). */
export function RegisterForm(props: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const setting = useRegisterSetting();
  const wl = useWhitelabel();
  const tabsBase = useId();
  const merged = setting.data ? oneRegisterForm(setting.data) : false;
  const modes = useMemo<RegisterMode[]>(() => {
    if (!setting.data) return ['username'];
    // The same form twice but for the username: once, with the username (see oneRegisterForm).
    if (oneRegisterForm(setting.data)) return ['username'];
    const list: RegisterMode[] = [];
    if (setting.data.usernameRegister !== false) list.push('username');
    if (setting.data.mobileRegister) list.push('mobile');
    return list.length > 0 ? list : ['username'];
  }, [setting.data]);
  const [chosen, setChosen] = useState<RegisterMode>('username');
  const mode = modes.includes(chosen) ? chosen : modes[0]!;

  if (setting.isPending) {
    return (
      <div className="au-skeleton" role="status" aria-busy="true">
        <span className="au-sr">{t('common.loading')}</span>
      </div>
    );
  }
  if (setting.isError) {
    return (
      <div className="au-stack">
        <FormAlert message={t('common.loadFailed')} />
        <button type="button" className="au-btn au-btn--ghost" onClick={() => setting.refetch()}>
          {t('actions.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className="au-register">
      {merged ? <p className="au-muted">{t('register.oneForm')}</p> : null}
      <MethodTabs
        tabs={modes.length > 1}
        idBase={tabsBase}
        label={t('register.modeLabel')}
        items={modes.map((id) => ({
          id,
          label: t(id === 'username' ? 'register.username_register' : 'register.mobile_register'),
        }))}
        value={mode}
        onChange={setChosen}
      >
        {/* A new form per mode: values reset and the captcha refreshes on tab change (spec §4). */}
        <RegisterFields
          key={mode}
          mode={mode}
          setting={setting.data}
          encrypt={wl.flags.encryption}
          merchantCode={wl.merchantCode}
          {...props}
        />
      </MethodTabs>
    </div>
  );
}

function RegisterFields({
  mode,
  setting,
  encrypt,
  merchantCode,
  onLogin,
  onDone,
}: RegisterFormProps & {
  mode: RegisterMode;
  setting: RegisterSetting;
  encrypt: boolean;
  merchantCode: string;
}) {
  const { t } = useTranslation('auth');
  const issueText = useIssueText();
  const apiErrorText = useApiErrorText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const idBase = useId();
  const affiliate = useAddressAffiliate();
  const plan = useMemo(
    () => planRegisterFields(setting, mode, { hideAffiliate: Boolean(affiliate.resolved) }),
    [setting, mode, affiliate.resolved],
  );
  const captchaRule = setting.fields.captcha;
  const captchaShown = setting.captchaEnabled && captchaRule?.enabled !== false;
  const captcha = useCaptcha(captchaShown);
  // With an SMS code the captcha guards sending the code (and is burnt by it); the registration
  // then asks none (the server's rule too), so it sits under the number and is not checked on submit.
  const smsShown = plan.some((f) => f.name === 'verificationCode');
  const captchaOnSubmit = captchaShown && !smsShown;
  const [codeSent, setCodeSent] = useState(false);
  const countries = setting.countries.length > 0 ? setting.countries : FALLBACK_COUNTRIES;
  const [dial, setDial] = useDialingCode(countries, setting.defaultCountryCode);
  // Consent is given, not pre-given: both boxes start unticked (issue 13).
  const [agreement, setAgreementValue] = useState<Agreement>({ age: false, terms: false });
  const [agreementError, setAgreementError] = useState<string | undefined>();
  const [shown, setShown] = useState<Record<string, boolean>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{
    kind: 'warning' | 'info';
    title?: string;
    text: string;
    after?: () => void;
  } | null>(null);

  const form = useForm<Values>({
    mode: 'onTouched',
    defaultValues: { referralCode: params.get('referralCode') ?? '' },
  });
  const { register, handleSubmit, formState, setError, getValues, setValue, clearErrors, trigger } = form;

  const agreementProblem = (value: Agreement) =>
    value.age && value.terms
      ? undefined
      : t(value.age ? 'agreement.termsRequired' : 'agreement.ageRequired', { age: setting.minimumAge || 18 });
  const setAgreement = (next: Agreement) => {
    setAgreementValue(next);
    // A shown error follows the boxes: it changes or goes as the player ticks them.
    if (agreementError) setAgreementError(agreementProblem(next));
  };

  const rules = (field: PlannedField): RegisterOptions<Values, string> => ({
    validate: (value: string) => {
      const issue =
        field.name === 'confirmPassword'
          ? checkConfirmation(value, getValues('password'))
          : checkValue(value?.trim(), field.rule);
      return issue ? issueText(field.name, issue) : true;
    },
  });

  const requestSms = async (): Promise<number | null> => {
    // A valid mobile number is needed before a code can be sent (spec §5).
    if (!getValues('mobileNum')?.trim()) {
      setError('mobileNum', { type: 'manual', message: t('validation.mobileFirst') }, { shouldFocus: true });
      return null;
    }
    if (!(await trigger('mobileNum'))) return null;
    if (captchaShown && !getValues('captcha')?.trim()) {
      setError('captcha', { type: 'manual', message: t('validation.captchaForSms') }, { shouldFocus: true });
      return null;
    }
    try {
      const sent = await requestSmsCode('register', {
        countryDialingCode: dial,
        mobileNo: getValues('mobileNum').trim(),
        ...(captchaShown && captcha.captcha
          ? { captchaId: captcha.captcha.captchaId, captchaCode: getValues('captcha') }
          : {}),
      });
      if (captchaShown) {
        // The answer is spent: a fresh image and an empty field are ready for a second code.
        captcha.reload();
        setValue('captcha', '');
        clearErrors('captcha');
        setCodeSent(true);
      }
      return deadlineFrom(undefined, smsCountdownSeconds(sent.expiredMinutes), Date.now());
    } catch (error) {
      setDialog({ kind: 'warning', text: apiErrorText(error) });
      if (captchaShown) {
        captcha.reload();
        setValue('captcha', '');
      }
      return null;
    }
  };

  const finish = async (result: RegisterResult) => {
    if (result.session)
      await completeLogin(result.session, queryClient, { merchantCode, allowForcedChange: false });
    onDone?.();
    navigate({ pathname: '/', search: '?modal=registerSuccess' });
  };

  const send = handleSubmit(async (values) => {
    setFormError(null);
    if (agreementProblem(agreement)) return;
    const body: Record<string, unknown> = {};
    for (const field of plan) {
      const raw = values[field.name] ?? '';
      const value = SECRET_FIELDS.has(field.name) ? raw : raw.trim();
      if (value !== '') body[field.name] = value;
    }
    if (affiliate.resolved) body.affiliateCode = affiliate.resolved;
    if (plan.some((f) => f.name === 'mobileNum')) body.countryDialingCode = dial;
    if (captchaOnSubmit && captcha.captcha)
      body.verification = { captchaId: captcha.captcha.captchaId, captchaCode: values.captcha ?? '' };
    Object.assign(body, {
      ageConfirmed: agreement.age,
      termsAccepted: agreement.terms,
      login: true,
      registerUrl: location.href,
      domain: location.host,
      registerMethod: 'WEB',
    });
    try {
      const path = mode === 'mobile' ? '/wps/member/register/mobile' : '/wps/member/register';
      const result = await secureSend<RegisterResult>('PUT', path, body, encrypt);
      if (mode === 'mobile') {
        // Mobile sign-up generates the account number: show it before going on (spec §4).
        setDialog({
          kind: 'info',
          title: t('register.register_success'),
          text: t('register.accountCreated', { account: result.account }),
          after: () => void finish(result),
        });
        return;
      }
      await finish(result);
    } catch (error) {
      if (captchaOnSubmit) {
        captcha.reload();
        setValue('captcha', '');
      }
      const issues = serverFieldIssues((error as { details?: Record<string, unknown> }).details);
      const visible = new Set<string>([...plan.map((f) => f.name), ...(captchaShown ? ['captcha'] : [])]);
      let mapped = false;
      for (const { field, issue } of issues) {
        if (!visible.has(field)) continue;
        setError(field, { type: 'server', message: issueText(field, issue) }, { shouldFocus: !mapped });
        mapped = true;
      }
      const code = errorCode(error);
      const target = code ? CODE_FIELD[code] : undefined;
      if (target && visible.has(target)) {
        setError(target, { type: 'server', message: apiErrorText(error) }, { shouldFocus: !mapped });
        mapped = true;
      }
      if (!mapped) setFormError(apiErrorText(error));
    }
  });

  /** The fields and the boxes are checked together, so every problem shows at once. */
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setAgreementError(agreementProblem(agreement));
    return send(event);
  };

  const errorOf = (name: string) => formState.errors[name]?.message as string | undefined;
  const captchaField = captchaShown ? (
    <FormCaptcha
      form={form}
      idBase={idBase}
      state={captcha}
      checkedOnSubmit={captchaOnSubmit}
      hint={smsShown ? t(codeSent ? 'register.codeSent' : 'register.captchaForSms') : undefined}
    />
  ) : null;

  return (
    <form className="au-form" onSubmit={submit} noValidate>
      {plan.map((field) => {
        const id = `${idBase}-${field.name}`;
        const props = inputProps(field.name);
        const secret = SECRET_FIELDS.has(field.name);
        const reveal = shown[field.name] === true;
        const isMobile = field.name === 'mobileNum';
        const isSms = field.name === 'verificationCode';
        return (
          <div key={field.name} className="au-field-wrap">
            {field.name === 'affiliateCode' && affiliate.failed ? (
              <p className="au-warning" role="status">
                {t('register.invitation_code_error')}
              </p>
            ) : null}
            <Field
              id={id}
              label={t(`fields.${field.name}`)}
              icon={isMobile ? undefined : (ICONS[field.name] ?? 'star')}
              required={field.rule.required}
              error={errorOf(field.name)}
              {...props}
              type={secret && reveal ? 'text' : props.type}
              maxLength={field.rule.maxLength ?? 255}
              leading={
                isMobile ? (
                  <DialingCodeSelect countries={countries} value={dial} onChange={setDial} />
                ) : undefined
              }
              trailing={
                secret ? (
                  <PasswordToggle
                    shown={reveal}
                    controls={id}
                    onToggle={() => setShown((s) => ({ ...s, [field.name]: !reveal }))}
                  />
                ) : isSms ? (
                  <SmsCodeButton onRequest={requestSms} />
                ) : undefined
              }
              {...register(field.name, rules(field))}
            />
            {/* Solved before the code can be sent, so it comes right under the number. */}
            {isMobile && smsShown ? captchaField : null}
          </div>
        );
      })}
      {smsShown ? null : captchaField}
      <AgreementBox
        value={agreement}
        onChange={setAgreement}
        minimumAge={setting.minimumAge || 18}
        error={agreementError}
      />
      <FormSubmit error={formError} label={t('register.submit')} busy={formState.isSubmitting} announceBusy />
      {onLogin ? (
        <p className="au-switch">
          <span>{t('register.haveAccount')}</span>
          <button type="button" className="au-link-btn" onClick={onLogin}>
            {t('actions.login')}
          </button>
        </p>
      ) : null}
      {dialog ? (
        <InlineDialog
          kind={dialog.kind}
          title={dialog.title}
          onOk={() => {
            const after = dialog.after;
            setDialog(null);
            after?.();
          }}
        >
          {dialog.text}
        </InlineDialog>
      ) : null}
    </form>
  );
}
