import type { MemberReward } from '@sorte/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/EmptyState';
import { QueryState } from '../../components/ui/QueryState';
import { formatDateTime } from '../../lib/dates';
import { useErrorMessage } from '../../lib/errors';
import { useIntentKeys } from '../../lib/intent-key';
import { useMoney } from '../../lib/money';
import { clockOffsetMs, formatCountdown, secondsUntil, useServerNow } from '../../lib/server-clock';
import { useClaimReward, useRaffles, useRewardCentre } from './api';
import { RaffleCard } from './RaffleCard';
import './rewards.css';

/**
 * rewardCenter (member centre): the raffles running now, the rewards waiting to be claimed (soonest
 * expiry first, each with its countdown on the server's clock) and the latest claimed or expired.
 */
export function RewardCentrePage() {
  const { t } = useTranslation('rewards');
  const centre = useRewardCentre();
  const raffles = useRaffles();
  const data = centre.data;
  // The answer's serverTime against this browser's clock when it arrived.
  const offset = useMemo(
    () => clockOffsetMs(data?.serverTime, centre.dataUpdatedAt || Date.now()),
    [data?.serverTime, centre.dataUpdatedAt],
  );
  const now = useServerNow(offset);
  return (
    <div className="cs-page cs-page--sections">
      {raffles.data && raffles.data.raffles.length > 0 ? (
        <section aria-labelledby="rw-raffles" className="rw-section">
          <h4 id="rw-raffles" className="rw-heading">
            {t('raffles.title')}
          </h4>
          {raffles.data.raffles.map((r) => (
            <RaffleCard key={r.id} raffle={r} />
          ))}
        </section>
      ) : null}
      <QueryState isLoading={centre.isLoading} error={centre.error} onRetry={() => void centre.refetch()}>
        {data ? (
          <>
            <section aria-labelledby="rw-available" className="rw-section">
              <h4 id="rw-available" className="rw-heading">
                {t('available.title')}
              </h4>
              {data.available.length === 0 ? (
                <EmptyState icon="gift" title={t('available.emptyTitle')} text={t('available.emptyText')} />
              ) : (
                <ul className="cs-list cs-list--cards">
                  {data.available.map((r) => (
                    <AvailableReward key={r.id} reward={r} now={now} />
                  ))}
                </ul>
              )}
            </section>
            {data.recent.length > 0 ? (
              <section aria-labelledby="rw-recent" className="rw-section">
                <h4 id="rw-recent" className="rw-heading">
                  {t('recent.title')}
                </h4>
                <ul className="cs-list cs-list--cards">
                  {data.recent.map((r) => (
                    <PastReward key={r.id} reward={r} />
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        ) : null}
      </QueryState>
    </div>
  );
}

function useSourceText() {
  const { t, i18n } = useTranslation('rewards');
  return (r: MemberReward) => {
    const names = r.details.names as Record<string, string> | undefined;
    const day = typeof r.details.day === 'string' ? r.details.day : '';
    if (r.source === 'raffle' && names)
      return t('source.raffleNamed', { name: names[i18n.language] ?? names.en });
    if (r.source === 'vip_rebate') return t('source.vip_rebate', { day });
    return t(`source.${r.source}`);
  };
}

function AvailableReward({ reward, now }: { reward: MemberReward; now: number }) {
  const { t } = useTranslation('rewards');
  const money = useMoney();
  const source = useSourceText();
  const claim = useClaimReward();
  const keys = useIntentKeys();
  const errorMessage = useErrorMessage();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const left = secondsUntil(reward.expiresAt, now);
  const onClaim = () => {
    setResult(null);
    claim.mutate(
      { id: reward.id, idempotencyKey: keys.keyFor(`reward:${reward.id}`) },
      {
        onSuccess: () => {
          keys.done();
          setResult({ ok: true, text: t('claim.done', { amount: money.format(reward.amountMinor) }) });
        },
        onError: (error) => setResult({ ok: false, text: errorMessage(error) }),
      },
    );
  };
  return (
    <li className="cs-list__card rw-item" data-testid="reward-available">
      <div className="cs-stacked">
        <strong className="rw-item__amount">{money.format(reward.amountMinor)}</strong>
        <span className="rw-item__source">{source(reward)}</span>
        <span className={`rw-item__countdown${left < 3600 ? ' is-soon' : ''}`}>
          {left > 0 ? t('available.expiresIn', { time: formatCountdown(left) }) : t('status.expired')}
        </span>
      </div>
      <button
        type="button"
        className="btn btn--primary rw-item__claim"
        disabled={left <= 0 || claim.isPending}
        aria-busy={claim.isPending}
        onClick={onClaim}
      >
        {t('claim.button')}
      </button>
      {result ? (
        <p className={`cs-feedback rw-result--${result.ok ? 'ok' : 'error'}`} role="status">
          {result.text}
        </p>
      ) : null}
    </li>
  );
}

function PastReward({ reward }: { reward: MemberReward }) {
  const { t, i18n } = useTranslation('rewards');
  const money = useMoney();
  const source = useSourceText();
  const when = reward.claimedAt ?? reward.expiresAt;
  return (
    <li className="cs-list__card rw-item rw-item--past">
      <div className="cs-stacked">
        <strong className="rw-item__amount">{money.format(reward.amountMinor)}</strong>
        <span className="rw-item__source">{source(reward)}</span>
        <span className="muted">{formatDateTime(when, i18n.language)}</span>
      </div>
      <span className={`rw-status rw-status--${reward.status}`}>{t(`status.${reward.status}`)}</span>
    </li>
  );
}
