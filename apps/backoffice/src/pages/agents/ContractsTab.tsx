import type { AgentContractType, BoContractDetail, BoContractItem } from '@sorte/contracts';
import { AGENT_CONTRACT_STATUSES } from '@sorte/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, PagedTable } from '../../components/DataTable';
import { Dialog } from '../../components/Dialog';
import { SearchField } from '../../components/SearchField';
import { ReasonDialog } from '../../components/ReasonDialog';
import { Badge, QueryState } from '../../components/Status';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useCan, useMoney } from '../../lib/operator';
import { type Page, PAGE_SIZE } from '../../lib/paging';
import { useMerchantCurrency } from '../lottery/currency';
import { FilterSelect, percentOf, TypeSelect } from './shared';

const TONES = { offered: 'warn', active: 'ok', rejected: 'muted', terminated: 'muted' } as const;
const CONTRACTS_KEY = ['bo', 'agents', 'contracts'] as const;

/** The value of a tier: its rate, or a daily salary's fixed amount. */
function useTierValue() {
  const { i18n } = useTranslation();
  const money = useMoney();
  const currency = useMerchantCurrency() ?? 'BRL';
  return (tier: { rateUnits: number | null; amountMinor: number | null }) =>
    tier.amountMinor !== null ? money(tier.amountMinor, currency) : percentOf(tier.rateUnits, i18n.language);
}

