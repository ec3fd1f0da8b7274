import type { CashierQueueItem, DEPOSIT_STATUSES, WITHDRAWAL_STATUSES } from '@sorte/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PagedTable } from '../components/DataTable';
import { Dialog } from '../components/Dialog';
import { ReasonDialog } from '../components/ReasonDialog';
import { Alert, ErrorBox, Loading, StatusBadge } from '../components/Status';
import { api } from '../lib/api';
import { useBlobUrl } from '../lib/blob-url';
import { formatDateTime } from '../lib/dates';
import { useCan, useMoney } from '../lib/operator';
import { PAGE_SIZE, type Page } from '../lib/paging';

type Kind = 'deposits' | 'withdrawals';
type Decision = 'approve' | 'reject';

const STATUSES: Record<Kind, readonly string[]> = {
  deposits: [
    'pending',
    'approved',
    'rejected',
    'failed',
    'expired',
  ] satisfies (typeof DEPOSIT_STATUSES)[number][],
  withdrawals: [
    'pending',
    'approved',
    'received',
    'not_received',
    'rejected',
  ] satisfies (typeof WITHDRAWAL_STATUSES)[number][],
};

/** Deposits and withdrawals waiting for an operator, with approve / reject and the player's proof. */
export function CashierPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const kind: Kind = params.get('tab') === 'withdrawals' ? 'withdrawals' : 'deposits';
  const status = params.get('status') ?? 'pending';
  const account = params.get('account') ?? '';
  const pageNo = Number(params.get('page') ?? '1') || 1;
  const [search, setSearch] = useState(account);
  const [deciding, setDeciding] = useState<{ item: CashierQueueItem; decision: Decision } | null>(null);
  const [proofOf, setProofOf] = useState<CashierQueueItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const canDecide = useCan('cashier.decide');
  const money = useMoney();
  const queryClient = useQueryClient();

  useEffect(() => setSearch(account), [account]);

  const update = (next: Record<string, string>) => {
    setNotice(null);
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    if (!('page' in next)) merged.delete('page');
    setParams(merged, { replace: true });
  };

  const queue = useQuery({
    queryKey: ['bo', 'cashier', kind, status, account, pageNo],
    queryFn: () =>
      api.get<Page<CashierQueueItem>>(`/bo/cashier/${kind}`, {
        status: status === 'all' ? undefined : status,
        account,
        pageNo,
        pageSize: PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    update({ account: search.trim() });
  }

  async function decide(item: CashierQueueItem, decision: Decision, reason: string) {
    await api.post(`/bo/cashier/${kind}/${encodeURIComponent(item.id)}/${decision}`, { reason });
    setNotice(t(`cashier.decided.${decision}`, { orderNo: item.orderNo }));
    await queryClient.invalidateQueries({ queryKey: ['bo', 'cashier'] });
  }

  return (
    <section className="page">
      <header className="page__head">
        <h1>{t('cashier.title')}</h1>
      </header>
      <div className="tabs" role="tablist">
        {(['deposits', 'withdrawals'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={kind === tab}
            className="tab"
            onClick={() => update({ tab, status: 'pending', account: '' })}
          >
            {t(`cashier.${tab}`)}
          </button>
        ))}
      </div>
      <form className="toolbar" onSubmit={submitSearch}>
        <label className="field field--inline">
          <span>{t('cashier.status')}</span>
          <select value={status} onChange={(event) => update({ status: event.target.value })}>
            {STATUSES[kind].map((value) => (
              <option key={value} value={value}>
                {t(`status.${value}`)}
              </option>
            ))}
            <option value="all">{t('status.all')}</option>
          </select>
        </label>
        <label className="field field--inline field--grow">
          <span>{t('cashier.account')}</span>
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('cashier.accountPlaceholder')}
            maxLength={64}
          />
        </label>
        <button type="submit" className="button">
          {t('action.search')}
        </button>
      </form>
      <Alert tone="ok">{notice}</Alert>
      <PagedTable
        query={queue}
        empty={t('cashier.empty')}
        className="table table--cards"
        actions
        onPage={(page) => update({ page: String(page) })}
        head={
          <>
            <th>{t('cashier.orderNo')}</th>
            <th>{t('cashier.member')}</th>
            <th className="num">{t('cashier.amount')}</th>
            <th>{t('cashier.method')}</th>
            <th>{t('cashier.reference')}</th>
            <th>{t('cashier.created')}</th>
            <th>{t('cashier.status')}</th>
          </>
        }
        row={(item) => (
          <tr key={item.id}>
            <td data-label={t('cashier.orderNo')} className="mono">
              {item.orderNo}
            </td>
            <td data-label={t('cashier.member')}>
              <div>
                <Link to={`/members/${encodeURIComponent(item.memberId)}`}>{item.account}</Link>
                {item.realName ? <div className="muted small">{item.realName}</div> : null}
              </div>
            </td>
            <td data-label={t('cashier.amount')} className="num">
              <div>
                {money(item.amountMinor, item.currency)}
                {item.feeMinor ? (
                  <div className="muted small">
                    {t('cashier.fee')} {money(item.feeMinor, item.currency)}
                  </div>
                ) : null}
              </div>
            </td>
            <td data-label={t('cashier.method')}>{item.method}</td>
            <td data-label={t('cashier.reference')} className="mono wrap">
              {item.reference ?? '—'}
            </td>
            <td data-label={t('cashier.created')} className="nowrap">
              {formatDateTime(item.createdAt)}
            </td>
            <td data-label={t('cashier.status')}>
              <div>
                <StatusBadge status={item.status} />
                {item.reason ? <div className="muted small wrap">{item.reason}</div> : null}
              </div>
            </td>
            <td className="row-actions">
              {item.hasProof ? (
                <button type="button" className="button button--small" onClick={() => setProofOf(item)}>
                  {t('cashier.proof')}
                </button>
              ) : null}
              {canDecide && item.status === 'pending' ? (
                <>
                  <button
                    type="button"
                    className="button button--small button--primary"
                    onClick={() => setDeciding({ item, decision: 'approve' })}
                  >
                    {t('action.approve')}
                  </button>
                  <button
                    type="button"
                    className="button button--small button--danger"
                    onClick={() => setDeciding({ item, decision: 'reject' })}
                  >
                    {t('action.reject')}
                  </button>
                </>
              ) : null}
            </td>
          </tr>
        )}
      />
      {deciding ? (
        <ReasonDialog
          title={t(`cashier.${deciding.decision}Title`, { orderNo: deciding.item.orderNo })}
          summary={
            <p>
              {t(`cashier.${deciding.decision}Summary.${kind}`, {
                account: deciding.item.account,
                amount: money(deciding.item.amountMinor, deciding.item.currency),
              })}
            </p>
          }
          confirmLabel={t(`action.${deciding.decision}`)}
          danger={deciding.decision === 'reject'}
          onConfirm={(reason) => decide(deciding.item, deciding.decision, reason)}
          onClose={() => setDeciding(null)}
        />
      ) : null}
      {proofOf ? <ProofDialog item={proofOf} onClose={() => setProofOf(null)} /> : null}
    </section>
  );
}

/** The player's proof image; it needs the operator's token, so it is fetched and shown from a blob. */
function ProofDialog({ item, onClose }: { item: CashierQueueItem; onClose: () => void }) {
  const { t } = useTranslation();
  const proof = useBlobUrl(`/bo/cashier/withdrawals/${encodeURIComponent(item.id)}/proof`);
  const url = proof.url;
  return (
    <Dialog open wide title={t('cashier.proofTitle', { orderNo: item.orderNo })} onClose={onClose}>
      {proof.error ? <ErrorBox error={proof.error} /> : null}
      {proof.isLoading ? <Loading /> : null}
      {url ? (
        <a href={url} target="_blank" rel="noreferrer">
          <img className="proof" src={url} alt={t('cashier.proofAlt', { orderNo: item.orderNo })} />
        </a>
      ) : null}
    </Dialog>
  );
}
