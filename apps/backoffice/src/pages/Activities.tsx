import type { ActivityReviewItem } from '@sorte/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PagedTable } from '../components/DataTable';
import { Dialog } from '../components/Dialog';
import { DialogButtons } from '../components/DialogActions';
import { ReasonDialog } from '../components/ReasonDialog';
import { Alert, StatusBadge } from '../components/Status';
import { useAction } from '../lib/action';
import { api } from '../lib/api';
import { useBlobUrl } from '../lib/blob-url';
import { formatDateTime } from '../lib/dates';
import { parseAmountInput } from '../lib/money-input';
import { useMoney } from '../lib/operator';
import { PAGE_SIZE, type Page } from '../lib/paging';

const STATUSES = ['pending', 'approved', 'rejected'] as const;

/**
 * Activity applications (issue 17 item 2): the queue of one status (pending first, oldest first),
 * each with the member's comment and pictures; approve with a reward (paid once through the ledger)
 * or reject with a reason. Needs `promotions.review`.
 */
export function ActivitiesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = STATUSES.find((s) => s === params.get('status')) ?? 'pending';
  const pageNo = Number(params.get('page') ?? '1') || 1;
  const [approving, setApproving] = useState<ActivityReviewItem | null>(null);
  const [rejecting, setRejecting] = useState<ActivityReviewItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const money = useMoney();
  const queryClient = useQueryClient();
  const queue = useQuery({
    queryKey: ['bo', 'activities', status, pageNo],
    queryFn: () =>
      api.get<Page<ActivityReviewItem>>('/bo/activity/applications', { status, pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  async function decide(item: ActivityReviewItem, body: Record<string, unknown>) {
    await api.post(`/bo/activity/applications/${item.id}/decision`, body);
    setNotice(t(`activities.${String(body.decision)}d`, { account: item.account }));
    await queryClient.invalidateQueries({ queryKey: ['bo', 'activities'] });
  }

  return (
    <section className="page">
      <header className="page__head">
        <h1>{t('activities.title')}</h1>
      </header>
      <div className="toolbar">
        <label className="field field--inline">
          <span>{t('activities.status')}</span>
          <select
            value={status}
            onChange={(event) => {
              setNotice(null);
              setParams({ status: event.target.value });
            }}
          >
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`status.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Alert tone="ok">{notice}</Alert>
      <PagedTable
        query={queue}
        empty={t('activities.empty')}
        className="table table--cards"
        actions
        onPage={(page) => setParams({ status, page: String(page) })}
        head={
          <>
            <th>{t('activities.member')}</th>
            <th>{t('activities.activity')}</th>
            <th>{t('activities.comment')}</th>
            <th>{t('activities.images')}</th>
            <th>{t('activities.created')}</th>
            <th>{t('activities.status')}</th>
          </>
        }
        row={(item) => (
          <tr key={item.id}>
            <td data-label={t('activities.member')}>{item.account}</td>
            <td data-label={t('activities.activity')} className="mono">
              {item.activityId}
            </td>
            <td data-label={t('activities.comment')} className="wrap">
              {item.comment || '—'}
            </td>
            <td data-label={t('activities.images')}>
              <div className="thumbs">
                {item.images.length === 0
                  ? '—'
                  : item.images.map((image) => (
                      <ReviewImage
                        key={image.position}
                        path={image.url}
                        alt={t('activities.imageAlt', { n: image.position + 1, account: item.account })}
                      />
                    ))}
              </div>
            </td>
            <td data-label={t('activities.created')} className="nowrap">
              {formatDateTime(item.createdAt)}
            </td>
            <td data-label={t('activities.status')}>
              <div>
                <StatusBadge status={item.status} />
                {item.rewardMinor !== null && item.currency ? (
                  <div className="muted small">{money(item.rewardMinor, item.currency)}</div>
                ) : null}
                {item.reason ? <div className="muted small wrap">{item.reason}</div> : null}
                {item.reviewer ? <div className="muted small">{item.reviewer}</div> : null}
              </div>
            </td>
            <td className="row-actions">
              {item.status === 'pending' ? (
                <>
                  <button
                    type="button"
                    className="button button--small button--primary"
                    onClick={() => setApproving(item)}
                  >
                    {t('action.approve')}
                  </button>
                  <button
                    type="button"
                    className="button button--small button--danger"
                    onClick={() => setRejecting(item)}
                  >
                    {t('action.reject')}
                  </button>
                </>
              ) : null}
            </td>
          </tr>
        )}
      />
      {approving ? (
        <ApproveDialog
          item={approving}
          onConfirm={(rewardMinor) => decide(approving, { decision: 'approve', rewardMinor })}
          onClose={() => setApproving(null)}
        />
      ) : null}
      {rejecting ? (
        <ReasonDialog
          title={t('activities.rejectTitle', { account: rejecting.account })}
          confirmLabel={t('action.reject')}
          danger
          onConfirm={(reason) => decide(rejecting, { decision: 'reject', reason })}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </section>
  );
}

/** The reward an approval pays, typed in the merchant's currency; the server pays it exactly once. */
function ApproveDialog({
  item,
  onConfirm,
  onClose,
}: {
  item: ActivityReviewItem;
  onConfirm: (rewardMinor: number) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const { busy, error, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseAmountInput(amount, item.memberCurrency, i18n.language);
    if (!parsed.ok) {
      setInvalid(t(`adjust.amountError.${parsed.reason}`));
      return;
    }
    setInvalid(null);
    await run(async () => {
      await onConfirm(parsed.minor);
      onClose();
    });
  }

  return (
    <Dialog open title={t('activities.approveTitle', { account: item.account })} onClose={onClose}>
      <form onSubmit={submit} className="form">
        <p>{item.comment}</p>
        <label className="field">
          <span>{t('activities.reward', { currency: item.memberCurrency })}</span>
          <input
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={Boolean(invalid)}
          />
        </label>
        <Alert tone="error">{invalid ?? error}</Alert>
        <DialogButtons onCancel={onClose} label={t('action.approve')} busy={busy} />
      </form>
    </Dialog>
  );
}

/** An application's picture: served to operators with the back-office token, so fetched as a blob. */
function ReviewImage({ path, alt }: { path: string; alt: string }) {
  const { url } = useBlobUrl(path);
  return url ? (
    <a href={url} target="_blank" rel="noreferrer">
      <img className="thumb" src={url} alt={alt} />
    </a>
  ) : (
    <span className="thumb thumb--loading" aria-hidden="true" />
  );
}
