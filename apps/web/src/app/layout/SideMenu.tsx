import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Icon, type IconName } from '../../components/ui/Icon';
import { LazyImage } from '../../components/ui/LazyImage';
import { QrCode } from '../../components/ui/QrCode';
import {
  CATEGORY_ROUTES,
  type GameCategory,
  type GameVendor,
  useGameMenus,
  useNavCategories,
} from '../../features/games/api';
import { tileHallCount } from '../../features/games/halls';
import { useOpenCustomerService } from '../../lib/customer-service';
import { enabledLanguages, setLanguage } from '../../lib/i18n';
import { useStartFreePlay } from '../../lib/play-money';
import { useSession } from '../../lib/session';
import { useWhitelabel } from '../../lib/whitelabel';
import { useModal } from '../../lib/modal-url';
import { safeUrl } from '../../lib/safe-url';
import { Brand } from './Brand';
import { ThemeSwitch } from './ThemeSwitch';
import { useUiStore } from './ui-store';

function vendorHref(category: GameCategory, vendor: GameVendor): string {
  const base = CATEGORY_ROUTES[category];
  return category === 'RNG'
    ? `${base}?page=${encodeURIComponent(vendor.code)}`
    : `${base}?vendor=${encodeURIComponent(vendor.code)}`;
}

function NavItem({ to, icon, label, end }: { to: string; icon: IconName; label: string; end?: boolean }) {
  return (
    <NavLink to={to} end={end} className="side__link" title={label}>
      <Icon name={icon} />
      <span className="side__label">{label}</span>
    </NavLink>
  );
}

function ActionItem({ icon, label, onClick }: { icon: IconName; label: string; onClick: () => void }) {
  return (
    <button type="button" className="side__link" onClick={onClick} title={label}>
      <Icon name={icon} />
      <span className="side__label">{label}</span>
    </button>
  );
}

/** A category entry with a hover/focus flyout of its vendors plus an 'all' entry. */
function CategoryItem({ category, vendors }: { category: GameCategory; vendors: GameVendor[] }) {
  const { t } = useTranslation('common');
  const label = t(`nav.${category}`);
  return (
    <div className="side__cat">
      <NavItem to={CATEGORY_ROUTES[category]} icon={category} label={label} />
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of links, not form fields */}
      <div className="flyout" role="group" aria-label={label}>
        <p className="flyout__title">{label}</p>
        <div className="flyout__grid">
          <Link to={CATEGORY_ROUTES[category]} className="flyout__vendor flyout__vendor--all">
            <Icon name={category} size={22} />
            <span>{t('nav.all')}</span>
          </Link>
          {vendors.slice(0, 24).map((vendor) => (
            <Link key={vendor.code} to={vendorHref(category, vendor)} className="flyout__vendor">
              {vendor.iconUrl ? (
                <LazyImage src={vendor.iconUrl} alt="" width={40} height={40} />
              ) : (
                <Icon name={category} size={22} />
              )}
              <span>{vendor.name}</span>
            </Link>
          ))}
        </div>
      </div>
    </div>
  );
}

function AppDownload() {
  const { t, i18n } = useTranslation('common');
  const { resources } = useWhitelabel();
  const { openModal } = useModal();
  const [platform, setPlatform] = useState<'android' | 'ios' | null>(null);
  const resource = resources.find((r) => r.resourceType === platform);
  // An unsafe address (a row older than the server's check) is neither shown nor put in a QR code.
  const qrImage = safeUrl(resource?.qrCodeUrl);
  const qrTarget = safeUrl(resource?.url);
  return (
    <div className="side__download">
      <p className="side__heading">{t('nav.appDownload')}</p>
      <div className="side__download-row">
        {(['android', 'ios'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            className={`chip${platform === kind ? ' chip--active' : ''}`}
            aria-expanded={platform === kind}
            onClick={() => {
              if (!resources.some((r) => r.resourceType === kind)) {
                openModal('download', { tab: kind });
                return;
              }
              setPlatform((p) => (p === kind ? null : kind));
            }}
          >
            <Icon name={kind === 'android' ? 'android' : 'apple'} size={16} />
            <span>{t(`nav.${kind}`)}</span>
          </button>
        ))}
      </div>
      {resource && (qrImage || qrTarget) ? (
        <div className="side__qr">
          {qrImage ? (
            <img src={qrImage} width={100} height={100} alt={t('nav.scanToDownload')} />
          ) : qrTarget ? (
            <QrCode value={qrTarget} size={100} margin={2} label={t('nav.scanToDownload')} />
          ) : null}
          <span>{i18n.language === 'en' ? resource.labelNameEn : resource.labelNamePtBr}</span>
        </div>
      ) : null}
    </div>
  );
}

