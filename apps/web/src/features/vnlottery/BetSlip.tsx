import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { useErrorMessage } from '../../lib/errors';
import { useMoney } from '../../lib/money';
import { formatCountdown } from '../../lib/server-clock';
import { groupByDraw, type SlipEntry, slipTotalMinor } from './slip';
import { formatVnDay } from './time';

interface BetSlipProps {
  entries: readonly SlipEntry[];
  now: number;
  errors: Record<string, unknown>;
  pending: boolean;
  isLogin: boolean;
  onRemove: (id: string) => void;
  onClear: () => void;
  onSubmit: () => void;
}

/** The slip: entries by draw with their close countdown, the total, and one button for all of it. */
export function BetSlip({
  entries,
  now,
  errors,
  pending,
  isLogin,
  onRemove,
  onClear,
  onSubmit,
}: BetSlipProps) {
  const { t, i18n } = useTranslation('vnlottery');
  const { format } = useMoney();
  const generic = useErrorMessage();
  /** A limit refusal names its ticket or number and the limit; anything else reads as its code says. */
  const message = (error: unknown): string => {
    const details = error instanceof ApiError ? error.details : undefined;
    const code = error instanceof ApiError ? error.code : '';
    if (code === 'LOTTERY_NUMBER_LIMIT_REACHED' && typeof details?.number === 'string')
      return t('limits.numberFull', {
        number: details.number,
        betType: t(`betTypes.${String(details.betType)}.name`),
        remaining: format(Number(details.remainingMinor ?? 0)),
      });
    if (code === 'LOTTERY_STAKE_OUT_OF_LIMITS' && typeof details?.betType === 'string')
      return t('limits.ticketOutside', {
        betType: t(`betTypes.${details.betType}.name`),
        min: format(Number(details.minStakeMinor ?? 0)),
        max: format(Number(details.maxStakeMinor ?? 0)),
      });
    return generic(error);
  };
  const total = slipTotalMinor(entries);
  return (
    <section className="vn-card vn-slip" id="vn-slip" data-testid="vn-slip" aria-labelledby="vn-slip-title">
      <header className="vn-slip__head">
        <h3 className="vn-subtitle" id="vn-slip-title">
          {t('slip.title')} {entries.length ? <span className="vn-badge">{entries.length}</span> : null}
        </h3>
        {entries.length ? (
          <button type="button" className="vn-link" onClick={onClear} disabled={pending}>
            {t('slip.clear')}
          </button>
        ) : null}
      </header>
      {!entries.length ? <p className="vn-muted">{t('slip.empty')}</p> : null}
      {groupByDraw(entries).map((group) => {
        const first = group.entries[0]!;
        const left = Date.parse(first.closesAt) - now;
        const error = errors[group.key];
        return (
          <div key={group.key} className="vn-slip__group">
            <div className="vn-slip__draw">
              <strong>{first.provinceName}</strong>
              <span className="vn-muted">{formatVnDay(first.drawDate, i18n.language)}</span>
              <span className={left > 0 ? 'vn-slip__count' : 'vn-slip__count is-closed'}>
                {left > 0 ? formatCountdown(left / 1000) : t('slip.closed')}
              </span>
            </div>
            <ul className="vn-slip__list">
              {group.entries.map((entry) => (
                <li key={entry.id} className="vn-slip__entry" data-testid="vn-slip-entry">
                  <div className="vn-slip__line">
                    <span className="vn-slip__type">{t(`betTypes.${entry.betType}.name`)}</span>
                    <span className="vn-slip__stake">
                      {'points' in entry.stake
                        ? t('slip.points', { count: entry.stake.points })
                        : t('slip.perSlot', { amount: format(entry.stake.amountMinor) })}
                    </span>
                    <span className="vn-slip__cost">{format(entry.costMinor)}</span>
                    <button
                      type="button"
                      className="vn-remove"
                      aria-label={t('slip.remove')}
                      title={t('slip.remove')}
                      disabled={pending}
                      onClick={() => onRemove(entry.id)}
                    >
                      ×
                    </button>
                  </div>
                  <div className="vn-slip__numbers">{entry.numbers.join(' · ')}</div>
                </li>
              ))}
            </ul>
            {error ? (
              <p className="vn-error" role="alert" data-testid="vn-slip-error">
                {message(error)}
              </p>
            ) : null}
          </div>
        );
      })}
      <div className="vn-slip__total">
        <span>{t('slip.total')}</span>
        <strong data-testid="vn-slip-total">{format(total)}</strong>
      </div>
      <button
        type="button"
        className="btn btn--primary btn--lg btn--block"
        disabled={isLogin && (pending || !entries.length)}
        aria-busy={pending}
        data-testid="vn-submit"
        onClick={onSubmit}
      >
        {!isLogin ? t('login') : pending ? t('slip.placing') : t('slip.submit')}
      </button>
    </section>
  );
}
