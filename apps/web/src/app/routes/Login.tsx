import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoginForm } from '../../features/auth';
import { useSession } from '../../lib/session';

/** /login: the auth helper's form in a page; a successful login returns home. */
export default function LoginRoute() {
  const { t } = useTranslation('pages');
  const isLogin = useSession((s) => s.isLogin);
  const navigate = useNavigate();
  useEffect(() => {
    if (isLogin) navigate('/', { replace: true });
  }, [isLogin, navigate]);
  return (
    <div className="page page--center">
      <div className="auth-card">
        <h1 className="auth-card__title">{t('login.title')}</h1>
        <p className="auth-card__text">{t('login.text')}</p>
        <LoginForm />
      </div>
    </div>
  );
}