function LanguagePicker() {
  const { t, i18n } = useTranslation('common');
  const { languages } = useWhitelabel();
  const enabled = enabledLanguages(languages);
  if (enabled.length < 2) return null;
  return (
    <div className="side__lang">
      <label className="side__heading" htmlFor="side-language">
        <Icon name="globe" size={16} />
        <span>{t('nav.language')}</span>
      </label>
      <select
        id="side-language"
        className="select"
        value={i18n.language}
        onChange={(e) => void setLanguage(e.target.value)}
      >
        {enabled.map((lng) => (
          <option key={lng} value={lng}>
            {t(`languages.${lng}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SideMenu({ withBrand = false }: { withBrand?: boolean }) {
  const { t } = useTranslation('common');
  const { socialLinks, flags } = useWhitelabel();
  const isLogin = useSession((s) => s.isLogin);
  const freePlay = useStartFreePlay();
  const categories = useNavCategories();
  const menus = useGameMenus();
  const pgeOffered = !menus.data || tileHallCount(menus.data, 'PGE') > 0;
  const collapsed = useUiStore((s) => s.sideCollapsed);
  const toggleSide = useUiStore((s) => s.toggleSide);
  const drawerOpen = useUiStore((s) => s.drawerOpen);
  const setDrawer = useUiStore((s) => s.setDrawer);
  const { openModal } = useModal();
  const openCustomerService = useOpenCustomerService();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer after navigating
  useEffect(() => setDrawer(false), [pathname, setDrawer]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawer(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen, setDrawer]);

  const socials = (['facebook', 'instagram', 'telegram'] as const).flatMap((key) => {
    const href = safeUrl(socialLinks[key]);
    return href ? [{ key, href }] : [];
  });

  return (
    <>
      {withBrand ? (
        <div className="mobile-bar">
          <button
            type="button"
            className="icon-btn"
            onClick={() => setDrawer(true)}
            aria-label={t('actions.openMenu')}
          >
            <Icon name="menu" />
          </button>
          <Brand />
        </div>
      ) : null}
      {drawerOpen ? (
        <div className="side-backdrop" aria-hidden="true" onClick={() => setDrawer(false)} />
      ) : null}
      <aside
        className={`side${collapsed ? ' side--collapsed' : ''}${drawerOpen ? ' side--drawer-open' : ''}`}
        aria-label={t('nav.main')}
      >
        <div className="side__top">
          {withBrand ? <Brand compact={collapsed} /> : null}
          <button
            type="button"
            className="icon-btn side__collapse"
            onClick={toggleSide}
            aria-label={collapsed ? t('actions.expandMenu') : t('actions.collapseMenu')}
            aria-pressed={collapsed}
          >
            <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} />
          </button>
          <button
            type="button"
            className="icon-btn side__close"
            onClick={() => setDrawer(false)}
            aria-label={t('actions.closeMenu')}
          >
            <Icon name="close" />
          </button>
        </div>
        <nav className="side__section">
          <NavItem to="/" end icon="home" label={t('nav.home')} />
          {/* Free play for visitors; on a phone the header has no room for it, so it lives here. */}
          {!isLogin && flags.FREEPLAY3 ? (
            <ActionItem
              icon="sparkles"
              label={t('actions.freeDemo')}
              onClick={() => freePlay.mutate(undefined, { onSuccess: () => setDrawer(false) })}
            />
          ) : null}
          {pgeOffered ? <NavItem to="/pge" icon="PGE" label={t('nav.pge')} /> : null}
          <NavItem to="/inhouse" icon="INHOUSE" label={t('nav.inhouse')} />
          {categories.map(({ category, vendors }) => (
            <CategoryItem key={category} category={category} vendors={vendors} />
          ))}
        </nav>
        <div className="side__section">
          <NavItem to="/promotions" icon="gift" label={t('nav.promotions')} />
          <NavItem to="/pointMall" icon="star" label={t('nav.pointMall')} />
          {/* VIP ranks, missions, invitations and messages return with their features: nothing "coming soon". */}
        </div>
        <div className="side__section side__extras">
          <div className="side__theme">
            <span className="side__heading">{t('theme.toggle')}</span>
            <ThemeSwitch />
          </div>
          <LanguagePicker />
          <AppDownload />
        </div>
        <div className="side__section">
          <p className="side__heading side__heading--section">{t('nav.support')}</p>
          <ActionItem icon="headset" label={t('nav.customerService')} onClick={openCustomerService} />
          <ActionItem icon="megaphone" label={t('nav.announcements')} onClick={() => openModal('notice')} />
          <NavItem to="/helpmc" icon="help" label={t('nav.helpCentre')} />
        </div>
        {socials.length > 0 ? (
          <div className="side__section side__social">
            <p className="side__heading">{t('nav.followUs')}</p>
            <div className="side__social-row">
              {socials.map(({ key, href }) => (
                <a
                  key={key}
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="icon-btn"
                  aria-label={t(`nav.${key}`)}
                >
                  <Icon name={key} />
                </a>
              ))}
            </div>
          </div>
        ) : null}
      </aside>
    </>
  );
}
