import { TEAM_MEMBER_SORTS, type TeamMember } from '@sorte/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDateTime } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';
import { type MembersFilter, useTeamMembers } from '../api';
import { PagedTable, SearchBox, SortSelect } from '../components';
import { SeriesDialog } from '../SeriesDialog';

/**
 * agentTeamManagement: the direct or whole-team members of the agent, or of a sub-team drilled into
 * (`parentId`, kept in the address as `m_parent`, so a drilled-in view can be linked and reloaded).
 * Each row's actions: transfer, set the lottery series, offer a contract, open its team.
 */
export function TeamPage({
  parentId,
  onDrill,
  onTransfer,
  onOffer,
}: {
  parentId: string | undefined;
  onDrill: (id?: string) => void;
  /** Opens the transfer dialog for a direct member (money goes to the direct downline only). */
  onTransfer?: (account: string) => void;
  /** Opens the offer form of a contract page on a direct downline agent; absent when no type is on. */
  onOffer?: (downlineId: string) => void;
}) {
  const { t, i18n } = useTranslation('agents');
  const money = useMoney();
  const [filter, setFilter] = useState<Omit<MembersFilter, 'parentId'>>({
    scope: 'direct',
    sort: 'createdAt',
    order: 'desc',
    pageNo: 1,
  });
  const members = useTeamMembers({ ...filter, parentId });
  const [seriesOf, setSeriesOf] = useState<TeamMember | null>(null);
  const set = (patch: Partial<MembersFilter>) => setFilter((f) => ({ ...f, pageNo: 1, ...patch }));
  const data = members.data;
  const columns = [
    {
      key: 'account',
      label: t('team.account'),
      cell: (m: TeamMember) => (
        <span className="ag-who">
          <strong>{m.account}</strong>
          <span className={`ag-tag ag-tag--${m.isAgent ? 'agent' : 'player'}`}>
            {t(`kinds.${m.isAgent ? 'agent' : 'player'}`)}
          </span>
          {filter.scope === 'all' && m.depth > 1 ? (
            <span className="muted ag-small">{t('team.under', { account: m.parentAccount })}</span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'balance',
      label: t('team.balance'),
      numeric: true,
      cell: (m: TeamMember) => money.format(m.balanceMinor),
    },
    {
      key: 'registered',
      label: t('team.registered'),
      cell: (m: TeamMember) => formatDateTime(m.registeredAt, i18n.language),
    },
    {
      key: 'login',
      label: t('team.lastLogin'),
      cell: (m: TeamMember) =>
        m.lastLoginAt ? formatDateTime(m.lastLoginAt, i18n.language) : t('team.never'),
    },
    {
      key: 'team',
      label: t('team.teamSize'),
      numeric: true,
      cell: (m: TeamMember) =>
        m.isAgent || m.teamSize > 0 ? (
          <button type="button" className="link-btn" onClick={() => onDrill(m.id)}>
            {t('team.viewTeam', { count: m.teamSize })}
          </button>
        ) : (
          // A player has no team: a dash, not a count of zero.
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">{t('team.noTeam')}</span>
          </>
        ),
    },
    {
      key: 'actions',
      label: t('team.actions'),
      cell: (m: TeamMember) => (
        <MemberActions
          member={m}
          onDrill={onDrill}
          onTransfer={onTransfer}
          onSeries={setSeriesOf}
          onOffer={onOffer}
        />
      ),
    },
  ];
  return (
    <div className="ag-page">
      {data && data.root.path.length > 0 ? (
        <nav className="ag-crumbs" aria-label={t('team.path')}>
          <button type="button" className="link-btn" onClick={() => onDrill(undefined)}>
            {t('team.myTeam')}
          </button>
          {data.root.path.map((step, i) => (
            <span key={step.id}>
              <span aria-hidden="true"> › </span>
              {i === data.root.path.length - 1 ? (
                <strong aria-current="page">{step.account}</strong>
              ) : (
                <button type="button" className="link-btn" onClick={() => onDrill(step.id)}>
                  {step.account}
                </button>
              )}
            </span>
          ))}
        </nav>
      ) : null}
      <div className="ag-toolbar">
        <fieldset className="ag-chips">
          <legend className="sr-only">{t('team.scope')}</legend>
          {(['direct', 'all'] as const).map((scope) => (
            <button
              key={scope}
              type="button"
              className={`ag-chip${filter.scope === scope ? ' is-active' : ''}`}
              aria-pressed={filter.scope === scope}
              onClick={() => set({ scope })}
            >
              {t(`team.scopes.${scope}`)}
            </button>
          ))}
        </fieldset>
        <SearchBox id="ag-team-search" onSearch={(search) => set({ search })} />
        <label className="ag-field ag-field--inline" htmlFor="ag-team-kind">
          <span className="ag-field__label">{t('team.kind')}</span>
          <select
            id="ag-team-kind"
            className="select"
            value={filter.kind ?? ''}
            onChange={(e) => set({ kind: (e.target.value || undefined) as MembersFilter['kind'] })}
          >
            <option value="">{t('team.allKinds')}</option>
            <option value="player">{t('kinds.player')}</option>
            <option value="agent">{t('kinds.agent')}</option>
          </select>
        </label>
        <SortSelect
          id="ag-team-sort"
          sorts={TEAM_MEMBER_SORTS}
          sort={filter.sort}
          order={filter.order}
          label={(sort) => t(`team.sorts.${sort}`)}
          onChange={set}
        />
      </div>
      <QueryState isLoading={members.isLoading} error={members.error} onRetry={() => void members.refetch()}>
        {data ? (
          <>
            <p className="muted ag-hint">{t('team.count', { count: data.total })}</p>
            <PagedTable
              label={t('team.label')}
              columns={columns}
              rows={data.list}
              rowKey={(r) => r.id}
              empty={t('team.none')}
              pageNo={data.pageNo}
              totalPages={data.totalPages}
              onPage={(pageNo) => setFilter((f) => ({ ...f, pageNo }))}
            />
          </>
        ) : null}
      </QueryState>
      {seriesOf ? <SeriesDialog member={seriesOf} onClose={() => setSeriesOf(null)} /> : null}
    </div>
  );
}

/**
 * A row's actions (spec §2 Team Management). What the server allows decides what is offered: money,
 * the lottery series and contracts go to a DIRECT downline only (depth 1), a contract to an agent
 * only; any member with a team can be drilled into. On a desktop the actions sit in the row; on a
 * phone they fold into the row's menu button (CSS: .ag-actions__inline / .ag-actions__menu).
 */
function MemberActions({
  member: m,
  onDrill,
  onTransfer,
  onSeries,
  onOffer,
}: {
  member: TeamMember;
  onDrill: (id?: string) => void;
  onTransfer?: (account: string) => void;
  onSeries: (member: TeamMember) => void;
  onOffer?: (downlineId: string) => void;
}) {
  const { t } = useTranslation('agents');
  const [menuOpen, setMenuOpen] = useState(false);
  const direct = m.depth === 1;
  const actions = [
    direct && onTransfer
      ? {
          key: 'transfer',
          label: t('team.transfer'),
          aria: t('team.transferTo', { account: m.account }),
          run: () => onTransfer(m.account),
        }
      : null,
    direct
      ? {
          key: 'series',
          label: t('team.setSeries'),
          aria: t('team.setSeriesOf', { account: m.account }),
          run: () => onSeries(m),
        }
      : null,
    direct && m.isAgent && onOffer
      ? { key: 'offer', label: t('team.offerContract'), aria: undefined, run: () => onOffer(m.id) }
      : null,
    m.isAgent || m.teamSize > 0
      ? {
          key: 'drill',
          label: t('team.openTeam'),
          aria: t('team.openTeamOf', { account: m.account }),
          run: () => onDrill(m.id),
        }
      : null,
  ].filter((a) => a !== null);
  if (!actions.length) return <span aria-hidden="true">—</span>;
  const buttons = (close?: () => void) =>
    actions.map((a) => (
      <button
        key={a.key}
        type="button"
        className="link-btn"
        aria-label={a.aria}
        onClick={() => {
          close?.();
          a.run();
        }}
      >
        {a.label}
      </button>
    ));
  return (
    <span className="ag-actions">
      <span className="ag-actions__inline">{buttons()}</span>
      <span className="ag-actions__menu">
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          aria-expanded={menuOpen}
          aria-label={t('team.actionsOf', { account: m.account })}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {t('team.actions')} {menuOpen ? '▴' : '▾'}
        </button>
        {menuOpen ? <span className="ag-actions__list">{buttons(() => setMenuOpen(false))}</span> : null}
      </span>
    </span>
  );
}
