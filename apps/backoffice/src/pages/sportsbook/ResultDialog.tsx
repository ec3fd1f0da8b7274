import type { BoSportsMarket } from '@sorte/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { DialogActions } from '../../components/DialogActions';
import { Alert } from '../../components/Status';
import { useAction } from '../../lib/action';

const RESULTS = ['win', 'lose', 'void', 'half_win', 'half_lose'] as const;
type Result = (typeof RESULTS)[number];

/**
 * A manual result: one result for every outcome of the market, and the reason. It is a proposal — a
 * second operator confirms it before it stands (and pays, through the feed's settlement path).
 */
export function ResultDialog({
  market,
  title,
  outcomeName,
  onSubmit,
  onClose,
}: {
  market: BoSportsMarket;
  title: string;
  outcomeName: (id: string) => string;
  onSubmit: (outcomes: Array<{ id: string; result: Result }>, reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [results, setResults] = useState<Record<string, Result | ''>>(() =>
    Object.fromEntries(market.outcomes.map((o) => [o.id, o.result ?? ''])),
  );
  const [reason, setReason] = useState('');
  const { busy, error, run } = useAction();
  const complete = market.outcomes.every((o) => results[o.id]);
  const ready = complete && reason.trim().length >= 3;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    await run(async () => {
      await onSubmit(
        market.outcomes.map((o) => ({ id: o.id, result: results[o.id] as Result })),
        reason.trim(),
      );
      onClose();
    });
  }

  return (
    <Dialog open title={t('sportsbook.resultForm.title', { market: title })} onClose={onClose}>
      <form onSubmit={submit} className="stack">
        <p className="muted small">{t('sportsbook.resultForm.intro')}</p>
        {market.outcomes.map((o) => (
          <label className="field field--inline sb-result-row" key={o.id}>
            <span className="wrap">{outcomeName(o.id)}</span>
            <select
              value={results[o.id] ?? ''}
              required
              onChange={(event) => setResults({ ...results, [o.id]: event.target.value as Result })}
            >
              <option value="">—</option>
              {RESULTS.map((r) => (
                <option key={r} value={r}>
                  {t(`sportsbook.result.${r}`)}
                </option>
              ))}
            </select>
          </label>
        ))}
        <label className="field">
          <span>{t('reason.label')}</span>
          <textarea
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={3}
            maxLength={500}
            required
          />
          <small className="muted">{t('reason.hint', { count: 3 })}</small>
        </label>
        <Alert tone="error">{complete ? error : null}</Alert>
        <DialogActions
          onCancel={onClose}
          label={t('sportsbook.detail.propose')}
          busy={busy}
          disabled={!ready}
        />
      </form>
    </Dialog>
  );
}
