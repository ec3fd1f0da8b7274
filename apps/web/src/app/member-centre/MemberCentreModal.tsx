import { useEffect } from 'react';
import type { BonusDetails } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';
import { useModal } from '../../lib/modal-url';
import { Icon } from '../../components/ui/Icon';
import { Modal } from '../../components/ui/Modal';
import { useSession } from '../../lib/session';
import { useWhitelabel } from '../../lib/whitelabel';
import {
  DepositPage,
  SecurityCenterPage,
  TransactionHistoryPage,
  TransferFundPage,
  TransferUplinePage,
  useUplineInfo,
  type WithdrawBonus,
  WithdrawPage,
} from '../../features/cashier';
import { AGENT_CENTRE_TYPES, useMemberInfo } from '../../lib/member';
// The ticket facts by their files: through the lottery features' indexes the member centre's chunk
// would carry the whole lottery screens (31 kB instead of 6 kB for the Vietnamese one, measured on the build).
import { TicketFacts } from '../../features/lottery/components/TicketDetail';
import { BettingRecordsPage, ProfitPage, type TicketViews } from '../../features/records';
import { BonusDetailsPage, useBonusDetails } from '../../features/bonuses';
import { ManualRebatePage, useRebateSummary } from '../../features/rebates';
import { RewardCentrePage, useRaffles, useRewardCentre } from '../../features/rewards';
import { VnTicketFacts } from '../../features/vnlottery/TicketFacts';
import { useActiveMenuEntry } from './active-entry';
import { MEMBER_PAGES, type MemberPageKey, resolvePage, visiblePages } from './menu';
import './member-centre.css';

const TRIAL_TYPE = 4;

/** The betting records draw a lottery round with the lottery features' own ticket facts. */
const TICKET_VIEWS: TicketViews = { lottery: TicketFacts, lotteryVn: VnTicketFacts };

/**
 * The member centre (`?modal=member&m_page=<key>`): a menu and the chosen page. Only for logged-in,
 * real (non-trial) members; it renders once the member's data has loaded.
 */
export function MemberCentreModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['cashier', 'common']);
  const { flags } = useWhitelabel();
  const isLogin = useSession((s) => s.isLogin);
  const { openModal } = useModal();
  const member = useMemberInfo();

  useEffect(() => {
    if (!isLogin) openModal('login');
  }, [isLogin, openModal]);

  if (!isLogin || !flags.memberCentre) return null;
  if (!member.data) {
    return (
      <Modal name="member" title={t('centre.title')} onClose={onClose} size="lg">
        <div className="cs-loading" role="status" aria-busy="true" aria-label={t('loading')} />
      </Modal>
    );
  }
  if (member.data.type === TRIAL_TYPE || member.data.isAgent === TRIAL_TYPE) {
    return (
      <Modal name="member-trial" title={t('common:playMoney.cashierTitle')} onClose={onClose} size="sm">
        <p className="confirm__text">{t('common:playMoney.cashierText')}</p>
        <div className="confirm__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('common:actions.cancel')}
          </button>
          <button type="button" className="btn btn--primary" onClick={() => openModal('register')}>
            {t('common:playMoney.register')}
          </button>
        </div>
      </Modal>
    );
  }
  const isAgent =
    AGENT_CENTRE_TYPES.includes(member.data.isAgent) || AGENT_CENTRE_TYPES.includes(member.data.type);
  return <MemberCentre isAgent={isAgent} toUpline={member.data.toUpline} onClose={onClose} />;
}

