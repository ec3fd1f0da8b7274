import type { LotterySeriesValue } from '@sorte/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/Modal';
import { apiPut } from '../../lib/api';
import { useErrorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { agentKeys, useAgentRead } from './api';
import { useSession } from '../../lib/session';

/**
 * Team Management's "set the lottery series" of a DIRECT downline: a prize series in the merchant's
 * mode and no higher than the agent's own (the difference is the agent's rebate). The server checks
 * both and that the member is a direct downline (LOTTERY_SERIES_INVALID otherwise).
 */
export function SeriesDialog({
  member,
  onClose,
}: {
  member: { id: string; account: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('agents');
  const errorMessage = useErrorMessage();
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  // My own series bounds what I hand down; the mode's minimum is the floor.
  const mine = useAgentRead<LotterySeriesValue>('/wps/lottery/series');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (series: number) => apiPut('/wps/agent/lottery/series', { memberId: member.id, series }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.scope(token) }),
  });
  const min = mine.data?.minSeries;
  const max = mine.data?.series;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const series = Number(text.trim());
    if (
      !/^\d{1,4}$/.test(text.trim()) ||
      (min !== undefined && max !== undefined && (series < min || series > max))
    ) {
      setProblem(t('series.outOfRange', { min: min ?? 1, max: max ?? 2000 }));
      return;
    }
    setProblem(null);
    save.mutate(series, {
      onSuccess: () => {
        toast(t('series.saved', { account: member.account, series }), 'success');
        onClose();
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  return (
    <Modal
      name="agent-series"
      title={t('series.title', { account: member.account })}
      onClose={onClose}
      size="sm"
    >
      <form className="ag-form" onSubmit={submit} noValidate>
        <p className="muted">
          {mine.data
            ? t('series.range', { mine: mine.data.series, min: mine.data.minSeries })
            : t('series.hint')}
        </p>
        <label className="ag-field" htmlFor="ag-series">
          <span className="ag-field__label">{t('series.label')}</span>
          <input
            id="ag-series"
            className="ag-input"
            inputMode="numeric"
            autoComplete="off"
            value={text}
            placeholder={max !== undefined ? String(max) : undefined}
            aria-invalid={problem !== null}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        {problem ? (
          <p className="ag-error" role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary btn--block" disabled={save.isPending}>
          {t('series.save')}
        </button>
      </form>
    </Modal>
  );
}
