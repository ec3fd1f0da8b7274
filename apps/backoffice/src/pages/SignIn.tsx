import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { ApiError, api } from '../lib/api';
import { useErrorMessage } from '../lib/errors';
import { useMe, useToken } from '../lib/operator';
import { getMerchantCode, getSessionNotice, setSession, setSessionNotice } from '../lib/session';

interface LoginResponse {
  next: 'done' | 'totp' | 'enroll';
  token: string | null;
}

/** Sign-in: merchant, username and password, then the authenticator code when TOTP is on. */
export function SignInPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = useToken();
  const me = useMe();
  const [merchant, setMerchant] = useState(() => params.get('merchant') ?? getMerchantCode() ?? 'demo');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const expired = getSessionNotice() === 'expired';

  if (token && me.data?.totpEnabled) return <Navigate to="/" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await api.post<LoginResponse>('/bo/session/login', {
        merchant: merchant.trim(),
        username: username.trim(),
        password,
        ...(step === 'totp' ? { totpCode: code } : {}),
      });
      if (result.next === 'totp') {
        setStep('totp');
        return;
      }
      setSessionNotice(null);
      setSession(result.token, merchant.trim());
      await queryClient.invalidateQueries({ queryKey: ['bo', 'me'] });
      navigate(result.next === 'enroll' ? '/enroll' : '/', { replace: true });
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'BO_TOTP_REQUIRED' && step === 'password') {
        setStep('totp');
      } else {
        setError(errorMessage(cause));
        if (step === 'totp') setCode('');
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="center-page">
      <form className="card auth" onSubmit={submit} noValidate={false}>
        <div className="auth__head">
          <h1 className="brand">{t('app.name')}</h1>
          <LanguageSwitch />
        </div>
        {expired && !error ? (
          <div className="alert alert--info" role="status">
            {t('signIn.expired')}
          </div>
        ) : null}
        {step === 'password' ? (
          <>
            <label className="field">
              <span>{t('signIn.merchant')}</span>
              <input
                value={merchant}
                onChange={(event) => setMerchant(event.target.value)}
                required
                maxLength={32}
                autoCapitalize="off"
                spellCheck={false}
              />
            </label>
            <label className="field">
              <span>{t('signIn.username')}</span>
              <input
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                required
                maxLength={64}
                autoComplete="username"
                autoCapitalize="off"
                spellCheck={false}
              />
            </label>
            <label className="field">
              <span>{t('signIn.password')}</span>
              <input
                type="password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                required
                maxLength={128}
                autoComplete="current-password"
              />
            </label>
          </>
        ) : (
          <>
            <p className="muted">{t('signIn.totpHint', { username })}</p>
            <div className="field">
              <label htmlFor="totp-code">{t('signIn.totpCode')}</label>
              <CodeInput id="totp-code" value={code} onChange={setCode} />
            </div>
          </>
        )}
        {error ? (
          <div className="alert alert--error" role="alert">
            {error}
          </div>
        ) : null}
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t('state.working') : step === 'totp' ? t('signIn.verify') : t('signIn.submit')}
        </button>
        {step === 'totp' ? (
          <button
            type="button"
            className="button button--link"
            onClick={() => {
              setStep('password');
              setCode('');
              setError(null);
            }}
          >
            {t('signIn.back')}
          </button>
        ) : null}
      </form>
    </main>
  );
}

/** Six digits from an authenticator app; the phone keyboard shows numbers and autofill may fill it. */
export function CodeInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <input
      id={id}
      className="code-input"
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      required
      minLength={6}
      maxLength={6}
      // biome-ignore lint/a11y/noAutofocus: the code is the only thing this step asks for
      autoFocus
    />
  );
}
