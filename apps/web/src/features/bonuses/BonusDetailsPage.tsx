import type { MemberBonus, OpenBonusBet } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/EmptyState';
import { QueryState } from '../../components/ui/QueryState';
import { formatDateTime } from '../../lib/dates';
import { useMoney } from '../../lib/money';
import { useBonusDetails } from './api';
import './bonuses.css';

/** A rate in basis points as a percent for display; never computed with. */
function usePercent() {
  const { i18n } = useTranslation();
  return (bp: number) => new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(bp / 10_000);
}

/**
 * bonusDetails (member centre): the active bonus — its balance, the wagering progress against the
 * requirement, the max bet, the expiry and what each game type counts — and the bonuses that ended.
 * The entry is hidden when the merchant has bonuses off (the server answers `enabled: false`).
 */
export function BonusDetailsPage() {
  const { t } = useTranslation('bonuses');
  const details = useBonusDetails();
  const data = details.data;
  return (
    <div className="cs-page cs-page--sections">
      <QueryState isLoading={details.isLoading} error={details.error} onRetry={() => void details.refetch()}>
        {data ? (
          <>
            {data.active ? (
              <>
                <ActiveBonus bonus={data.active} balanceMinor={data.balanceMinor} />
                {data.openBets.length > 0 ? <OpenBets bets={data.openBets} /> : null}
              </>
            ) : (
              <EmptyState icon="gift" title={t('none.title')} text={t('none.text')} />
            )}
            <section aria-labelledby="bn-past">
              <h4 id="bn-past" className="cs-section-title">
                {t('past.title')}
              </h4>
              {data.past.length === 0 ? (
                <p className="muted">{t('past.empty')}</p>
              ) : (
                <ul className="cs-list cs-list--cards">
                  {data.past.map((b) => (
                    <PastBonus key={b.id} bonus={b} />
                  ))}
                </ul>
              )}
            </section>
            {/* The withdrawal sentence follows the merchant's rule: forfeited on request, or blocked until met. */}
            <p className="muted cs-footnote bn-note">
              {t('rules')} {t(`rulesWithdrawal.${data.withdrawalRule}`)}
            </p>
          </>
        ) : null}
      </QueryState>
    </div>
  );
}

