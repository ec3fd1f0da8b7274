import type { BoSportsLimits } from '@sorte/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmedSaveRow } from '../../components/ConfirmedSaveRow';
import { QueryState } from '../../components/Status';
import { api } from '../../lib/api';
import { useConfirmedSave } from '../../lib/confirmed-save';
import { useCan } from '../../lib/operator';
import { type LimitsDraft, limitsChanged, limitsDraftOf, parseLimitsDraft } from '../../lib/sportsbook';
import { useMerchantCurrency } from '../lottery/currency';
import { MarginsPanel } from './MarginsPanel';
import { LiabilityCapsPanel, LimitPairsTable, ListButton, nextRow } from './RiskLimits';

export const LIMITS_KEY = ['bo', 'sportsbook', 'limits'] as const;

/**
 * The merchant's limits (min and max stake, max payout, the live bet delay), per sport (empty: the
 * merchant's), its margin per sport on the feed's odds, per market type and per player, the
 * liability caps per outcome, and the big-bet thresholds. Bets over a limit are refused, not capped.
 * Only the changes are sent, after a confirmation; the server audits before and after.
 */
export function LimitsTab() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const currency = useMerchantCurrency();
  const trade = useCan('sportsbook.trade');
  const stored = useQuery({
    queryKey: LIMITS_KEY,
    queryFn: () => api.get<BoSportsLimits>('/bo/sportsbook/limits'),
  });
  const [draft, setDraft] = useState<LimitsDraft | null>(null);
  const save = useConfirmedSave(LIMITS_KEY);
  const { invalid } = save;

  // The form follows what is stored: on the first answer, after a save, and when the language changes.
  useEffect(() => {
    if (stored.data && currency) setDraft(limitsDraftOf(stored.data, currency, locale));
  }, [stored.data, currency, locale]);

  if (!stored.data || !currency || !draft) return <QueryState query={stored} />;
  const parsed = parseLimitsDraft(draft, stored.data, currency, locale);
  const changed = 'update' in parsed && limitsChanged(parsed.update);
  const edit = (next: LimitsDraft) => {
    save.edited();
    setDraft(next);
  };
  const form = { draft, edit, trade, invalid, currency };
  const amount = (field: 'minStake' | 'maxStake' | 'maxPayout' | 'bigStake' | 'bigReturn') => (
    <label className="field">
      <span>
        {t(`sportsbook.limits.${field}`)} ({currency})
      </span>
      <input
        inputMode="decimal"
        value={draft[field]}
        disabled={!trade}
        aria-invalid={invalid === field}
        onChange={(event) => edit({ ...draft, [field]: event.target.value })}
      />
    </label>
  );

  return (
    <div className="stack">
      <div className="panel">
        <h2>{t('sportsbook.limits.merchant')}</h2>
        <p className="muted small">{t('sportsbook.limits.intro')}</p>
        <div className="sb-limits__fields">
          {amount('minStake')}
          {amount('maxStake')}
          {amount('maxPayout')}
          <label className="field">
            <span>{t('sportsbook.limits.delay')}</span>
            <input
              inputMode="decimal"
              value={draft.delaySeconds}
              disabled={!trade}
              aria-invalid={invalid === 'delaySeconds'}
              onChange={(event) => edit({ ...draft, delaySeconds: event.target.value })}
            />
          </label>
        </div>
      </div>
      <div className="panel">
        <h2>{t('sportsbook.limits.perSport')}</h2>
        <p className="muted small">{t('sportsbook.limits.perSportHint')}</p>
        <LimitPairsTable of="sports" {...form} />
      </div>
      <MarginsPanel {...form} />
      <div className="panel">
        <h2>{t('sportsbook.limits.perMarket')}</h2>
        <p className="muted small">{t('sportsbook.limits.perMarketHint')}</p>
        <LimitPairsTable of="markets" {...form} />
      </div>
      <LiabilityCapsPanel {...form} />
      <div className="panel">
        <h2>{t('sportsbook.limits.perPlayer')}</h2>
        <p className="muted small">{t('sportsbook.limits.perPlayerHint')}</p>
        {draft.players.map((p, index) => (
          <div className="toolbar sb-limits__player" key={p.row}>
            <label className="field field--inline">
              <span>{t('sportsbook.bigBets.member')}</span>
              <input
                value={p.account}
                disabled={!trade}
                maxLength={64}
                aria-invalid={invalid === `players.${index}.account`}
                onChange={(event) =>
                  edit({
                    ...draft,
                    players: draft.players.map((x, i) =>
                      i === index ? { ...x, account: event.target.value } : x,
                    ),
                  })
                }
              />
            </label>
            <label className="field field--inline">
              <span>
                {t('sportsbook.limits.maxStake')} ({currency})
              </span>
              <input
                inputMode="decimal"
                value={p.maxStake}
                disabled={!trade}
                aria-invalid={invalid === `players.${index}.maxStake`}
                onChange={(event) =>
                  edit({
                    ...draft,
                    players: draft.players.map((x, i) =>
                      i === index ? { ...x, maxStake: event.target.value } : x,
                    ),
                  })
                }
              />
            </label>
            <ListButton
              trade={trade}
              label={t('sportsbook.limits.remove')}
              onClick={() => edit({ ...draft, players: draft.players.filter((_, i) => i !== index) })}
            />
          </div>
        ))}
        <ListButton
          own
          trade={trade}
          label={t('sportsbook.limits.addPlayer')}
          onClick={() =>
            edit({
              ...draft,
              players: [...draft.players, { row: nextRow(draft.players), account: '', maxStake: '' }],
            })
          }
        />
      </div>
      <div className="panel">
        <h2>{t('sportsbook.limits.bigBets')}</h2>
        <p className="muted small">{t('sportsbook.limits.bigBetsHint')}</p>
        <div className="sb-limits__fields">
          {amount('bigStake')}
          {amount('bigReturn')}
        </div>
      </div>
      {trade ? (
        <ConfirmedSaveRow
          save={save}
          parsed={parsed}
          changed={changed}
          invalidMessage={invalid ? t('sportsbook.limits.invalid') : null}
          title={t('sportsbook.limits.confirm')}
          onConfirm={() => {
            if ('update' in parsed) void save.apply(() => api.put('/bo/sportsbook/limits', parsed.update));
          }}
        >
          <p className="muted small">{t('sportsbook.limits.confirmText')}</p>
        </ConfirmedSaveRow>
      ) : null}
    </div>
  );
}