/** A contract's tiers, its requests (new contract, termination) and its payouts. */
function ContractDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canManage = useCan('agents.manage');
  const [answering, setAnswering] = useState<{ requestId: string; accept: boolean } | null>(null);
  const money = useMoney();
  const value = useTierValue();
  const detail = useQuery({
    queryKey: [...CONTRACTS_KEY, 'detail', id],
    queryFn: () => api.get<BoContractDetail>(`/bo/agents/contracts/${id}`),
  });
  const data = detail.data;
  return (
    <Dialog open wide title={t('agents.contracts.detailTitle', { id })} onClose={onClose}>
      <QueryState query={detail} />
      {data ? (
        <div className="stack">
          <p>
            {t(`agents.types.${data.contract.type}`)} · {data.contract.uplineAccount ?? t('agents.merchant')}{' '}
            → {data.contract.downlineAccount} ·{' '}
            <Badge tone={TONES[data.contract.status]}>{t(`agents.statuses.${data.contract.status}`)}</Badge>
            {data.contract.endReason ? (
              <span className="muted small"> {t(`agents.endReasons.${data.contract.endReason}`)}</span>
            ) : null}
          </p>
          <h3>{t('agents.contracts.tiers')}</h3>
          <DataTable
            className="table table--cards"
            head={
              <>
                <th>#</th>
                <th className="num">{t('agents.contracts.minValidBet')}</th>
                <th className="num">{t('agents.contracts.minLoss')}</th>
                <th className="num">{t('agents.contracts.minActive')}</th>
                <th className="num">{t('agents.contracts.value')}</th>
              </>
            }
          >
            {data.contract.tiers.map((tier, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: tiers are ordered and never reordered.
              <tr key={n}>
                <td data-label="#">{n + 1}</td>
                <td data-label={t('agents.contracts.minValidBet')} className="num">
                  {money(tier.minValidBetMinor, data.settlements[0]?.currency ?? 'BRL')}
                </td>
                <td data-label={t('agents.contracts.minLoss')} className="num">
                  {money(tier.minLossMinor, data.settlements[0]?.currency ?? 'BRL')}
                </td>
                <td data-label={t('agents.contracts.minActive')} className="num">
                  {tier.minActiveMembers}
                </td>
                <td data-label={t('agents.contracts.value')} className="num">
                  {value(tier)}
                </td>
              </tr>
            ))}
          </DataTable>
          <h3>{t('agents.contracts.history')}</h3>
          <ul className="stack small">
            <li>
              {t('agents.contracts.offeredAt', { at: formatDateTime(data.contract.offeredAt) })}
              {data.contract.acceptedAt
                ? ` · ${t('agents.contracts.acceptedAt', { at: formatDateTime(data.contract.acceptedAt) })}`
                : ''}
              {data.contract.endedAt
                ? ` · ${t('agents.contracts.endedAt', { at: formatDateTime(data.contract.endedAt) })}`
                : ''}
            </li>
            {data.requests.map((r) => (
              <li key={r.id}>
                {t(`agents.requestKinds.${r.kind}`)}: {r.fromAccount ?? t('agents.merchant')} →{' '}
                {r.toAccount ?? t('agents.merchant')} · {t(`agents.requestStatuses.${r.status}`)} ·{' '}
                {formatDateTime(r.createdAt)}
                {/* A top agent's termination request is the merchant's to answer. */}
                {r.kind === 'termination' && r.status === 'pending' && r.toAccount === null ? (
                  <span style={{ display: 'inline-flex', gap: '0.25rem', marginInlineStart: '0.5rem' }}>
                    <span className="muted">{t('agents.contracts.awaitingMerchant')}</span>
                    {canManage ? (
                      <>
                        <button
                          type="button"
                          className="button button--small button--danger"
                          onClick={() => setAnswering({ requestId: r.id, accept: true })}
                        >
                          {t('agents.contracts.accept')}
                        </button>
                        <button
                          type="button"
                          className="button button--small"
                          onClick={() => setAnswering({ requestId: r.id, accept: false })}
                        >
                          {t('agents.contracts.reject')}
                        </button>
                      </>
                    ) : null}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          <h3>{t('agents.contracts.payouts')}</h3>
          {data.settlements.length === 0 ? (
            <p className="muted">{t('agents.payouts.none')}</p>
          ) : (
            <DataTable
              className="table table--cards"
              head={
                <>
                  <th>{t('agents.payouts.period')}</th>
                  <th className="num">{t('agents.payouts.gross')}</th>
                  <th className="num">{t('agents.payouts.amount')}</th>
                  <th>{t('agents.payouts.status')}</th>
                </>
              }
            >
              {data.settlements.map((s) => (
                <tr key={s.id}>
                  <td data-label={t('agents.payouts.period')} className="nowrap">
                    {formatDateTime(s.periodStart)}
                  </td>
                  <td data-label={t('agents.payouts.gross')} className="num">
                    {money(s.grossMinor, s.currency)}
                  </td>
                  <td data-label={t('agents.payouts.amount')} className="num">
                    {money(s.amountMinor, s.currency)}
                  </td>
                  <td data-label={t('agents.payouts.status')}>{t(`agents.payoutStatuses.${s.status}`)}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </div>
      ) : null}
      {answering && data ? (
        <ReasonDialog
          title={t('agents.contracts.answerTitle', { id })}
          summary={
            <p>
              {t('agents.contracts.answerSummary', {
                account: data.contract.downlineAccount,
                type: t(`agents.types.${data.contract.type}`),
              })}
            </p>
          }
          confirmLabel={t(answering.accept ? 'agents.contracts.accept' : 'agents.contracts.reject')}
          danger={answering.accept}
          onConfirm={async (reason) => {
            await api.post(`/bo/agents/requests/${answering.requestId}/decision`, {
              accept: answering.accept,
              reason,
            });
            await queryClient.invalidateQueries({ queryKey: ['bo', 'agents'] });
          }}
          onClose={() => setAnswering(null)}
        />
      ) : null}
    </Dialog>
  );
}

/** Every contract of the merchant by type, status and agent; details; force-terminate with a reason. */
export function ContractsTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canManage = useCan('agents.manage');
  const value = useTierValue();
  const [type, setType] = useState<AgentContractType | ''>('');
  const [status, setStatus] = useState<BoContractItem['status'] | ''>('');
  const [pending, setPending] = useState(false);
  const [text, setText] = useState('');
  const [agent, setAgent] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const [ending, setEnding] = useState<BoContractItem | null>(null);
  const contracts = useQuery({
    queryKey: [...CONTRACTS_KEY, type, status, agent, pending, pageNo],
    queryFn: () =>
      api.get<Page<BoContractItem>>('/bo/agents/contracts', {
        type: type || undefined,
        status: status || undefined,
        agent: agent || undefined,
        pending: pending ? '1' : undefined,
        pageNo,
        pageSize: PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });

  function search(event: FormEvent) {
    event.preventDefault();
    setAgent(text.trim());
    setPageNo(1);
  }

  return (
    <>
      <form className="toolbar" onSubmit={search}>
        <TypeSelect
          value={type}
          onChange={(next) => {
            setType(next);
            setPageNo(1);
          }}
        />
        <FilterSelect
          label={t('agents.contracts.status')}
          options={AGENT_CONTRACT_STATUSES}
          labelKey="agents.statuses"
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPageNo(1);
          }}
        />
        <label className="nowrap" style={{ display: 'inline-flex', alignItems: 'center', gap: '0.4rem' }}>
          <input
            type="checkbox"
            checked={pending}
            onChange={(event) => {
              setPending(event.target.checked);
              setPageNo(1);
            }}
          />
          <span>{t('agents.contracts.pendingOnly')}</span>
        </label>
        <SearchField
          label={t('agents.contracts.agent')}
          placeholder={t('agents.contracts.agentPlaceholder')}
          value={text}
          onChange={setText}
        />
      </form>
      <PagedTable
        query={contracts}
        empty={t('agents.contracts.none')}
        onPage={setPageNo}
        className="table table--cards"
        actions
        head={
          <>
            <th>{t('agents.contracts.contract')}</th>
            <th>{t('agents.contracts.sides')}</th>
            <th>{t('agents.contracts.status')}</th>
            <th className="num">{t('agents.contracts.topTier')}</th>
            <th>{t('agents.contracts.since')}</th>
          </>
        }
        row={(c) => (
          <tr key={c.id}>
            <td data-label={t('agents.contracts.contract')}>
              <div>
                <span className="mono">#{c.id}</span> {t(`agents.types.${c.type}`)}
                <div className="muted small">{t(`agents.periods.${c.period}`)}</div>
              </div>
            </td>
            <td data-label={t('agents.contracts.sides')}>
              <div>
                {c.uplineAccount ?? t('agents.merchant')} → <strong>{c.downlineAccount}</strong>
              </div>
            </td>
            <td data-label={t('agents.contracts.status')}>
              <div>
                <Badge tone={TONES[c.status]}>{t(`agents.statuses.${c.status}`)}</Badge>
                {c.pendingRequests > 0 ? (
                  <div className="muted small">
                    {t('agents.contracts.pending', { count: c.pendingRequests })}
                  </div>
                ) : null}
              </div>
            </td>
            <td data-label={t('agents.contracts.topTier')} className="num">
              <div>
                {c.tiers.length ? value(c.tiers[c.tiers.length - 1]!) : '—'}
                <div className="muted small">
                  {t('agents.contracts.tierCount', { count: c.tiers.length })}
                </div>
              </div>
            </td>
            <td data-label={t('agents.contracts.since')} className="nowrap">
              {formatDateTime(c.acceptedAt ?? c.offeredAt)}
            </td>
            <td className="row-actions">
              <button type="button" className="button button--small" onClick={() => setOpen(c.id)}>
                {t('agents.contracts.details')}
              </button>
              {canManage && (c.status === 'active' || c.status === 'offered') ? (
                <button
                  type="button"
                  className="button button--small button--danger"
                  onClick={() => setEnding(c)}
                >
                  {t('agents.contracts.terminate')}
                </button>
              ) : null}
            </td>
          </tr>
        )}
      />
      {open ? <ContractDetailDialog id={open} onClose={() => setOpen(null)} /> : null}
      {ending ? (
        <ReasonDialog
          title={t('agents.contracts.terminateTitle', { id: ending.id })}
          summary={
            <p>
              {t('agents.contracts.terminateSummary', {
                type: t(`agents.types.${ending.type}`),
                upline: ending.uplineAccount ?? t('agents.merchant'),
                downline: ending.downlineAccount,
              })}
            </p>
          }
          confirmLabel={t('agents.contracts.terminate')}
          danger
          onConfirm={async (reason) => {
            await api.post(`/bo/agents/contracts/${ending.id}/terminate`, { reason });
            await queryClient.invalidateQueries({ queryKey: ['bo', 'agents'] });
          }}
          onClose={() => setEnding(null)}
        />
      ) : null}
    </>
  );
}
