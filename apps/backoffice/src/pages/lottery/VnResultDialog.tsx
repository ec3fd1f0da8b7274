import type { VnRegion } from '@sorte/lottery';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { DialogActions } from '../../components/DialogActions';
import { Alert } from '../../components/Status';
import { ApiError, api } from '../../lib/api';
import { useErrorMessage } from '../../lib/errors';
import { VnResultForm } from './VnResultForm';
import {
  checkDraft,
  emptyDraft,
  type ResultDraft,
  resultInputOf,
  type SlotIssues,
  slotIssuesOf,
} from './vn-result-form';

export const VN_DRAWS_KEY = ['bo', 'lottery', 'vn', 'draws'] as const;

/**
 * Sends a typed result and turns a refusal into marks on the form: the prize table's issues and an
 * approval's differences per field, anything else as the translated error.
 */
export function useResultSubmit() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<SlotIssues>({});

  async function submit(region: VnRegion | null, draft: ResultDraft | null, send: () => Promise<unknown>) {
    setError(null);
    if (region && draft) {
      const local = checkDraft(region, draft);
      setIssues(local);
      if (Object.keys(local).length > 0) return false;
    }
    setBusy(true);
    try {
      await send();
      return true;
    } catch (cause) {
      const differs =
        cause instanceof ApiError && Array.isArray((cause.details as { differences?: unknown })?.differences);
      // A retyped result that disagrees is not a malformed one: say what the marks mean.
      setError(differs ? t('lottery.vn.differsSummary') : errorMessage(cause));
      if (cause instanceof ApiError && cause.code === 'LOTTERY_RESULT_INVALID')
        setIssues(slotIssuesOf(cause.details));
      return false;
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: VN_DRAWS_KEY });
    }
  }
  return { busy, error, issues, submit };
}

/** The issue the form cannot place on a field (betting not closed yet), under the error. */
function GeneralIssue({ issues }: { issues: SlotIssues }) {
  const { t } = useTranslation();
  const general = issues[''];
  return general ? <Alert tone="warn">{t(general.key, general.params)}</Alert> : null;
}

/** Typing a draw's result (the first of the two sources); it then waits for another operator. */
export function VnEnterResultDialog({
  drawId,
  region,
  title,
  summary,
  onClose,
}: {
  drawId: string;
  region: VnRegion;
  title: string;
  summary: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => emptyDraft(region));
  const { busy, error, issues, submit } = useResultSubmit();

  async function save(event: FormEvent) {
    event.preventDefault();
    const ok = await submit(region, draft, () =>
      api.post(`/bo/lottery/vn/draws/${drawId}/result`, { result: resultInputOf(draft) }),
    );
    if (ok) onClose();
  }

  return (
    <Dialog open wide title={title} onClose={onClose}>
      <form className="stack" onSubmit={save} noValidate>
        {summary}
        <p className="muted small">{t('lottery.vn.enterHint')}</p>
        <VnResultForm region={region} draft={draft} issues={issues} onChange={setDraft} />
        <Alert tone="error">{error}</Alert>
        <GeneralIssue issues={issues} />
        <DialogActions onCancel={onClose} label={t('lottery.vn.submitResult')} busy={busy} />
      </form>
    </Dialog>
  );
}

/**
 * The second source: another operator approves the pending result, either by confirming what is
 * shown or by typing it again from the official source (any difference is marked and blocks it).
 */
export function VnApproveDialog({
  drawId,
  region,
  proposed,
  title,
  summary,
  onClose,
}: {
  drawId: string;
  region: VnRegion;
  proposed: ResultDraft;
  title: string;
  summary: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [retype, setRetype] = useState(false);
  const [draft, setDraft] = useState(() => emptyDraft(region));
  const { busy, error, issues, submit } = useResultSubmit();

  async function approve(event: FormEvent) {
    event.preventDefault();
    const ok = retype
      ? await submit(region, draft, () =>
          api.post(`/bo/lottery/vn/draws/${drawId}/approve`, { result: resultInputOf(draft) }),
        )
      : await submit(null, null, () => api.post(`/bo/lottery/vn/draws/${drawId}/approve`, {}));
    if (ok) onClose();
  }

  return (
    <Dialog open wide title={title} onClose={onClose}>
      <form className="stack" onSubmit={approve} noValidate>
        {summary}
        <div className="segmented" role="radiogroup" aria-label={t('lottery.vn.approveHow')}>
          {([false, true] as const).map((value) => (
            <label key={String(value)} className="segmented__option">
              <input
                type="radio"
                name="approve-mode"
                checked={retype === value}
                onChange={() => setRetype(value)}
              />
              <span>{t(value ? 'lottery.vn.approveRetype' : 'lottery.vn.approveConfirm')}</span>
            </label>
          ))}
        </div>
        {retype ? (
          <>
            <p className="muted small">{t('lottery.vn.retypeHint')}</p>
            <VnResultForm region={region} draft={draft} issues={issues} onChange={setDraft} />
          </>
        ) : (
          <VnResultForm region={region} draft={proposed} issues={issues} />
        )}
        <Alert tone="error">{error}</Alert>
        <GeneralIssue issues={issues} />
        <DialogActions onCancel={onClose} label={t('lottery.vn.approve')} busy={busy} />
      </form>
    </Dialog>
  );
}
