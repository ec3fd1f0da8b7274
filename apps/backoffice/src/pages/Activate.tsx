import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { api } from '../lib/api';
import { useErrorMessage } from '../lib/errors';

/** Operators' passwords: the server's rule (operatorCreateRequest), checked here before sending. */
const MIN_PASSWORD = 10;

/**
 * The one-time enrolment link (`npm run operator -- create|reset` prints /backoffice/activate#token):
 * the operator chooses their password, then signs in, where TOTP enrolment follows. The token rides
 * in the #fragment, which the browser never sends to a server or in a Referer.
 */
export function ActivatePage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { hash } = useLocation();
  const token = hash.replace(/^#/, '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ merchant: string; username: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password.length < MIN_PASSWORD) return setError(t('activate.tooShort', { count: MIN_PASSWORD }));
    if (password !== confirm) return setError(t('activate.mismatch'));
    setBusy(true);
    setError(null);
    try {
      setDone(
        await api.post<{ merchant: string; username: string }>('/bo/session/enrolment', { token, password }),
      );
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="center-page">
      <form className="card auth" onSubmit={submit}>
        <div className="auth__head">
          <h1 className="brand">{t('app.name')}</h1>
          <LanguageSwitch />
        </div>
        {done ? (
          <>
            <p role="status">{t('activate.done', done)}</p>
            <Link
              className="button button--primary button--block"
              to={`/signin?merchant=${encodeURIComponent(done.merchant)}`}
              replace
            >
              {t('signIn.submit')}
            </Link>
          </>
        ) : (
          <>
            <h2>{t('activate.title')}</h2>
            <p className="muted">{t(token ? 'activate.intro' : 'activate.noToken')}</p>
            <label className="field">
              <span>{t('activate.password')}</span>
              <input
                type="password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                required
                maxLength={128}
                autoComplete="new-password"
              />
            </label>
            <label className="field">
              <span>{t('activate.confirm')}</span>
              <input
                type="password"
                value={confirm}
                onChange={(event) => setConfirm(event.target.value)}
                required
                maxLength={128}
                autoComplete="new-password"
              />
            </label>
            {error ? (
              <div className="alert alert--error" role="alert">
                {error}
              </div>
            ) : null}
            <button type="submit" className="button button--primary button--block" disabled={busy || !token}>
              {busy ? t('state.working') : t('activate.submit')}
            </button>
          </>
        )}
      </form>
    </main>
  );
}
