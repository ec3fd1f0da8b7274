import type { VnLimitsView } from '@sorte/contracts';
import { VN_BET_TYPES, type VnBetType } from '@sorte/lottery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Alert, QueryState } from '../../components/Status';
import { ApiError, api } from '../../lib/api';
import { useErrorMessage } from '../../lib/errors';
import { currencySymbol } from '../../lib/format';
import {
  LIMIT_FIELDS,
  type LimitDraft,
  type LimitRowIssue,
  type LimitsDraft,
  limitIssuesOf,
  limitOf,
  limitsDraftOf,
  limitsOf,
} from './vn-limits-form';

const LIMITS_KEY = ['bo', 'lottery', 'vn', 'limits'] as const;

/** The Vietnamese stake limits per bet type: per ticket, and per number of a draw over every player. */
export function VnLimitsSection({ currency }: { currency: string }) {
  const limits = useQuery({
    queryKey: LIMITS_KEY,
    queryFn: () => api.get<VnLimitsView>('/bo/lottery/vn/limits'),
  });
  return (
    <>
      <QueryState query={limits} />
      {limits.data ? <LimitsEditor limits={limits.data} currency={currency} /> : null}
    </>
  );
}

function LimitsEditor({ limits, currency }: { limits: VnLimitsView; currency: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const [draft, setDraft] = useState<LimitsDraft>(() => limitsDraftOf(limits, currency, lng));
  const [serverIssues, setServerIssues] = useState<Partial<Record<VnBetType, LimitRowIssue>>>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState<VnLimitsView | null>(null);
  const [busy, setBusy] = useState(false);
  const symbol = currencySymbol(currency, lng);

  const setRow = (betType: VnBetType, row: LimitDraft) => {
    setSaved(false);
    setServerIssues(({ [betType]: _, ...rest }) => rest);
    setDraft((d) => ({ ...d, [betType]: row }));
  };

  function review(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSaved(false);
    const next = limitsOf(draft, currency, lng);
    if (!next.ok) {
      setError(t('lottery.limits.invalid'));
      return;
    }
    setConfirming(next.limits);
  }

  async function save(next: VnLimitsView) {
    setBusy(true);
    try {
      const stored = await api.put<VnLimitsView>('/bo/lottery/vn/limits', next);
      setServerIssues({});
      setDraft(limitsDraftOf(stored, currency, lng));
      queryClient.setQueryData(LIMITS_KEY, stored);
      setSaved(true);
    } catch (cause) {
      setError(errorMessage(cause));
      setServerIssues(cause instanceof ApiError ? limitIssuesOf(cause.details) : {});
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  return (
    <form className="stack" onSubmit={review} noValidate aria-labelledby="vn-limits-title">
      <h3 id="vn-limits-title">{t('lottery.limits.title')}</h3>
      <p className="muted">{t('lottery.limits.intro', { currency })}</p>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>{t('lottery.payouts.betType')}</th>
              {LIMIT_FIELDS.map((field) => (
                <th key={field}>
                  {t(`lottery.limits.${field}`)} ({symbol})
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {VN_BET_TYPES.map((betType) => {
              const row = draft[betType];
              const typed = limitOf(row, currency, lng);
              const issue = serverIssues[betType] ?? (typed.ok ? null : typed.issue);
              const name = t(`lottery.payouts.betTypes.${betType}`);
              return (
                <tr key={betType}>
                  <th scope="row">
                    {name}
                    {issue ? (
                      <div>
                        <small className="neg" role="alert">
                          {t(`lottery.limits.issues.${issue}`)}
                        </small>
                      </div>
                    ) : null}
                  </th>
                  {LIMIT_FIELDS.map((field) => (
                    <td key={field}>
                      <input
                        value={row[field]}
                        inputMode="decimal"
                        aria-label={`${name} · ${t(`lottery.limits.${field}`)}`}
                        aria-invalid={issue ? true : undefined}
                        onChange={(event) => setRow(betType, { ...row, [field]: event.target.value })}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Alert tone="error">{error}</Alert>
      <Alert tone="ok">{saved ? t('lottery.limits.saved') : null}</Alert>
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            setDraft(limitsDraftOf(limits, currency, lng));
            setServerIssues({});
            setError(null);
          }}
        >
          {t('lottery.payouts.reset')}
        </button>
        <button type="submit" className="button button--primary">
          {t('action.save')}
        </button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t('lottery.limits.confirmTitle')}
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void save(confirming)}
        >
          <p>{t('lottery.limits.confirmText')}</p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