function ActiveBonus({ bonus, balanceMinor }: { bonus: MemberBonus; balanceMinor: number }) {
  const { t, i18n } = useTranslation(['bonuses', 'records']);
  const money = useMoney();
  const percent = usePercent();
  const done = Math.min(bonus.wageredMinor, bonus.requirementMinor);
  // Display only: the share of the requirement met, as a bar's width.
  const progress = bonus.requirementMinor === 0 ? 1 : done / bonus.requirementMinor;
  const rates = Object.entries(bonus.contributionBps).filter(([, bp]) => (bp ?? 0) > 0);
  return (
    <section className="cs-card bn-active" aria-labelledby="bn-active-title">
      <div className="bn-active__top">
        <div className="cs-stacked">
          <span id="bn-active-title" className="cs-figure__label">
            {t('active.balance')}
          </span>
          <strong className="cs-figure bn-value">{money.format(balanceMinor)}</strong>
        </div>
        <span className="cs-pill">{t(`source.${bonus.source}`)}</span>
      </div>
      <div className="bn-progress">
        <div className="bn-progress__labels">
          <span>{t('active.wagered')}</span>
          <span className="bn-num">
            {money.format(done)} / {money.format(bonus.requirementMinor)}
          </span>
        </div>
        <div
          className="bn-progress__bar"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={bonus.requirementMinor}
          aria-valuenow={done}
          aria-label={t('active.wagered')}
        >
          <span style={{ width: `${progress * 100}%` }} />
        </div>
        <span className="muted cs-fine">
          {t('active.left', { amount: money.format(bonus.requirementMinor - done) })}
        </span>
      </div>
      <dl className="cs-facts bn-facts">
        <div>
          <dt>{t('active.granted')}</dt>
          <dd>{money.format(bonus.grantedMinor)}</dd>
        </div>
        <div>
          <dt>{t('active.requirement')}</dt>
          <dd>{t(`basis.${bonus.basis}`, { times: bonus.times })}</dd>
        </div>
        <div>
          <dt>{t('active.maxBet')}</dt>
          <dd>{money.format(bonus.maxBetMinor)}</dd>
        </div>
        <div>
          <dt>{t('active.expires')}</dt>
          <dd>{formatDateTime(bonus.expiresAt, i18n.language)}</dd>
        </div>
        {bonus.openBonusMinor > 0 ? (
          <div>
            <dt>{t('active.onOpenBets')}</dt>
            <dd>{money.format(bonus.openBonusMinor)}</dd>
          </div>
        ) : null}
      </dl>
      <div>
        <span className="cs-figure__label">{t('active.contribution')}</span>
        {rates.length === 0 ? (
          <p className="muted cs-fine">{t('active.noContribution')}</p>
        ) : (
          <ul className="bn-rates">
            {rates.map(([category, bp]) => (
              <li key={category}>
                {t(`records:categories.${category}`, { defaultValue: category })}
                <span className="cs-pill">{percent(bp ?? 0)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/**
 * The active bonus's bets not settled yet (a crash bet, a mines round, a vendor round…): what each took
 * from the bonus and what it will count toward the requirement once it settles.
 */
function OpenBets({ bets }: { bets: OpenBonusBet[] }) {
  const { t, i18n } = useTranslation(['bonuses', 'records']);
  const money = useMoney();
  return (
    <section aria-labelledby="bn-open">
      <h4 id="bn-open" className="cs-section-title">
        {t('open.title')}
      </h4>
      <ul className="cs-list cs-list--cards">
        {bets.map((bet) => (
          <li
            key={`${bet.placedAt}:${bet.category}:${bet.stakeMinor}`}
            className="cs-list__card bn-open__row"
          >
            <div className="cs-stacked cs-stacked--small">
              <strong>{t(`records:categories.${bet.category}`, { defaultValue: bet.category })}</strong>
              <span className="muted">{formatDateTime(bet.placedAt, i18n.language)}</span>
            </div>
            <div className="cs-stacked cs-stacked--small bn-past__end">
              <span className="bn-num">{t('open.stake', { amount: money.format(bet.stakeMinor) })}</span>
              <span className="muted cs-fine">
                {t('open.parts', {
                  bonus: money.format(bet.bonusPartMinor),
                  counts: money.format(bet.contributionMinor),
                })}
              </span>
            </div>
          </li>
        ))}
      </ul>
      <p className="muted cs-fine">{t('open.note')}</p>
    </section>
  );
}

function PastBonus({ bonus }: { bonus: MemberBonus }) {
  const { t, i18n } = useTranslation('bonuses');
  const money = useMoney();
  const amount =
    bonus.status === 'completed'
      ? t('past.converted', { amount: money.format(bonus.convertedMinor) })
      : bonus.forfeitedMinor > 0
        ? t('past.removed', { amount: money.format(bonus.forfeitedMinor) })
        : null;
  return (
    <li className="cs-list__card bn-past__row">
      <div className="cs-stacked cs-stacked--small">
        <strong>{money.format(bonus.grantedMinor)}</strong>
        <span className="muted">
          {formatDateTime(bonus.grantedAt, i18n.language)}
          {bonus.endedAt ? ` – ${formatDateTime(bonus.endedAt, i18n.language)}` : ''}
        </span>
      </div>
      <div className="cs-stacked cs-stacked--small bn-past__end">
        <span className={`cs-pill bn-status bn-status--${bonus.status}`}>{t(`status.${bonus.status}`)}</span>
        {amount ? <span className="muted cs-fine">{amount}</span> : null}
      </div>
    </li>
  );
}
