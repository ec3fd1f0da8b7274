import type { BoLotteryGame } from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { DialogActions } from '../../components/DialogActions';
import { Alert } from '../../components/Status';
import { useAction } from '../../lib/action';
import { ApiError, api } from '../../lib/api';
import { currencySymbol } from '../../lib/format';
import { type GameFormIssue, gameDraftOf, gameIssuesOfServer, gameUpdateOf } from './game-form';
import { LOTTERY_GAMES_KEY } from './GamesTab';

/** Edits one fast-draw game: timing, stake limits (the game's and each play type's), chase, order. */
export function GameDialog({
  game,
  name,
  currency,
  onClose,
}: {
  game: BoLotteryGame;
  name: string;
  currency: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => gameDraftOf(game, currency, lng));
  const [formIssues, setIssues] = useState<GameFormIssue[]>([]);
  const [serverIssues, setServerIssues] = useState<GameFormIssue[]>([]);
  const issues = formIssues.length > 0 ? formIssues : serverIssues;
  const { busy, error, run } = useAction();
  const symbol = currencySymbol(currency, lng);
  const formRef = useRef<HTMLFormElement>(null);
  // A refused save scrolls to and focuses the first marked field: the list of play types is long.
  useEffect(() => {
    if (issues.length > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [issues]);

  const issueOf = (field: string) => issues.find((issue) => issue.field === field);
  const hint = (field: string) => {
    const issue = issueOf(field);
    return issue ? (
      <small className="neg" role="alert">
        {t(issue.key, issue.params)}
      </small>
    ) : null;
  };
  const set = (field: keyof typeof draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const setPlay = (code: string, side: 'min' | 'max') => (value: string) =>
    setDraft((d) => ({
      ...d,
      playLimits: {
        ...d.playLimits,
        [code]: { ...(d.playLimits[code] ?? { min: '', max: '' }), [side]: value },
      },
    }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const update = gameUpdateOf(game, draft, currency, lng);
    if (!update.ok) {
      setIssues(update.issues);
      return;
    }
    setIssues([]);
    setServerIssues([]);
    await run(async () => {
      try {
        await api.put(`/bo/lottery/games/${encodeURIComponent(game.gameCode)}`, update.body);
      } catch (cause) {
        // The server's own checks, marked on their fields; the translated error shows as well.
        if (cause instanceof ApiError) setServerIssues(gameIssuesOfServer(cause.details));
        throw cause;
      }
      await queryClient.invalidateQueries({ queryKey: LOTTERY_GAMES_KEY });
      onClose();
    });
  }

  const moneyField = (field: 'minUnitStake' | 'maxTicketStake', label: string) => (
    <label className="field">
      <span>
        {label} ({symbol})
      </span>
      <input
        value={draft[field]}
        onChange={(event) => set(field)(event.target.value)}
        inputMode="decimal"
        aria-invalid={issueOf(field) ? true : undefined}
        required
      />
      {hint(field)}
    </label>
  );

  return (
    <Dialog open wide title={t('lottery.games.editTitle', { name })} onClose={onClose}>
      <form ref={formRef} className="stack" onSubmit={save} noValidate>
        <p className="muted small">
          {t(`lottery.families.${game.family}`)} · {t('lottery.games.every', { count: game.intervalMinutes })}{' '}
          · <span className="mono">{game.gameCode}</span>
        </p>
        <label className="switch">
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(event) => setDraft((d) => ({ ...d, enabled: event.target.checked }))}
          />
          <span className="switch__text">{t('lottery.games.enabledLabel')}</span>
        </label>
        <div className="form-row">
          <label className="field">
            <span>{t('lottery.games.closeLabel')}</span>
            <input
              type="number"
              min={0}
              max={Math.min(game.intervalMinutes * 60, 300) - 1}
              step={1}
              value={draft.closeSeconds}
              onChange={(event) => set('closeSeconds')(event.target.value)}
              aria-invalid={issueOf('closeSeconds') ? true : undefined}
            />
            {hint('closeSeconds')}
          </label>
          {moneyField('minUnitStake', t('lottery.games.minUnitStake'))}
          {moneyField('maxTicketStake', t('lottery.games.maxTicketStake'))}
          <label className="field">
            <span>{t('lottery.games.chaseLabel')}</span>
            <input
              type="number"
              min={1}
              max={120}
              step={1}
              value={draft.maxChaseDraws}
              onChange={(event) => set('maxChaseDraws')(event.target.value)}
              aria-invalid={issueOf('maxChaseDraws') ? true : undefined}
            />
            {hint('maxChaseDraws')}
          </label>
          <label className="field">
            <span>{t('lottery.games.order')}</span>
            <input
              type="number"
              step={1}
              value={draft.sortOrder}
              onChange={(event) => set('sortOrder')(event.target.value)}
              aria-invalid={issueOf('sortOrder') ? true : undefined}
            />
            {hint('sortOrder')}
          </label>
          <label className="field">
            <span>{t('lottery.games.defaultPlayType')}</span>
            <select
              value={draft.defaultPlayType}
              onChange={(event) => set('defaultPlayType')(event.target.value)}
            >
              {game.playTypes.map((code) => (
                <option key={code} value={code}>
                  {t(`lottery.plays.${code}`, { defaultValue: code })}
                </option>
              ))}
            </select>
            {hint('defaultPlayType')}
          </label>
        </div>
        <fieldset className="fieldset">
          <legend>{t('lottery.games.playLimits')}</legend>
          <p className="muted small">{t('lottery.games.playLimitsHint')}</p>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th>{t('lottery.games.playType')}</th>
                  <th>
                    {t('lottery.games.minUnitStake')} ({symbol})
                  </th>
                  <th>
                    {t('lottery.games.maxTicketStake')} ({symbol})
                  </th>
                </tr>
              </thead>
              <tbody>
                {game.playTypes.map((code) => (
                  <tr key={code}>
                    <td>
                      {t(`lottery.plays.${code}`, { defaultValue: code })}
                      <div className="muted small mono">{code}</div>
                    </td>
                    {(['min', 'max'] as const).map((side) => (
                      <td key={side}>
                        <input
                          value={draft.playLimits[code]?.[side] ?? ''}
                          onChange={(event) => setPlay(code, side)(event.target.value)}
                          inputMode="decimal"
                          placeholder={side === 'min' ? draft.minUnitStake : draft.maxTicketStake}
                          aria-label={`${code} ${t(side === 'min' ? 'lottery.games.minUnitStake' : 'lottery.games.maxTicketStake')}`}
                          aria-invalid={issueOf(`play.${code}.${side}`) ? true : undefined}
                        />
                        {hint(`play.${code}.${side}`)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </fieldset>
        <Alert tone="error">{formIssues.length > 0 ? t('lottery.games.form.fix') : error}</Alert>
        <DialogActions onCancel={onClose} label={t('action.save')} busy={busy} />
      </form>
    </Dialog>
  );
}
