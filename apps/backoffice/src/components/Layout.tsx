import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ApiError, api } from '../lib/api';
import { MENU, menuFor } from '../lib/menu';
import { useMe, useToken } from '../lib/operator';
import { setSession } from '../lib/session';
import { LanguageSwitch } from './LanguageSwitch';
import { Empty, ErrorBox, Loading } from './Status';

/** Signs out on the server (best effort) and forgets the token. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await api.post('/bo/session/logout');
    } catch {
      // the token is dropped either way
    }
    setSession(null);
    queryClient.clear();
    navigate('/signin', { replace: true });
  };
}

/** The signed-in frame: sidebar by permission, content on the right; guards every section. */
export function Layout() {
  const { t } = useTranslation();
  const token = useToken();
  const me = useMe();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const signOut = useSignOut();

  if (!token) return <Navigate to="/signin" replace />;
  if (me.error instanceof ApiError && me.error.code === 'BO_TOTP_ENROLL_REQUIRED') {
    return <Navigate to="/enroll" replace />;
  }
  if (me.error) {
    return (
      <main className="center-page">
        <ErrorBox error={me.error} onRetry={() => void me.refetch()} />
      </main>
    );
  }
  if (!me.data) return <Loading />;
  if (!me.data.totpEnabled) return <Navigate to="/enroll" replace />;

  const items = menuFor(me.data.permissions);
  // A section typed into the address bar that the role does not open gets a plain notice, not a 403 error.
  const section = MENU.find((item) => location.pathname.startsWith(item.path));
  const allowed = !section || items.includes(section);
  return (
    <div className="shell" data-menu={menuOpen ? 'open' : 'closed'}>
      <header className="topbar">
        <button
          type="button"
          className="icon-button topbar__menu"
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">{t('nav.menu')}</span>
        </button>
        <span className="brand">{t('app.name')}</span>
      </header>
      <aside className="sidebar" id="sidebar">
        <div className="sidebar__brand brand">{t('app.name')}</div>
        <nav aria-label={t('nav.label')}>
          <ul className="nav">
            {items.map((item) => (
              <li key={item.key}>
                <NavLink to={item.path} className="nav__link" onClick={() => setMenuOpen(false)}>
                  {t(`nav.${item.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sidebar__foot">
          <div className="who">
            <strong>{me.data.username}</strong>
            <span>
              {t(`role.${me.data.role}`)} · {me.data.merchant}
            </span>
          </div>
          <LanguageSwitch />
          <button type="button" className="button button--block" onClick={() => void signOut()}>
            {t('action.signOut')}
          </button>
        </div>
      </aside>
      <button
        type="button"
        className="scrim"
        tabIndex={-1}
        aria-hidden="true"
        onClick={() => setMenuOpen(false)}
      />
      <main className="content" key={location.pathname}>
        {allowed ? <Outlet /> : <Empty>{t('nav.forbidden')}</Empty>}
      </main>
    </div>
  );
}
