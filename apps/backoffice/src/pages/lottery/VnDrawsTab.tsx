import type { boVnDraw } from '@sorte/contracts';
import { findProvince, VN_PROVINCES, VN_REGIONS, type VnRegion } from '@sorte/lottery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PagedTable } from '../../components/DataTable';
import { Dialog } from '../../components/Dialog';
import { DialogActions } from '../../components/DialogActions';
import { ReasonDialog } from '../../components/ReasonDialog';
import { Alert, Badge } from '../../components/Status';
import { api } from '../../lib/api';
import { formatDateTime, formatDay } from '../../lib/dates';
import { can } from '../../lib/menu';
import { useMe, useMoney } from '../../lib/operator';
import { type Page, PAGE_SIZE } from '../../lib/paging';
import { useMerchantCurrency } from './currency';
import { useResultSubmit, VN_DRAWS_KEY, VnApproveDialog, VnEnterResultDialog } from './VnResultDialog';
import { VnResultForm } from './VnResultForm';
import { draftOf, emptyDraft, resultInputOf } from './vn-result-form';

type BoVnDraw = z.infer<typeof boVnDraw>;
type VnDrawStatus = BoVnDraw['status'];

const STATUSES: readonly VnDrawStatus[] = [
  'scheduled',
  'pending_approval',
  'settling',
  'settled',
  'cancelled',
];
const TONES: Record<VnDrawStatus, 'ok' | 'warn' | 'bad' | 'muted'> = {
  scheduled: 'muted',
  pending_approval: 'warn',
  settling: 'warn',
  settled: 'ok',
  cancelled: 'bad',
};

type Acting = { kind: 'enter' | 'approve' | 'reject' | 'cancel'; draw: BoVnDraw } | { kind: 'import' } | null;

/** Who an operator id is: the signed-in operator, a name from the operators list (admins), else the id's start. */
function useOperatorName() {
  const { t } = useTranslation();
  const me = useMe().data;
  const operators = useQuery({
    queryKey: ['bo', 'operators', 'names'],
    queryFn: () =>
      api
        .get<{ id: string; username: string }[] | Page<{ id: string; username: string }>>('/bo/operators')
        .then((v) => (Array.isArray(v) ? v : v.list)),
    enabled: can(me?.permissions, 'operators.manage'),
    staleTime: 60_000,
  });
  return (id: string | null) => {
    if (!id) return '—';
    if (id === me?.id) return t('lottery.vn.you', { name: me.username });
    return operators.data?.find((o) => o.id === id)?.username ?? id.slice(0, 8);
  };
}

/**
 * The Vietnamese draws by day and status. A result is typed by one operator and approved by
 * another (or imported and confirmed); pending results show who entered them. Draws not yet
 * settled can be cancelled, refunding every ticket.
 */
