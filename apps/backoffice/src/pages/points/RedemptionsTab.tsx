import type { PointsOperatorRedemption } from '@sorte/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PagedTable } from '../../components/DataTable';
import { Dialog } from '../../components/Dialog';
import { DialogActions } from '../../components/DialogActions';
import { ReasonDialog } from '../../components/ReasonDialog';
import { SearchField } from '../../components/SearchField';
import { Alert, StatusBadge } from '../../components/Status';
import { useAction } from '../../lib/action';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useMoney } from '../../lib/operator';
import { PAGE_SIZE, type Page } from '../../lib/paging';
import { formatPoints, nameIn } from '../../lib/points-mall';
import { POINTS_ITEMS_KEY } from './ItemsTab';

/** The queue's filter: goods waiting first by default; '' is every status. */
const STATUSES = ['processing', 'shipped', 'delivered', 'cancelled', 'approved', ''] as const;
type Decision = 'shipped' | 'delivered' | 'cancelled';

/**
 * Redemptions, newest first, by status and member account. Goods are fulfilled here: shipped (with an
 * optional tracking note), delivered, or cancelled with a reason — the server gives the points back
 * once and the unit back to stock. Cash items and conversions were paid at once and do not move.
 */
export function RedemptionsTab() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status = STATUSES.find((s) => s === asked) ?? 'processing';
  const account = params.get('account') ?? '';
  const pageNo = Number(params.get('page') ?? '1') || 1;
  const [search, setSearch] = useState(account);
  const [notice, setNotice] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<{ item: PointsOperatorRedemption; decision: Decision } | null>(
    null,
  );
  const queue = useQuery({
    queryKey: ['bo', 'points', 'redemptions', status, account, pageNo],
    queryFn: () =>
      api.get<Page<PointsOperatorRedemption>>('/bo/points/redemptions', {
        ...(status ? { status } : {}),
        ...(account ? { account } : {}),
        pageNo,
        pageSize: PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
  const go = (next: { status?: string; account?: string; page?: number }) => {
    const query: Record<string, string> = { tab: 'redemptions', status: next.status ?? status };
    const who = next.account ?? account;
    if (who) query.account = who;
    if (next.page && next.page > 1) query.page = String(next.page);
    setParams(query);
  };

  async function decide(item: PointsOperatorRedemption, body: Record<string, unknown>) {
    await api.post(`/bo/points/redemptions/${item.id}/decision`, body);
    setNotice(t(`points.redemptions.done.${String(body.decision)}`, { id: item.id, account: item.account }));
    await queryClient.invalidateQueries({ queryKey: ['bo', 'points'] });
    if (body.decision === 'cancelled') await queryClient.invalidateQueries({ queryKey: POINTS_ITEMS_KEY });
  }

  return (
    <>
      <form
        className="toolbar"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          setNotice(null);
          go({ account: search.trim(), page: 1 });
        }}
      >
        <label className="field field--inline">
          <span>{t('points.redemptions.status')}</span>
          <select
            value={status}
            onChange={(event) => {
              setNotice(null);
              go({ status: event.target.value, page: 1 });
            }}
          >
            {STATUSES.map((value) => (
              <option key={value || 'all'} value={value}>
                {t(value ? `status.${value}` : 'status.all')}
              </option>
            ))}
          </select>
        </label>
        <SearchField
          label={t('points.redemptions.account')}
          placeholder={t('points.redemptions.accountPlaceholder')}
          value={search}
          onChange={setSearch}
        />
      </form>
      <Alert tone="ok">{notice}</Alert>
      <PagedTable
        query={queue}
        empty={t('points.redemptions.empty')}
        className="table table--cards points-queue"
        actions
        onPage={(page) => go({ page })}
        head={
          <>
            <th>{t('points.redemptions.created')}</th>
            <th>{t('points.redemptions.member')}</th>
            <th>{t('points.redemptions.item')}</th>
            <th className="num">{t('points.redemptions.points')}</th>
            <th>{t('points.redemptions.address')}</th>
            <th>{t('points.redemptions.status')}</th>
          </>
        }
        row={(r) => (
          <tr key={r.id}>
            <td data-label={t('points.redemptions.created')} className="nowrap">
              <div>
                {formatDateTime(r.createdAt)}
                <div className="muted small mono">#{r.id}</div>
              </div>
            </td>
            <td data-label={t('points.redemptions.member')}>{r.account}</td>
            <td data-label={t('points.redemptions.item')}>
              <div className="wrap">
                {r.kind === 'convert' ? t('points.redemptions.convert') : nameIn(r.names, i18n.language)}
                <div className="muted small">
                  {t(`points.kinds.${r.kind}`)}
                  {r.cashMinor !== null && r.currency ? ` · ${money(r.cashMinor, r.currency)}` : ''}
                </div>
              </div>
            </td>
            <td data-label={t('points.redemptions.points')} className="num">
              {t('points.pts', { count: r.points, n: formatPoints(r.points, i18n.language) })}
            </td>
            <td data-label={t('points.redemptions.address')}>
              {r.address ? (
                <address className="wrap small">
                  <strong>{r.address.name}</strong>
                  <br />
                  <span className="nowrap">{r.address.phone}</span>
                  <br />
                  {r.address.line}
                  <br />
                  {r.address.city} · {r.address.postalCode}
                </address>
              ) : r.contact ? null : (
                '—'
              )}
              {r.contact ? (
                <div className="small nowrap">
                  {t(`points.redemptions.contact.${r.contact.channel}`)}:{' '}
                  <span className="mono">{r.contact.handle}</span>
                </div>
              ) : null}
            </td>
            <td data-label={t('points.redemptions.status')}>
              <div>
                <StatusBadge status={r.status} />
                {r.trackingNote ? (
                  <div className="muted small wrap">
                    {t('points.redemptions.tracking')}: {r.trackingNote}
                  </div>
                ) : null}
                {r.cancelReason ? <div className="muted small wrap">{r.cancelReason}</div> : null}
                {r.updatedAt ? <div className="muted small">{formatDateTime(r.updatedAt)}</div> : null}
              </div>
            </td>
            <td className="row-actions">
              {r.kind === 'goods' && r.status === 'processing' ? (
                <button
                  type="button"
                  className="button button--small button--primary"
                  onClick={() => setDeciding({ item: r, decision: 'shipped' })}
                >
                  {t('points.redemptions.ship')}
                </button>
              ) : null}
              {r.kind === 'goods' && (r.status === 'processing' || r.status === 'shipped') ? (
                <>
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => setDeciding({ item: r, decision: 'delivered' })}
                  >
                    {t('points.redemptions.deliver')}
                  </button>
                  <button
                    type="button"
                    className="button button--small button--danger"
                    onClick={() => setDeciding({ item: r, decision: 'cancelled' })}
                  >
                    {t('points.redemptions.cancel')}
                  </button>
                </>
              ) : null}
            </td>
          </tr>
        )}
      />
      {deciding?.decision === 'shipped' ? (
        <ShipDialog
          item={deciding.item}
          onConfirm={(trackingNote) => decide(deciding.item, { decision: 'shipped', trackingNote })}
          onClose={() => setDeciding(null)}
        />
      ) : null}
      {deciding?.decision === 'delivered' ? (
        <DeliverDialog
          item={deciding.item}
          onConfirm={() => decide(deciding.item, { decision: 'delivered' })}
          onClose={() => setDeciding(null)}
        />
      ) : null}
      {deciding?.decision === 'cancelled' ? (
        <ReasonDialog
          title={t('points.redemptions.cancelTitle', {
            id: deciding.item.id,
            account: deciding.item.account,
          })}
          summary={
            <p className="muted">
              {t('points.redemptions.cancelText', {
                count: deciding.item.points,
                account: deciding.item.account,
              })}
            </p>
          }
          confirmLabel={t('points.redemptions.cancelConfirm')}
          danger
          onConfirm={(reason) => decide(deciding.item, { decision: 'cancelled', reason })}
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </>
  );
}

function ShipDialog({
  item,
  onConfirm,
  onClose,
}: {
  item: PointsOperatorRedemption;
  onConfirm: (trackingNote: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const { busy, error, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      await onConfirm(note.trim());
      onClose();
    });
  }

  return (
    <Dialog
      open
      title={t('points.redemptions.shipTitle', { id: item.id, account: item.account })}
      onClose={onClose}
    >
      <form onSubmit={submit} className="stack">
        <label className="field">
          <span>{t('points.redemptions.trackingLabel')}</span>
          <input value={note} maxLength={200} onChange={(event) => setNote(event.target.value)} />
          <small className="muted">{t('points.redemptions.trackingHint')}</small>
        </label>
        <Alert tone="error">{error}</Alert>
        <DialogActions onCancel={onClose} label={t('points.redemptions.ship')} busy={busy} />
      </form>
    </Dialog>
  );
}

function DeliverDialog({
  item,
  onConfirm,
  onClose,
}: {
  item: PointsOperatorRedemption;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { busy, error, run } = useAction();
  return (
    <ConfirmDialog
      title={t('points.redemptions.deliverTitle', { id: item.id, account: item.account })}
      label={t('points.redemptions.deliver')}
      busy={busy}
      onCancel={onClose}
      onConfirm={() =>
        void run(async () => {
          await onConfirm();
          onClose();
        })
      }
    >
      <p className="muted">{t('points.redemptions.deliverText')}</p>
      <Alert tone="error">{error}</Alert>
    </ConfirmDialog>
  );
}
