import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { Icon } from '../components/ui/Icon';
import { Toaster } from '../components/ui/Toaster';
import { useSettledBetsPush } from '../features/sportsbook/settled-push';
import { useBalancePush } from '../lib/balance';
import { reconcileLanguage } from '../lib/i18n';
import { isForcedChangePending, useSession } from '../lib/session';
import { applyTheme, useThemeStore } from '../lib/theme';
import { useSystemStatus, useWhitelabel } from '../lib/whitelabel';
import { Banner } from './layout/Banner';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { SideMenu } from './layout/SideMenu';
import { TabBar } from './layout/TabBar';
import { useTuckOnScroll } from './layout/tuck-on-scroll';
import { useUiStore } from './layout/ui-store';
import { LAYOUTS, type LayoutConfig, PUBLIC_PATHS, type RouteHandle } from './layout-config';
import { ModalHost } from './ModalHost';
import { useAfterLoadIdle } from '../lib/after-load';
import { useModal } from '../lib/modal-url';
import { PageLoader } from './PageLoader';
import { MaintenanceScreen, RegionRestrictedScreen } from './StatusScreens';

// Popup announcements: their own small chunk, loaded after the page, shared with the home's ticker.
const AnnouncementPopup = lazy(() =>
  import('../features/notices/announcements').then((m) => ({ default: m.AnnouncementPopup })),
);

/** The popups once the first render has settled: they are work the player did not ask for. */
function DeferredPopups() {
  const settled = useAfterLoadIdle();
  return settled ? (
    <Suspense fallback={null}>
      <AnnouncementPopup />
    </Suspense>
  ) : null;
}

/** An in-house game's own screen (/inhouse/dice …), as opposed to the in-house lobby. */
const IN_GAME = /^\/inhouse\/./;

function useLayout(): LayoutConfig {
  const matches = useMatches();
  const last = matches[matches.length - 1];
  return (last?.handle as RouteHandle | undefined)?.layout ?? LAYOUTS.page.layout;
}

/** Applies merchant colours and the dark/light choice; honours theme.forceLightOnLoad once per load. */
function useThemeSync() {
  const whitelabel = useWhitelabel();
  const mode = useThemeStore((s) => s.mode);
  const setMode = useThemeStore((s) => s.setMode);
  const forced = useRef(false);
  useEffect(() => {
    if (whitelabel.theme.forceLightOnLoad && !forced.current && whitelabel.merchantCode) {
      forced.current = true;
      setMode('light');
      return;
    }
    applyTheme(whitelabel.theme, mode ?? whitelabel.theme.mode);
  }, [whitelabel, mode, setMode]);
}

function useLanguageSync() {
  const { languages, defaultLanguage, merchantCode } = useWhitelabel();
  useEffect(() => {
    if (merchantCode) reconcileLanguage(languages, defaultLanguage);
  }, [languages, defaultLanguage, merchantCode]);
}

/**
 * A pending forced password change (default or expired password) survives reloads and the back
 * button: the change-password modal comes back until the player changes it or signs out.
 */
function useForcedPasswordChange() {
  const { modal, openModal } = useModal();
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (token && modal !== 'changePassword' && isForcedChangePending())
      openModal('changePassword', { forced: '1' });
  }, [token, modal, openModal]);
}

/** Scroll to the hash anchor when there is one, else to the top; modal (search) changes don't scroll. */
function useScrollRestoration() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change, pathname is the trigger
  useEffect(() => {
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView({ behavior: 'smooth', block: 'start' });
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);
}

function useBrandDocument() {
  const { brandName, faviconUrl } = useWhitelabel();
  const { t } = useTranslation('common');
  useEffect(() => {
    document.title = `${brandName} — ${t('brandTagline')}`;
    if (faviconUrl) {
      const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
      if (link) link.href = faviconUrl;
    }
  }, [brandName, faviconUrl, t]);
}

export function Shell() {
  const { pathname } = useLocation();
  const layout = useLayout();
  const whitelabel = useWhitelabel();
  const token = useSession((s) => s.token);
  const status = useSystemStatus();
  const { t } = useTranslation('common');
  const sideCollapsed = useUiStore((s) => s.sideCollapsed);
  const { modal } = useModal();
  const [barsShown, setBarsShown] = useState(false);
  // The bars step aside to give a signed-in player's game the screen; a visitor plays nothing there
  // yet and needs the site's header (log in, sign up) like on every other page.
  const showBarsToggle =
    Boolean(layout.hideBarsByDefault) && !whitelabel.flags.showBarsOnSeamless && Boolean(token);
  // The floating toggle tucks away while the page scrolls down, so it never sits on the button the
  // player scrolls to (the VN slip's "Apostar"); it comes back on a scroll up.
  const toggleTucked = useTuckOnScroll(showBarsToggle);

  useThemeSync();
  useLanguageSync();
  useForcedPasswordChange();
  useScrollRestoration();
  useBrandDocument();
  useBalancePush();
  useSettledBetsPush();

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-hide bars whenever the page changes
  useEffect(() => setBarsShown(false), [pathname]);

  if (status.data?.status === 1) return <MaintenanceScreen endTime={status.data.maintenanceEndTime} />;
  if (status.data?.status === 2)
    return <RegionRestrictedScreen ip={status.data.ip} country={status.data.country} />;

  if (whitelabel.flags.redirectLoggedOut && !token && !PUBLIC_PATHS.has(pathname)) {
    return <Navigate to="/login" replace />;
  }

  const barsHidden = showBarsToggle && !barsShown;
  const showHeader = layout.header && !barsHidden;
  const showSide = layout.side && !barsHidden;
  // The phone's tab bar belongs to the browsing pages (those with the side menu); inside a game
  // (an in-house game's screen, a vendor game, the lotteries' slips) it gives the screen back, as on
  // the leading sites, and it steps aside while a modal is open rather than sit over its buttons.
  const showTabs = showSide && !showBarsToggle && !IN_GAME.test(pathname) && !modal;
  // Popup announcements open on the browsing pages only, never over a game or a dialog already open.
  const showPopups = showTabs;

  return (
    <div
      className="app"
      data-side={showSide ? (sideCollapsed ? 'collapsed' : 'open') : 'none'}
      data-header={showHeader ? 'on' : 'off'}
      data-tabs={showTabs ? 'on' : 'off'}
    >
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      {showHeader ? <Header /> : null}
      {showSide ? <SideMenu withBrand={!showHeader} /> : null}
      <div className="app__body">
        {layout.banner ? <Banner group={layout.bannerGroup ?? pathname} /> : null}
        <main id="main" className="app__main" tabIndex={-1}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
        {layout.footer ? <Footer /> : null}
      </div>
      {showBarsToggle ? (
        <button
          type="button"
          className={`bars-toggle${toggleTucked ? ' is-tucked' : ''}`}
          onClick={() => setBarsShown((v) => !v)}
          aria-pressed={!barsHidden}
          aria-label={barsHidden ? t('actions.showBars') : t('actions.hideBars')}
          title={barsHidden ? t('actions.showBars') : t('actions.hideBars')}
        >
          <Icon name={barsHidden ? 'menu' : 'close'} />
        </button>
      ) : null}
      {showTabs ? <TabBar /> : null}
      <ModalHost />
      {showPopups ? <DeferredPopups /> : null}
      <Toaster />
    </div>
  );
}