export function VnDrawsTab() {
  const { t } = useTranslation();
  const money = useMoney();
  const currency = useMerchantCurrency() ?? 'BRL';
  const queryClient = useQueryClient();
  const me = useMe().data;
  const operatorName = useOperatorName();
  const [date, setDate] = useState('');
  const [status, setStatus] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [acting, setActing] = useState<Acting>(null);

  const draws = useQuery({
    queryKey: [...VN_DRAWS_KEY, date, status, pageNo],
    queryFn: () =>
      api.get<Page<BoVnDraw>>('/bo/lottery/vn/draws', {
        date: date || undefined,
        status: status || undefined,
        pageNo,
        pageSize: PAGE_SIZE,
      }),
  });
  const close = () => setActing(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: VN_DRAWS_KEY });
  // A results feed imports with the operator API key: no operator, so no name to show.
  const sourceText = (draw: BoVnDraw) =>
    draw.source === 'import'
      ? draw.enteredBy
        ? t('lottery.vn.importedBy', { name: operatorName(draw.enteredBy) })
        : t('lottery.vn.importedByFeed')
      : t('lottery.vn.enteredBy', { name: operatorName(draw.enteredBy) });
  const drawTitle = (draw: BoVnDraw) => `${draw.provinceName} · ${formatDay(draw.drawDate)}`;
  const summary = (draw: BoVnDraw) => (
    <p className="muted small">
      {t(`lottery.vn.regions.${draw.region}`)} · {draw.provinceName}
      {draw.host ? ` (${draw.host})` : ''} · {formatDateTime(draw.drawsAt)} ·{' '}
      {t('lottery.vn.ticketCount', { count: draw.tickets })}
    </p>
  );

  return (
    <>
      <div className="toolbar">
        <label className="field field--inline">
          <span>{t('lottery.vn.date')}</span>
          <input
            type="date"
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
              setPageNo(1);
            }}
          />
        </label>
        <label className="field field--inline">
          <span>{t('lottery.draws.status')}</span>
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value);
              setPageNo(1);
            }}
          >
            <option value="">{t('lottery.draws.allStatuses')}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`lottery.vn.statuses.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" onClick={() => setActing({ kind: 'import' })}>
          {t('lottery.vn.import')}
        </button>
      </div>
      <PagedTable
        query={draws}
        empty={t('lottery.vn.none')}
        onPage={setPageNo}
        className="table table--cards"
        actions
        head={
          <>
            <th>{t('lottery.vn.draw')}</th>
            <th>{t('lottery.vn.drawsAt')}</th>
            <th>{t('lottery.draws.status')}</th>
            <th>{t('lottery.vn.special')}</th>
            <th>{t('lottery.vn.sources')}</th>
            <th className="num">{t('lottery.draws.tickets')}</th>
            <th className="num">{t('lottery.draws.stakePayout')}</th>
          </>
        }
        row={(draw) => {
          const special = draw.result?.prizes.db?.[0] ?? draw.proposedResult?.prizes.db?.[0] ?? null;
          const closed = Date.now() >= new Date(draw.closesAt).getTime();
          return (
            <tr key={draw.id}>
              <td data-label={t('lottery.vn.draw')}>
                <div>
                  {draw.provinceName}
                  {draw.host ? <span className="muted"> ({draw.host})</span> : null}
                  <div className="muted small">
                    <span className="nowrap">{t(`lottery.vn.regions.${draw.region}`)}</span> ·{' '}
                    <span className="nowrap">{formatDay(draw.drawDate)}</span>
                  </div>
                </div>
              </td>
              <td data-label={t('lottery.vn.drawsAt')} className="small">
                <div className="nowrap">{formatDateTime(draw.drawsAt)}</div>
              </td>
              <td data-label={t('lottery.draws.status')}>
                <div>
                  <Badge tone={TONES[draw.status]}>{t(`lottery.vn.statuses.${draw.status}`)}</Badge>
                  {draw.cancelReason ? <div className="muted small">{draw.cancelReason}</div> : null}
                </div>
              </td>
              <td data-label={t('lottery.vn.special')}>
                <div className="mono">
                  {special ?? <span className="muted">—</span>}
                  {draw.de ? <div className="muted small">{t('lottery.vn.de', { de: draw.de })}</div> : null}
                </div>
              </td>
              <td data-label={t('lottery.vn.sources')} className="small">
                <div>
                  {draw.enteredBy || draw.source ? <div>{sourceText(draw)}</div> : null}
                  {draw.approvedBy ? (
                    <div>{t('lottery.vn.approvedBy', { name: operatorName(draw.approvedBy) })}</div>
                  ) : null}
                  {!draw.enteredBy && !draw.source && !draw.approvedBy ? (
                    <span className="muted">—</span>
                  ) : null}
                </div>
              </td>
              <td data-label={t('lottery.draws.tickets')} className="num">
                <div>{draw.tickets}</div>
              </td>
              <td data-label={t('lottery.draws.stakePayout')} className="num">
                <div className="nowrap">
                  {money(draw.stakeMinor, currency)}
                  <div className="muted small">{money(draw.payoutMinor, currency)}</div>
                </div>
              </td>
              <td className="row-actions">
                {draw.status === 'scheduled' ? (
                  <button
                    type="button"
                    className="button button--small button--primary"
                    disabled={!closed}
                    title={closed ? undefined : t('lottery.vn.notClosed')}
                    onClick={() => setActing({ kind: 'enter', draw })}
                  >
                    {t('lottery.vn.enterResult')}
                  </button>
                ) : null}
                {draw.status === 'pending_approval' ? (
                  <>
                    <button
                      type="button"
                      className="button button--small button--primary"
                      onClick={() => setActing({ kind: 'approve', draw })}
                    >
                      {t('lottery.vn.approve')}
                    </button>
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => setActing({ kind: 'reject', draw })}
                    >
                      {t('lottery.vn.reject')}
                    </button>
                  </>
                ) : null}
                {draw.status === 'scheduled' || draw.status === 'pending_approval' ? (
                  <button
                    type="button"
                    className="button button--small button--danger"
                    onClick={() => setActing({ kind: 'cancel', draw })}
                  >
                    {t('lottery.draws.cancel')}
                  </button>
                ) : null}
              </td>
            </tr>
          );
        }}
      />
      {acting?.kind === 'enter' ? (
        <VnEnterResultDialog
          drawId={acting.draw.id}
          region={acting.draw.region}
          title={t('lottery.vn.enterTitle', { draw: drawTitle(acting.draw) })}
          summary={summary(acting.draw)}
          onClose={close}
        />
      ) : null}
      {acting?.kind === 'approve' ? (
        <VnApproveDialog
          drawId={acting.draw.id}
          region={acting.draw.region}
          proposed={draftOf(acting.draw.region, acting.draw.proposedResult?.prizes ?? {})}
          title={t('lottery.vn.approveTitle', { draw: drawTitle(acting.draw) })}
          summary={
            <>
              {summary(acting.draw)}
              <p>{sourceText(acting.draw)}</p>
              {acting.draw.enteredBy && acting.draw.enteredBy === me?.id ? (
                <Alert tone="warn">{t('lottery.vn.ownEntry')}</Alert>
              ) : null}
            </>
          }
          onClose={close}
        />
      ) : null}
      {acting?.kind === 'reject' || acting?.kind === 'cancel' ? (
        <ReasonDialog
          title={t(acting.kind === 'reject' ? 'lottery.vn.rejectTitle' : 'lottery.vn.cancelTitle', {
            draw: drawTitle(acting.draw),
          })}
          summary={
            <>
              {summary(acting.draw)}
              <p>{t(acting.kind === 'reject' ? 'lottery.vn.rejectSummary' : 'lottery.vn.cancelSummary')}</p>
            </>
          }
          confirmLabel={t(acting.kind === 'reject' ? 'lottery.vn.reject' : 'lottery.draws.cancel')}
          danger={acting.kind === 'cancel'}
          onConfirm={async (reason) => {
            try {
              await api.post(`/bo/lottery/vn/draws/${acting.draw.id}/${acting.kind}`, { reason });
            } finally {
              await reload();
            }
          }}
          onClose={close}
        />
      ) : null}
      {acting?.kind === 'import' ? <VnImportDialog onClose={close} /> : null}
    </>
  );
}

/** Vietnam's calendar day now (UTC+7 all year), the day whose draws an import usually is for. */
function vietnamToday(): string {
  return new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
}

/** A result from another source by province and day: it waits for approval, or confirms an entry and settles. */
function VnImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [province, setProvince] = useState('MB');
  const [date, setDate] = useState(vietnamToday);
  const region: VnRegion = findProvince(province)?.region ?? 'north';
  const [drafts, setDrafts] = useState(
    () => ({ [region]: emptyDraft(region) }) as Record<string, ReturnType<typeof emptyDraft>>,
  );
  const draft = drafts[region] ?? emptyDraft(region);
  const { busy, error, issues, submit } = useResultSubmit();

  async function save(event: FormEvent) {
    event.preventDefault();
    const ok = await submit(region, draft, () =>
      api.post('/bo/lottery/vn/import', { province, date, result: resultInputOf(draft) }),
    );
    if (ok) onClose();
  }

  return (
    <Dialog open wide title={t('lottery.vn.importTitle')} onClose={onClose}>
      <form className="stack" onSubmit={save} noValidate>
        <p className="muted small">{t('lottery.vn.importHint')}</p>
        <div className="form-row">
          <label className="field">
            <span>{t('lottery.vn.province')}</span>
            <select value={province} onChange={(event) => setProvince(event.target.value)}>
              {VN_REGIONS.map((r) => (
                <optgroup key={r} label={t(`lottery.vn.regions.${r}`)}>
                  {VN_PROVINCES.filter((p) => p.region === r).map((p) => (
                    <option key={p.code} value={p.code}>
                      {p.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('lottery.vn.date')}</span>
            <input type="date" value={date} onChange={(event) => setDate(event.target.value)} required />
          </label>
        </div>
        <VnResultForm
          region={region}
          draft={draft}
          issues={issues}
          onChange={(next) => setDrafts((all) => ({ ...all, [region]: next }))}
        />
        <Alert tone="error">{error}</Alert>
        {issues[''] ? <Alert tone="warn">{t(issues[''].key, issues[''].params)}</Alert> : null}
        <DialogActions onCancel={onClose} label={t('lottery.vn.importSubmit')} busy={busy} />
      </form>
    </Dialog>
  );
}
