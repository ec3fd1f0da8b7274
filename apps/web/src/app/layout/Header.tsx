import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Icon } from '../../components/ui/Icon';
import { PlayMoneyBadge } from '../../components/ui/PlayMoneyBadge';
import { useMemberInfo } from '../../lib/member';
import { useIsTrial, useStartFreePlay, useTopUpPlayMoney } from '../../lib/play-money';
import { apiDelete } from '../../lib/api';
import { useBonusDetails } from '../../features/bonuses/api';
import { useBalance, useBalanceParts } from '../../lib/balance';
import { formatMoney } from '../../lib/format';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useWhitelabel } from '../../lib/whitelabel';
import { useModal } from '../../lib/modal-url';
import { AccountMenu } from './AccountMenu';
import { Brand } from './Brand';
import { HeaderSearch } from './HeaderSearch';
import { ThemeSwitch } from './ThemeSwitch';
import { useUiStore } from './ui-store';

/** Balance refresh is throttled so a fidgety click cannot hammer the wallet. */
export const BALANCE_REFRESH_THROTTLE_MS = 3000;

function Balance({ trial }: { trial: boolean }) {
  const { t, i18n } = useTranslation('common');
  const { currency, currencySymbol } = useWhitelabel();
  const balance = useBalance();
  const hidden = useUiStore((s) => s.balanceHidden);
  const toggleHidden = useUiStore((s) => s.toggleBalanceHidden);
  const lastRefresh = useRef(0);
  const spinning = balance.isFetching;

  const refresh = () => {
    const now = Date.now();
    if (now - lastRefresh.current < BALANCE_REFRESH_THROTTLE_MS) return;
    lastRefresh.current = now;
    void balance.refetch();
  };

  const bonus = useHeaderBonus(trial);
  const money = (minor: bigint) =>
    formatMoney(minor, { currency, symbol: currencySymbol, locale: i18n.language });
  // With a bonus line, the first line is the cash alone (the wallet's total holds the bonus too).
  const amount = money(bonus ? bonus.cashMinor : (balance.data ?? 0n));
  return (
    <div
      className={`balance${trial ? ' balance--play' : ''}${bonus ? ' balance--bonus' : ''}`}
      aria-live="polite"
    >
      <span className="balance__label sr-only">{t(trial ? 'playMoney.balanceLabel' : 'balance.label')}</span>
      <span className="balance__stack">
        {trial ? <PlayMoneyBadge short /> : null}
        <span className="balance__amount" data-testid="balance">
          {hidden ? t('balance.hidden') : amount}
        </span>
        {bonus ? (
          <span className="balance__bonus" data-testid="bonus-balance">
            {t('balance.bonus', { amount: hidden ? t('balance.hidden') : money(bonus.bonusMinor) })}
          </span>
        ) : null}
      </span>
      <button
        type="button"
        className="icon-btn icon-btn--sm"
        onClick={toggleHidden}
        aria-label={hidden ? t('balance.show') : t('balance.hide')}
        aria-pressed={hidden}
      >
        <Icon name={hidden ? 'eyeOff' : 'eye'} size={16} />
      </button>
      <button
        type="button"
        className={`icon-btn icon-btn--sm${spinning ? ' is-spinning' : ''}`}
        onClick={refresh}
        aria-label={t('balance.refresh')}
      >
        <Icon name="refresh" size={16} />
      </button>
    </div>
  );
}

/**
 * The header's bonus line: shown while the merchant offers bonuses and the member has bonus money
 * (never for a trial account); null otherwise. The bonus switch is read once (the member centre's
 * bonusDetails); the split follows the balance's pushes.
 */
function useHeaderBonus(trial: boolean) {
  const details = useBonusDetails();
  const on = !trial && details.data?.enabled === true;
  const parts = useBalanceParts(on);
  return on && parts.data && parts.data.bonusMinor > 0n ? parts.data : null;
}

/**
 * Deposit and withdraw open the member centre on their page (spec: header money buttons); trial
 * (free-play) accounts cannot move money (spec §8 'in_need_true_account') and are told so.
 */
