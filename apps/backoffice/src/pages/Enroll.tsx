import type { OperatorProfile } from '@sorte/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useSignOut } from '../components/Layout';
import { QrCode } from '../components/QrCode';
import { ErrorBox, Loading } from '../components/Status';
import { api } from '../lib/api';
import { useErrorMessage } from '../lib/errors';
import { ME_KEY, useMe, useToken } from '../lib/operator';
import { CodeInput } from './SignIn';

interface TotpSetup {
  secret: string;
  otpauthUrl: string;
}

/** The secret in groups of four, easier to type into an authenticator by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** Two-factor enrolment: scan or type the secret, then prove it with a first code. */
export function EnrollPage() {
  const { t } = useTranslation();
  const token = useToken();
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const signOut = useSignOut();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A query, not an effect, so React's double mount in development does not ask for two secrets.
  const setup = useQuery({
    queryKey: ['bo', 'totp-setup', token],
    queryFn: () => api.post<TotpSetup>('/bo/session/totp/setup'),
    enabled: token !== null && me.data?.totpEnabled === false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  if (!token) return <Navigate to="/signin" replace />;
  if (me.data?.totpEnabled) return <Navigate to="/" replace />;

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // The answer is the now fully signed-in profile: the frame reads it instead of a stale copy.
      const profile = await api.post<OperatorProfile>('/bo/session/totp/enable', { code });
      queryClient.setQueryData([...ME_KEY, token], profile);
      queryClient.removeQueries({ queryKey: ['bo', 'totp-setup'] });
      navigate('/', { replace: true });
    } catch (cause) {
      setError(errorMessage(cause));
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="center-page">
      <form className="card auth auth--wide" onSubmit={confirm}>
        <h1>{t('enroll.title')}</h1>
        <p className="muted">{t('enroll.intro')}</p>
        {setup.error ? <ErrorBox error={setup.error} onRetry={() => void setup.refetch()} /> : null}
        {setup.isLoading ? <Loading /> : null}
        {setup.data ? (
          <div className="enroll">
            <QrCode value={setup.data.otpauthUrl} size={180} label={t('enroll.qr')} />
            <div className="enroll__secret">
              <span className="muted">{t('enroll.secret')}</span>
              <code className="secret" data-testid="totp-secret">
                {groupSecret(setup.data.secret)}
              </code>
            </div>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="enroll-code">{t('enroll.code')}</label>
          <CodeInput id="enroll-code" value={code} onChange={setCode} />
        </div>
        {error ? (
          <div className="alert alert--error" role="alert">
            {error}
          </div>
        ) : null}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={busy || !setup.data || code.length !== 6}
        >
          {busy ? t('state.working') : t('enroll.confirm')}
        </button>
        <button type="button" className="button button--link" onClick={() => void signOut()}>
          {t('action.signOut')}
        </button>
      </form>
    </main>
  );
}
