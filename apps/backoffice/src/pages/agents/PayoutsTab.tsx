import type { AgentContractType, BoPayout } from '@sorte/contracts';
import { PAYOUT_STATUSES } from '@sorte/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../components/DataTable';
import { ReasonDialog } from '../../components/ReasonDialog';
import { Badge } from '../../components/Status';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useCan, useMoney } from '../../lib/operator';
import { type Page, PAGE_SIZE } from '../../lib/paging';
import { FilterSelect, percentOf, TypeSelect } from './shared';

const TONES = { paid: 'ok', approved: 'ok', awaiting_approval: 'warn', rejected: 'muted' } as const;

/**
 * Contract payouts: the approvals' queue (awaiting approval, above the merchant's threshold) where
 * an operator with agents.payouts approves (paid at once) or rejects with a reason — decided once,
 * whoever clicks second is told it was decided already — or one settlement run's payouts.
 */
export function PayoutsTab({
  approvals,
  run,
}: {
  approvals?: boolean;
  run?: { type: AgentContractType; periodStart: string };
}) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const queryClient = useQueryClient();
  const canDecide = useCan('agents.payouts');
  const [type, setType] = useState<AgentContractType | ''>('');
  const [status, setStatus] = useState<BoPayout['status'] | ''>(approvals ? 'awaiting_approval' : '');
  const [pageNo, setPageNo] = useState(1);
  const [deciding, setDeciding] = useState<{ payout: BoPayout; approve: boolean } | null>(null);
  const payouts = useQuery({
    queryKey: ['bo', 'agents', 'payouts', run?.type ?? type, run?.periodStart ?? '', status, pageNo],
    queryFn: () =>
      api.get<Page<BoPayout>>('/bo/agents/payouts', {
        type: run?.type ?? (type || undefined),
        periodStart: run?.periodStart,
        status: status || undefined,
        pageNo,
        pageSize: PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <div className="toolbar">
        {run ? null : (
          <TypeSelect
            value={type}
            onChange={(next) => {
              setType(next);
              setPageNo(1);
            }}
          />
        )}
        <FilterSelect
          label={t('agents.payouts.status')}
          options={PAYOUT_STATUSES}
          labelKey="agents.payoutStatuses"
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPageNo(1);
          }}
        />
      </div>
      <PagedTable
        query={payouts}
        empty={t(status === 'awaiting_approval' ? 'agents.payouts.noneWaiting' : 'agents.payouts.none')}
        onPage={setPageNo}
        className="table table--cards"
        actions={canDecide}
        head={
          <>
            <th>{t('agents.payouts.agent')}</th>
            <th>{t('agents.payouts.period')}</th>
            <th className="num">{t('agents.payouts.base')}</th>
            <th className="num">{t('agents.payouts.rate')}</th>
            <th className="num">{t('agents.payouts.gross')}</th>
            <th className="num">{t('agents.payouts.amount')}</th>
            <th>{t('agents.payouts.status')}</th>
          </>
        }
        row={(p) => (
          <tr key={p.id}>
            <td data-label={t('agents.payouts.agent')}>
              <div>
                <strong>{p.agentAccount}</strong>
                <div className="muted small">
                  {t(`agents.types.${p.type}`)} · #{p.contractId}
                </div>
              </div>
            </td>
            <td data-label={t('agents.payouts.period')} className="small">
              <div className="nowrap">
                {formatDateTime(p.periodStart)}
                <div className="muted">{formatDateTime(p.periodEnd)}</div>
              </div>
            </td>
            <td data-label={t('agents.payouts.base')} className="num">
              <div className="nowrap">
                {money(p.type === 'dividend' ? -p.profitLossMinor : p.validBetMinor, p.currency)}
                <div className="muted small">
                  {t(p.type === 'dividend' ? 'agents.payouts.teamLoss' : 'agents.payouts.validBet')}
                </div>
              </div>
            </td>
            <td data-label={t('agents.payouts.rate')} className="num">
              <div className="nowrap">
                {percentOf(p.rateUnits, i18n.language)}
                <div className="muted small">{p.tier ? t('agents.payouts.tier', { tier: p.tier }) : '—'}</div>
              </div>
            </td>
            <td data-label={t('agents.payouts.gross')} className="num">
              <div className="nowrap">
                {money(p.grossMinor, p.currency)}
                {p.downlineMinor !== 0 ? (
                  <div className="muted small">
                    {t('agents.payouts.downline', { amount: money(p.downlineMinor, p.currency) })}
                  </div>
                ) : null}
                {p.carryInMinor !== 0 ? (
                  <div className="muted small">
                    {t('agents.payouts.carryIn', { amount: money(p.carryInMinor, p.currency) })}
                  </div>
                ) : null}
              </div>
            </td>
            <td data-label={t('agents.payouts.amount')} className="num">
              <strong className="nowrap">{money(p.amountMinor, p.currency)}</strong>
            </td>
            <td data-label={t('agents.payouts.status')}>
              <div>
                <Badge tone={TONES[p.status]}>{t(`agents.payoutStatuses.${p.status}`)}</Badge>
                {p.decidedBy ? (
                  <div className="muted small">
                    {p.decidedBy} · {formatDateTime(p.decidedAt)}
                  </div>
                ) : null}
              </div>
            </td>
            {canDecide ? (
              <td className="row-actions">
                {p.status === 'awaiting_approval' ? (
                  <>
                    <button
                      type="button"
                      className="button button--small button--primary"
                      onClick={() => setDeciding({ payout: p, approve: true })}
                    >
                      {t('agents.payouts.approve')}
                    </button>
                    <button
                      type="button"
                      className="button button--small button--danger"
                      onClick={() => setDeciding({ payout: p, approve: false })}
                    >
                      {t('agents.payouts.reject')}
                    </button>
                  </>
                ) : null}
              </td>
            ) : null}
          </tr>
        )}
      />
      {deciding ? (
        <ReasonDialog
          title={t(deciding.approve ? 'agents.payouts.approveTitle' : 'agents.payouts.rejectTitle', {
            account: deciding.payout.agentAccount,
          })}
          summary={
            <p>
              {t(deciding.approve ? 'agents.payouts.approveSummary' : 'agents.payouts.rejectSummary', {
                amount: money(deciding.payout.amountMinor, deciding.payout.currency),
                account: deciding.payout.agentAccount,
              })}
            </p>
          }
          confirmLabel={t(deciding.approve ? 'agents.payouts.approve' : 'agents.payouts.reject')}
          danger={!deciding.approve}
          onConfirm={async (reason) => {
            try {
              await api.post(`/bo/agents/payouts/${deciding.payout.id}/decision`, {
                approve: deciding.approve,
                reason,
              });
            } finally {
              // Decided here or by someone else meanwhile: the list shows where it stands now.
              await queryClient.invalidateQueries({ queryKey: ['bo', 'agents'] });
            }
          }}
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </>
  );
}
