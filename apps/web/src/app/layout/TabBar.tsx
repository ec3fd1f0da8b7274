import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon, type IconName } from '../../components/ui/Icon';
import { CATEGORY_ROUTES, useNavCategories } from '../../features/games/api';
import { useModal } from '../../lib/modal-url';
import { useIsTrial } from '../../lib/play-money';
import { useSession } from '../../lib/session';
import { useWhitelabel } from '../../lib/whitelabel';
import { useOpenCashier } from './Header';
import './tabbar.css';

interface Tab {
  key: string;
  to: string;
  icon: IconName;
  /** Paths (and their sub-paths) that mark this tab active besides its own. */
  also: string[];
}

const CASINO_PATHS = ['/rng', '/inhouse', '/live', '/pge', '/fish', '/pvp'];
const LOTTERY_PATHS = ['/elott', '/lottery', '/vnlottery'];

const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/**
 * The tabs the merchant really offers, in the order of the leading mobile betting sites: the casino
 * tab opens the slots lobby when the site has slots, else the in-house games (always offered); the
 * lotteries tab only when the fast draws are; sports replaces promotions once sports is offered.
 */
function useTabs(): Tab[] {
  const categories = useNavCategories();
  const offered = new Set(categories.map((c) => c.category));
  const tabs: Tab[] = [
    { key: 'home', to: '/', icon: 'home', also: [] },
    {
      key: 'casino',
      to: offered.has('RNG') ? CATEGORY_ROUTES.RNG : '/inhouse',
      icon: 'RNG',
      also: CASINO_PATHS,
    },
  ];
  if (offered.has('ELOTT'))
    tabs.push({ key: 'lotteries', to: CATEGORY_ROUTES.ELOTT, icon: 'ELOTT', also: LOTTERY_PATHS });
  tabs.push(
    offered.has('SPORTS')
      ? { key: 'sports', to: CATEGORY_ROUTES.SPORTS, icon: 'SPORTS', also: [] }
      : { key: 'promotions', to: '/promotions', icon: 'gift', also: [] },
  );
  return tabs;
}

/**
 * The wallet tab: the member centre's deposit when logged in (as the header's Deposit), else log in;
 * for free play (no cashier) it invites the player to create a real account.
 */
function WalletTab() {
  const { t } = useTranslation('common');
  const isLogin = useSession((s) => s.isLogin);
  const trial = useIsTrial();
  const { flags } = useWhitelabel();
  const { openModal } = useModal();
  const openCashier = useOpenCashier();
  if (trial) {
    return (
      <button type="button" className="tabbar__tab" onClick={() => openModal('register')} data-tab="register">
        <Icon name="user" size={22} />
        <span>{t('playMoney.registerShort')}</span>
      </button>
    );
  }
  if (isLogin && !flags.memberCentre) return null;
  const onClick = () => (isLogin ? openCashier('depositv2') : openModal('login'));
  return (
    <button type="button" className="tabbar__tab" onClick={onClick} data-tab={isLogin ? 'wallet' : 'login'}>
      <Icon name={isLogin ? 'wallet' : 'user'} size={22} />
      <span>{t(isLogin ? 'tabs.wallet' : 'tabs.login')}</span>
    </button>
  );
}

/** The phone's bottom navigation (hidden from 521 px up by the stylesheet). */
export function TabBar() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const tabs = useTabs();
  return (
    <nav className="tabbar" aria-label={t('tabs.label')}>
      {tabs.map((tab) => {
        const active =
          tab.to === '/' ? pathname === '/' : [tab.to, ...tab.also].some((p) => under(pathname, p));
        return (
          <Link
            key={tab.key}
            to={tab.to}
            data-tab={tab.key}
            className={`tabbar__tab${active ? ' is-active' : ''}`}
            aria-current={active ? 'page' : undefined}
          >
            <Icon name={tab.icon} size={22} />
            <span>{t(`tabs.${tab.key}`)}</span>
          </Link>
        );
      })}
      <WalletTab />
    </nav>
  );
}