function MemberCentre({
  isAgent,
  toUpline,
  onClose,
}: {
  isAgent: boolean;
  toUpline: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('cashier');
  const { params, openModal } = useModal();
  const upline = useUplineInfo();
  // The upline page shows for agents and for members the server lets send upward; while the
  // server's answer is unknown the member info's toUpline flag decides.
  const canTransferTree = isAgent || (upline.data ? upline.data.allowed : toUpline);
  // The rebate entry shows once the summary says the merchant has a non-zero rate; asked for
  // `?m_page=manualRebate` before that answer, the page waits instead of falling back.
  const rebates = useRebateSummary();
  // Bonus details likewise: hidden entirely while the merchant has bonuses off.
  const bonuses = useBonusDetails();
  // The reward centre likewise: shown when the merchant offers rewards or the member holds some.
  const rewards = useRewardCentre();
  const raffles = useRaffles();
  const visible = visiblePages(
    canTransferTree,
    rebates.data?.enabled === true,
    bonuses.data?.enabled === true,
    rewards.data?.enabled === true || (raffles.data?.raffles.length ?? 0) > 0,
  );
  const waiting =
    (params.page === 'manualRebate' && rebates.isLoading) ||
    (params.page === 'bonusDetails' && bonuses.isLoading) ||
    (params.page === 'rewardCenter' && (rewards.isLoading || raffles.isLoading));
  const page = waiting ? (params.page as MemberPageKey) : resolvePage(params.page, visible);
  const go = (key: MemberPageKey) => openModal('member', { page: key });
  const setActive = useActiveMenuEntry();

  return (
    <Modal name="member" title={t('centre.title')} onClose={onClose} size="lg">
      <div className="mc">
        <nav className="mc__nav" aria-label={t('centre.menu')}>
          {MEMBER_PAGES.filter((entry) => visible.includes(entry.key)).map((entry) => (
            <button
              key={entry.key}
              ref={entry.key === page ? setActive : undefined}
              type="button"
              className={`mc__item${entry.key === page ? ' is-active' : ''}`}
              aria-current={entry.key === page ? 'page' : undefined}
              onClick={() => go(entry.key)}
            >
              <Icon name={entry.icon} size={18} />
              <span>{t(`centre.pages.${entry.key}`)}</span>
            </button>
          ))}
        </nav>
        <section className="mc__panel" aria-label={t(`centre.pages.${page}`)}>
          <h3 className="mc__heading">{t(`centre.pages.${page}`)}</h3>
          <PageBody
            page={page}
            isAgent={isAgent}
            orderId={params.order}
            onOrderDone={() => go('depositv2')}
            onOpenAccount={() => go('securityCenter')}
            withdrawBonus={withdrawBonusOf(bonuses.data)}
          />
        </section>
      </div>
    </Modal>
  );
}

/** The active bonus the withdraw page tells of before a request (none while bonuses are off). */
function withdrawBonusOf(details: BonusDetails | undefined): WithdrawBonus | null {
  const active = details?.enabled ? details.active : null;
  if (!details || !active) return null;
  return {
    balanceMinor: details.balanceMinor,
    remainingMinor: Math.max(0, active.requirementMinor - active.wageredMinor),
    rule: details.withdrawalRule,
  };
}

function PageBody({
  page,
  isAgent,
  orderId,
  onOrderDone,
  onOpenAccount,
  withdrawBonus,
}: {
  page: MemberPageKey;
  isAgent: boolean;
  orderId: string | undefined;
  onOrderDone: () => void;
  onOpenAccount: () => void;
  withdrawBonus: WithdrawBonus | null;
}) {
  switch (page) {
    case 'securityCenter':
      return <SecurityCenterPage />;
    case 'transferFund':
      return <TransferFundPage />;
    case 'depositv2':
      return <DepositPage orderId={orderId} onOrderDone={onOrderDone} />;
    case 'withdraw':
      return <WithdrawPage onOpenAccount={onOpenAccount} bonus={withdrawBonus} />;
    case 'transferUpline':
      return <TransferUplinePage isAgent={isAgent} />;
    case 'personalHistoryCopy':
      return <BettingRecordsPage tickets={TICKET_VIEWS} />;
    case 'transactionHistory':
      return <TransactionHistoryPage />;
    case 'personalProfit':
      return <ProfitPage />;
    case 'bonusDetails':
      return <BonusDetailsPage />;
    case 'rewardCenter':
      return <RewardCentrePage />;
    case 'manualRebate':
      return <ManualRebatePage />;
  }
}