export function useOpenCashier(): (page: 'depositv2' | 'withdraw') => void {
  const { t } = useTranslation('common');
  const { openModal } = useModal();
  const isTrial = useIsTrial();
  return (page) => (isTrial ? toast(t('playMoney.cashierRefused')) : openModal('member', { page }));
}

function useLogout() {
  const clear = useSession((s) => s.clear);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  return useMutation({
    mutationFn: () => apiDelete<unknown>('/wps/session/logout').catch(() => null),
    onSettled: () => {
      clear();
      queryClient.removeQueries({ queryKey: ['member'] });
      queryClient.removeQueries({ queryKey: ['wallet'] });
      navigate('/');
      toast(t('toast.loggedOut'));
    },
  });
}

export function Header() {
  const { t } = useTranslation('common');
  const { flags } = useWhitelabel();
  const isLogin = useSession((s) => s.isLogin);
  const member = useMemberInfo();
  const { openModal } = useModal();
  const setDrawer = useUiStore((s) => s.setDrawer);
  const freePlay = useStartFreePlay();
  const logout = useLogout();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const openCashier = useOpenCashier();
  const trial = useIsTrial();
  const topUp = useTopUpPlayMoney();

  return (
    <header className="header">
      <div className="header__left">
        <button
          type="button"
          className="icon-btn header__menu"
          onClick={() => setDrawer(true)}
          aria-label={t('actions.openMenu')}
        >
          <Icon name="menu" />
        </button>
        <Brand />
      </div>
      <div className="header__right">
        <HeaderSearch />
        {/* On phones the theme switch lives in the side drawer, leaving room for Login and Register. */}
        <ThemeSwitch className="header__theme" />
        {isLogin ? (
          <>
            <Balance trial={trial} />
            {trial ? (
              <>
                {/* Free play: no cashier. Play money tops up here; a real account starts afresh. */}
                <button
                  type="button"
                  className="btn btn--ghost btn--sm header__topup"
                  onClick={() => topUp.mutate()}
                  disabled={topUp.isPending}
                  aria-busy={topUp.isPending}
                  aria-label={t('playMoney.topUp')}
                  title={t('playMoney.topUpHint')}
                >
                  <Icon name="refresh" size={16} />
                  <span className="header__topup-label">{t('playMoney.topUp')}</span>
                </button>
                <button
                  type="button"
                  className="btn btn--primary btn--sm header__convert"
                  onClick={() => openModal('register')}
                >
                  {t('playMoney.register')}
                </button>
              </>
            ) : flags.memberCentre ? (
              <>
                <button
                  type="button"
                  className="btn btn--primary btn--sm header__deposit"
                  onClick={() => openCashier('depositv2')}
                  aria-label={t('actions.deposit')}
                >
                  <Icon name="wallet" size={16} />
                  <span className="header__deposit-label">{t('actions.deposit')}</span>
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm header__withdraw"
                  onClick={() => openCashier('withdraw')}
                >
                  <span>{t('actions.withdraw')}</span>
                </button>
              </>
            ) : null}
            <AccountMenu member={member.data} onLogout={() => setConfirmLogout(true)} />
          </>
        ) : (
          <>
            {flags.FREEPLAY3 ? (
              <button
                type="button"
                className="btn btn--ghost btn--sm header__demo"
                onClick={() => freePlay.mutate()}
                disabled={freePlay.isPending}
                aria-busy={freePlay.isPending}
              >
                {t('actions.freeDemo')}
              </button>
            ) : null}
            <button type="button" className="btn btn--outline btn--sm" onClick={() => openModal('login')}>
              {t('actions.login')}
            </button>
            {flags.DIRECTREG3 ? (
              <button
                type="button"
                className="btn btn--primary btn--sm"
                onClick={() => openModal('register')}
              >
                {t('actions.register')}
              </button>
            ) : null}
          </>
        )}
      </div>
      {confirmLogout ? (
        <ConfirmDialog
          title={t('account.logoutTitle')}
          message={t('account.logoutConfirm')}
          busy={logout.isPending}
          onCancel={() => setConfirmLogout(false)}
          onConfirm={() => logout.mutate(undefined, { onSettled: () => setConfirmLogout(false) })}
        />
      ) : null}
    </header>
  );
}
