import type { MemberInfo } from '@sorte/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon, type IconName } from '../../components/ui/Icon';
import { toast } from '../../lib/toast';
import { useWhitelabel } from '../../lib/whitelabel';
import { AGENT_CENTRE_TYPES } from '../../lib/member';
import { useModal } from '../../lib/modal-url';

const TRIAL_TYPE = 4;

interface Item {
  key: string;
  icon: IconName;
  label: string;
  onSelect: () => void;
}

export function AccountMenu({ member, onLogout }: { member: MemberInfo | undefined; onLogout: () => void }) {
  const { t } = useTranslation('common');
  const { flags } = useWhitelabel();
  const { openModal } = useModal();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // Trial (free-play) accounts get the real-account prompt instead of the member centre.
  const openMemberCentre = (page: string) =>
    member?.type === TRIAL_TYPE ? toast(t('toast.needRealAccount')) : openModal('member', { page });
  // The agent centre (spec §2): its own flag, and only for agents (types 1, 2, 41, 42; never a trial).
  const isAgent =
    member !== undefined &&
    (AGENT_CENTRE_TYPES.includes(member.type) || AGENT_CENTRE_TYPES.includes(member.isAgent));
  const items: Item[] = [
    ...(flags.memberCentre
      ? [
          {
            key: 'memberCentre',
            icon: 'user' as const,
            label: t('account.memberCentre'),
            onSelect: () => openMemberCentre('securityCenter'),
          },
          {
            key: 'accountRecords',
            icon: 'file' as const,
            label: t('account.accountRecords'),
            onSelect: () => openMemberCentre('transactionHistory'),
          },
          {
            key: 'bettingRecords',
            icon: 'trophy' as const,
            label: t('account.bettingRecords'),
            onSelect: () => openMemberCentre('personalHistoryCopy'),
          },
        ]
      : []),
    // My bets live beside the sportsbook's lobby (its dock), opened there by the link.
    ...(flags.sportsbook
      ? [
          {
            key: 'myBets',
            icon: 'SPORTS' as const,
            label: t('account.myBets'),
            onSelect: () => navigate('/sports?bets=open'),
          },
        ]
      : []),
    ...(flags.agentCentre && isAgent
      ? [
          {
            key: 'agentCentre',
            icon: 'agent' as const,
            label: t('account.agentCentre'),
            onSelect: () => openModal('agent', { page: 'agentTeamOverview' }),
          },
        ]
      : []),
    {
      key: 'changePassword',
      icon: 'lock',
      label: t('account.changePassword'),
      onSelect: () => openModal('changePassword'),
    },
    { key: 'logout', icon: 'logout', label: t('actions.logout'), onSelect: onLogout },
  ];

  const name = member?.nickname || member?.account || '';
  const label = member?.clubLabel;

  const onMenuKey = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const entries = [...(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === 'ArrowDown'
        ? (index + 1) % entries.length
        : (index - 1 + entries.length) % entries.length;
    entries[next]?.focus();
  };

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        type="button"
        className="avatar-btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('account.menu')}
        onClick={() => setOpen((v) => !v)}
      >
        {member?.avatarUrl ? (
          <img className="avatar" src={member.avatarUrl} alt="" width={34} height={34} />
        ) : (
          <span className="avatar avatar--initial" aria-hidden="true">
            {name.slice(0, 1).toUpperCase() || <Icon name="user" size={18} />}
          </span>
        )}
        <Icon name="chevronDown" size={16} className="avatar-btn__chev" />
      </button>
      {open ? (
        <div className="dropdown" id={menuId} role="menu" tabIndex={-1} onKeyDown={onMenuKey}>
          <div className="dropdown__head">
            <strong>{name}</strong>
            {label ? (
              <span
                className="vip-badge"
                style={{ background: `linear-gradient(135deg, ${label.color}, ${label.color2})` }}
              >
                {label.labelName || t('account.vip', { level: label.rankLevel })}
              </span>
            ) : null}
          </div>
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              className={`dropdown__item${item.key === 'logout' ? ' dropdown__item--danger' : ''}`}
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
            >
              <Icon name={item.icon} size={18} />
              <span>{item.label}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
