import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/Icon';
import { Modal } from '../../components/ui/Modal';
import {
  AccountPage,
  BettingPage,
  ContractsPage,
  IncomePage,
  OverviewPage,
  ProfitPage,
  TeamPage,
  TransactionsPage,
} from '../../features/agents';
import { DownlineTransferDialog } from '../../features/cashier';
import { AGENT_CENTRE_TYPES, useMemberInfo } from '../../lib/member';
import { useModal } from '../../lib/modal-url';
import { useSession } from '../../lib/session';
import { useWhitelabel } from '../../lib/whitelabel';
import { useActiveMenuEntry } from '../member-centre/active-entry';
import { type AgentPageKey, agentPagesFor, CONTRACT_PAGES, resolveAgentPage } from './menu';
import { AnnouncementPage } from './AnnouncementPage';
import { useMenuBadges } from './notices-api';
import '../member-centre/member-centre.css';
import './agent-centre.css';

/**
 * The agent centre (`?modal=agent&m_page=<key>`, spec §2): titled Agent, a left menu, the chosen page.
 * Only for a signed-in agent (types 1, 2, 41, 42; never a trial) on a site with the agent-centre flag;
 * anyone else who opens the address gets the login or nothing.
 */
export function AgentCentreModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('agents');
  const { flags } = useWhitelabel();
  const isLogin = useSession((s) => s.isLogin);
  const { openModal } = useModal();
  const member = useMemberInfo();

  useEffect(() => {
    if (!isLogin) openModal('login');
  }, [isLogin, openModal]);

  if (!isLogin || !flags.agentCentre) return null;
  if (!member.data) {
    return (
      <Modal name="agent" title={t('title')} onClose={onClose} size="lg">
        <div className="cs-loading" role="status" aria-busy="true" aria-label={t('loading')} />
      </Modal>
    );
  }
  const { type, isAgent } = member.data;
  if (!AGENT_CENTRE_TYPES.includes(type) && !AGENT_CENTRE_TYPES.includes(isAgent)) {
    return (
      <Modal name="agent-refused" title={t('title')} onClose={onClose} size="sm">
        <p className="confirm__text">{t('notAgent')}</p>
      </Modal>
    );
  }
  return <AgentCentre onClose={onClose} />;
}

function AgentCentre({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('agents');
  const { params, openModal } = useModal();
  const { flags } = useWhitelabel();
  const pages = agentPagesFor(flags);
  const page = resolveAgentPage(params.page, flags);
  const go = (key: AgentPageKey, extra: Record<string, string> = {}) =>
    openModal('agent', { page: key, ...extra });
  const setActive = useActiveMenuEntry();
  const badges = useMenuBadges();
  // Team Management's "transfer to a downline": the direct member the dialog sends to.
  const [transferTo, setTransferTo] = useState<string | null>(null);
  const queryClient = useQueryClient();

  return (
    <Modal name="agent" title={t('title')} onClose={onClose} size="lg">
      <div className="mc">
        <nav className="mc__nav" aria-label={t('menu')}>
          {pages.map((entry) => (
            <button
              key={entry.key}
              ref={entry.key === page ? setActive : undefined}
              type="button"
              className={`mc__item${entry.key === page ? ' is-active' : ''}`}
              aria-current={entry.key === page ? 'page' : undefined}
              onClick={() => go(entry.key)}
            >
              <Icon name={entry.icon} size={18} />
              <span>{t(`pages.${entry.key}`)}</span>
              {badges[entry.key] ? (
                <span className="agn-menu-badge">
                  <span aria-hidden="true">{badges[entry.key]}</span>
                  <span className="sr-only">{t('badge', { count: badges[entry.key] })}</span>
                </span>
              ) : null}
            </button>
          ))}
        </nav>
        <section className="mc__panel" aria-label={t(`pages.${page}`)}>
          <h3 className="mc__heading">{t(`pages.${page}`)}</h3>
          <PageBody
            page={page}
            parentId={params.parent}
            downlineId={params.downline}
            onDrill={(id) => go('agentTeamManagement', id ? { parent: id } : {})}
            onTransfer={setTransferTo}
            // "Offer a contract" on a downline agent: the first contract page the merchant offers.
            onOffer={
              pages.some((p) => 'flag' in p)
                ? (id) => go(pages.find((p) => 'flag' in p)!.key, { downline: id })
                : undefined
            }
          />
        </section>
      </div>
      {transferTo ? (
        <DownlineTransferDialog
          account={transferTo}
          onClose={() => setTransferTo(null)}
          onSent={() => void queryClient.invalidateQueries({ queryKey: ['agents'] })}
        />
      ) : null}
    </Modal>
  );
}

function PageBody({
  page,
  parentId,
  downlineId,
  onDrill,
  onTransfer,
  onOffer,
}: {
  page: AgentPageKey;
  parentId: string | undefined;
  downlineId: string | undefined;
  onDrill: (id?: string) => void;
  onTransfer: (account: string) => void;
  onOffer: ((downlineId: string) => void) | undefined;
}) {
  switch (page) {
    case 'agentAnnouncement':
      return <AnnouncementPage />;
    case 'agentTeamOverview':
      return <OverviewPage />;
    case 'agentAccount':
      return <AccountPage onCreated={() => onDrill(undefined)} />;
    case 'agentTeamManagement':
      return (
        <TeamPage
          key={parentId ?? 'me'}
          parentId={parentId}
          onDrill={onDrill}
          onTransfer={onTransfer}
          onOffer={onOffer}
        />
      );
    case 'agentTeamBetting':
      return <BettingPage />;
    case 'agentUserProfit':
      return <ProfitPage />;
    case 'agentIncome':
      return <IncomePage />;
    case 'agentTransactions':
      return <TransactionsPage />;
    case 'agentDividend':
    case 'agentDailySalary':
    case 'agentHourlySalary':
    case 'agentRealtimeSalary':
      return <ContractsPage key={page} type={CONTRACT_PAGES[page]} downlineId={downlineId} />;
  }
}
