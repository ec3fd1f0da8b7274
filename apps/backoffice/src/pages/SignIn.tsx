import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { api } from '../lib/api';
import { useErrorMessage } from '../lib/errors';
import { useMe, useToken } from '../lib/operator';
import { getMerchantCode, getSessionNotice, setSession, setSessionNotice } from '../lib/session';

interface LoginResponse {
  next: 'done' | 'enroll';
  token: string;
}

/**
 * Sign-in: merchant, username, password and the authenticator code in one form. The server answers a
 * right password with a missing or wrong code exactly like a wrong password (issue 12: the answer must
 * not say the password was right), so the code cannot be asked for after the password. An operator who
 * has not set up the authenticator yet leaves the code empty and goes on to enrol.
 */
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
        ...(code ? { totpCode: code } : {}),
      });
      setSessionNotice(null);
      setSession(result.token, merchant.trim());
      await queryClient.invalidateQueries({ queryKey: ['bo', 'me'] });
      navigate(result.next === 'enroll' ? '/enroll' : '/', { replace: true });
    } catch (cause) {
      setError(errorMessage(cause));
      // A code is good once: the next try needs the one the app shows then.
      setCode('');
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
        <div className="field">
          <label htmlFor="totp-code">{t('signIn.totpCode')}</label>
          <CodeInput id="totp-code" value={code} onChange={setCode} optional aria-describedby="totp-hint" />
          <small id="totp-hint" className="muted">
            {t('signIn.totpHint')}
          </small>
        </div>
        {error ? (
          <div className="alert alert--error" role="alert">
            {error}
          </div>
        ) : null}
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t('state.working') : t('signIn.submit')}
        </button>
      </form>
    </main>
  );
}

/**
 * Six digits from an authenticator app; the phone keyboard shows numbers and autofill may fill it.
 * `optional` on the sign-in form, where an operator without an authenticator yet leaves it empty (it
 * then takes no focus either: the form starts at the merchant and username).
 */
export function CodeInput({
  id,
  value,
  onChange,
  optional = false,
  'aria-describedby': describedBy,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  optional?: boolean;
  'aria-describedby'?: string;
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
      required={!optional}
      minLength={6}
      maxLength={6}
      aria-describedby={describedBy}
      // biome-ignore lint/a11y/noAutofocus: where the code is required it is the only thing the step asks for
      autoFocus={!optional}
    />
  );
}
